package io.gmflux.examples.selftest;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.zuc.Eea3;
import io.gmflux.codecs.zuc.Eia3;
import io.gmflux.codecs.zuc.Zuc128;
import io.gmflux.codecs.zuc.Zuc256;
import io.gmflux.codecs.zuc.Zuc256Mac;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntSupplier;

/** Known-answer checks of ZUC-128 (GB/T 33133, 3GPP 128-EEA3/EIA3) and ZUC-256. Stateless. */
final class ZucChecks {

    private static final String ETSI = "ETSI/SAGE 128-EEA3/EIA3 Doc 3 (3GPP TS 35.223)";
    private static final String ZUC256 = "ZUC-256 draft (2018), test vectors";

    /** Keeps the speed probes' MACs observable so that the JIT cannot drop the work. */
    static volatile int sink;

    private ZucChecks() {
    }

    static List<AlgorithmCheck> all() {
        return List.of(
                new AlgorithmCheck("ZUC-128", "zuc128", ETSI + " §3", ZucChecks::zuc128),
                new AlgorithmCheck("128-EEA3", "eea3", ETSI + " §4", ZucChecks::eea3),
                new AlgorithmCheck("128-EIA3", "eia3", ETSI + " §5", ZucChecks::eia3),
                new AlgorithmCheck("ZUC-256", "zuc256", ZUC256, ZucChecks::zuc256),
                new AlgorithmCheck("ZUC-256-MAC", "zuc256-mac", ZUC256 + " (32/64/128-bit tags)", ZucChecks::zuc256Mac));
    }

    static List<SpeedProbe> speedProbes() {
        byte[] key = new byte[16];
        byte[] buf = new byte[Sm4Checks.SPEED_BYTES];
        long bits = 8L * buf.length;
        return List.of(
                new SpeedProbe("128-EEA3 64 KiB", buf.length, () -> Eea3.apply(key, 0x12345678, 5, 1, buf, 0, bits, buf, 0)),
                new SpeedProbe("128-EIA3 64 KiB", buf.length, () -> sink += Eia3.mac(key, 0x12345678, 5, 1, buf, 0, bits)));
    }

    /** The recorded words one at a time, then (set 4) on to word 2000, then as bytes. */
    private static String zuc128(KnownAnswer v) {
        byte[] words = v.hex("keystream");
        Zuc128 zuc = new Zuc128(v.hex("key"), v.hex("iv"));
        try {
            int n = words.length / 4;
            String reason = wordsMismatch(words, zuc::nextWord);
            if (reason != null) {
                return reason;
            }
            if (v.has("word2000")) {
                int w = 0;
                for (int i = n; i < 2000; i++) {
                    w = zuc.nextWord();
                }
                reason = Mismatch.of("keystream word 2000", v.hexInt("word2000"), w);
                if (reason != null) {
                    return reason;
                }
            }
        } finally {
            zuc.destroy();
        }
        Zuc128 bytes = new Zuc128(v.hex("key"), v.hex("iv"));
        try {
            byte[] out = new byte[words.length];
            bytes.keystream(out, 0, out.length);
            return Mismatch.of("keystream bytes", words, out);
        } finally {
            bytes.destroy();
        }
    }

    /** Encrypts and decrypts; bits past length_bits in the last byte must come out zero. */
    private static String eea3(KnownAnswer v) {
        long bits = v.integer("bits");
        byte[] pt = masked(v.hex("plaintext"), bits);
        byte[] ct = masked(v.hex("ciphertext"), bits);
        byte[] out = new byte[ct.length];
        Eea3.apply(v.hex("key"), v.hexInt("count"), v.integer("bearer"), v.integer("direction"), pt, 0, bits, out, 0);
        String reason = Mismatch.of("ciphertext", ct, out);
        if (reason != null) {
            return reason;
        }
        Eea3.apply(v.hex("key"), v.hexInt("count"), v.integer("bearer"), v.integer("direction"), ct, 0, bits, out, 0);
        return Mismatch.of("decrypted plaintext", pt, out);
    }

    private static String eia3(KnownAnswer v) {
        int mac = Eia3.mac(v.hex("key"), v.hexInt("count"), v.integer("bearer"), v.integer("direction"),
                v.hex("message"), 0, v.integer("bits"));
        return Mismatch.of("MAC", v.hexInt("mac"), mac);
    }

    private static String zuc256(KnownAnswer v) {
        byte[] words = v.hex("keystream");
        Zuc256 zuc = new Zuc256(v.hex("key"), v.hex("iv"));
        try {
            return wordsMismatch(words, zuc::nextWord);
        } finally {
            zuc.destroy();
        }
    }

    /** All three tag sizes the draft defines, over the byte-aligned messages of the draft. */
    private static String zuc256Mac(KnownAnswer v) {
        int bits = v.integer("bits");
        if (bits % 8 != 0) {
            return "the selftest feeds whole bytes; length " + bits + " bits is not byte-aligned";
        }
        byte[] msg = Arrays.copyOf(v.hex("message"), bits / 8);
        for (int tagBits : new int[] {32, 64, 128}) {
            Zuc256Mac mac = new Zuc256Mac(v.hex("key"), v.hex("iv"), tagBits);
            mac.update(msg, 0, msg.length);
            String reason = Mismatch.of(tagBits + "-bit tag", v.hex("tag" + tagBits), mac.doFinal());
            if (reason != null) {
                return reason;
            }
        }
        return null;
    }

    /** Compares the generator's next words with the expected big-endian words. */
    private static String wordsMismatch(byte[] words, IntSupplier nextWord) {
        for (int i = 0; i < words.length / 4; i++) {
            String reason = Mismatch.of("keystream word " + (i + 1), Bytes.getIntBE(words, 4 * i), nextWord.getAsInt());
            if (reason != null) {
                return reason;
            }
        }
        return null;
    }

    /** Zeroes the bits after {@code bits} (EEA3 output leaves them zero; inputs may not). */
    private static byte[] masked(byte[] data, long bits) {
        int rem = (int) (bits & 7);
        if (rem != 0) {
            data[(int) (bits >>> 3)] &= (byte) (0xff << (8 - rem));
        }
        return data;
    }
}
