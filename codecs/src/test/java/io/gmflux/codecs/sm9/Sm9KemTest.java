package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.SecretWithEncapsulation;
import org.bouncycastle.crypto.kems.SM9KEMExtractor;
import org.bouncycastle.crypto.kems.SM9KEMGenerator;
import org.bouncycastle.crypto.params.SM9EncMasterPrivateKeyParameters;
import org.bouncycastle.crypto.params.SM9EncPrivateKeyParameters;
import org.junit.jupiter.api.Test;

class Sm9KemTest {

    private static final Sm9EncryptMasterPrivateKey MASTER = Sm9EncryptMasterPrivateKey.generate(BouncyCastleSm9.seeded(61));
    private static final byte[] ID = "bob@example.com".getBytes(StandardCharsets.UTF_8);
    private static final Sm9EncryptPrivateKey BOB = MASTER.extractUserKey(ID);

    @Test
    void agreesWithBouncyCastleBothWaysOnRandomKeysIdsAndLengths() throws Exception {
        SplittableRandom rnd = new SplittableRandom(6262);
        for (int i = 0; i < 10; i++) {
            String c = "case " + i + " (seed 6262)";
            Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.generate(BouncyCastleSm9.seeded(rnd.nextLong()));
            SM9EncMasterPrivateKeyParameters bcMaster = BouncyCastleSm9.encryptMaster(master);
            byte[] id = BouncyCastleSm9.randomId(rnd, 1);
            int len = 1 + rnd.nextInt(100);
            Sm9EncryptPrivateKey user = master.extractUserKey(id);
            SM9EncPrivateKeyParameters bcUser = bcMaster.generateUserKey(id, (byte) 3);

            Sm9Kem kem = new Sm9Kem(BouncyCastleSm9.seeded(rnd.nextLong()));
            Sm9Kem.Encapsulated e = kem.encapsulate(master.publicKey(), id, len);
            assertThat(e.encapsulation()).hasSize(Sm9Kem.ENCAPSULATION_LENGTH);
            assertThat(e.sharedSecret()).hasSize(len);
            assertThat(new SM9KEMExtractor(bcUser, 8 * len).extractSecret(e.encapsulation())).as(c).isEqualTo(e.sharedSecret());

            SecretWithEncapsulation bc = new SM9KEMGenerator(8 * len, new SecureRandom())
                    .generateEncapsulated(bcMaster.getPublicKeyParameters().getUserPublicKey(id, (byte) 3));
            assertThat(kem.decapsulate(user, bc.getEncapsulation(), len)).as(c).isEqualTo(bc.getSecret());
        }
    }

    @Test
    void rejectsFlippedBytesAndPointsOffTheCurve() throws Exception {
        Sm9Kem kem = new Sm9Kem(BouncyCastleSm9.seeded(63));
        Sm9Kem.Encapsulated e = kem.encapsulate(MASTER.publicKey(), ID, 32);
        assertThat(kem.decapsulate(BOB, e.encapsulation(), 32)).isEqualTo(e.sharedSecret());
        SplittableRandom rnd = new SplittableRandom(64);
        for (int i = 0; i < 64; i++) {
            byte[] t = e.encapsulation();
            t[i] ^= (byte) (1 << rnd.nextInt(8));
            int at = i;
            assertThatThrownBy(() -> kem.decapsulate(BOB, t, 32)).as("byte %d (seed 64)", at)
                    .isInstanceOf(Sm9DecryptionException.class);
        }
        assertThatThrownBy(() -> kem.decapsulate(BOB, new byte[64], 32)).isInstanceOf(Sm9DecryptionException.class);
        assertThatThrownBy(() -> kem.decapsulate(BOB, new byte[65], 32)).isInstanceOf(Sm9DecryptionException.class);
        // Another identity's key decapsulates to a different secret (implicit rejection, as the standard has no tag).
        Sm9EncryptPrivateKey carol = MASTER.extractUserKey("carol".getBytes());
        assertThat(kem.decapsulate(carol, e.encapsulation(), 32)).isNotEqualTo(e.sharedSecret());
    }

    @Test
    void argumentsAreChecked() {
        Sm9Kem kem = new Sm9Kem();
        assertThatThrownBy(() -> kem.encapsulate(MASTER.publicKey(), ID, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("secretLength");
        assertThatThrownBy(() -> kem.encapsulate(null, ID, 16)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("master");
        assertThatThrownBy(() -> kem.decapsulate(BOB, null, 16)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("encapsulation");
    }
}
