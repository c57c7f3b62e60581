package io.gmflux.examples.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code gmflux keygen TYPE --out NAME}: one subcommand per key type, each writing NAME.key
 * (private, readable by its owner only) and NAME.pub (public). Never overwrites a file.
 */
@Command(name = "keygen", mixinStandardHelpOptions = true,
        description = "Generate a key pair.",
        subcommands = {KeygenSm2Command.class,
                KeygenSm9MasterCommand.class,
                KeygenSm9UserCommand.class,
                KeygenMlkemCommand.class,
                KeygenHybridCommand.class})
final class KeygenCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing key type: one of " + spec.subcommands().keySet());
    }

    /**
     * Writes a generated pair: NAME.key (secret PEM, owner-only) and NAME.pub beside {@code out},
     * neither of which may exist yet, then names them on stderr. The one flow of every key type.
     *
     * @return the exit status, 0
     */
    static int writeKeyPair(Path out, String secretPem, String publicPem) throws IOException {
        Path[] files = keyAndPublicFiles(out);
        writeSecret(files[0], secretPem);
        writePublic(files[1], publicPem);
        System.err.println("wrote " + files[0] + " and " + files[1]);
        return 0;
    }

    /** NAME.key and NAME.pub beside {@code out}; fails if either exists. */
    static Path[] keyAndPublicFiles(Path out) throws FileAlreadyExistsException {
        Path key = out.resolveSibling(out.getFileName() + ".key");
        Path pub = out.resolveSibling(out.getFileName() + ".pub");
        if (Files.exists(key) || Files.exists(pub)) {
            throw new FileAlreadyExistsException(Files.exists(key) ? key.toString() : pub.toString());
        }
        return new Path[] {key, pub};
    }

    /** Writes a secret (PEM text) to a new file readable by its owner only, where the file system allows. */
    static void writeSecret(Path key, String pem) throws IOException {
        try {
            Files.createFile(key, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createFile(key);
        }
        Files.writeString(key, pem, StandardCharsets.US_ASCII, StandardOpenOption.TRUNCATE_EXISTING);
    }

    /** Writes public PEM text to a new file. */
    static void writePublic(Path pub, String pem) throws IOException {
        Files.writeString(pub, pem, StandardCharsets.US_ASCII, StandardOpenOption.CREATE_NEW);
    }
}
