package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static io.gmflux.codecs.jca.CipherPaths.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Provider;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class HmacSm3SpiTest {

    @Test
    void agreesWithBouncyCastleOnRandomKeysAndInputs() throws Exception {
        long seed = 0x4AC53L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 300; i++) {
            // Keys shorter than, equal to and longer than the 64-byte block.
            SecretKey key = new SecretKeySpec(bytes(rnd, rnd.nextInt(1, 150)), "HmacSM3");
            byte[] msg = bytes(rnd, CipherPaths.length(rnd, 1));
            Mac ref = Mac.getInstance("HmacSM3", BC);
            ref.init(key);
            byte[] expected = ref.doFinal(msg);
            for (Provider p : List.of(GMFLUX, BC)) {
                String what = p.getName() + ", seed " + seed + " case " + i + ", key " + key.getEncoded().length
                        + ", " + msg.length + " bytes";
                Mac m = Mac.getInstance("HmacSM3", p);
                m.init(key);
                ZucMacSpiTest.feedInPieces(m, msg, rnd);
                byte[] out = new byte[40];
                m.doFinal(out, 3);
                assertThat(Arrays.copyOfRange(out, 3, 35)).as(what).isEqualTo(expected);
                m.update(msg, 0, msg.length / 3);
                m.reset();
                assertThat(m.doFinal(msg)).as("after reset " + what).isEqualTo(expected);
            }
        }
    }

    @Test
    void matchesWycheproofValidFullLengthTags() throws Exception {
        int checked = 0;
        for (JsonNode v : Vectors.list("sm3", "hmac_sm3_wycheproof")) {
            byte[] key = Vectors.hex(v, "key");
            if (key.length == 0 || v.get("tag_size_bits").asInt() != 256) {
                continue; // SecretKeySpec cannot hold an empty key; truncated tags are the caller's business
            }
            Mac m = Mac.getInstance("HMAC-SM3", GMFLUX);
            m.init(new SecretKeySpec(key, "HmacSM3"));
            boolean equal = Arrays.equals(m.doFinal(Vectors.hex(v, "message")), Vectors.hex(v, "tag"));
            assertThat(equal).as(v.get("id").asText()).isEqualTo(v.get("result").asText().equals("valid"));
            checked++;
        }
        assertThat(checked).isPositive();
    }

    @Test
    void refusesParametersAndMissingKeys() throws Exception {
        Mac m = Mac.getInstance("HmacSM3", GMFLUX);
        SecretKey key = new SecretKeySpec(new byte[16], "HmacSM3");
        assertThatThrownBy(() -> m.init(key, new IvParameterSpec(new byte[16])))
                .isInstanceOf(InvalidAlgorithmParameterException.class);
        assertThatThrownBy(() -> m.init(null)).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> m.doFinal()).isInstanceOf(IllegalStateException.class);
    }
}
