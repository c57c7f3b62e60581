package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.testing.Vectors;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

/** {@link Sm9MacMode#GMSSL_HMAC_SM3}: GmSSL 3.x's C3 = HMAC-SM3(K2, C2) and its limits. */
class Sm9GmsslMacModeTest {

    private static final Sm9EncryptMasterPrivateKey MASTER = Sm9EncryptMasterPrivateKey.generate(BouncyCastleSm9.seeded(71));
    private static final byte[] ID = "bob@example.com".getBytes(StandardCharsets.UTF_8);
    private static final Sm9EncryptPrivateKey BOB = MASTER.extractUserKey(ID);

    private static Sm9Cipher gmssl(SecureRandom random) {
        return new Sm9Cipher(Sm9CipherMode.STREAM, Sm9MacMode.GMSSL_HMAC_SM3, random);
    }

    /** BouncyCastle's HMAC-SM3, an independent computation of GmSSL's C3. */
    private static byte[] bcHmacSm3(byte[] key, byte[] data) {
        HMac h = new HMac(new SM3Digest());
        h.init(new KeyParameter(key));
        h.update(data, 0, data.length);
        byte[] out = new byte[32];
        h.doFinal(out, 0);
        return out;
    }

    @Test
    void annexDExampleWithGmsslsC3() throws Exception {
        for (JsonNode v : Vectors.list("sm9", "encryption")) {
            Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.fromBytes(Vectors.hex(v, "master_private_key_ke"));
            byte[] id = Vectors.hex(v, "user_id");
            Sm9EncryptPrivateKey user = master.extractUserKey(id, Vectors.hex(v, "hid")[0]);
            byte[] msg = Vectors.hex(v, "message");
            JsonNode m = v.get("stream_mode");
            byte[] c2 = Vectors.hex(m, "C2");
            // Same r, so the same C1 and C2 as the standard's example; only C3 differs.
            byte[] expected = Sm9Ops.concat(java.util.Arrays.copyOfRange(Vectors.hex(v.get("C1"), "encoded"), 1, 65),
                    bcHmacSm3(Vectors.hex(m, "K2"), c2), c2);
            Sm9Cipher c = new Sm9Cipher(Sm9CipherMode.STREAM, Sm9MacMode.GMSSL_HMAC_SM3);
            byte[] ct = c.encrypt(master.publicKey(), id, msg, Vectors.hex(v, "r"));
            assertThat(Hex.encode(ct)).isEqualTo(Hex.encode(expected));
            assertThat(Hex.encode(java.util.Arrays.copyOfRange(ct, 64, 96))).isNotEqualTo(m.get("C3").asText());
            assertThat(c.decrypt(user, ct)).isEqualTo(msg);
            byte[] standard = Vectors.hex(m, "ciphertext_c1c3c2");
            assertThatThrownBy(() -> c.decrypt(user, standard)).isInstanceOf(Sm9DecryptionException.class)
                    .hasMessageContaining("C3");
            assertThatThrownBy(() -> new Sm9Cipher(Sm9CipherMode.STREAM).decrypt(user, ct))
                    .isInstanceOf(Sm9DecryptionException.class).hasMessageContaining("C3");
        }
    }

    @Test
    void aCiphertextDecryptsOnlyUnderTheMacModeItWasMadeWith() throws Exception {
        SplittableRandom rnd = new SplittableRandom(72);
        Sm9Cipher hmac = gmssl(BouncyCastleSm9.seeded(73));
        Sm9Cipher standard = new Sm9Cipher(Sm9CipherMode.STREAM, Sm9MacMode.STANDARD, BouncyCastleSm9.seeded(74));
        for (int len : new int[] {0, 1, 12, 32, 100, 255}) {
            byte[] msg = new byte[len];
            rnd.nextBytes(msg);
            byte[] h = hmac.encrypt(MASTER.publicKey(), ID, msg);
            byte[] s = standard.encrypt(MASTER.publicKey(), ID, msg);
            assertThat(hmac.decrypt(BOB, h)).as("len %d", len).isEqualTo(msg);
            assertThat(standard.decrypt(BOB, s)).as("len %d", len).isEqualTo(msg);
            assertThatThrownBy(() -> standard.decrypt(BOB, h)).as("HMAC C3 under STANDARD, len %d", len)
                    .isInstanceOf(Sm9DecryptionException.class).hasMessageContaining("MAC mode STANDARD");
            assertThatThrownBy(() -> hmac.decrypt(BOB, s)).as("standard C3 under GMSSL_HMAC_SM3, len %d", len)
                    .isInstanceOf(Sm9DecryptionException.class).hasMessageContaining("MAC mode GMSSL_HMAC_SM3");
        }
    }

