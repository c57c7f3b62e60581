package io.gmflux.codecs.sm3;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.testing.PeerVectors;
import io.gmflux.codecs.testing.PeerVectors.Case;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** SM3 and its KDF against the other implementations' test vectors ({@code ../shared/peer-vectors}). */
class Sm3PeerVectorsTest {

    static Stream<Case> digests() {
        return PeerVectors.of("sm3", "bc", "gmsm", "gmssl", "kona");
    }

    static Stream<Case> repeatedInputs() {
        return PeerVectors.of("sm3-repeat", "bc", "gmsm");
    }

    static Stream<Case> kdfOutputs() {
        return PeerVectors.of("sm3-kdf", "gmsm");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("digests")
    void hashesAsThePeerDoes(Case c) {
        byte[] msg = c.hex("msg");
        assertThat(Sm3.hash(msg)).as("%s", c).isEqualTo(c.hex("md"));
        Sm3 split = new Sm3();
        split.update(msg, 0, msg.length / 3);
        split.update(msg, msg.length / 3, msg.length - msg.length / 3);
        assertThat(split.digest()).as("%s", c).isEqualTo(c.hex("md"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("repeatedInputs")
    void hashesLongRepeatedInputsAsThePeerDoes(Case c) {
        byte[] unit = c.hex("unit");
        Sm3 h = new Sm3();
        for (int i = 0; i < c.integer("count"); i++) {
            h.update(unit);
        }
        assertThat(h.digest()).as("%s", c).isEqualTo(c.hex("md"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kdfOutputs")
    void derivesAsThePeerDoes(Case c) {
        assertThat(Sm3Kdf.derive(c.hex("z"), c.integer("len"))).as("%s", c).isEqualTo(c.hex("out"));
    }
}
