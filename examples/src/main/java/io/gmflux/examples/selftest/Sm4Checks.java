package io.gmflux.examples.selftest;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Cbc;
import io.gmflux.codecs.sm4.Sm4Cfb;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Ctr;
import io.gmflux.codecs.sm4.Sm4Ecb;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Ofb;
import io.gmflux.codecs.sm4.Sm4Padding;
import io.gmflux.codecs.sm4.Sm4Xts;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/** Known-answer checks of SM4 (GB/T 32907), its engines and its modes. Stateless. */
final class Sm4Checks {

    /** Bulk size of the speed probes (64 KiB, as the JMH benchmarks' {@code ...64k} rows). */
    static final int SPEED_BYTES = 64 * 1024;

    private static final String DRAFT = "draft-ribose-cfrg-sm4-10 App. A.2";

    private Sm4Checks() {
    }

    static List<AlgorithmCheck> all() {
        return List.of(
                new AlgorithmCheck("SM4", "sm4", "GB/T 32907-2016 App. A; draft-ribose-cfrg-sm4",
                        v -> block(Sm4::newTableEngine, v)),
                // The bitsliced engine works 16 blocks at a time, so the million one-block
                // iterations of example 2 would take it tens of seconds: it runs the one-shot examples.
                new AlgorithmCheck("SM4 (constant-time)", "sm4", "GB/T 32907-2016 App. A ex. 1; draft ex. 4",
                        v -> block(Sm4::newConstantTimeEngine, v), v -> v.integer("iterations") == 1),
                new AlgorithmCheck("SM4-ECB", "sm4-ecb", DRAFT, v -> mode(v,
                        (e, iv) -> Sm4Ecb.encryptor(e, Sm4Padding.NONE), (e, iv) -> Sm4Ecb.decryptor(e, Sm4Padding.NONE))),
                new AlgorithmCheck("SM4-CBC", "sm4-cbc", DRAFT, v -> mode(v,
                        (e, iv) -> Sm4Cbc.encryptor(e, iv, Sm4Padding.NONE), (e, iv) -> Sm4Cbc.decryptor(e, iv, Sm4Padding.NONE))),
                new AlgorithmCheck("SM4-CFB", "sm4-cfb", DRAFT, v -> mode(v, Sm4Cfb::encryptor, Sm4Cfb::decryptor)),
                new AlgorithmCheck("SM4-OFB", "sm4-ofb", DRAFT, v -> mode(v, Sm4Ofb::encryptor, Sm4Ofb::decryptor)),
                new AlgorithmCheck("SM4-CTR", "sm4-ctr", DRAFT, v -> mode(v, Sm4Ctr::encryptor, Sm4Ctr::decryptor)),
                new AlgorithmCheck("SM4-XTS", "sm4-xts", "GB/T 17964-2021 B.7, OpenSSL (GB and IEEE 1619 variants)",
                        Sm4Checks::xts));
    }

    static List<SpeedProbe> speedProbes() {
        Sm4Engine engine = Sm4.newTableEngine(new byte[Sm4Engine.KEY_SIZE]);
        byte[] buf = new byte[SPEED_BYTES];
        Sm4Cipher ctr = Sm4Ctr.encryptor(engine, new byte[Sm4Engine.BLOCK_SIZE]);
        return List.of(
                new SpeedProbe("SM4-CTR 64 KiB", SPEED_BYTES, () -> ctr.doFinal(buf, 0, buf.length, buf, 0)));
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

    /** Creates one direction of a mode from an engine and the vector's IV (ECB ignores it). */
    @FunctionalInterface
    interface ModeFactory {
        Sm4Cipher create(Sm4Engine engine, byte[] iv);
    }

    /**
     * Encrypts in two pieces (the first a third of the message, so not block-aligned), compares,
     * then decrypts the expected ciphertext the same way.
     */
    static String mode(KnownAnswer v, ModeFactory encryptor, ModeFactory decryptor) throws GeneralSecurityException {
        Sm4Engine engine = Sm4.newTableEngine(v.hex("key"));
        try {
            byte[] iv = v.has("iv") ? v.hex("iv") : null;
            byte[] pt = v.hex("plaintext");
            byte[] ct = v.hex("ciphertext");
            return Mismatch.first(
                    Mismatch.of("ciphertext", ct, inTwoPieces(encryptor.create(engine, iv), pt)),
                    Mismatch.of("decrypted plaintext", pt, inTwoPieces(decryptor.create(engine, iv), ct)));
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

    /**
     * One data unit each way, in the variant the record's {@code variant} field names
     * ({@code gbt17964} or {@code ieee1619}; the vectors end in ciphertext stealing).
     */
    private static String xts(KnownAnswer v) {
        Sm4Xts.Variant variant = xtsVariant(v.text("variant"));
        Sm4Engine data = Sm4.newTableEngine(v.hex("datakey"));
        Sm4Engine tweakKey = Sm4.newTableEngine(v.hex("tweakkey"));
        try {
            Sm4Xts xts = new Sm4Xts(data, tweakKey, variant);
            byte[] tweak = v.hex("tweak");
            byte[] pt = v.hex("plaintext");
            byte[] ct = v.hex("ciphertext");
            byte[] out = new byte[pt.length];
            xts.encrypt(tweak, pt, 0, pt.length, out, 0);
            String reason = Mismatch.of("ciphertext", ct, out);
            if (reason != null) {
                return reason;
            }
            xts.decrypt(tweak, ct, 0, ct.length, out, 0);
            xts.destroy();
            return Mismatch.of("decrypted plaintext", pt, out);
        } finally {
            data.destroy();
            tweakKey.destroy();
        }
    }

    /** The variant a record names: {@code gbt17964} or {@code ieee1619}. */
    static Sm4Xts.Variant xtsVariant(String name) {
        switch (name) {
            case "gbt17964":
                return Sm4Xts.Variant.GB_T_17964;
            case "ieee1619":
                return Sm4Xts.Variant.IEEE_1619;
            default:
                throw new IllegalArgumentException("unknown SM4-XTS variant '" + name + "' (gbt17964 or ieee1619)");
        }
    }
}
