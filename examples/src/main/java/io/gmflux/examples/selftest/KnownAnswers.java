package io.gmflux.examples.selftest;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A set of known-answer vectors, by default the set embedded in the jar: the standards' collection
 * ({@code vectors/vectors.json}, turned into records by {@link StandardVectors}) and the records it
 * lacks ({@code vectors/extra-vectors.txt}). Both files are the repository's only copy, in
 * {@code testing/src/main/resources/vectors/}, which the unit tests read too; the examples build puts
 * that folder into the jar beside this class. The selftest takes its vectors as a parameter so that a
 * test can hand it a corrupted set and watch it fail.
 *
 * <p>Text format, one item per line: {@code vector <algorithm> <id>} opens a record, every following
 * {@code <field> <value>} line belongs to it (the first space separates name and value); blank
 * lines and lines starting with {@code #} are ignored. Immutable and thread-safe.
 */
public final class KnownAnswers {

    /** The standards' collection, relative to this class. */
    public static final String STANDARD_RESOURCE = "vectors/vectors.json";

    /** The known answers the collection lacks, in the text format, relative to this class. */
    public static final String EXTRA_RESOURCE = "vectors/extra-vectors.txt";

    private final List<KnownAnswer> vectors;

    private KnownAnswers(List<KnownAnswer> vectors) {
        this.vectors = List.copyOf(vectors);
    }

    /** The vectors embedded in this jar. */
    public static KnownAnswers embedded() {
        List<KnownAnswer> all = new ArrayList<>();
        try {
            all.addAll(StandardVectors.from(new ObjectMapper().readTree(resource(STANDARD_RESOURCE))));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + STANDARD_RESOURCE, e);
        }
        all.addAll(parse(new String(resource(EXTRA_RESOURCE), StandardCharsets.UTF_8)).all());
        return new KnownAnswers(all);
    }

    private static byte[] resource(String name) {
        try (InputStream in = KnownAnswers.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }

    /**
     * A copy of this set in which the vector {@code id} has {@code field} set to {@code value}, for
     * tests that corrupt one expected output.
     *
     * @throws IllegalArgumentException if no vector has that id and field
     */
    public KnownAnswers replacing(String id, String field, String value) {
        List<KnownAnswer> out = new ArrayList<>(vectors);
        for (int i = 0; i < out.size(); i++) {
            KnownAnswer v = out.get(i);
            if (v.id().equals(id) && v.has(field)) {
                Map<String, String> fields = new LinkedHashMap<>(v.fields());
                fields.put(field, value);
                out.set(i, new KnownAnswer(v.algorithm(), v.id(), v.source(), fields));
                return new KnownAnswers(out);
            }
        }
        throw new IllegalArgumentException("no vector " + id + " with field " + field);
    }

    /** A copy of this set without the vectors of {@code algorithm}, for tests of a missing algorithm. */
    public KnownAnswers without(String algorithm) {
        return new KnownAnswers(vectors.stream().filter(v -> !v.algorithm().equals(algorithm)).toList());
    }

    /**
     * Parses vectors in the format described above.
     *
     * @throws IllegalArgumentException naming the line on a malformed line or a repeated field
     */
    public static KnownAnswers parse(String text) {
        Objects.requireNonNull(text, "text");
        List<KnownAnswer> out = new ArrayList<>();
        String algorithm = null;
        String id = null;
        Map<String, String> fields = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int space = line.indexOf(' ');
            if (space < 0) {
                throw new IllegalArgumentException("line " + (i + 1) + ": expected '<name> <value>': " + line);
            }
            String name = line.substring(0, space);
            String value = line.substring(space + 1).strip();
            if (name.equals("vector")) {
                if (algorithm != null) {
                    out.add(record(algorithm, id, fields));
                }
                String[] parts = value.split("\\s+");
                if (parts.length != 2) {
                    throw new IllegalArgumentException("line " + (i + 1) + ": expected 'vector <algorithm> <id>'");
                }
                algorithm = parts[0];
                id = parts[1];
                fields = new LinkedHashMap<>();
            } else if (algorithm == null) {
                throw new IllegalArgumentException("line " + (i + 1) + ": field before the first 'vector' line");
            } else if (fields.putIfAbsent(name, value) != null) {
                throw new IllegalArgumentException("line " + (i + 1) + ": field '" + name + "' repeated in " + id);
            }
        }
        if (algorithm != null) {
            out.add(record(algorithm, id, fields));
        }
        return new KnownAnswers(out);
    }

    private static KnownAnswer record(String algorithm, String id, Map<String, String> fields) {
        String source = fields.remove("source");
        if (source == null) {
            throw new IllegalArgumentException("vector " + id + " has no source");
        }
        return new KnownAnswer(algorithm, id, source, fields);
    }

    /** Every vector, in file order. */
    public List<KnownAnswer> all() {
        return vectors;
    }

    /** The vectors of one algorithm, in file order (empty if there are none). */
    public List<KnownAnswer> forAlgorithm(String algorithm) {
        return vectors.stream().filter(v -> v.algorithm().equals(algorithm)).toList();
    }
}
