package io.gmflux.examples.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The vectors embedded in the jar are a copy; this checks the copy against the team's source of
 * truth, {@code ../shared/vectors/vectors.json}, so that neither can drift from the other.
 */
class EmbeddedVectorsTest {

    /** Embedded fields derived from several source fields (concatenations), checked elsewhere. */
    private static final Set<String> DERIVED = Set.of("z", "keystream", "source");

    private static Path vectorsJson() {
        String shared = System.getProperty("gmflux.shared");
        Path p = shared != null ? Paths.get(shared, "vectors", "vectors.json") : Paths.get("..", "..", "shared", "vectors", "vectors.json");
        assertThat(p).as("vectors.json (set gmflux.shared)").exists();
        return p;
    }

    @Test
    void embeddedValuesAreTheValuesOfTheSharedVectorsWithTheSameId() throws IOException {
        JsonNode root = new ObjectMapper().readTree(Files.readString(vectorsJson()));
        Map<String, JsonNode> byId = new HashMap<>();
        collect(root, byId);

        int compared = 0;
        for (KnownAnswer v : KnownAnswers.embedded().all()) {
            JsonNode source = byId.get(v.id());
            if (source == null) {
                continue; // vectors that vectors.json does not have (XTS, HKDF, PBKDF2, the KDF split)
            }
            Set<String> values = new HashSet<>();
            strings(source, values);
            for (Map.Entry<String, String> f : v.fields().entrySet()) {
                if (DERIVED.contains(f.getKey()) || f.getValue().equals("-")) {
                    continue;
                }
                assertThat(values).as("%s.%s", v.id(), f.getKey()).contains(f.getValue());
                compared++;
            }
            if (v.has("keystream")) {
                StringBuilder words = new StringBuilder();
                source.get("keystream_words").forEach(w -> words.append(w.asText()));
                assertThat(v.text("keystream")).as("%s.keystream", v.id()).isEqualTo(words.toString());
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(200);
    }

    @Test
    void everyStandardsGroupOfTheSharedFileIsRepresented() {
        List<String> algorithms = KnownAnswers.embedded().all().stream().map(KnownAnswer::algorithm).distinct().toList();
        assertThat(algorithms).contains("sm3", "hmac-sm3", "sm3-kdf", "sm4", "sm4-ecb", "sm4-cbc", "sm4-cfb", "sm4-ofb",
                "sm4-ctr", "sm4-gcm", "sm4-ccm", "sm4-xts", "zuc128", "eea3", "eia3", "zuc256", "zuc256-mac",
                "sm2-sign", "sm2-encrypt");
    }

    private static void collect(JsonNode n, Map<String, JsonNode> byId) {
        if (n.isObject() && n.hasNonNull("id")) {
            byId.put(n.get("id").asText(), n);
        }
        n.forEach(child -> collect(child, byId));
    }

    /** Every scalar of the record as text, numbers included (bearer 24 is "24"). */
    private static void strings(JsonNode n, Set<String> out) {
        if (n.isValueNode()) {
            out.add(n.asText());
            return;
        }
        Iterator<JsonNode> it = n.elements();
        while (it.hasNext()) {
            strings(it.next(), out);
        }
    }
}
