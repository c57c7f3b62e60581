package io.gmflux.codecs.sm2;

import static io.gmflux.codecs.sm2.Sm2SignerTest.seeded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.agreement.SM2KeyExchange;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.SM2KeyExchangePrivateParameters;
import org.bouncycastle.crypto.params.SM2KeyExchangePublicParameters;
import org.junit.jupiter.api.Test;

class Sm2KeyExchangeTest {

    @Test
    void reproducesTheRecommendedCurveVectorInBothRoles() throws Exception {
        int checked = 0;
        for (JsonNode v : Vectors.list("sm2", "key_exchange")) {
            if (!v.path("curve").asText().equals("sm2p256v1")) {
                continue; // the example curve is covered by GenericCurveVectorsTest
            }
            JsonNode a = v.path("initiator");
            JsonNode b = v.path("responder");
            Sm2PrivateKey ka = Sm2PrivateKey.fromBytes(Vectors.hex(a, "private_key"));
            Sm2PrivateKey kb = Sm2PrivateKey.fromBytes(Vectors.hex(b, "private_key"));
            assertThat(ka.publicKey().x()).isEqualTo(Vectors.hex(a, "public_key_x"));
            assertThat(kb.publicKey().y()).isEqualTo(Vectors.hex(b, "public_key_y"));
            byte[] ida = Vectors.hex(a, "user_id");
            byte[] idb = Vectors.hex(b, "user_id");
            assertThat(IdentityHash.za(ida, ka.publicKey())).isEqualTo(Vectors.hex(a, "za"));
            assertThat(IdentityHash.za(idb, kb.publicKey())).isEqualTo(Vectors.hex(b, "zb"));
            Sm2KeyExchange xa = Sm2KeyExchange.withFixedEphemeral(true, ka, ida, kb.publicKey(), idb, Vectors.hex(a, "ephemeral_private_key"));
            Sm2KeyExchange xb = Sm2KeyExchange.withFixedEphemeral(false, kb, idb, ka.publicKey(), ida, Vectors.hex(b, "ephemeral_private_key"));
            byte[] ra = xa.ephemeralPublicKey();
            byte[] rb = xb.ephemeralPublicKey();
            assertThat(java.util.Arrays.copyOfRange(ra, 1, 33)).isEqualTo(Vectors.hex(a, "ephemeral_public_key_x"));
            assertThat(java.util.Arrays.copyOfRange(rb, 33, 65)).isEqualTo(Vectors.hex(b, "ephemeral_public_key_y"));
            int klen = v.path("klen_bits").asInt() / 8;
            Sm2KeyExchange.Agreement atB = xb.agree(ra, klen);
            Sm2KeyExchange.Agreement atA = xa.agree(rb, klen);
            assertThat(atA.sharedKey()).isEqualTo(Vectors.hex(v, "shared_key"));
            assertThat(atB.sharedKey()).isEqualTo(Vectors.hex(v, "shared_key"));
            assertThat(atB.confirmation()).isEqualTo(Vectors.hex(v, "s_b"));
            assertThat(atA.confirmation()).isEqualTo(Vectors.hex(v, "s_a"));
            atA.verifyPeerConfirmation(atB.confirmation());
            atB.verifyPeerConfirmation(atA.confirmation());
            checked++;
        }
        assertThat(checked).isPositive();
    }

