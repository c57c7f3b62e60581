package io.gmflux.examples.cli;

import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmflux keygen sm2 --out NAME}: NAME.key (PKCS#8 PEM, readable by its owner only) and
 * NAME.pub (SPKI PEM), in the forms OpenSSL, GmSSL and BouncyCastle read. Never overwrites a file.
 */
@Command(name = "keygen", mixinStandardHelpOptions = true, description = "Generate a key pair (sm2).")
final class KeygenCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "TYPE", description = "sm2")
    String type;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "NAME", description = "writes NAME.key and NAME.pub")
    Path out;

    @Override
    public Integer call() throws IOException {
        if (!type.equals("sm2")) {
            throw new IllegalArgumentException("unknown key type '" + type + "'; this version generates: sm2");
        }
        Sm2KeyPair pair = Sm2KeyPair.generate();
        Path key = out.resolveSibling(out.getFileName() + ".key");
        Path pub = out.resolveSibling(out.getFileName() + ".pub");
        if (Files.exists(key) || Files.exists(pub)) {
            throw new FileAlreadyExistsException(Files.exists(key) ? key.toString() : pub.toString());
        }
        writeSecret(key, Sm2KeyEncoding.toPem(pair.privateKey()));
        Files.writeString(pub, Sm2KeyEncoding.toPem(pair.publicKey()), StandardCharsets.US_ASCII,
                StandardOpenOption.CREATE_NEW);
        pair.privateKey().destroy();
        System.err.println("wrote " + key + " and " + pub);
        return 0;
    }

    private static void writeSecret(Path key, String pem) throws IOException {
        try {
            Files.createFile(key, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createFile(key);
        }
        Files.writeString(key, pem, StandardCharsets.US_ASCII, StandardOpenOption.TRUNCATE_EXISTING);
    }
}
