package io.gmflux.codecs.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The standards' known-answer vectors, read from the gmflux-testing resource {@code vectors/vectors.json}
 * ({@code testing/src/main/resources/vectors/}; its README gives each group's standard and section).
 * The file is part of the repository, so these tests need nothing beside the checkout. A missing or
 * empty group fails the test: vectors are never optional.
 */
public final class Vectors {

    /** The classpath location of the vectors (testing/src/main/resources/vectors/vectors.json). */
    public static final String RESOURCE = "/vectors/vectors.json";

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
                        r = read();
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
        return HexFormat.of().parseHex(f.asText());
    }

    private static JsonNode read() throws IOException {
        try (InputStream in = Vectors.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new AssertionError("resource " + RESOURCE + " is missing from the classpath (gmflux-testing)");
            }
            return new ObjectMapper().readTree(in);
        }
    }
}
