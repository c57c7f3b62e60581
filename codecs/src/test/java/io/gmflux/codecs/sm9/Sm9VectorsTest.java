package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.testing.Vectors;
import org.junit.jupiter.api.Test;

/** Every SM9 vector of vectors.json (GM/T 0044.5 annexes A-D, both key-exchange editions). */
class Sm9VectorsTest {

    private static String hex(JsonNode v, String f) {
        return Hex.encode(Vectors.hex(v, f));
    }

    @Test
    void signatureExampleAnnexA() throws Exception {
        for (JsonNode v : Vectors.list("sm9", "signature")) {
            Sm9SignMasterPrivateKey master = Sm9SignMasterPrivateKey.fromBytes(Vectors.hex(v, "master_private_key_ks"));
            assertThat(Hex.encode(master.publicKey().encoded()))
                    .isEqualTo(hex(v.get("master_public_key_Ppub_s"), "encoded"));
            byte[] id = Vectors.hex(v, "user_id");
            byte hid = Vectors.hex(v, "hid")[0];
            assertThat(Hex.encode(Sm9Hash.h1(id, hid))).isEqualTo(hex(v, "h1"));
            Sm9SignPrivateKey user = master.extractUserKey(id, hid);
            assertThat(Hex.encode(user.encoded())).isEqualTo(hex(v.get("user_private_key_dsA"), "encoded"));
            byte[] msg = Vectors.hex(v, "message");
            byte[] sig = new Sm9Signer(user).sign(msg, 0, msg.length, Vectors.hex(v, "r"));
            assertThat(Hex.encode(sig)).as(v.get("id").asText()).isEqualTo(hex(v, "signature_h_S"));
            assertThat(new Sm9Verifier(master.publicKey(), id, hid).verify(msg, sig)).isTrue();
        }
    }

    @Test
    void kemExampleAnnexC() throws Exception {
        for (JsonNode v : Vectors.list("sm9", "kem")) {
            Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.fromBytes(Vectors.hex(v, "master_private_key_ke"));
            assertThat(Hex.encode(master.publicKey().encoded()))
                    .isEqualTo(hex(v.get("master_public_key_Ppub_e"), "encoded"));
            byte[] id = Vectors.hex(v, "user_id");
            byte hid = Vectors.hex(v, "hid")[0];
            Sm9EncryptPrivateKey user = master.extractUserKey(id, hid);
            assertThat(Hex.encode(user.encoded())).isEqualTo(hex(v.get("user_private_key_de"), "encoded"));
            int klen = v.get("klen_bits").asInt() / 8;
            Sm9Kem.Encapsulated e = new Sm9Kem().encapsulate(master.publicKey(), id, klen, Vectors.hex(v, "r"));
            assertThat("04" + Hex.encode(e.encapsulation())).isEqualTo(hex(v.get("C"), "encoded"));
            assertThat(Hex.encode(e.sharedSecret())).isEqualTo(hex(v, "K"));
            assertThat(Hex.encode(new Sm9Kem().decapsulate(user, e.encapsulation(), klen))).isEqualTo(hex(v, "K"));
        }
    }

    @Test
    void encryptionExampleAnnexDBothModes() throws Exception {
        for (JsonNode v : Vectors.list("sm9", "encryption")) {
            Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.fromBytes(Vectors.hex(v, "master_private_key_ke"));
            byte[] id = Vectors.hex(v, "user_id");
            Sm9EncryptPrivateKey user = master.extractUserKey(id, Vectors.hex(v, "hid")[0]);
            assertThat(Hex.encode(user.encoded())).isEqualTo(hex(v.get("user_private_key_de"), "encoded"));
            byte[] msg = Vectors.hex(v, "message");
            for (Sm9CipherMode mode : Sm9CipherMode.values()) {
                JsonNode m = v.get(mode == Sm9CipherMode.STREAM ? "stream_mode" : "block_mode_sm4_ecb_pkcs5");
                Sm9Cipher c = new Sm9Cipher(mode);
                byte[] ct = c.encrypt(master.publicKey(), id, msg, Vectors.hex(v, "r"));
                assertThat(Hex.encode(ct)).as(mode.name()).isEqualTo(hex(m, "ciphertext_c1c3c2"));
                assertThat(c.decrypt(user, ct)).isEqualTo(msg);
            }
        }
    }

    @Test
    void keyExchangeExampleAnnexBBothEditions() throws Exception {
        for (JsonNode v : Vectors.list("sm9", "key_exchange")) {
            Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.fromBytes(Vectors.hex(v, "master_private_key_ke"));
            byte hid = Vectors.hex(v, "hid")[0];
            JsonNode a = v.get("initiator");
            JsonNode b = v.get("responder");
            byte[] idA = Vectors.hex(a, "user_id");
            byte[] idB = Vectors.hex(b, "user_id");
            Sm9EncryptPrivateKey keyA = master.extractUserKey(idA, hid);
            Sm9EncryptPrivateKey keyB = master.extractUserKey(idB, hid);
            assertThat(Hex.encode(keyA.encoded())).isEqualTo(hex(a.get("user_private_key_de"), "encoded"));
            assertThat(Hex.encode(keyB.encoded())).isEqualTo(hex(b.get("user_private_key_de"), "encoded"));
            Sm9KeyExchange xa = Sm9KeyExchange.withFixedEphemeral(true, keyA, idB, Vectors.hex(a, "r"));
            Sm9KeyExchange xb = Sm9KeyExchange.withFixedEphemeral(false, keyB, idA, Vectors.hex(b, "r"));
            assertThat(Hex.encode(xa.ephemeralPublicKey())).isEqualTo(hex(a.get("R"), "encoded"));
            assertThat(Hex.encode(xb.ephemeralPublicKey())).isEqualTo(hex(b.get("R"), "encoded"));
            int klen = v.get("klen_bits").asInt() / 8;
            Sm9KeyExchange.Agreement atB = xb.agree(xa.ephemeralPublicKey(), klen);
            Sm9KeyExchange.Agreement atA = xa.agree(xb.ephemeralPublicKey(), klen);
            String id = v.get("id").asText();
            assertThat(Hex.encode(atA.sharedKey())).as(id).isEqualTo(hex(v, "shared_key"));
            assertThat(Hex.encode(atB.sharedKey())).as(id).isEqualTo(hex(v, "shared_key"));
            assertThat(Hex.encode(atB.confirmation())).as(id).isEqualTo(hex(v, "s_b"));
            assertThat(Hex.encode(atA.confirmation())).as(id).isEqualTo(hex(v, "s_a"));
            atA.verifyPeerConfirmation(atB.confirmation());
            atB.verifyPeerConfirmation(atA.confirmation());
        }
    }
}
