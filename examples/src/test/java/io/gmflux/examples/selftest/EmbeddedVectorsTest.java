package io.gmflux.examples.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The selftest's vectors are the repository's one copy ({@code testing/src/main/resources/vectors/}),
 * embedded by the build, and {@link StandardVectors} carries every value of the collection it turns
 * into a record unchanged.
 */
class EmbeddedVectorsTest {

    /** Records whose fields are computed from several collection fields (concatenations). */
    private static final Set<String> DERIVED = Set.of("z", "keystream");

    private static final Path REPOSITORY_COPY = Path.of("..", "testing", "src", "main", "resources", "vectors");

    @Test
    void theJarEmbedsTheRepositorysOneCopyByteForByte() throws IOException {
        for (String name : List.of("vectors.json", "extra-vectors.txt")) {
            try (InputStream in = KnownAnswers.class.getResourceAsStream("vectors/" + name)) {
                assertThat(in).as("embedded %s", name).isNotNull();
                assertThat(in.readAllBytes()).as(name).isEqualTo(Files.readAllBytes(REPOSITORY_COPY.resolve(name)));
            }
        }
        try (InputStream old = KnownAnswers.class.getResourceAsStream("known-answers.txt")) {
            assertThat(old).as("a second copy of the vectors (the old known-answers.txt)").isNull();
        }
    }

    @Test
    void everyRecordTakenFromTheCollectionCarriesItsValuesUnchanged() throws IOException {
        JsonNode root;
        try (InputStream in = KnownAnswers.class.getResourceAsStream(KnownAnswers.STANDARD_RESOURCE)) {
            root = new ObjectMapper().readTree(in);
        }
        Map<String, JsonNode> byId = new HashMap<>();
        collect(root, byId);

        int compared = 0;
        int records = 0;
        for (KnownAnswer v : StandardVectors.from(root)) {
            JsonNode source = byId.get(v.id());
            if (source == null) {
                assertThat(v.algorithm()).as("%s has no collection record of its id", v.id()).isEqualTo("sm3-kdf");
                continue;
            }
            records++;
            assertThat(v.source()).as("%s.source", v.id()).startsWith(source.path("source").asText());
            Set<String> values = new HashSet<>();
            strings(source, values);
            for (Map.Entry<String, String> f : v.fields().entrySet()) {
                if (DERIVED.contains(f.getKey()) || f.getValue().equals("-")) {
                    continue;
                }
                assertThat(values).as("%s.%s", v.id(), f.getKey()).contains(f.getValue());
                compared++;
            }
        }
        assertThat(records).isGreaterThan(220);
        assertThat(compared).isGreaterThanOrEqualTo(860);
    }

    @Test
    void everyStandardsGroupIsRepresented() {
        List<String> algorithms = KnownAnswers.embedded().all().stream().map(KnownAnswer::algorithm).distinct().toList();
        assertThat(algorithms).contains("sm3", "hmac-sm3", "sm3-kdf", "hkdf-sm3", "pbkdf2-hmac-sm3", "sm4", "sm4-ecb",
                "sm4-cbc", "sm4-cfb", "sm4-ofb", "sm4-ctr", "sm4-gcm", "sm4-ccm", "sm4-xts", "zuc128", "eea3", "eia3",
                "zuc256", "zuc256-mac", "sm2-sign", "sm2-encrypt");
    }

    private static void collect(JsonNode n, Map<String, JsonNode> byId) {
        if (n.isObject() && n.hasNonNull("id")) {
            byId.put(n.get("id").asText(), n);
        }
        n.forEach(child -> collect(child, byId));
    }

    private static void strings(JsonNode n, Set<String> out) {
        if (n.isValueNode()) {
            out.add(n.asText());
        }
        n.forEach(child -> strings(child, out));
    }
}
