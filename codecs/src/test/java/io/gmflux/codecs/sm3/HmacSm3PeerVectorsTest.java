package io.gmflux.codecs.sm3;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.testing.PeerVectors;
import io.gmflux.codecs.testing.PeerVectors.Case;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HMAC-SM3 against the other implementations' test vectors, Wycheproof's included: a
 * {@code result=valid} tag (full, or truncated to {@code tagbits}) is computed and accepted, an
 * invalid one (modified tag) is refused by {@link HmacSm3#verify}.
 */
class HmacSm3PeerVectorsTest {

    static Stream<Case> tags() {
        return PeerVectors.of("hmac-sm3", "bc", "kona", "wycheproof");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tags")
    void computesAndVerifiesAsThePeerDoes(Case c) {
        byte[] key = c.hex("key");
        byte[] msg = c.hex("msg");
        byte[] tag = c.hex("tag");
        int tagBytes = c.integer("tagbits") / 8;
        assertThat(tag).as("%s", c).hasSize(tagBytes);
        byte[] truncated = Arrays.copyOf(HmacSm3.mac(key, msg), tagBytes);
        if (c.valid()) {
            assertThat(truncated).as("%s", c).isEqualTo(tag);
            assertThat(HmacSm3.verify(key, msg, tag)).as("%s", c).isTrue();
        } else {
            assertThat(c.text("result")).as("%s", c).isEqualTo("invalid");
            assertThat(truncated).as("%s", c).isNotEqualTo(tag);
            assertThat(HmacSm3.verify(key, msg, tag)).as("%s", c).isFalse();
        }
    }
}
