package io.gmflux.codecs.sm2;

import static io.gmflux.codecs.sm2.Sm2SignerTest.seeded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm3.Sm3Kdf;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Test;

class Sm2KemTest {

    @Test
    void sharedSecretMatchesBouncyCastlePointArithmeticAndDecapsulation() throws Exception {
        SecureRandom random = seeded(81);
        Sm2Kem kem = new Sm2Kem(random);
        for (int i = 0; i < 200; i++) {
            Sm2KeyPair pair = Sm2KeyPair.generate(random);
            int len = 1 + i % 70;
            Sm2Kem.Encapsulated enc = kem.encapsulate(pair.publicKey(), len);
            byte[] c1 = enc.encapsulation();
            assertThat(c1).hasSize(Sm2Kem.ENCAPSULATION_LENGTH);
            // oracle: KDF(x2 || y2) with (x2, y2) = [d]C1 computed by BouncyCastle
            ECPoint s = BouncyCastleSm2.X9.getCurve().decodePoint(c1).multiply(new BigInteger(1, pair.privateKey().toBytes())).normalize();
            byte[] z = new byte[64];
            System.arraycopy(BouncyCastleSm2.bytes32(s.getAffineXCoord().toBigInteger()), 0, z, 0, 32);
            System.arraycopy(BouncyCastleSm2.bytes32(s.getAffineYCoord().toBigInteger()), 0, z, 32, 32);
            assertThat(enc.sharedSecret()).as("case " + i).isEqualTo(Sm3Kdf.derive(z, len));
            assertThat(kem.decapsulate(pair.privateKey(), c1, len)).as("case " + i).isEqualTo(enc.sharedSecret());
        }
    }

    @Test
    void preparedKeyEncapsulationsDecapsulate() throws Exception {
        SecureRandom random = seeded(84);
        Sm2Kem kem = new Sm2Kem(random);
        Sm2KeyPair pair = Sm2KeyPair.generate(random);
        Sm2PreparedPublicKey prepared = Sm2PreparedPublicKey.of(pair.publicKey());
        for (int i = 0; i < 50; i++) {
            Sm2Kem.Encapsulated enc = kem.encapsulate(prepared, 32);
            assertThat(kem.decapsulate(pair.privateKey(), enc.encapsulation(), 32)).as("case " + i).isEqualTo(enc.sharedSecret());
        }
    }

    @Test
    void rejectsInvalidEncapsulations() throws Exception {
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(82));
        Sm2Kem kem = new Sm2Kem(seeded(83));
        byte[] c1 = kem.encapsulate(pair.publicKey(), 32).encapsulation();
        byte[] off = c1.clone();
        off[64] ^= 1;
        for (byte[] bad : new byte[][] {off, Arrays.copyOf(c1, 64), Arrays.copyOf(c1, 66), new byte[65], new byte[0]}) {
            assertThatThrownBy(() -> kem.decapsulate(pair.privateKey(), bad, 32)).isInstanceOf(Sm2DecryptionException.class);
        }
        assertThatThrownBy(() -> kem.encapsulate(pair.publicKey(), 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> kem.decapsulate(null, c1, 16)).isInstanceOf(NullPointerException.class).hasMessageContaining("key");
    }
}
