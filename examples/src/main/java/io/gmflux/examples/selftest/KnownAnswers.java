package io.gmflux.examples.selftest;

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
 * A set of known-answer vectors in the selftest's text format, by default the set embedded in
 * the jar ({@code known-answers.txt} beside this class). The selftest takes its vectors as a
 * parameter so that a test can hand it a corrupted set and watch it fail.
 *
 * <p>Format, one item per line: {@code vector <algorithm> <id>} opens a record, every following
 * {@code <field> <value>} line belongs to it (the first space separates name and value); blank
 * lines and lines starting with {@code #} are ignored. Immutable and thread-safe.
 */
public final class KnownAnswers {

    /** Name of the embedded resource, relative to this class. */
    public static final String EMBEDDED_RESOURCE = "known-answers.txt";

    private final List<KnownAnswer> vectors;

    private KnownAnswers(List<KnownAnswer> vectors) {
        this.vectors = List.copyOf(vectors);
    }

    /** The vectors embedded in this jar. */
    public static KnownAnswers embedded() {
        return parse(embeddedText());
    }

    /** The text of the embedded vector file, for tools and tests that derive a modified set. */
    public static String embeddedText() {
        try (InputStream in = KnownAnswers.class.getResourceAsStream(EMBEDDED_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + EMBEDDED_RESOURCE + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + EMBEDDED_RESOURCE, e);
        }
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
