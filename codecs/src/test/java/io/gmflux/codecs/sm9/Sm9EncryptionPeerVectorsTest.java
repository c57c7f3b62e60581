package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.testing.PeerVectors;
import io.gmflux.codecs.testing.PeerVectors.Case;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * SM9 encryption, KEM and encryption-key extraction cases from gmsm, GmSSL and BouncyCastle
 * ({@code ../shared/peer-vectors/}; skipped when absent). All of them use the standard's C3, so
 * they run in {@link Sm9MacMode#STANDARD}; the GmSSL MAC mode must reject the valid ciphertexts.
 */
class Sm9EncryptionPeerVectorsTest {

    private static Sm9EncryptMasterPrivateKey master(Case c) throws Exception {
        return Sm9EncryptMasterPrivateKey.fromBytes(padded(c.hex("ke")));
    }

    /** Scalars some suites print without leading zero bytes, left-padded to 32 bytes. */
    private static byte[] padded(byte[] k) {
        byte[] out = new byte[32];
        System.arraycopy(k, 0, out, 32 - k.length, k.length);
        return out;
    }

    private static byte hid(Case c) {
        return c.has("hid") ? (byte) c.integer("hid") : Sm9EncryptMasterPrivateKey.HID_ENCRYPT;
    }

    /** A user key from a case's de (raw 128 bytes, 04-prefixed, or a DER BIT STRING in de_der), checked against the master's extraction. */
    private static Sm9EncryptPrivateKey user(Case c, Sm9EncryptMasterPrivateKey master) throws Exception {
        byte[] de = c.has("de_der") ? new DerReader(c.hex("de_der")).readBitString() : c.hex("de");
        if (de.length == 128) {
            de = Sm9Ops.concat(new byte[] {4}, de);
        }
        Sm9EncryptPrivateKey key = Sm9EncryptPrivateKey.fromEncoded(de, master.publicKey(), c.hex("id"), hid(c));
        assertThat(Hex.encode(key.encoded())).as("%s de", c)
                .isEqualTo(Hex.encode(master.extractUserKey(c.hex("id"), hid(c)).encoded()));
        return key;
    }

    @Test
    void encryptionKnownAnswersGmsm() throws Exception {
        encryptionKnownAnswers("gmsm");
    }

    @Test
    void encryptionKnownAnswersBouncyCastle() throws Exception {
        encryptionKnownAnswers("bc");
    }

    private static void encryptionKnownAnswers(String suite) throws Exception {
        for (Case c : PeerVectors.cases(suite, "sm9-enc-kat")) {
            Sm9EncryptMasterPrivateKey master = master(c);
            assertThat(hid(c)).as("%s: encryption uses hid 3", c).isEqualTo(Sm9EncryptMasterPrivateKey.HID_ENCRYPT);
            Sm9CipherMode mode = switch (c.text("mode")) {
                case "stream" -> Sm9CipherMode.STREAM;
                case "sm4-ecb" -> Sm9CipherMode.SM4_ECB;
                default -> throw new AssertionError(c + ": unknown mode " + c.text("mode"));
            };
            Sm9Cipher cipher = new Sm9Cipher(mode);
            byte[] ct = cipher.encrypt(master.publicKey(), c.hex("id"), c.hex("msg"), padded(c.hex("r")));
            assertThat(Hex.encode(ct)).as(c.toString()).isEqualTo(Hex.encode(c.hex("ct")));
            Sm9EncryptPrivateKey user = master.extractUserKey(c.hex("id"));
            assertThat(cipher.decrypt(user, c.hex("ct"))).as(c.toString()).isEqualTo(c.hex("msg"));
            if (mode == Sm9CipherMode.STREAM) {
                assertThatThrownBy(() -> new Sm9Cipher(mode, Sm9MacMode.GMSSL_HMAC_SM3).decrypt(user, c.hex("ct")))
                        .as(c.toString()).isInstanceOf(Sm9DecryptionException.class).hasMessageContaining("C3");
            }
        }
    }

    @Test
    void derCiphertextsDecryptGmsm() throws Exception {
        for (Case c : PeerVectors.cases("gmsm", "sm9-decrypt")) {
            Sm9EncryptMasterPrivateKey master = master(c);
            Sm9EncryptPrivateKey user = user(c, master);
            assertThat(c.text("format")).isEqualTo("der");
            Sm9CiphertextEncoding.Decoded d = Sm9CiphertextEncoding.fromDer(c.hex("ct"));
            if (c.valid()) {
                assertThat(new Sm9Cipher(d.mode()).decrypt(user, d.raw())).as(c.toString()).isEqualTo(c.hex("pt"));
            }
            assertThatThrownBy(() -> new Sm9Cipher(d.mode(), Sm9MacMode.GMSSL_HMAC_SM3).decrypt(user, d.raw()))
                    .as(c.toString()).isInstanceOf(Sm9DecryptionException.class);
        }
    }

    @Test
    void forgedCiphertextsAreRejectedInBothMacModesGmsm() throws Exception {
        for (Case c : PeerVectors.cases("gmsm", "sm9-decrypt-forged")) {
            Sm9EncryptMasterPrivateKey master = master(c);
            Sm9EncryptPrivateKey user = master.extractUserKey(c.hex("id"), hid(c));
            assertThat(c.text("format")).isEqualTo("raw");
            for (Sm9MacMode mac : Sm9MacMode.values()) {
                assertThatThrownBy(() -> new Sm9Cipher(Sm9CipherMode.STREAM, mac).decrypt(user, c.hex("ct")))
                        .as("%s (%s) in %s", c, c.text("why"), mac).isInstanceOf(Sm9DecryptionException.class);
            }
        }
    }

    @Test
    void kemKnownAnswersGmsm() throws Exception {
        kemKnownAnswers("gmsm");
    }

    @Test
    void kemKnownAnswersBouncyCastle() throws Exception {
        kemKnownAnswers("bc");
    }

    private static void kemKnownAnswers(String suite) throws Exception {
        for (Case c : PeerVectors.cases(suite, "sm9-kem-kat")) {
            Sm9EncryptMasterPrivateKey master = master(c);
            assertThat(Hex.encode(Arrays.copyOfRange(master.publicKey().encoded(), 1, 65))).as(c + " Ppub-e")
                    .isEqualTo(c.text("ppube"));
            Sm9EncryptPrivateKey user = user(c, master);
            int klen = c.integer("klen");
            Sm9Kem.Encapsulated e = new Sm9Kem().encapsulate(master.publicKey(), c.hex("id"), klen, padded(c.hex("r")));
            assertThat(Hex.encode(e.encapsulation())).as(c.toString()).isEqualTo(c.text("c"));
            assertThat(Hex.encode(e.sharedSecret())).as(c.toString()).isEqualTo(c.text("k"));
            assertThat(Hex.encode(new Sm9Kem().decapsulate(user, c.hex("c"), klen))).as(c.toString()).isEqualTo(c.text("k"));
        }
    }

    @Test
    void kemDecapsulationGmsm() throws Exception {
        for (Case c : PeerVectors.cases("gmsm", "sm9-kem-decap")) {
            Sm9EncryptMasterPrivateKey master = master(c);
            Sm9EncryptPrivateKey user = user(c, master);
            byte[] point = new DerReader(c.hex("c_der")).readBitString();
            assertThat(point[0]).as("%s: uncompressed C", c).isEqualTo((byte) 4);
            byte[] k = new Sm9Kem().decapsulate(user, Arrays.copyOfRange(point, 1, point.length), c.integer("klen"));
            assertThat(Hex.encode(k)).as(c.toString()).isEqualTo(c.text("k"));
        }
    }

    @Test
    void forgedEncapsulationsAreRejectedGmsm() throws Exception {
        for (Case c : PeerVectors.cases("gmsm", "sm9-kem-forged")) {
            Sm9EncryptMasterPrivateKey master = master(c);
            Sm9EncryptPrivateKey user = master.extractUserKey(c.hex("id"), hid(c));
            assertThatThrownBy(() -> new Sm9Kem().decapsulate(user, c.hex("c"), c.integer("klen")))
                    .as("%s (%s)", c, c.text("why")).isInstanceOf(Sm9DecryptionException.class);
        }
    }

    @Test
    void encryptionUserKeyExtractionGmssl() throws Exception {
        for (Case c : PeerVectors.cases("gmssl", "sm9-enc-userkey")) {
            Sm9EncryptMasterPrivateKey master = master(c);
            assertThat(Hex.encode(master.extractUserKey(c.hex("id"), hid(c)).encoded())).as(c.toString())
                    .isEqualTo(c.text("de"));
        }
    }
}
