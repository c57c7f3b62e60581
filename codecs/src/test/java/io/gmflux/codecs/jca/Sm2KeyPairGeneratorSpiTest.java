package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Sm2KeyPairGeneratorSpiTest {

    /** A SecureRandom that replays a seeded SplittableRandom, so two generators can be compared. */
    static SecureRandom seeded(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        return new SecureRandom() {
            @Override
            public void nextBytes(byte[] bytes) {
                r.nextBytes(bytes);
            }
        };
    }

    @Test
    void drawsTheSameKeysAsTheGmfluxApiFromTheSameRandomness() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("SM2", GMFLUX);
        g.initialize(256, seeded(99));
        SecureRandom reference = seeded(99);
        for (int i = 0; i < 20; i++) {
            KeyPair pair = g.generateKeyPair();
            Sm2KeyPair expected = Sm2KeyPair.generate(reference);
            assertThat(((Sm2EcPublicKey) pair.getPublic()).sm2Key()).as("seed 99 key " + i).isEqualTo(expected.publicKey());
            assertThat(((Sm2EcPrivateKey) pair.getPrivate()).sm2Key().toBytes()).as("seed 99 key " + i)
                    .isEqualTo(expected.privateKey().toBytes());
            assertThat(((ECPublicKey) pair.getPublic()).getParams().getOrder())
                    .isEqualTo(Sm2EcParameters.N);
        }
    }

    @Test
    void acceptsTheCurveByNameOrOidAndWorksUninitialised() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("SM2", GMFLUX);
        assertThat(g.generateKeyPair().getPublic()).isInstanceOf(Sm2EcPublicKey.class);
        g.initialize(new ECGenParameterSpec("sm2p256v1"));
        g.initialize(new ECGenParameterSpec("1.2.156.10197.1.301"));
        g.initialize(Sm2EcParameters.SPEC);
        KeyPair a = g.generateKeyPair();
        KeyPair b = g.generateKeyPair();
        assertThat(a.getPublic()).isNotEqualTo(b.getPublic());
    }

    @Test
    void refusesOtherSizesAndCurves() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("SM2", GMFLUX);
        assertThatThrownBy(() -> g.initialize(239)).isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> g.initialize(new ECGenParameterSpec("secp256r1")))
                .isInstanceOf(InvalidAlgorithmParameterException.class);
        java.security.spec.ECParameterSpec p256 =
                ((ECPublicKey) KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic()).getParams();
        assertThatThrownBy(() -> g.initialize(p256)).isInstanceOf(InvalidAlgorithmParameterException.class);
    }
}
