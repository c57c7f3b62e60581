package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.codecs.sm3.Sm3;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** SM2 key pairs written as PEM files, as a user's keys would be. */
public final class TestKeys {

    public final String name;
    public final Path publicPem;
    public final Path privatePem;
    public final String publicText;
    public final String privateText;
    /** The key id of FORMAT.md §5 in hex, as error messages print it. */
    public final String keyIdHex;

    private TestKeys(String name, Path dir) {
        this.name = name;
        Sm2KeyPair kp = Sm2KeyPair.generate();
        publicText = Sm2KeyEncoding.toPem(kp.publicKey());
        privateText = Sm2KeyEncoding.toPem(kp.privateKey());
        publicPem = dir.resolve(name + ".pub");
        privatePem = dir.resolve(name + ".key");
        try {
            Files.writeString(publicPem, publicText);
            Files.writeString(privatePem, privateText);
            publicPem.toFile().deleteOnExit();
            privatePem.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Sm3 d = new Sm3();
        d.update("gmflux/v1 key id".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        d.update(Sm2KeyEncoding.toSpki(kp.publicKey()));
        keyIdHex = Hex.encode(Arrays.copyOf(d.digest(), 8));
    }

    private static Path dir;

    public static synchronized TestKeys create(String name) {
        try {
            if (dir == null) {
                dir = Files.createTempDirectory("gmflux-kafka-keys-");
                dir.toFile().deleteOnExit();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new TestKeys(name, dir);
    }
}