    @Test
    void agreesWithBouncyCastleInBothRoles() throws Exception {
        SplittableRandom rnd = new SplittableRandom(71);
        SecureRandom random = seeded(72);
        for (int i = 0; i < 100; i++) {
            boolean weInitiate = i % 2 == 0;
            Sm2KeyPair ours = Sm2KeyPair.generate(random);
            Sm2KeyPair theirs = Sm2KeyPair.generate(random);
            Sm2PrivateKey theirEphemeral = Sm2PrivateKey.generate(random);
            byte[] ourId = new byte[rnd.nextInt(1, 30)];
            byte[] theirId = new byte[rnd.nextInt(1, 30)];
            rnd.nextBytes(ourId);
            rnd.nextBytes(theirId);
            int klen = rnd.nextInt(1, 80);
            String ctx = "seed 71 case " + i;
            Sm2KeyExchange x = weInitiate
                    ? Sm2KeyExchange.initiator(ours.privateKey(), ourId, theirs.publicKey(), theirId, random)
                    : Sm2KeyExchange.responder(ours.privateKey(), ourId, theirs.publicKey(), theirId, random);
            SM2KeyExchange bc = new SM2KeyExchange();
            bc.init(new ParametersWithID(new SM2KeyExchangePrivateParameters(!weInitiate,
                    BouncyCastleSm2.privateKey(theirs.privateKey()), BouncyCastleSm2.privateKey(theirEphemeral)), theirId));
            ECPublicKeyParameters ourEphemeralBc = new ECPublicKeyParameters(
                    BouncyCastleSm2.X9.getCurve().decodePoint(x.ephemeralPublicKey()), BouncyCastleSm2.DOMAIN);
            ParametersWithID ourPublic = new ParametersWithID(new SM2KeyExchangePublicParameters(
                    BouncyCastleSm2.publicKey(ours.publicKey()), ourEphemeralBc), ourId);
            Sm2KeyExchange.Agreement agreement = x.agree(theirEphemeral.publicKey().toUncompressed(), klen);
            if (weInitiate) {
                // BC responds: K, S_B, expected S_A
                byte[][] bcOut = bc.calculateKeyWithConfirmation(klen * 8, null, ourPublic);
                assertThat(agreement.sharedKey()).as(ctx).isEqualTo(bcOut[0]);
                agreement.verifyPeerConfirmation(bcOut[1]);
                assertThat(agreement.confirmation()).as(ctx).isEqualTo(bcOut[2]);
            } else {
                byte[][] bcOut = bc.calculateKeyWithConfirmation(klen * 8, agreement.confirmation(), ourPublic);
                assertThat(agreement.sharedKey()).as(ctx).isEqualTo(bcOut[0]);
                agreement.verifyPeerConfirmation(bcOut[1]);
            }
        }
    }

    @Test
    void rejectsWrongConfirmationInvalidEphemeralAndReuse() throws Exception {
        SecureRandom random = seeded(73);
        Sm2KeyPair a = Sm2KeyPair.generate(random);
        Sm2KeyPair b = Sm2KeyPair.generate(random);
        byte[] id = "1234567812345678".getBytes();
        Sm2KeyExchange xa = Sm2KeyExchange.initiator(a.privateKey(), id, b.publicKey(), id, random);
        Sm2KeyExchange xb = Sm2KeyExchange.responder(b.privateKey(), id, a.publicKey(), id, random);
        Sm2KeyExchange.Agreement atB = xb.agree(xa.ephemeralPublicKey(), 32);
        Sm2KeyExchange.Agreement atA = xa.agree(xb.ephemeralPublicKey(), 32);
        assertThat(atA.sharedKey()).isEqualTo(atB.sharedKey());
        byte[] bad = atB.confirmation();
        bad[5] ^= 1;
        assertThatThrownBy(() -> atA.verifyPeerConfirmation(bad)).isInstanceOf(Sm2KeyExchangeException.class);
        assertThatThrownBy(() -> atB.verifyPeerConfirmation(atB.confirmation())).isInstanceOf(Sm2KeyExchangeException.class);
        assertThatThrownBy(() -> atA.verifyPeerConfirmation(new byte[31])).isInstanceOf(Sm2KeyExchangeException.class);
        assertThatThrownBy(() -> xa.agree(xb.ephemeralPublicKey(), 32)).isInstanceOf(IllegalStateException.class);
        Sm2KeyExchange xc = Sm2KeyExchange.initiator(a.privateKey(), id, b.publicKey(), id, random);
        byte[] offCurve = xb.ephemeralPublicKey();
        offCurve[40] ^= 1;
        assertThatThrownBy(() -> xc.agree(offCurve, 32)).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> xc.agree(new byte[65], 32)).isInstanceOf(InvalidKeyException.class);
        // a different ID on one side gives a different key and failing confirmations
        Sm2KeyExchange xd = Sm2KeyExchange.initiator(a.privateKey(), "other".getBytes(), b.publicKey(), id, random);
        Sm2KeyExchange xe = Sm2KeyExchange.responder(b.privateKey(), id, a.publicKey(), id, random);
        Sm2KeyExchange.Agreement atE = xe.agree(xd.ephemeralPublicKey(), 16);
        Sm2KeyExchange.Agreement atD = xd.agree(xe.ephemeralPublicKey(), 16);
        assertThat(atD.sharedKey()).isNotEqualTo(atE.sharedKey());
        assertThatThrownBy(() -> atD.verifyPeerConfirmation(atE.confirmation())).isInstanceOf(Sm2KeyExchangeException.class);
    }
}
