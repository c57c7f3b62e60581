package io.gmflux.codecs.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gmflux.codecs.bytes.Hex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The standards' known-answer vectors, read from {@code ../shared/vectors/vectors.json}.
 *
 * <p>The file is located through the {@code gmflux.shared} system property (set by the build)
 * or, failing that, by walking up from the working directory until a {@code shared/vectors}
 * folder is found beside an ancestor. A missing file fails the test: vectors are never optional.
 */
public final class Vectors {

    private static volatile JsonNode root;

    private Vectors() {
    }

    /** The whole document. */
    public static JsonNode root() {
        JsonNode r = root;
        if (r == null) {
            synchronized (Vectors.class) {
                r = root;
                if (r == null) {
                    try {
                        r = new ObjectMapper().readTree(locate().toFile());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    root = r;
                }
            }
        }
        return r;
    }

    /** The vectors of one group, e.g. {@code list("sm4", "modes")}; fails if the group is missing or empty. */
    public static List<JsonNode> list(String... path) {
        JsonNode n = node(path);
        if (!n.isArray() || n.isEmpty()) {
            throw new AssertionError("vector group " + String.join(".", path) + " is missing or empty");
        }
        List<JsonNode> out = new ArrayList<>();
        n.forEach(out::add);
        return out;
    }

    /** Any node by path; fails if it is missing. */
    public static JsonNode node(String... path) {
        JsonNode n = root();
        for (String p : path) {
            n = n.path(p);
        }
        if (n.isMissingNode()) {
            throw new AssertionError("vector node " + String.join(".", path) + " is missing");
        }
        return n;
    }

    /** The hex field {@code field} of {@code v}, decoded; fails if it is missing. */
    public static byte[] hex(JsonNode v, String field) {
        JsonNode f = v.get(field);
        if (f == null || !f.isTextual()) {
            throw new AssertionError("vector " + v.path("id").asText() + " has no hex field " + field);
        }
        return Hex.decode(f.asText());
    }

    static Path locate() {
        String prop = System.getProperty("gmflux.shared");
        if (prop != null) {
            Path p = Paths.get(prop, "vectors", "vectors.json");
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path p = dir.resolveSibling("shared").resolve("vectors").resolve("vectors.json");
            if (Files.isRegularFile(p)) {
                return p;
            }
            p = dir.resolve("shared").resolve("vectors").resolve("vectors.json");
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new AssertionError("../shared/vectors/vectors.json not found (gmflux.shared=" + prop
                + ", working directory " + Paths.get("").toAbsolutePath() + ")");
    }
}
