package io.gmflux.codecs.sm2;

import static io.gmflux.codecs.sm2.Sm2SignerTest.seeded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.testing.Vectors;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.engines.SM2Engine;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.junit.jupiter.api.Test;

class Sm2CipherTest {

    @Test
    void reproducesTheRecommendedCurveVectorWithFixedKInEveryForm() throws Exception {
        int checked = 0;
        for (JsonNode v : Vectors.list("sm2", "encryption")) {
            if (!v.path("curve").asText().equals("sm2p256v1")) {
                continue; // the example curve is covered by GenericCurveVectorsTest
            }
            Sm2PrivateKey key = Sm2PrivateKey.fromBytes(Vectors.hex(v, "private_key"));
            assertThat(key.publicKey().x()).isEqualTo(Vectors.hex(v, "public_key_x"));
            byte[] msg = Vectors.hex(v, "message");
            Sm2Cipher cipher = new Sm2Cipher();
            byte[] c132 = cipher.encryptWithFixedK(key.publicKey(), msg, Sm2CiphertextLayout.C1C3C2, Vectors.hex(v, "k"));
            assertThat(c132).isEqualTo(Vectors.hex(v, "ciphertext_c1c3c2"));
            byte[] c123 = cipher.encryptWithFixedK(key.publicKey(), msg, Sm2CiphertextLayout.C1C2C3, Vectors.hex(v, "k"));
            assertThat(c123).isEqualTo(Vectors.hex(v, "ciphertext_c1c2c3"));
            assertThat(cipher.decrypt(key, Vectors.hex(v, "ciphertext_c1c3c2"))).isEqualTo(msg);
            assertThat(cipher.decrypt(key, Vectors.hex(v, "ciphertext_c1c2c3"), Sm2CiphertextLayout.C1C2C3)).isEqualTo(msg);
            byte[] der = Vectors.hex(v, "ciphertext_der_gmt0009");
            assertThat(Sm2CiphertextEncoding.toDer(c132, Sm2CiphertextLayout.C1C3C2)).isEqualTo(der);
            assertThat(Sm2CiphertextEncoding.fromDer(der, Sm2CiphertextLayout.C1C3C2)).isEqualTo(c132);
            assertThat(Sm2CiphertextEncoding.fromDer(der, Sm2CiphertextLayout.C1C2C3)).isEqualTo(c123);
            assertThat(Sm2CiphertextEncoding.convert(c132, Sm2CiphertextLayout.C1C3C2, Sm2CiphertextLayout.C1C2C3)).isEqualTo(c123);
            checked++;
        }
        assertThat(checked).isPositive();
    }

    @Test
    void agreesWithBouncyCastleBothWaysOnRandomKeysAndMessages() throws Exception {
        SplittableRandom rnd = new SplittableRandom(51);
        SecureRandom random = seeded(52);
        Sm2Cipher cipher = new Sm2Cipher(random);
        for (int i = 0; i < 1_000; i++) {
            Sm2KeyPair pair = Sm2KeyPair.generate(random);
            byte[] msg = new byte[rnd.nextInt(1, i % 50 == 0 ? 4097 : 200)];
            rnd.nextBytes(msg);
            String ctx = "seed 51 case " + i + " length " + msg.length;
            Sm2CiphertextLayout layout = rnd.nextBoolean() ? Sm2CiphertextLayout.C1C3C2 : Sm2CiphertextLayout.C1C2C3;
            SM2Engine.Mode mode = layout == Sm2CiphertextLayout.C1C3C2 ? SM2Engine.Mode.C1C3C2 : SM2Engine.Mode.C1C2C3;
            // ours -> BC
            byte[] ours = cipher.encrypt(pair.publicKey(), msg, layout);
            SM2Engine bcDec = new SM2Engine(mode);
            bcDec.init(false, BouncyCastleSm2.privateKey(pair.privateKey()));
            assertThat(bcDec.processBlock(ours, 0, ours.length)).as(ctx).isEqualTo(msg);
            // BC -> ours
            SM2Engine bcEnc = new SM2Engine(mode);
            bcEnc.init(true, new ParametersWithRandom(BouncyCastleSm2.publicKey(pair.publicKey()), random));
            byte[] theirs = bcEnc.processBlock(msg, 0, msg.length);
            assertThat(cipher.decrypt(pair.privateKey(), theirs, layout)).as(ctx).isEqualTo(msg);
            // DER round trip
            byte[] der = Sm2CiphertextEncoding.toDer(theirs, layout);
            assertThat(cipher.decrypt(pair.privateKey(), Sm2CiphertextEncoding.fromDer(der, layout), layout)).as(ctx).isEqualTo(msg);
        }
    }

