package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static io.gmflux.codecs.jca.CipherPaths.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.security.AlgorithmParameters;
import java.util.SplittableRandom;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AeadParametersSpiTest {

    @ParameterizedTest
    @ValueSource(strings = {"GCM", "CCM"})
    void encodesLikeBouncyCastleAndTheJdk(String mode) throws Exception {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int i = 0; i < 200; i++) {
            int tagBits = mode.equals("GCM") ? 96 + 8 * rnd.nextInt(5) : 32 + 16 * rnd.nextInt(7);
            GCMParameterSpec spec = new GCMParameterSpec(tagBits, bytes(rnd, rnd.nextInt(1, 200)));
            AlgorithmParameters ours = AlgorithmParameters.getInstance("SM4-" + mode, GMFLUX);
            ours.init(spec);
            AlgorithmParameters theirs = AlgorithmParameters.getInstance(mode, BC);
            theirs.init(spec);
            assertThat(ours.getEncoded()).as(mode + " case " + i).isEqualTo(theirs.getEncoded());
            if (mode.equals("GCM")) {
                // The JDK writes the DEFAULT tag length explicitly; each side reads the other's bytes.
                AlgorithmParameters jdk = AlgorithmParameters.getInstance("GCM", "SunJCE");
                jdk.init(ours.getEncoded());
                assertThat(jdk.getParameterSpec(GCMParameterSpec.class).getTLen()).as("JDK case " + i).isEqualTo(tagBits);
                AlgorithmParameters fromJdk = AlgorithmParameters.getInstance("SM4-GCM", GMFLUX);
                fromJdk.init(jdk.getEncoded());
                assertThat(fromJdk.getEncoded()).as("JDK case " + i).isEqualTo(ours.getEncoded());
            }
            AlgorithmParameters back = AlgorithmParameters.getInstance("SM4-" + mode, GMFLUX);
            back.init(theirs.getEncoded());
            GCMParameterSpec decoded = back.getParameterSpec(GCMParameterSpec.class);
            assertThat(decoded.getTLen()).isEqualTo(tagBits);
            assertThat(decoded.getIV()).isEqualTo(spec.getIV());
            assertThat(back.getParameterSpec(IvParameterSpec.class).getIV()).isEqualTo(spec.getIV());
        }
    }

    @Test
    void rejectsMalformedEncodings() throws Exception {
        byte[][] bad = {
            {},
            {0x30},
            {0x30, 0x02, 0x04, 0x00, 0x00},
            {0x30, 0x03, 0x04, 0x01},
            {0x04, 0x01, 0x00},
            {0x30, 0x05, 0x04, 0x01, 0x00, 0x02, 0x00},
            {0x30, 0x06, 0x04, 0x01, 0x00, 0x02, 0x01, 0x11},
            {0x30, 0x07, 0x04, 0x01, 0x00, 0x02, 0x02, 0x00, 0x10},
            {0x30, (byte) 0x81, 0x03, 0x04, 0x01, 0x00},
        };
        for (byte[] b : bad) {
            AlgorithmParameters p = AlgorithmParameters.getInstance("SM4-GCM", GMFLUX);
            assertThatThrownBy(() -> p.init(b)).as(java.util.HexFormat.of().formatHex(b)).isInstanceOf(IOException.class);
        }
    }
}
