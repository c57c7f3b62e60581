package io.gmflux.examples.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code gmflux keygen TYPE --out NAME}: one subcommand per key type, each writing NAME.key
 * (private, readable by its owner only) and NAME.pub (public). Never overwrites a file. With a
 * passphrase option ({@link KeyProtectionOptions}) NAME.key is an {@code ENCRYPTED PRIVATE KEY}.
 */
@Command(name = "keygen", mixinStandardHelpOptions = true,
        description = {"Generate a key pair.",
            "NAME.key is written in clear unless a passphrase option is given (--passphrase-env VAR,"
                + " --passphrase-file FILE, --passphrase): then it is an ENCRYPTED PRIVATE KEY (PKCS#8, PBES2:"
                + " PBKDF2-HMAC-SM3 and SM4-CBC as GmSSL writes; --openssl-compatible: PBKDF2-HMAC-SHA256 and"
                + " SM4-CBC, which OpenSSL 3 reads). Hybrid keys cannot be encrypted (no PKCS#8 form)."},
        subcommands = {KeygenSm2Command.class,
                KeygenSm9MasterCommand.class,
                KeygenSm9UserCommand.class,
                KeygenSm9SignMasterCommand.class,
                KeygenSm9SignUserCommand.class,
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
     * Writes a generated pair: NAME.key (the private key, owner-only: encrypted under the passphrase
     * {@code protection} gives, or in clear without one) and NAME.pub beside {@code out}, neither of
     * which may exist yet, then names them on stderr. The one flow of every key type.
     *
     * @param privateKeyInfo the PKCS#8 PrivateKeyInfo to encrypt (a fresh array, wiped here)
     * @param clearPem the private key file's text when no passphrase is given
     * @return the exit status, 0
     */
    static int writeKeyPair(Path out, KeyProtectionOptions protection, Supplier<byte[]> privateKeyInfo,
            Supplier<String> clearPem, String publicPem) throws IOException {
        protection.check();
        Path[] files = keyAndPublicFiles(out);
        writeSecret(files[0], protection.privateKeyPem(privateKeyInfo, clearPem, files[0].toString()));
        writePublic(files[1], publicPem);
        System.err.println("wrote " + files[0] + " (" + protection.describe() + ") and " + files[1]);
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
