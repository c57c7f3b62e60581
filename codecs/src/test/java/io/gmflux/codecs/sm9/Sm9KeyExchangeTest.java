package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.agreement.SM9KeyExchange;
import org.bouncycastle.crypto.params.SM9EncMasterPrivateKeyParameters;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.sm9.SM9Curve;
import org.junit.jupiter.api.Test;

class Sm9KeyExchangeTest {

    @Test
    void agreesWithBouncyCastleInBothRolesOnRandomKeysAndIds() throws Exception {
        SplittableRandom rnd = new SplittableRandom(7373);
        for (int i = 0; i < 8; i++) {
            boolean gmfluxInitiates = (i & 1) == 0;
            String c = "case " + i + (gmfluxInitiates ? " gmflux=A" : " gmflux=B") + " (seed 7373)";
            Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.generate(BouncyCastleSm9.seeded(rnd.nextLong()));
            SM9EncMasterPrivateKeyParameters bcMaster = BouncyCastleSm9.encryptMaster(master);
            byte[] idA = BouncyCastleSm9.randomId(rnd, 1);
            byte[] idB = BouncyCastleSm9.randomId(rnd, 1);
            int klen = 1 + rnd.nextInt(64);
            byte[] ownId = gmfluxInitiates ? idA : idB;
            byte[] peerId = gmfluxInitiates ? idB : idA;
            Sm9EncryptPrivateKey own = master.extractKeyExchangeKey(ownId);
            Sm9KeyExchange mine = gmfluxInitiates
                    ? Sm9KeyExchange.initiator(own, peerId, BouncyCastleSm9.seeded(rnd.nextLong()))
                    : Sm9KeyExchange.responder(own, peerId, BouncyCastleSm9.seeded(rnd.nextLong()));
            SM9KeyExchange theirs = new SM9KeyExchange(bcMaster.generateExchangeKey(peerId), ownId, !gmfluxInitiates);
            ECPoint theirR = theirs.generateEphemeral(new SecureRandom());
            byte[] bcKey = theirs.calculateKey(8 * klen, SM9Curve.G1.decodePoint(mine.ephemeralPublicKey()));
            Sm9KeyExchange.Agreement agreed = mine.agree(theirR.getEncoded(false), klen);
            assertThat(agreed.sharedKey()).as(c).isEqualTo(bcKey);
            if (gmfluxInitiates) {
                agreed.verifyPeerConfirmation(theirs.getResponderConfirmation());
                assertThat(agreed.confirmation()).as(c).isEqualTo(theirs.getInitiatorConfirmation());
            } else {
                agreed.verifyPeerConfirmation(theirs.getInitiatorConfirmation());
                assertThat(agreed.confirmation()).as(c).isEqualTo(theirs.getResponderConfirmation());
            }
        }
    }

    @Test
    void rejectsAWrongConfirmationAndAnEphemeralOffTheCurve() throws Exception {
        Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.generate(BouncyCastleSm9.seeded(74));
        byte[] idA = "alice".getBytes();
        byte[] idB = "bob".getBytes();
        Sm9EncryptPrivateKey a = master.extractKeyExchangeKey(idA);
        Sm9EncryptPrivateKey b = master.extractKeyExchangeKey(idB);
        Sm9KeyExchange xa = Sm9KeyExchange.initiator(a, idB, BouncyCastleSm9.seeded(75));
        Sm9KeyExchange xb = Sm9KeyExchange.responder(b, idA, BouncyCastleSm9.seeded(76));
        byte[] offCurve = xa.ephemeralPublicKey();
        offCurve[64] ^= 1;
        assertThatThrownBy(() -> xb.agree(offCurve, 16)).isInstanceOf(Sm9KeyExchangeException.class);
        Sm9KeyExchange.Agreement atB = xb.agree(xa.ephemeralPublicKey(), 16);
        Sm9KeyExchange.Agreement atA = xa.agree(xb.ephemeralPublicKey(), 16);
        assertThat(atA.sharedKey()).isEqualTo(atB.sharedKey());
        byte[] bad = atB.confirmation();
        bad[7] ^= 0x40;
        assertThatThrownBy(() -> atA.verifyPeerConfirmation(bad)).isInstanceOf(Sm9KeyExchangeException.class);
        assertThatThrownBy(() -> xa.agree(xb.ephemeralPublicKey(), 16)).isInstanceOf(IllegalStateException.class);
        // A party that thinks it talks to someone else derives another key.
        Sm9KeyExchange xc = Sm9KeyExchange.initiator(a, "carol".getBytes(), BouncyCastleSm9.seeded(77));
        Sm9KeyExchange xb2 = Sm9KeyExchange.responder(b, idA, BouncyCastleSm9.seeded(78));
        Sm9KeyExchange.Agreement b2 = xb2.agree(xc.ephemeralPublicKey(), 16);
        Sm9KeyExchange.Agreement c2 = xc.agree(xb2.ephemeralPublicKey(), 16);
        assertThat(c2.sharedKey()).isNotEqualTo(b2.sharedKey());
        assertThatThrownBy(() -> c2.verifyPeerConfirmation(b2.confirmation())).isInstanceOf(Sm9KeyExchangeException.class);
    }
}
