package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static io.gmflux.codecs.jca.CipherPaths.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.spec.InvalidParameterSpecException;
import java.util.SplittableRandom;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IvParametersSpiTest {

    @ParameterizedTest
    @ValueSource(strings = {"SM4", "ZUC-128", "ZUC-256", "1.2.156.10197.1.104.2"})
    void encodesLikeBouncyCastleInBothFormats(String algorithm) throws Exception {
        SplittableRandom rnd = new SplittableRandom(algorithm.hashCode());
        for (int i = 0; i < 200; i++) {
            IvParameterSpec spec = new IvParameterSpec(bytes(rnd, rnd.nextInt(0, 300)));
            AlgorithmParameters ours = AlgorithmParameters.getInstance(algorithm, GMFLUX);
            ours.init(spec);
            AlgorithmParameters theirs = AlgorithmParameters.getInstance(algorithm, BC);
            theirs.init(spec);
            assertThat(ours.getEncoded()).as(algorithm + " case " + i).isEqualTo(theirs.getEncoded());
            assertThat(ours.getEncoded("RAW")).isEqualTo(spec.getIV());
            AlgorithmParameters back = AlgorithmParameters.getInstance(algorithm, GMFLUX);
            back.init(theirs.getEncoded());
            assertThat(back.getParameterSpec(IvParameterSpec.class).getIV()).isEqualTo(spec.getIV());
            AlgorithmParameters raw = AlgorithmParameters.getInstance(algorithm, GMFLUX);
            raw.init(spec.getIV(), "RAW");
            assertThat(raw.getParameterSpec(IvParameterSpec.class).getIV()).isEqualTo(spec.getIV());
        }
    }

    @Test
    void refusesOtherSpecsAndMalformedEncodings() throws Exception {
        AlgorithmParameters p = AlgorithmParameters.getInstance("SM4", GMFLUX);
        assertThatThrownBy(() -> p.init(new GCMParameterSpec(128, new byte[12])))
                .isInstanceOf(InvalidParameterSpecException.class);
        for (byte[] b : new byte[][] {{}, {0x04}, {0x04, 0x02, 0x00}, {0x04, 0x01, 0x00, 0x00}, {0x03, 0x01, 0x00}}) {
            AlgorithmParameters q = AlgorithmParameters.getInstance("SM4", GMFLUX);
            assertThatThrownBy(() -> q.init(b)).isInstanceOf(IOException.class);
        }
        AlgorithmParameters r = AlgorithmParameters.getInstance("SM4", GMFLUX);
        r.init(new IvParameterSpec(new byte[16]));
        assertThatThrownBy(() -> r.getParameterSpec(GCMParameterSpec.class))
                .isInstanceOf(InvalidParameterSpecException.class);
    }
}
