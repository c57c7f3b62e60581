package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static io.gmflux.codecs.jca.CipherPaths.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.spec.InvalidKeySpecException;
import java.util.SplittableRandom;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.Test;

class Pbkdf2HmacSm3KeyFactorySpiTest {

    @Test
    void agreesWithBouncyCastleOnRandomPasswordsSaltsAndLengths() throws Exception {
        long seed = 0x9BDF2L;
        SplittableRandom rnd = new SplittableRandom(seed);
        SecretKeyFactory ours = SecretKeyFactory.getInstance("PBKDF2WithHmacSM3", GMFLUX);
        SecretKeyFactory theirs = SecretKeyFactory.getInstance("PBKDF2WithHmacSM3", BC);
        for (int i = 0; i < 200; i++) {
            char[] password = new char[rnd.nextInt(1, 40)];
            for (int j = 0; j < password.length; j++) {
                // ASCII, Latin-1 and CJK: the UTF-8 encoding must agree too.
                int kind = rnd.nextInt(3);
                password[j] = (char) (kind == 0 ? rnd.nextInt(0x20, 0x7f) : kind == 1 ? rnd.nextInt(0xa0, 0x100)
                        : rnd.nextInt(0x4e00, 0x9fa6));
            }
            PBEKeySpec spec = new PBEKeySpec(password, bytes(rnd, rnd.nextInt(1, 33)), rnd.nextInt(1, 60),
                    8 * rnd.nextInt(1, 100));
            SecretKey expected = theirs.generateSecret(spec);
            SecretKey actual = ours.generateSecret(spec);
            assertThat(actual.getEncoded()).as("seed " + seed + " case " + i).isEqualTo(expected.getEncoded());
            assertThat(actual.getAlgorithm()).isEqualTo(expected.getAlgorithm());
            assertThat(actual.getFormat()).isEqualTo("RAW");
            PBEKeySpec back = (PBEKeySpec) ours.getKeySpec(actual, PBEKeySpec.class);
            assertThat(back.getPassword()).isEqualTo(password);
            assertThat(back.getSalt()).isEqualTo(spec.getSalt());
            assertThat(back.getIterationCount()).isEqualTo(spec.getIterationCount());
            assertThat(back.getKeyLength()).isEqualTo(spec.getKeyLength());
            assertThat(ours.translateKey(expected).getEncoded()).isEqualTo(expected.getEncoded());
        }
    }

    @Test
    void refusesIncompleteSpecsAndDestroysKeys() throws Exception {
        SecretKeyFactory f = SecretKeyFactory.getInstance("PBKDF2WITHHMACSM3", GMFLUX);
        char[] pw = "password".toCharArray();
        for (PBEKeySpec bad : new PBEKeySpec[] {new PBEKeySpec(pw), new PBEKeySpec(pw, new byte[8], 1),
            new PBEKeySpec(pw, new byte[8], 1, 100)}) {
            assertThatThrownBy(() -> f.generateSecret(bad)).isInstanceOf(InvalidKeySpecException.class);
        }
        assertThatThrownBy(() -> f.generateSecret(new javax.crypto.spec.DESKeySpec(new byte[8])))
                .isInstanceOf(InvalidKeySpecException.class);
        SecretKey k = f.generateSecret(new PBEKeySpec(new char[0], new byte[8], 10, 128));
        assertThat(k.getEncoded()).hasSize(16);
        assertThat(((PBEKey) k).getIterationCount()).isEqualTo(10);
        k.destroy();
        assertThat(k.isDestroyed()).isTrue();
        assertThatThrownBy(k::getEncoded).isInstanceOf(IllegalStateException.class);
    }
}
