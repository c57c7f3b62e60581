package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static io.gmflux.codecs.jca.CipherPaths.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jcajce.spec.AEADParameterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Sm4CipherSpiTest {

    private static final List<Provider> BOTH = List.of(GMFLUX, BC);
    private static final int CASES = 200;

    /** The mode part of a transformation ("SM4-GCM" is GCM). */
    private static String modeOf(String transformation) {
        transformation = transformation.toUpperCase(Locale.ROOT);
        if (transformation.startsWith("SM4-")) {
            return transformation.substring(4);
        }
        String[] parts = transformation.split("/");
        return parts.length > 1 ? parts[1] : "ECB";
    }

    private static boolean unpaddedBlockMode(String transformation) {
        String mode = modeOf(transformation);
        return (mode.equals("ECB") || mode.equals("CBC")) && transformation.toUpperCase(Locale.ROOT).endsWith("NOPADDING");
    }

    /** Random parameters the way callers pass them: mostly the usual sizes, sometimes the edges. */
    private static AlgorithmParameterSpec randomParameters(String mode, SplittableRandom rnd) {
        switch (mode) {
            case "ECB":
                return null;
            case "CTR":
            case "SIC":
                return new IvParameterSpec(bytes(rnd, rnd.nextBoolean() ? 16 : rnd.nextInt(8, 17)));
            case "GCM":
                if (rnd.nextInt(5) == 0) {
                    return new IvParameterSpec(bytes(rnd, 12));
                }
                return new GCMParameterSpec(96 + 8 * rnd.nextInt(5), bytes(rnd, rnd.nextBoolean() ? 12 : rnd.nextInt(1, 33)));
            case "CCM":
                if (rnd.nextInt(5) == 0) {
                    return new IvParameterSpec(bytes(rnd, rnd.nextInt(7, 14)));
                }
                return new GCMParameterSpec(32 + 16 * rnd.nextInt(7), bytes(rnd, rnd.nextInt(7, 14)));
            default:
                return new IvParameterSpec(bytes(rnd, 16));
        }
    }

    private static Cipher cipher(String transformation, Provider p, int opmode, Key key, AlgorithmParameterSpec spec,
            byte[] aad, SplittableRandom rnd) throws Exception {
        Cipher c = Cipher.getInstance(transformation, p);
        c.init(opmode, key, spec);
        if (aad != null) {
            int pos = 0;
            while (pos < aad.length) {
                int n = CipherPaths.nextPiece(rnd, aad.length - pos);
                c.updateAAD(aad, pos, n);
                pos += n;
            }
        }
        return c;
    }

    @ParameterizedTest
    @ValueSource(strings = {"SM4", "SM4/ECB/NoPadding", "SM4/ECB/PKCS5Padding", "SM4/CBC/NoPadding",
        "SM4/CBC/PKCS5Padding", "SM4/CBC/PKCS7Padding", "SM4/CTR/NoPadding", "SM4/CFB/NoPadding",
        "SM4/OFB/NoPadding", "SM4/GCM/NoPadding", "SM4/CCM/NoPadding", "SM4-GCM", "SM4-CCM",
        "SM4/CFB128/NoPadding", "SM4/OFB128/NoPadding", "SM4/SIC/NoPadding", "sm4/cbc/pkcs5padding"})
    void agreesWithBouncyCastleOnRandomInputsThroughEveryPath(String transformation) throws Exception {
        assertAgreement(transformation, BOTH, CASES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"SM4/ECB/PKCS5Padding", "SM4/CBC/PKCS5Padding", "SM4/CTR/NoPadding", "SM4/CFB/NoPadding",
        "SM4/OFB/NoPadding", "SM4/GCM/NoPadding", "SM4/CCM/NoPadding"})
    void constantTimeEngineAgreesWithBouncyCastle(String transformation) throws Exception {
        Provider constantTime = new GmfluxProvider().configure("constant-time");
        assertThat(((GmfluxProvider) constantTime).sm4Implementation())
                .isEqualTo(GmfluxProvider.Sm4Implementation.CONSTANT_TIME);
        assertAgreement(transformation, List.of(constantTime), 60);
    }

    /** Random cases encrypted by BouncyCastle once, then by each provider through rotating paths both ways. */
    private static void assertAgreement(String transformation, List<Provider> providers, int cases) throws Exception {
        long seed = 0x5EED_0000L + transformation.hashCode();
        SplittableRandom rnd = new SplittableRandom(seed);
        String mode = modeOf(transformation);
        boolean aead = mode.equals("GCM") || mode.equals("CCM");
        CipherPaths.Path[] paths = CipherPaths.Path.values();
        for (int i = 0; i < cases; i++) {
            SecretKey key = new SecretKeySpec(bytes(rnd, 16), "SM4");
            AlgorithmParameterSpec spec = randomParameters(mode, rnd);
            byte[] aad = aead ? bytes(rnd, rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(0, 100)) : null;
            byte[] pt = bytes(rnd, CipherPaths.length(rnd, unpaddedBlockMode(transformation) ? 16 : 1));
            Cipher ref = cipher(transformation, BC, Cipher.ENCRYPT_MODE, key, spec, aad, rnd);
            byte[] expected = ref.doFinal(pt);

            for (Provider p : providers) {
                CipherPaths.Path encPath = paths[(i + (p == BC ? 3 : 0)) % paths.length];
                CipherPaths.Path decPath = paths[(i / paths.length + i + 1) % paths.length];
                String what = transformation + " via " + p.getName() + ", seed " + seed + " case " + i + ", "
                        + pt.length + " bytes, " + describe(spec) + ", enc " + encPath + ", dec " + decPath;
                Cipher enc = cipher(transformation, p, Cipher.ENCRYPT_MODE, key, spec, aad, rnd);
                assertThat(encPath.run(enc, pt, rnd)).as("encrypt " + what).isEqualTo(expected);
                Cipher dec = cipher(transformation, p, Cipher.DECRYPT_MODE, key, spec, aad, rnd);
                assertThat(decPath.run(dec, expected, rnd)).as("decrypt " + what).isEqualTo(pt);
                if (!aead) {
                    // The same object again: doFinal restored the initial state.
                    assertThat(dec.doFinal(expected)).as("decrypt again " + what).isEqualTo(pt);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SM4/CBC/PKCS5Padding", "SM4/CTR/NoPadding", "SM4/GCM/NoPadding", "SM4/CCM/NoPadding"})
    void agreesWithBouncyCastleOnMegabyteMessages(String transformation) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x1000007L);
        String mode = modeOf(transformation);
        SecretKey key = new SecretKeySpec(bytes(rnd, 16), "SM4");
        AlgorithmParameterSpec spec = randomParameters(mode, rnd);
        byte[] aad = mode.equals("GCM") || mode.equals("CCM") ? bytes(rnd, 1000) : null;
        byte[] pt = bytes(rnd, (1 << 20) + 7);
        byte[] expected = cipher(transformation, BC, Cipher.ENCRYPT_MODE, key, spec, aad, rnd).doFinal(pt);
        for (CipherPaths.Path path : new CipherPaths.Path[] {CipherPaths.Path.DIRECT_BUFFERS, CipherPaths.Path.IN_PLACE_SPLITS,
            CipherPaths.Path.ARRAY_SPLITS}) {
            Cipher enc = cipher(transformation, GMFLUX, Cipher.ENCRYPT_MODE, key, spec, aad, rnd);
            assertThat(path.run(enc, pt, rnd)).as(transformation + " " + path).isEqualTo(expected);
            Cipher dec = cipher(transformation, GMFLUX, Cipher.DECRYPT_MODE, key, spec, aad, rnd);
            assertThat(path.run(dec, expected, rnd)).as(transformation + " " + path).isEqualTo(pt);
        }
    }

    /** One Cipher object, many inits: same key or a new one, either direction, any parameters. */
    @ParameterizedTest
    @ValueSource(strings = {"SM4/CBC/PKCS5Padding", "SM4/CTR/NoPadding", "SM4/GCM/NoPadding", "SM4/CCM/NoPadding"})
    void reinitialisingOneObjectAgreesWithFreshBouncyCastleCiphers(String transformation) throws Exception {
        long seed = 0x4E1A17L;
        SplittableRandom rnd = new SplittableRandom(seed);
        String mode = modeOf(transformation);
        boolean aead = mode.equals("GCM") || mode.equals("CCM");
        Cipher reused = Cipher.getInstance(transformation, GMFLUX);
        SecretKey key = new SecretKeySpec(bytes(rnd, 16), "SM4");
        for (int i = 0; i < CASES; i++) {
            if (rnd.nextInt(8) == 0) {
                key = new SecretKeySpec(bytes(rnd, 16), "SM4");
            }
            AlgorithmParameterSpec spec = randomParameters(mode, rnd);
            byte[] aad = aead ? bytes(rnd, rnd.nextInt(0, 30)) : null;
            byte[] pt = bytes(rnd, CipherPaths.length(rnd, 1));
            byte[] ct = cipher(transformation, BC, Cipher.ENCRYPT_MODE, key, spec, aad, rnd).doFinal(pt);
            boolean encrypt = rnd.nextBoolean();
            reused.init(encrypt ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE, key, spec);
            if (aad != null) {
                reused.updateAAD(aad);
            }
            assertThat(reused.doFinal(encrypt ? pt : ct)).as(transformation + " seed " + seed + " case " + i)
                    .isEqualTo(encrypt ? ct : pt);
        }
    }

    private static String describe(AlgorithmParameterSpec spec) {
        if (spec instanceof GCMParameterSpec) {
            GCMParameterSpec g = (GCMParameterSpec) spec;
            return "GCMParameterSpec(" + g.getTLen() + ", " + g.getIV().length + "-byte iv)";
        }
        return spec == null ? "no iv" : "IvParameterSpec(" + ((IvParameterSpec) spec).getIV().length + " bytes)";
    }

    @Test
    void passesTheModeVectorsThroughTheJcaApi() throws Exception {
        for (JsonNode v : Vectors.list("sm4", "modes")) {
            String mode = v.get("mode").asText().toUpperCase(Locale.ROOT).replace("CFB128", "CFB");
            SecretKey key = new SecretKeySpec(Vectors.hex(v, "key"), "SM4");
            AlgorithmParameterSpec spec = v.has("iv") ? new IvParameterSpec(Vectors.hex(v, "iv")) : null;
            Cipher c = Cipher.getInstance("SM4/" + mode + "/NoPadding", GMFLUX);
            c.init(Cipher.ENCRYPT_MODE, key, spec);
            assertThat(c.doFinal(Vectors.hex(v, "plaintext"))).as(v.get("id").asText())
                    .isEqualTo(Vectors.hex(v, "ciphertext"));
        }
    }

    @Test
    void passesTheAeadVectorsThroughTheJcaApi() throws Exception {
        for (JsonNode v : Vectors.list("sm4", "aead")) {
            String id = v.get("id").asText();
            Cipher c = Cipher.getInstance("SM4/" + v.get("mode").asText().toUpperCase(Locale.ROOT) + "/NoPadding", GMFLUX);
            SecretKey key = new SecretKeySpec(Vectors.hex(v, "key"), "SM4");
            GCMParameterSpec spec = new GCMParameterSpec(v.get("tag_length_bits").asInt(), Vectors.hex(v, "iv"));
            byte[] ct = Vectors.hex(v, "ciphertext");
            byte[] tag = Vectors.hex(v, "tag");
            byte[] sealed = Arrays.copyOf(ct, ct.length + tag.length);
            System.arraycopy(tag, 0, sealed, ct.length, tag.length);
            c.init(Cipher.ENCRYPT_MODE, key, spec);
            c.updateAAD(Vectors.hex(v, "aad"));
            assertThat(c.doFinal(Vectors.hex(v, "plaintext"))).as(id).isEqualTo(sealed);
            c.init(Cipher.DECRYPT_MODE, key, spec);
            c.updateAAD(Vectors.hex(v, "aad"));
            assertThat(c.doFinal(sealed)).as(id).isEqualTo(Vectors.hex(v, "plaintext"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SM4/GCM/NoPadding", "SM4/CCM/NoPadding"})
    void rejectsAnyFlippedBitInCiphertextTagOrAad(String transformation) throws Exception {
        long seed = 0xBAD7A6L;
        SplittableRandom rnd = new SplittableRandom(seed);
        String mode = modeOf(transformation);
        for (int i = 0; i < CASES; i++) {
            SecretKey key = new SecretKeySpec(bytes(rnd, 16), "SM4");
            AlgorithmParameterSpec spec = randomParameters(mode, rnd);
            byte[] aad = bytes(rnd, rnd.nextInt(0, 40));
            byte[] pt = bytes(rnd, CipherPaths.length(rnd, 1));
            byte[] sealed = cipher(transformation, BC, Cipher.ENCRYPT_MODE, key, spec, aad, rnd).doFinal(pt);
            boolean inAad = aad.length > 0 && rnd.nextInt(4) == 0;
            byte[] target = inAad ? aad.clone() : sealed.clone();
            int bit = rnd.nextInt(target.length * 8);
            target[bit / 8] ^= (byte) (1 << (bit % 8));
            for (Provider p : BOTH) {
                Cipher dec = cipher(transformation, p, Cipher.DECRYPT_MODE, key, spec, inAad ? target : aad, rnd);
                byte[] input = inAad ? sealed : target;
                String what = transformation + " via " + p.getName() + ", seed " + seed + " case " + i + ", bit " + bit
                        + (inAad ? " of the AAD" : " of the ciphertext");
                assertThatThrownBy(() -> dec.doFinal(input)).as(what).isInstanceOf(AEADBadTagException.class);
                if (p == GMFLUX) {
                    // The failure ended that message only: the same object opens the genuine one, as in the
                    // JDK (BouncyCastle keeps the failed message's state).
                    dec.updateAAD(aad);
                    assertThat(dec.doFinal(sealed)).as("after failure, " + what).isEqualTo(pt);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SM4/GCM/NoPadding", "SM4/CCM/NoPadding"})
    void rejectsInputShorterThanTheTag(String transformation) throws Exception {
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        GCMParameterSpec spec = new GCMParameterSpec(128, new byte[12]);
        for (Provider p : BOTH) {
            for (int len = 0; len < 16; len++) {
                Cipher dec = Cipher.getInstance(transformation, p);
                dec.init(Cipher.DECRYPT_MODE, key, spec);
                byte[] input = new byte[len];
                assertThatThrownBy(() -> dec.doFinal(input)).as(p.getName() + " " + len)
                        .isInstanceOf(AEADBadTagException.class);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SM4/CBC/PKCS5Padding", "SM4/ECB/PKCS7Padding"})
    void rejectsBadPaddingAndPartialBlocks(String transformation) throws Exception {
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        AlgorithmParameterSpec spec = transformation.contains("CBC") ? new IvParameterSpec(new byte[16]) : null;
        for (Provider p : BOTH) {
            Cipher c = Cipher.getInstance(transformation, p);
            c.init(Cipher.ENCRYPT_MODE, key, spec);
            byte[] good = c.doFinal(new byte[20]);
            byte[] bad = good.clone();
            bad[bad.length - 1] ^= 0x55;
            c.init(Cipher.DECRYPT_MODE, key, spec);
            assertThatThrownBy(() -> c.doFinal(bad)).as(p.getName()).isInstanceOf(BadPaddingException.class);
            // The failure ended the message: the next one decrypts normally.
            assertThat(c.doFinal(good)).as(p.getName()).isEqualTo(new byte[20]);
            assertThatThrownBy(() -> c.doFinal(new byte[17])).as(p.getName())
                    .isInstanceOf(IllegalBlockSizeException.class);
        }
    }

    @Test
    void unpaddedBlockModesRejectPartialBlocks() throws Exception {
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        for (Provider p : BOTH) {
            Cipher c = Cipher.getInstance("SM4/ECB/NoPadding", p);
            c.init(Cipher.ENCRYPT_MODE, key);
            assertThatThrownBy(() -> c.doFinal(new byte[5])).as(p.getName()).isInstanceOf(IllegalBlockSizeException.class);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SM4/CBC/PKCS5Padding", "SM4/CTR/NoPadding", "SM4/CFB/NoPadding", "SM4/OFB/NoPadding",
        "SM4/GCM/NoPadding", "SM4/CCM/NoPadding", "SM4-GCM", "SM4-CCM"})
    void drawsARandomIvAndReturnsItThroughGetIvAndGetParameters(String transformation) throws Exception {
        SplittableRandom rnd = new SplittableRandom(77);
        String mode = modeOf(transformation);
        int expectedIv = mode.equals("GCM") || mode.equals("CCM") ? 12 : 16;
        SecretKey key = new SecretKeySpec(bytes(rnd, 16), "SM4");
        byte[] pt = bytes(rnd, 100);
        for (Provider from : BOTH) {
            Cipher enc = Cipher.getInstance(transformation, from);
            enc.init(Cipher.ENCRYPT_MODE, key);
            byte[] iv = enc.getIV();
            assertThat(iv).as(from.getName()).hasSize(expectedIv);
            AlgorithmParameters params = enc.getParameters();
            byte[] ct = enc.doFinal(pt);
            Cipher second = Cipher.getInstance(transformation, from);
            second.init(Cipher.ENCRYPT_MODE, key);
            assertThat(second.getIV()).as("a fresh IV per init").isNotEqualTo(iv);
            for (Provider to : BOTH) {
                // Parameters travel between providers as objects and as their encoding.
                Cipher dec = Cipher.getInstance(transformation, to);
                dec.init(Cipher.DECRYPT_MODE, key, params);
                assertThat(dec.doFinal(ct)).as(from.getName() + " -> " + to.getName()).isEqualTo(pt);
                AlgorithmParameters decoded = AlgorithmParameters.getInstance(parametersName(mode, to), to);
                decoded.init(params.getEncoded());
                dec.init(Cipher.DECRYPT_MODE, key, decoded);
                assertThat(dec.doFinal(ct)).as(from.getName() + " -> encoded -> " + to.getName()).isEqualTo(pt);
                assertThat(decoded.getEncoded()).isEqualTo(params.getEncoded());
            }
        }
    }

    private static String parametersName(String mode, Provider p) {
        if (mode.equals("GCM") || mode.equals("CCM")) {
            return p == BC ? mode : "SM4-" + mode;
        }
        return "SM4";
    }

    @ParameterizedTest
    @ValueSource(strings = {"SM4/CBC/NoPadding", "SM4/CTR/NoPadding", "SM4/GCM/NoPadding", "SM4/CCM/NoPadding"})
    void refusesDecryptionWithoutAnIv(String transformation) throws Exception {
        for (Provider p : BOTH) {
            Cipher c = Cipher.getInstance(transformation, p);
            assertThatThrownBy(() -> c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(new byte[16], "SM4")))
                    .as(p.getName()).isInstanceOf(InvalidKeyException.class);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SM4/ECB/PKCS5Padding", "SM4/CBC/PKCS5Padding", "SM4/CTR/NoPadding", "SM4/GCM/NoPadding",
        "SM4/CCM/NoPadding", "SM4-GCM"})
    void rejectsKeysThatAreNot128Bits(String transformation) throws Exception {
        for (Provider p : BOTH) {
            for (int len : new int[] {1, 8, 15, 17, 24, 32}) {
                Cipher c = Cipher.getInstance(transformation, p);
                SecretKey key = new SecretKeySpec(new byte[len], "SM4");
                // With explicit parameters: BouncyCastle's CCM checks the key only once it has them.
                AlgorithmParameterSpec spec = randomParameters(modeOf(transformation), new SplittableRandom(len));
                for (int opmode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
                    if (p == GMFLUX) {
                        assertThatThrownBy(() -> c.init(opmode, key, spec)).as(p.getName() + " " + len)
                                .isInstanceOf(InvalidKeyException.class);
                    } else {
                        // BouncyCastle reports an InvalidAlgorithmParameterException here, and its CCM only
                        // notices the key when the message is processed (with an IllegalArgumentException).
                        assertThatThrownBy(() -> {
                            c.init(opmode, key, spec);
                            c.doFinal(new byte[32]);
                        }).as(p.getName() + " " + len).isInstanceOf(Exception.class);
                    }
                }
            }
            Cipher c = Cipher.getInstance(transformation, GMFLUX);
            assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[24], "SM4")))
                    .isInstanceOf(InvalidKeyException.class);
        }
    }

    @Test
    void rejectsMissingAndNonSecretKeys() throws Exception {
        java.security.PublicKey publicKey = java.security.KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic();
        for (String t : new String[] {"SM4/CBC/PKCS5Padding", "SM4/GCM/NoPadding", "ZUC-128"}) {
            Cipher c = Cipher.getInstance(t, GMFLUX);
            assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, (Key) null)).as(t).isInstanceOf(InvalidKeyException.class)
                    .hasMessageContaining("null");
            assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, publicKey)).as(t).isInstanceOf(InvalidKeyException.class)
                    .hasMessageContaining("SecretKey");
            assertThatThrownBy(() -> c.update(new byte[1])).as(t).isInstanceOf(IllegalStateException.class);
        }
    }

    /** The provider object is shared; each thread's Cipher objects are its own. */
    @Test
    void servesManyThreadsAtOnce() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        try {
            List<java.util.concurrent.Future<?>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 6; t++) {
                long seed = 1000 + t;
                results.add(pool.submit(() -> {
                    SplittableRandom rnd = new SplittableRandom(seed);
                    for (int i = 0; i < 60; i++) {
                        SecretKey key = new SecretKeySpec(bytes(rnd, 16), "SM4");
                        AlgorithmParameterSpec spec = randomParameters("GCM", rnd);
                        byte[] pt = bytes(rnd, rnd.nextInt(0, 2000));
                        byte[] expected = cipher("SM4/GCM/NoPadding", BC, Cipher.ENCRYPT_MODE, key, spec, null, rnd).doFinal(pt);
                        byte[] actual = cipher("SM4/GCM/NoPadding", GMFLUX, Cipher.ENCRYPT_MODE, key, spec, null, rnd).doFinal(pt);
                        assertThat(actual).as("thread seed " + seed + " case " + i).isEqualTo(expected);
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : results) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void rejectsIvLengthsTheModeDoesNotTake() throws Exception {
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        Object[][] cases = {
            {"SM4/ECB/NoPadding", new IvParameterSpec(new byte[16])},
            {"SM4/CBC/PKCS5Padding", new IvParameterSpec(new byte[15])},
            {"SM4/CBC/PKCS5Padding", new IvParameterSpec(new byte[17])},
            {"SM4/CBC/PKCS5Padding", new IvParameterSpec(new byte[0])},
            {"SM4/CFB/NoPadding", new IvParameterSpec(new byte[8])},
            {"SM4/OFB/NoPadding", new IvParameterSpec(new byte[32])},
            {"SM4/CTR/NoPadding", new IvParameterSpec(new byte[7])},
            {"SM4/GCM/NoPadding", new GCMParameterSpec(128, new byte[0])},
            {"SM4/CCM/NoPadding", new GCMParameterSpec(128, new byte[6])},
            {"SM4/CCM/NoPadding", new GCMParameterSpec(128, new byte[14])},
            {"SM4/CCM/NoPadding", new GCMParameterSpec(40, new byte[12])},
            {"SM4/CBC/PKCS5Padding", new GCMParameterSpec(128, new byte[16])},
        };
        for (Provider p : BOTH) {
            for (Object[] c : cases) {
                Cipher cipher = Cipher.getInstance((String) c[0], p);
                AlgorithmParameterSpec spec = (AlgorithmParameterSpec) c[1];
                for (int opmode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
                    assertThatThrownBy(() -> cipher.init(opmode, key, spec)).as(p.getName() + " " + c[0] + " " + describe(spec))
                            .isInstanceOf(InvalidAlgorithmParameterException.class);
                }
            }
        }
        // BouncyCastle fails this one with an ArrayIndexOutOfBounds wrapped in an InvalidKeyException.
        Cipher ctr = Cipher.getInstance("SM4/CTR/NoPadding", GMFLUX);
        assertThatThrownBy(() -> ctr.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[17])))
                .isInstanceOf(InvalidAlgorithmParameterException.class);
    }

    @Test
    void refusesGcmTagsShorterThan96BitsUnlikeBouncyCastle() throws Exception {
        Cipher c = Cipher.getInstance("SM4/GCM/NoPadding", GMFLUX);
        for (int bits : new int[] {32, 64, 88, 100, 136}) {
            assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "SM4"),
                    new GCMParameterSpec(bits, new byte[12]))).as(bits + " bits")
                    .isInstanceOf(InvalidAlgorithmParameterException.class);
        }
    }

    @Test
    void refusesBouncyCastlesAeadParameterSpecRatherThanIgnoreItsSettings() throws Exception {
        Cipher c = Cipher.getInstance("SM4/GCM/NoPadding", GMFLUX);
        AEADParameterSpec spec = new AEADParameterSpec(new byte[12], 96, new byte[] {1, 2, 3});
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "SM4"), spec))
                .isInstanceOf(InvalidAlgorithmParameterException.class)
                .hasMessageContaining("GCMParameterSpec");
    }

    /**
     * The JDK's AES-GCM reuse rules, run on the JDK and on Gmflux's SM4-GCM and SM4-CCM by the same code:
     * after an encryption's doFinal the object refuses work until re-initialised, and an encryption init
     * with the previous encryption's key and IV is refused.
     */
    @ParameterizedTest
    @ValueSource(strings = {"AES/GCM/NoPadding", "SM4/GCM/NoPadding", "SM4/CCM/NoPadding", "SM4-GCM"})
    void refusesKeyAndIvReuseForAeadEncryptionLikeTheJdk(String transformation) throws Exception {
        boolean jdk = transformation.startsWith("AES");
        Cipher c = jdk ? Cipher.getInstance(transformation) : Cipher.getInstance(transformation, GMFLUX);
        SecretKey key = new SecretKeySpec(new byte[16], jdk ? "AES" : "SM4");
        SecretKey otherKey = new SecretKeySpec(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, "SM4");
        GCMParameterSpec spec = new GCMParameterSpec(128, new byte[12]);
        GCMParameterSpec otherIv = new GCMParameterSpec(128, new byte[] {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9});

        c.init(Cipher.ENCRYPT_MODE, key, spec);
        byte[] first = c.doFinal(new byte[10]);
        assertThatThrownBy(() -> c.doFinal(new byte[10])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> c.update(new byte[10])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> c.updateAAD(new byte[10])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, key, spec))
                .isInstanceOf(InvalidAlgorithmParameterException.class);
        // Even without a doFinal in between.
        c.init(Cipher.ENCRYPT_MODE, key, otherIv);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, key, otherIv))
                .isInstanceOf(InvalidAlgorithmParameterException.class);
        // Decryption may repeat; a new IV or a new key is fine.
        c.init(Cipher.DECRYPT_MODE, key, spec);
        assertThat(c.doFinal(first)).isEqualTo(new byte[10]);
        assertThat(c.doFinal(first)).isEqualTo(new byte[10]);
        c.init(Cipher.ENCRYPT_MODE, key, spec);
        c.doFinal(new byte[10]);
        if (!jdk) {
            c.init(Cipher.ENCRYPT_MODE, otherKey, spec);
            c.doFinal(new byte[10]);
        }
        // A random IV each time is the intended use.
        c.init(Cipher.ENCRYPT_MODE, key);
        c.doFinal(new byte[10]);
        c.init(Cipher.ENCRYPT_MODE, key);
        c.doFinal(new byte[10]);
    }

    /**
     * The same rules for the stream modes, where one key and IV repeat a keystream (CTR, OFB) or its
     * first block (CFB): refused in encryption as the JDK refuses GCM; ECB, CBC and decryption unaffected.
     */
    @ParameterizedTest
    @ValueSource(strings = {"SM4/CTR/NoPadding", "SM4/OFB/NoPadding", "SM4/CFB/NoPadding"})
    void refusesKeyAndIvReuseForStreamModeEncryptionAsTheJdkDoesForGcm(String transformation) throws Exception {
        Cipher c = Cipher.getInstance(transformation, GMFLUX);
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        SecretKey otherKey = new SecretKeySpec(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, "SM4");
        IvParameterSpec iv = new IvParameterSpec(new byte[16]);
        IvParameterSpec otherIv = new IvParameterSpec(new byte[] {9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9});

        c.init(Cipher.ENCRYPT_MODE, key, iv);
        byte[] first = c.doFinal(new byte[20]);
        assertThatThrownBy(() -> c.doFinal(new byte[20])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> c.update(new byte[20])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, key, iv)).isInstanceOf(InvalidAlgorithmParameterException.class);
        c.init(Cipher.ENCRYPT_MODE, key, otherIv);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, key, otherIv)).isInstanceOf(InvalidAlgorithmParameterException.class);
        c.init(Cipher.DECRYPT_MODE, key, iv);
        assertThat(c.doFinal(first)).isEqualTo(new byte[20]);
        assertThat(c.doFinal(first)).isEqualTo(new byte[20]);
        c.init(Cipher.ENCRYPT_MODE, otherKey, iv);
        c.doFinal(new byte[20]);
        c.init(Cipher.ENCRYPT_MODE, key);
        c.doFinal(new byte[20]);
        c.init(Cipher.ENCRYPT_MODE, key);
        c.doFinal(new byte[20]);

        Cipher cbc = Cipher.getInstance("SM4/CBC/NoPadding", GMFLUX);
        cbc.init(Cipher.ENCRYPT_MODE, key, iv);
        byte[] once = cbc.doFinal(new byte[16]);
        assertThat(cbc.doFinal(new byte[16])).as("CBC keeps the JCA's reuse after doFinal").isEqualTo(once);
        cbc.init(Cipher.ENCRYPT_MODE, key, iv);
    }

    @Test
    void refusesAadAfterDataAndOutsideAeadModes() throws Exception {
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        Cipher gcm = Cipher.getInstance("SM4/GCM/NoPadding", GMFLUX);
        gcm.init(Cipher.ENCRYPT_MODE, key);
        gcm.update(new byte[20]);
        assertThatThrownBy(() -> gcm.updateAAD(new byte[1])).isInstanceOf(IllegalStateException.class);
        for (Provider p : BOTH) {
            Cipher cbc = Cipher.getInstance("SM4/CBC/PKCS5Padding", p);
            cbc.init(Cipher.ENCRYPT_MODE, key);
            assertThatThrownBy(() -> cbc.updateAAD(new byte[1])).as(p.getName())
                    .isInstanceOf(UnsupportedOperationException.class);
        }
    }

    @Test
    void stopsCtrWhenTheCounterWouldCarryIntoAShortIv() throws Exception {
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        for (Provider p : BOTH) {
            Cipher c = Cipher.getInstance("SM4/CTR/NoPadding", p);
            // Decryption, which may run the same counters again after doFinal (encryption may not).
            c.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(new byte[15]));
            assertThat(c.doFinal(new byte[4096])).hasSize(4096);
            c.update(new byte[4000]);
            // Gmflux refuses the update that would overflow; BouncyCastle fails by the end of the message.
            assertThatThrownBy(() -> {
                c.update(new byte[97]);
                c.doFinal();
            }).as(p.getName()).isInstanceOf(IllegalStateException.class);
            // A full 16-byte IV wraps around 2^128 freely, as in BouncyCastle.
            byte[] ones = new byte[16];
            Arrays.fill(ones, (byte) 0xff);
            c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(ones));
            byte[] wrapped = c.doFinal(new byte[64]);
            c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16]));
            assertThat(Arrays.copyOfRange(wrapped, 16, 64)).as(p.getName()).isEqualTo(c.doFinal(new byte[48]));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"SM4/CBC/PKCS5Padding", "SM4/CTR/NoPadding", "SM4/GCM/NoPadding"})
    void shortOutputBufferChangesNothing(String transformation) throws Exception {
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        byte[] pt = new byte[50];
        Cipher ref = Cipher.getInstance(transformation, BC);
        AlgorithmParameterSpec spec = transformation.contains("GCM") ? new GCMParameterSpec(128, new byte[12])
                : new IvParameterSpec(new byte[16]);
        ref.init(Cipher.ENCRYPT_MODE, key, spec);
        byte[] expected = ref.doFinal(pt);
        Cipher c = Cipher.getInstance(transformation, GMFLUX);
        c.init(Cipher.ENCRYPT_MODE, key, spec);
        assertThatThrownBy(() -> c.update(pt, 0, 50, new byte[10], 0)).isInstanceOf(ShortBufferException.class);
        assertThatThrownBy(() -> c.doFinal(pt, 0, 50, new byte[10], 0)).isInstanceOf(ShortBufferException.class);
        byte[] out = new byte[c.getOutputSize(50)];
        int n = c.doFinal(pt, 0, 50, out, 0);
        assertThat(Arrays.copyOf(out, n)).isEqualTo(expected);
    }

    @Test
    void refusesModesAndPaddingsItDoesNotOffer() {
        for (String t : new String[] {"SM4/CTS/NoPadding", "SM4/CFB8/NoPadding", "SM4/OCB/NoPadding", "SM4-GCM/CBC/NoPadding"}) {
            assertThatThrownBy(() -> Cipher.getInstance(t, GMFLUX)).as(t).isInstanceOf(NoSuchAlgorithmException.class);
        }
        for (String t : new String[] {"SM4/CTR/PKCS5Padding", "SM4/GCM/PKCS5Padding", "SM4/CBC/ISO10126Padding"}) {
            assertThatThrownBy(() -> Cipher.getInstance(t, GMFLUX)).as(t)
                    .isInstanceOfAny(NoSuchPaddingException.class, NoSuchAlgorithmException.class);
        }
    }

    @Test
    void wrapsAndUnwrapsKeysInterchangeablyWithBouncyCastle() throws Exception {
        SecretKey kek = new SecretKeySpec(bytes(new SplittableRandom(3), 16), "SM4");
        SecretKey key = new SecretKeySpec(bytes(new SplittableRandom(4), 32), "ZUC-256");
        IvParameterSpec iv = new IvParameterSpec(new byte[16]);
        for (Provider from : BOTH) {
            Cipher w = Cipher.getInstance("SM4/CBC/PKCS5Padding", from);
            w.init(Cipher.WRAP_MODE, kek, iv);
            byte[] wrapped = w.wrap(key);
            for (Provider to : BOTH) {
                Cipher u = Cipher.getInstance("SM4/CBC/PKCS5Padding", to);
                u.init(Cipher.UNWRAP_MODE, kek, iv);
                Key unwrapped = u.unwrap(wrapped, "ZUC-256", Cipher.SECRET_KEY);
                assertThat(unwrapped.getEncoded()).as(from.getName() + " -> " + to.getName()).isEqualTo(key.getEncoded());
            }
        }
    }

    @Test
    void reportsBlockSizeOutputSizeAndKeySize() throws Exception {
        Cipher c = Cipher.getInstance("SM4/CBC/PKCS5Padding", GMFLUX);
        assertThat(c.getBlockSize()).isEqualTo(16);
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "SM4"));
        assertThat(c.getOutputSize(0)).isGreaterThanOrEqualTo(16);
        assertThat(c.getOutputSize(17)).isGreaterThanOrEqualTo(32);
        Cipher ecb = Cipher.getInstance("SM4/ECB/NoPadding", GMFLUX);
        ecb.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "SM4"));
        assertThat(ecb.getIV()).isNull();
        assertThat(ecb.getParameters()).isNull();
    }
}