    @Test
    void gmsslModeRefusesWhatGmsslCannotProduceOrRead() throws Exception {
        assertThatThrownBy(() -> new Sm9Cipher(Sm9CipherMode.SM4_ECB, Sm9MacMode.GMSSL_HMAC_SM3))
                .isInstanceOf(Sm9GmsslLimitException.class).hasMessageContaining("SM4_ECB");
        Sm9Cipher c = gmssl(BouncyCastleSm9.seeded(75));
        assertThatThrownBy(() -> c.encrypt(MASTER.publicKey(), ID, new byte[256]))
                .isInstanceOf(Sm9GmsslLimitException.class).hasMessageContaining("255");
        // A 256-byte C2 (made in the standard mode) is refused before any pairing, whatever its C3.
        byte[] longCt = new Sm9Cipher(Sm9CipherMode.STREAM).encrypt(MASTER.publicKey(), ID, new byte[256]);
        assertThatThrownBy(() -> c.decrypt(BOB, longCt)).isInstanceOf(Sm9DecryptionException.class)
                .hasMessageContaining("255");
        assertThatThrownBy(() -> new Sm9Cipher(Sm9CipherMode.STREAM, (Sm9MacMode) null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("macMode");
    }

    @Test
    void tamperedGmsslCiphertextsAreRejected() throws Exception {
        Sm9Cipher c = gmssl(BouncyCastleSm9.seeded(76));
        byte[] ct = c.encrypt(MASTER.publicKey(), ID, "hello gmflux".getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < ct.length; i += 3) {
            byte[] t = ct.clone();
            t[i] ^= 0x20;
            int at = i;
            assertThatThrownBy(() -> c.decrypt(BOB, t)).as("byte %d", at).isInstanceOf(Sm9DecryptionException.class);
        }
    }

    /**
     * GmSSL refuses a KDF output only when all of K1 ‖ K2 is zero, so about 1 in 256 of its
     * one-byte ciphertexts has K1 = 00 and C2 = M. The GmSSL mode makes and reads those; the
     * standard mode refuses them (GB/T 38635.2 step B4: K1 all zero).
     */
    @Test
    void aZeroK1IsGmsslsToAcceptAndTheStandardsToRefuse() throws Exception {
        SecureRandom rs = BouncyCastleSm9.seeded(77);
        Sm9Cipher c = gmssl(rs);
        byte[] msg = {0x5a};
        byte[] found = null;
        for (int attempt = 0; attempt < 4096 && found == null; attempt++) {
            byte[] r = ScalarN.random(rs);
            byte[] ct = c.encrypt(MASTER.publicKey(), ID, msg, r);
            // In the standard mode the same r gives null exactly when K1 is zero.
            if (new Sm9Cipher(Sm9CipherMode.STREAM).encrypt(MASTER.publicKey(), ID, msg, r) == null) {
                found = ct;
            }
        }
        assertThat(found).as("a zero K1 within 4096 draws (seed 77)").isNotNull();
        assertThat(found[96]).as("C2 = M xor 00").isEqualTo(msg[0]);
        assertThat(c.decrypt(BOB, found)).isEqualTo(msg);
        byte[] zeroK1 = found;
        assertThatThrownBy(() -> new Sm9Cipher(Sm9CipherMode.STREAM).decrypt(BOB, zeroK1))
                .isInstanceOf(Sm9DecryptionException.class).hasMessageContaining("K1 is all zero");
    }
}
