package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static io.gmflux.codecs.jca.CipherPaths.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.testing.Vectors;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Provider;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ZucCipherSpiTest {

    private static final List<Provider> BOTH = List.of(GMFLUX, BC);

    private static int keyLength(String algorithm) {
        return algorithm.equals("ZUC-128") ? 16 : 32;
    }

    private static int ivLength(String algorithm) {
        return algorithm.equals("ZUC-128") ? 16 : 25;
    }

    @ParameterizedTest
    @ValueSource(strings = {"ZUC-128", "ZUC-256", "ZUC-128/ECB/NoPadding"})
    void agreesWithBouncyCastleOnRandomInputsThroughEveryPath(String transformation) throws Exception {
        String algorithm = transformation.split("/")[0];
        long seed = 0x2C0000L + transformation.hashCode();
        SplittableRandom rnd = new SplittableRandom(seed);
        CipherPaths.Path[] paths = CipherPaths.Path.values();
        for (int i = 0; i < 200; i++) {
            SecretKey key = new SecretKeySpec(bytes(rnd, keyLength(algorithm)), algorithm);
            // All IV bits random: ZUC-256 ignores the top two bits of IV17..IV24.
            IvParameterSpec iv = new IvParameterSpec(bytes(rnd, ivLength(algorithm)));
            byte[] pt = bytes(rnd, Math.min(CipherPaths.length(rnd, 1), bouncyCastleLimit(algorithm)));
            Cipher ref = Cipher.getInstance(transformation, BC);
            ref.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] expected = ref.doFinal(pt);
            for (Provider p : BOTH) {
                CipherPaths.Path encPath = paths[i % paths.length];
                CipherPaths.Path decPath = paths[(i / paths.length + i + 1) % paths.length];
                String what = transformation + " via " + p.getName() + ", seed " + seed + " case " + i + ", "
                        + pt.length + " bytes, enc " + encPath + ", dec " + decPath;
                Cipher enc = Cipher.getInstance(transformation, p);
                enc.init(Cipher.ENCRYPT_MODE, key, iv);
                assertThat(encPath.run(enc, pt, rnd)).as(what).isEqualTo(expected);
                if (p == BC) {
                    // BouncyCastle restarts the same keystream; Gmflux refuses (see the test below).
                    assertThat(enc.doFinal(pt)).as("again " + what).isEqualTo(expected);
                }
                Cipher dec = Cipher.getInstance(transformation, p);
                dec.init(Cipher.DECRYPT_MODE, key, iv);
                assertThat(decPath.run(dec, expected, rnd)).as(what).isEqualTo(pt);
            }
        }
    }

    /**
     * The JDK's ChaCha20 reuse rules, run on the JDK and on Gmflux's ZUC ciphers by the same code: after
     * an encryption's doFinal the cipher refuses work until re-initialised (BouncyCastle's ZUC would
     * encrypt the next message under the same keystream), and an encryption init with the key and IV
     * of the previous init is refused.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ChaCha20", "ZUC-128", "ZUC-256"})
    void refusesKeystreamReuseInEncryptionLikeTheJdksChaCha20(String algorithm) throws Exception {
        boolean jdk = algorithm.equals("ChaCha20");
        Cipher c = jdk ? Cipher.getInstance(algorithm) : Cipher.getInstance(algorithm, GMFLUX);
        int keyLength = jdk ? 32 : keyLength(algorithm);
        SecretKey key = new SecretKeySpec(new byte[keyLength], algorithm);
        byte[] other = new byte[keyLength];
        other[0] = 1;
        SecretKey otherKey = new SecretKeySpec(other, algorithm);
        java.security.spec.AlgorithmParameterSpec iv = ivSpec(algorithm, (byte) 0);
        java.security.spec.AlgorithmParameterSpec otherIv = ivSpec(algorithm, (byte) 9);

        c.init(Cipher.ENCRYPT_MODE, key, iv);
        byte[] first = c.doFinal(new byte[10]);
        assertThatThrownBy(() -> c.doFinal(new byte[10])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> c.update(new byte[10])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> c.doFinal(new byte[10], 0, 10, new byte[10], 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, key, iv)).isInstanceOf(InvalidKeyException.class);
        // Even without a doFinal in between.
        c.init(Cipher.ENCRYPT_MODE, key, otherIv);
        c.update(new byte[3]);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, key, otherIv)).isInstanceOf(InvalidKeyException.class);
        c.init(Cipher.DECRYPT_MODE, key, iv);
        assertThat(c.doFinal(first)).isEqualTo(new byte[10]);
        if (!jdk) {
            // Gmflux's decryption may repeat the same message under one init (the JDK 17 ChaCha20 refuses).
            assertThat(c.doFinal(first)).isEqualTo(new byte[10]);
        }
        // A new key under the same IV, or a random IV each time, is fine.
        c.init(Cipher.ENCRYPT_MODE, otherKey, iv);
        assertThat(c.doFinal(new byte[10])).isNotEqualTo(first);
        c.init(Cipher.ENCRYPT_MODE, key);
        c.doFinal(new byte[10]);
        c.init(Cipher.ENCRYPT_MODE, key);
        c.doFinal(new byte[10]);
    }

    private static java.security.spec.AlgorithmParameterSpec ivSpec(String algorithm, byte fill) {
        if (algorithm.equals("ChaCha20")) {
            byte[] nonce = new byte[12];
            java.util.Arrays.fill(nonce, fill);
            return new javax.crypto.spec.ChaCha20ParameterSpec(nonce, 1);
        }
        byte[] iv = new byte[ivLength(algorithm)];
        java.util.Arrays.fill(iv, fill);
        return new IvParameterSpec(iv);
    }

    /**
     * BouncyCastle stops a ZUC-256 keystream after 625 words (2,500 bytes) and a ZUC-128 one after 2,047 words;
     * Gmflux does not (GB/T 33133 sets no such limit, 128-EEA3 allows 2^32 bits).
     */
    private static int bouncyCastleLimit(String algorithm) {
        return algorithm.equals("ZUC-128") ? 2047 * 4 : 625 * 4;
    }

    @ParameterizedTest
    @ValueSource(strings = {"ZUC-128", "ZUC-256"})
    void runsPastBouncyCastlesLengthCapConsistently(String algorithm) throws Exception {
        SplittableRandom rnd = new SplittableRandom(99);
        SecretKey key = new SecretKeySpec(bytes(rnd, keyLength(algorithm)), algorithm);
        IvParameterSpec iv = new IvParameterSpec(bytes(rnd, ivLength(algorithm)));
        byte[] pt = bytes(rnd, 100_000);
        Cipher c = Cipher.getInstance(algorithm, GMFLUX);
        c.init(Cipher.ENCRYPT_MODE, key, iv);
        byte[] oneShot = c.doFinal(pt);
        for (CipherPaths.Path path : CipherPaths.Path.values()) {
            c.init(Cipher.DECRYPT_MODE, key, iv);
            assertThat(path.run(c, oneShot, rnd)).as(path.toString()).isEqualTo(pt);
        }
        Cipher bc = Cipher.getInstance(algorithm, BC);
        bc.init(Cipher.ENCRYPT_MODE, key, iv);
        int n = bouncyCastleLimit(algorithm);
        assertThat(bc.doFinal(pt, 0, n)).isEqualTo(java.util.Arrays.copyOf(oneShot, n));
    }

    @Test
    void producesTheStandardKeystreams() throws Exception {
        for (JsonNode v : Vectors.list("zuc128", "keystream")) {
            assertKeystream(v, "ZUC-128", Vectors.hex(v, "key"), Vectors.hex(v, "iv"));
        }
        for (JsonNode v : Vectors.list("zuc256", "keystream")) {
            assertKeystream(v, "ZUC-256", Vectors.hex(v, "key"), Vectors.hex(v, "iv_25"));
            assertKeystream(v, "ZUC-256", Vectors.hex(v, "key"), Vectors.hex(v, "iv_packed_23"));
        }
    }

    /** 128-EEA3 through the JCA: the caller builds the IV (3GPP TS 35.222 §3); bits past LENGTH are compared masked. */
    @Test
    void producesThe128Eea3Ciphertexts() throws Exception {
        for (JsonNode v : Vectors.list("zuc128", "eea3")) {
            int count = (int) Long.parseLong(v.get("count").asText(), 16);
            byte[] iv = new byte[16];
            Bytes.putIntBE(iv, 0, count);
            iv[4] = (byte) ((v.get("bearer").asInt() << 3) | (v.get("direction").asInt() << 2));
            System.arraycopy(iv, 0, iv, 8, 8);
            long bits = v.get("length_bits").asLong();
            byte[] pt = Vectors.hex(v, "plaintext");
            Cipher c = Cipher.getInstance("ZUC-128", GMFLUX);
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(Vectors.hex(v, "key"), "ZUC-128"), new IvParameterSpec(iv));
            byte[] ct = c.doFinal(pt);
            if (bits % 8 != 0) {
                ct[ct.length - 1] &= (byte) (0xff << (8 - bits % 8));
            }
            assertThat(ct).as(v.get("id").asText()).isEqualTo(Vectors.hex(v, "ciphertext"));
        }
    }

    private static void assertKeystream(JsonNode v, String algorithm, byte[] key, byte[] iv) throws Exception {
        JsonNode words = v.get("keystream_words");
        byte[] expected = new byte[4 * words.size()];
        for (int i = 0; i < words.size(); i++) {
            Bytes.putIntBE(expected, 4 * i, (int) Long.parseLong(words.get(i).asText(), 16));
        }
        Cipher c = Cipher.getInstance(algorithm, GMFLUX);
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, algorithm), new IvParameterSpec(iv));
        assertThat(c.doFinal(new byte[expected.length])).as(v.get("id").asText() + " iv " + iv.length)
                .isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ZUC-128", "ZUC-256"})
    void drawsARandomIvAndReturnsItThroughGetIvAndGetParameters(String algorithm) throws Exception {
        SplittableRandom rnd = new SplittableRandom(5);
        SecretKey key = new SecretKeySpec(bytes(rnd, keyLength(algorithm)), algorithm);
        byte[] pt = bytes(rnd, 77);
        Cipher enc = Cipher.getInstance(algorithm, GMFLUX);
        enc.init(Cipher.ENCRYPT_MODE, key);
        assertThat(enc.getIV()).hasSize(ivLength(algorithm));
        AlgorithmParameters params = enc.getParameters();
        byte[] ct = enc.doFinal(pt);
        for (Provider to : BOTH) {
            Cipher dec = Cipher.getInstance(algorithm, to);
            dec.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(enc.getIV()));
            assertThat(dec.doFinal(ct)).as(to.getName()).isEqualTo(pt);
            AlgorithmParameters decoded = AlgorithmParameters.getInstance(algorithm, to);
            decoded.init(params.getEncoded());
            assertThat(decoded.getParameterSpec(IvParameterSpec.class).getIV()).isEqualTo(enc.getIV());
        }
        Cipher dec = Cipher.getInstance(algorithm, GMFLUX);
        dec.init(Cipher.DECRYPT_MODE, key, params);
        assertThat(dec.doFinal(ct)).isEqualTo(pt);
        assertThatThrownBy(() -> dec.init(Cipher.DECRYPT_MODE, key)).isInstanceOf(InvalidKeyException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ZUC-128", "ZUC-256"})
    void rejectsWrongKeyAndIvLengths(String algorithm) throws Exception {
        for (int len : new int[] {1, 15, 17, 24, 31, 33}) {
            if (len == keyLength(algorithm)) {
                continue;
            }
            for (Provider p : BOTH) {
                Cipher c = Cipher.getInstance(algorithm, p);
                assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[len], algorithm),
                        new IvParameterSpec(new byte[ivLength(algorithm)]))).as(p.getName() + " key " + len)
                        .isInstanceOf(InvalidKeyException.class);
            }
        }
        SecretKey key = new SecretKeySpec(new byte[keyLength(algorithm)], algorithm);
        for (int len : new int[] {0, 8, 15, 17, 22, 24, 26, 32}) {
            if (len == ivLength(algorithm)) {
                continue;
            }
            // BouncyCastle reports these as InvalidKeyException; the JCA's exception for them is this one.
            Cipher c = Cipher.getInstance(algorithm, GMFLUX);
            assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[len])))
                    .as("iv " + len).isInstanceOf(InvalidAlgorithmParameterException.class);
        }
    }

    @Test
    void refusesModesAndPaddings() {
        assertThatThrownBy(() -> Cipher.getInstance("ZUC-128/CBC/NoPadding", GMFLUX))
                .isInstanceOf(java.security.NoSuchAlgorithmException.class);
        assertThatThrownBy(() -> Cipher.getInstance("ZUC-128/ECB/PKCS5Padding", GMFLUX))
                .isInstanceOf(java.security.GeneralSecurityException.class);
    }
}