    @Test
    void encryptionToAPreparedKeyDecryptsInBouncyCastleAndHere() throws Exception {
        SecureRandom random = seeded(63);
        SplittableRandom rnd = new SplittableRandom(64);
        Sm2Cipher cipher = new Sm2Cipher(random);
        for (int key = 0; key < 3; key++) {
            Sm2KeyPair pair = Sm2KeyPair.generate(random);
            Sm2PreparedPublicKey prepared = Sm2PreparedPublicKey.of(pair.publicKey());
            assertThat(prepared.publicKey()).isEqualTo(pair.publicKey());
            SM2Engine bcDec = new SM2Engine(SM2Engine.Mode.C1C3C2);
            bcDec.init(false, BouncyCastleSm2.privateKey(pair.privateKey()));
            for (int i = 0; i < 50; i++) {
                byte[] msg = new byte[rnd.nextInt(1, 300)];
                rnd.nextBytes(msg);
                byte[] ct = cipher.encrypt(prepared, msg);
                assertThat(bcDec.processBlock(ct, 0, ct.length)).as("key " + key + " case " + i).isEqualTo(msg);
                assertThat(cipher.decrypt(pair.privateKey(), ct)).isEqualTo(msg);
                byte[] ct2 = cipher.encrypt(prepared, msg, Sm2CiphertextLayout.C1C2C3);
                assertThat(cipher.decrypt(pair.privateKey(), ct2, Sm2CiphertextLayout.C1C2C3)).isEqualTo(msg);
            }
        }
    }

    @Test
    void rejectsWrongC3FlippedBitsTruncationAndWrongKeyWithTypedException() throws Exception {
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(53));
        Sm2Cipher cipher = new Sm2Cipher(seeded(54));
        byte[] msg = "encryption standard".getBytes();
        byte[] ct = cipher.encrypt(pair.publicKey(), msg);
        for (int bit = 0; bit < ct.length * 8; bit += 3) {
            byte[] t = ct.clone();
            t[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThatThrownBy(() -> cipher.decrypt(pair.privateKey(), t)).as("bit " + bit).isInstanceOf(Sm2DecryptionException.class);
        }
        for (int len = 0; len < ct.length; len++) {
            byte[] t = Arrays.copyOf(ct, len);
            assertThatThrownBy(() -> cipher.decrypt(pair.privateKey(), t)).as("truncated to " + len).isInstanceOf(Sm2DecryptionException.class);
        }
        Sm2PrivateKey other = Sm2PrivateKey.generate(seeded(55));
        assertThatThrownBy(() -> cipher.decrypt(other, ct)).isInstanceOf(Sm2DecryptionException.class).hasMessageContaining("C3");
        // the wrong layout reads C2 as C3
        assertThatThrownBy(() -> cipher.decrypt(pair.privateKey(), ct, Sm2CiphertextLayout.C1C2C3)).isInstanceOf(Sm2DecryptionException.class);
    }

