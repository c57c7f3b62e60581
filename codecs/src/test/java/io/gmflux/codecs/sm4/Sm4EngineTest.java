package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import org.junit.jupiter.api.Test;

class Sm4EngineTest {

    @Test
    void encryptsAndDecryptsTheStandardBlocks() {
        for (JsonNode v : Vectors.list("sm4", "block")) {
            byte[] key = Vectors.hex(v, "key");
            byte[] pt = Vectors.hex(v, "plaintext");
            int iterations = v.get("iterations").asInt();
            Sm4Engine e = Sm4.newEngine(key);
            byte[] buf = pt.clone();
            for (int i = 0; i < iterations; i++) {
                e.encryptBlocks(buf, 0, buf, 0, 1);
            }
            assertThat(buf).as(v.get("id").asText()).isEqualTo(Vectors.hex(v, "ciphertext"));
            for (int i = 0; i < iterations; i++) {
                e.decryptBlocks(buf, 0, buf, 0, 1);
            }
            assertThat(buf).isEqualTo(pt);
        }
    }
}
