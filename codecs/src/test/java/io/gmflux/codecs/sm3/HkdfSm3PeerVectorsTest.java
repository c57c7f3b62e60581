package io.gmflux.codecs.sm3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.testing.PeerVectors;
import io.gmflux.codecs.testing.PeerVectors.Case;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HKDF-SM3 against GmSSL's Wycheproof-style vectors: valid lengths derive the peer's output, the
 * invalid ones (longer than 255 hash outputs) are refused.
 */
class HkdfSm3PeerVectorsTest {

    static Stream<Case> derivations() {
        return PeerVectors.of("hkdf-sm3", "gmssl");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("derivations")
    void derivesOrRefusesAsThePeerDoes(Case c) {
        byte[] salt = c.hex("salt");
        byte[] ikm = c.hex("ikm");
        byte[] info = c.hex("info");
        int len = c.integer("len");
        if (c.valid()) {
            assertThat(HkdfSm3.derive(salt, ikm, info, len)).as("%s", c).isEqualTo(c.hex("okm"));
            assertThat(HkdfSm3.expand(HkdfSm3.extract(salt, ikm), info, len)).as("%s", c).isEqualTo(c.hex("okm"));
        } else {
            assertThat(len).as("%s", c).isGreaterThan(HkdfSm3.MAX_LENGTH);
            assertThatThrownBy(() -> HkdfSm3.derive(salt, ikm, info, len)).as("%s", c).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