    @Test
    void rejectsC1OffTheCurveOrOutOfRangeBeforeUsingTheKey() throws Exception {
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(56));
        Sm2Cipher cipher = new Sm2Cipher(seeded(57));
        byte[] ct = cipher.encrypt(pair.publicKey(), new byte[40]);
        byte[] offCurve = ct.clone();
        offCurve[64] ^= 1; // y changed: not on the curve
        byte[] xIsP = ct.clone();
        System.arraycopy(Hex.decode("fffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffff"), 0, xIsP, 1, 32);
        byte[] infinity = ct.clone();
        Arrays.fill(infinity, 0, 65, (byte) 0);
        byte[] badFormat = ct.clone();
        badFormat[0] = 0x05;
        // a destroyed key proves the check runs first: validation fails before the key is touched
        Sm2PrivateKey destroyed = Sm2PrivateKey.generate(seeded(58));
        destroyed.destroy();
        // a compressed C1 whose x has no point on the curve: the first such small x
        byte[] compressedNoPoint = new byte[33 + 32 + 40];
        compressedNoPoint[0] = 2;
        do {
            compressedNoPoint[32]++;
        } while (isCompressedDecodable(compressedNoPoint));
        for (byte[] t : new byte[][] {offCurve, xIsP, infinity, badFormat, compressedNoPoint}) {
            assertThatThrownBy(() -> cipher.decrypt(pair.privateKey(), t)).isInstanceOf(Sm2DecryptionException.class).hasMessageContaining("C1");
            assertThatThrownBy(() -> cipher.decrypt(destroyed, t)).isInstanceOf(Sm2DecryptionException.class);
        }
    }

    private static boolean isCompressedDecodable(byte[] ct) {
        try {
            Sm2PublicKey.fromEncoded(Arrays.copyOf(ct, 33));
            return true;
        } catch (java.security.InvalidKeyException e) {
            return false;
        }
    }

    @Test
    void acceptsACompressedC1() throws Exception {
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(59));
        Sm2Cipher cipher = new Sm2Cipher(seeded(60));
        for (int i = 0; i < 20; i++) {
            byte[] msg = new byte[i + 1];
            byte[] ct = cipher.encrypt(pair.publicKey(), msg);
            Sm2PublicKey c1 = Sm2PublicKey.fromEncoded(Arrays.copyOf(ct, 65));
            byte[] compressed = new byte[ct.length - 32];
            System.arraycopy(c1.toCompressed(), 0, compressed, 0, 33);
            System.arraycopy(ct, 65, compressed, 33, ct.length - 65);
            assertThat(cipher.decrypt(pair.privateKey(), compressed)).isEqualTo(msg);
        }
    }

    @Test
    void rejectsMalformedDerAndBadArguments() {
        byte[][] bad = {
            new byte[0],
            Hex.decode("3000"),
            Hex.decode("300a020101020101040100040100"), // C3 of 1 byte
            Hex.decode("3006020101020101"), // missing octet strings
            Hex.decode("302a0201ff020101042000000000000000000000000000000000000000000000000000000000000000000401aa"), // negative x
        };
        for (byte[] b : bad) {
            assertThatThrownBy(() -> Sm2CiphertextEncoding.fromDer(b, Sm2CiphertextLayout.C1C3C2)).as(Hex.encode(b))
                    .isInstanceOf(Sm2DecryptionException.class);
        }
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(61));
        Sm2Cipher cipher = new Sm2Cipher(seeded(62));
        assertThatThrownBy(() -> cipher.encrypt(pair.publicKey(), new byte[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> cipher.encrypt((Sm2PublicKey) null, new byte[1])).isInstanceOf(NullPointerException.class).hasMessageContaining("key");
        assertThatThrownBy(() -> cipher.decrypt(pair.privateKey(), null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("ciphertext");
    }

    /**
     * Regression: C2 in JDK 17.0.15 miscompiled the SM3 KDF's last-block copy once inlined into SM2
     * decryption, so after a few thousand warm calls decryption derived a wrong (all-zero) keystream.
     * Enough round trips here for C2 to compile the whole path, every one checked.
     */
    @Test
    void staysCorrectAfterTheJitHasCompiledEncryptionAndDecryption() throws Exception {
        SplittableRandom rnd = new SplittableRandom(61);
        SecureRandom random = seeded(62);
        Sm2Cipher cipher = new Sm2Cipher(random);
        Sm2KeyPair pair = Sm2KeyPair.generate(random);
        for (int i = 0; i < 8_000; i++) {
            byte[] msg = new byte[rnd.nextInt(1, 100)];
            rnd.nextBytes(msg);
            byte[] ct = cipher.encrypt(pair.publicKey(), msg);
            assertThat(cipher.decrypt(pair.privateKey(), ct)).as("seed 61 case %d", i).isEqualTo(msg);
        }
        SM2Engine bc = new SM2Engine(SM2Engine.Mode.C1C3C2);
        bc.init(false, BouncyCastleSm2.privateKey(pair.privateKey()));
        byte[] msg = "after warm-up".getBytes();
        byte[] ct = cipher.encrypt(pair.publicKey(), msg);
        assertThat(bc.processBlock(ct, 0, ct.length)).isEqualTo(msg);
    }
}
