package io.gmflux.examples.selftest;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Engine;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/** Known-answer checks of SM4 (GB/T 32907) and its modes. Stateless. */
final class Sm4Checks {

    private Sm4Checks() {
    }

    static List<AlgorithmCheck> all() {
        return List.of(
                new AlgorithmCheck("SM4", "sm4", "GB/T 32907-2016 App. A; draft-ribose-cfrg-sm4",
                        v -> block(Sm4::newEngine, v)));
    }

    /** Bulk size of the speed probes (64 KiB, as the JMH benchmarks' {@code ...64k} rows). */
    static final int SPEED_BYTES = 64 * 1024;

    static List<SpeedProbe> speedProbes() {
        Sm4Engine engine = Sm4.newEngine(new byte[Sm4Engine.KEY_SIZE]);
        byte[] buf = new byte[SPEED_BYTES];
        return List.of(
                new SpeedProbe("SM4 block (ECB) 64 KiB", SPEED_BYTES,
                        () -> engine.encryptBlocks(buf, 0, buf, 0, SPEED_BYTES / Sm4Engine.BLOCK_SIZE)));
    }

    /**
     * Encrypts the plaintext {@code iterations} times in place (GB/T 32907 Appendix A example 2
     * iterates a million times), compares, then decrypts as often and compares again.
     */
    static String block(Function<byte[], Sm4Engine> engines, KnownAnswer v) {
        Sm4Engine engine = engines.apply(v.hex("key"));
        try {
            int iterations = v.integer("iterations");
            byte[] buf = v.hex("plaintext");
            for (int i = 0; i < iterations; i++) {
                engine.encryptBlocks(buf, 0, buf, 0, 1);
            }
            String reason = Mismatch.of("ciphertext", v.hex("ciphertext"), buf);
            if (reason != null) {
                return reason;
            }
            for (int i = 0; i < iterations; i++) {
                engine.decryptBlocks(buf, 0, buf, 0, 1);
            }
            return Mismatch.of("decrypted plaintext", v.hex("plaintext"), buf);
        } finally {
            engine.destroy();
        }
    }

    /** {@code update} with the first third, {@code doFinal} with the rest; returns the output. */
    static byte[] inTwoPieces(Sm4Cipher cipher, byte[] in) throws GeneralSecurityException {
        try {
            int split = in.length / 3;
            byte[] out = new byte[in.length + 2 * Sm4Engine.BLOCK_SIZE];
            int n = cipher.update(in, 0, split, out, 0);
            n += cipher.doFinal(in, split, in.length - split, out, n);
            return Arrays.copyOf(out, n);
        } finally {
            cipher.destroy();
        }
    }
}
