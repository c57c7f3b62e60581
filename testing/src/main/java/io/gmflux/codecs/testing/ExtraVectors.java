package io.gmflux.codecs.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The known answers the standards' collection lacks, read from the gmflux-testing resource
 * {@code vectors/extra-vectors.txt} (the same file {@code gmflux selftest} embeds; its header and the
 * README beside it give the format and sources): {@code vector <algorithm> <id>} opens a record, each
 * following {@code <field> <value>} line belongs to it. A missing algorithm fails the test.
 * Stateless and thread-safe.
 */
public final class ExtraVectors {

    /** The classpath location of the file (testing/src/main/resources/vectors/extra-vectors.txt). */
    public static final String RESOURCE = "/vectors/extra-vectors.txt";

    private ExtraVectors() {
    }

    /** One record. Immutable. */
    public record Record(String algorithm, String id, Map<String, String> fields) {

        /** A field's text; fails the test if it is missing. */
        public String text(String name) {
            String v = fields.get(name);
            if (v == null) {
                throw new AssertionError("vector " + id + " has no field " + name);
            }
            return v;
        }

        /** A hex field, decoded ({@code -} is empty); fails the test if it is missing. */
        public byte[] hex(String name) {
            String v = text(name);
            return v.equals("-") ? new byte[0] : HexFormat.of().parseHex(v);
        }

        @Override
        public String toString() {
            return algorithm + " " + id;
        }
    }

    /** The records of {@code algorithm}, in file order; fails if there are none. */
    public static List<Record> of(String algorithm) {
        List<Record> out = new ArrayList<>();
        for (Record r : all()) {
            if (r.algorithm().equals(algorithm)) {
                out.add(r);
            }
        }
        if (out.isEmpty()) {
            throw new AssertionError(RESOURCE + " has no " + algorithm + " record");
        }
        return out;
    }

    /** Every record, in file order. */
    public static List<Record> all() {
        String text;
        try (InputStream in = ExtraVectors.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new AssertionError(RESOURCE + " is not on the test classpath");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Record> out = new ArrayList<>();
        String algorithm = null;
        String id = null;
        Map<String, String> fields = null;
        String[] lines = text.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int space = line.indexOf(' ');
            if (space < 0) {
                throw new AssertionError(RESOURCE + ":" + (i + 1) + ": expected '<name> <value>'");
            }
            String name = line.substring(0, space);
            String value = line.substring(space + 1).strip();
            if (name.equals("vector")) {
                if (algorithm != null) {
                    out.add(new Record(algorithm, id, Collections.unmodifiableMap(fields)));
                }
                String[] parts = value.split("\\s+");
                if (parts.length != 2) {
                    throw new AssertionError(RESOURCE + ":" + (i + 1) + ": expected 'vector <algorithm> <id>'");
                }
                algorithm = parts[0];
                id = parts[1];
                fields = new LinkedHashMap<>();
            } else if (fields == null) {
                throw new AssertionError(RESOURCE + ":" + (i + 1) + ": field before the first 'vector' line");
            } else if (fields.putIfAbsent(name, value) != null) {
                throw new AssertionError(RESOURCE + ":" + (i + 1) + ": field " + name + " repeated in " + id);
            }
        }
        if (algorithm != null) {
            out.add(new Record(algorithm, id, Collections.unmodifiableMap(fields)));
        }
        return out;
    }
}
