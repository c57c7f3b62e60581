package io.gmflux.codecs.sm3;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.testing.PeerVectors;
import io.gmflux.codecs.testing.PeerVectors.Case;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** PBKDF2-HMAC-SM3 against GmSSL's Wycheproof-style vectors. */
class Pbkdf2HmacSm3PeerVectorsTest {

    static Stream<Case> derivations() {
        return PeerVectors.of("pbkdf2-sm3", "gmssl");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("derivations")
    void derivesAsThePeerDoes(Case c) {
        assertThat(c.valid()).as("%s", c).isTrue();
        assertThat(Pbkdf2HmacSm3.derive(c.hex("password"), c.hex("salt"), c.integer("iterations"), c.integer("len"))).as("%s", c)
                .isEqualTo(c.hex("dk"));
    }
}
