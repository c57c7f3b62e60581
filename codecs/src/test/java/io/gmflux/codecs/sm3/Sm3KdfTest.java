package io.gmflux.codecs.sm3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.generators.KDF2BytesGenerator;
import org.bouncycastle.crypto.params.KDFParameters;
import org.junit.jupiter.api.Test;

class Sm3KdfTest {

    private static byte[] bc(byte[] z, int len) {
        KDF2BytesGenerator g = new KDF2BytesGenerator(new SM3Digest());
        g.init(new KDFParameters(z, null));
        byte[] out = new byte[len];
        g.generateBytes(out, 0, len);
        return out;
    }

    @Test
    void agreesWithBouncyCastleKdf2OnRandomSecretsAndLengths() {
        SplittableRandom rnd = new SplittableRandom(0x5133_2001L);
        for (int c = 0; c < 1200; c++) {
            byte[] z = new byte[rnd.nextInt(c % 4 == 0 ? 300 : 100)];
            rnd.nextBytes(z);
            int len = c < 100 ? c : rnd.nextInt(1001);
            assertThat(Sm3Kdf.derive(z, len)).as("case " + c + " z " + z.length + " len " + len).isEqualTo(bc(z, len));
        }
    }

    @Test
    void followsTheDefinitionHashOfZAndBigEndianCounterFromOne() {
        // GB/T 32918.4 §5.4.3 written out with Sm3 directly: independent of the cloned-state path.
        byte[] z = "shared secret".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] k = Sm3Kdf.derive(z, 70);
        for (int ct = 1; ct <= 3; ct++) {
            Sm3 h = new Sm3();
            h.update(z);
            h.update(new byte[] {0, 0, 0, (byte) ct});
            byte[] block = h.digest();
            int n = Math.min(32, 70 - (ct - 1) * 32);
            assertThat(java.util.Arrays.copyOfRange(k, (ct - 1) * 32, (ct - 1) * 32 + n))
                    .as("block " + ct).isEqualTo(java.util.Arrays.copyOf(block, n));
        }
    }

    @Test
    void rejectsNullSecretAndNegativeLength() {
        assertThatThrownBy(() -> Sm3Kdf.derive(null, 1)).isInstanceOf(NullPointerException.class).hasMessage("z");
        assertThatThrownBy(() -> Sm3Kdf.derive(new byte[1], -1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lengthBytes");
        assertThat(Sm3Kdf.derive(new byte[0], 0)).isEmpty();
    }
}
