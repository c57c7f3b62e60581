package io.gmflux.codecs.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Test cases lifted from other implementations' test suites (gmsm, GmSSL, BouncyCastle, Kona,
 * Wycheproof), read from {@code ../shared/peer-vectors/<suite>.txt} when that folder exists.
 *
 * <p>These files are the team's reference material and are never copied into the repository, so a
 * clone without {@code ../shared} has none: {@link #cases} then <em>aborts</em> the calling test
 * through a JUnit assumption, which the test report lists as skipped, with the path it looked at.
 * The format, as each file's header says: one case a line, {@code <kind> <field>=<value> ...};
 * byte fields are hex, {@code -} is the empty string; {@code from=} names the source file and test.
 */
public final class PeerVectors {

    private PeerVectors() {
    }

    /**
     * One line of a peer-vector file. Immutable. Line 0 stands for a file that is not present (see
     * {@link #of}): reading any of its fields aborts the test, which then reports itself skipped.
     */
    public record Case(String suite, int line, String kind, Map<String, String> fields) {

        private static final String ABSENT = "absent";

        static Case absent(String suite, String kind, String reason) {
            return new Case(suite, 0, kind, Map.of(ABSENT, reason));
        }

        /** The fields, by name; aborts the calling test (skipped) if the file is not present. */
        @Override
        public Map<String, String> fields() {
            if (line == 0) {
                Assumptions.abort(fields.get(ABSENT));
            }
            return fields;
        }

        /** The raw text of a field; fails the test if it is missing. */
        public String text(String name) {
            String v = fields().get(name);
            if (v == null) {
                throw new AssertionError(this + " has no field " + name);
            }
            return v;
        }

        /** A hex field, decoded ({@code -} is empty); fails the test if it is missing. */
        public byte[] hex(String name) {
            String v = text(name);
            return v.equals("-") ? new byte[0] : HexFormat.of().parseHex(v);
        }

        /** A decimal field; fails the test if it is missing. */
        public int integer(String name) {
            return Integer.parseInt(text(name));
        }

        public boolean has(String name) {
            return fields().containsKey(name);
        }

        /** Whether the case expects acceptance: {@code result=valid}, or no result field. */
        public boolean valid() {
            return !fields().containsKey("result") || fields.get("result").equals("valid");
        }

        @Override
        public String toString() {
            if (line == 0) {
                return suite + ".txt " + kind + " (not present)";
            }
            return suite + ".txt:" + line + " " + kind + " (" + fields.getOrDefault("from", "?") + ")";
        }
    }

    /** The peer-vector folder, if this checkout has one beside it. */
    public static Optional<Path> folder() {
        String prop = System.getProperty("gmflux.shared");
        List<Path> candidates = new ArrayList<>();
        if (prop != null) {
            candidates.add(Paths.get(prop, "peer-vectors"));
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            candidates.add(dir.resolveSibling("shared").resolve("peer-vectors"));
        }
        return candidates.stream().filter(Files::isDirectory).findFirst();
    }

    /**
     * Every case of {@code kind} in {@code suite} (e.g. {@code cases("gmsm", "sm4-xts")}), in file
     * order. Skips the calling test (JUnit assumption) when the peer vectors are absent; fails it
     * when the file is present but holds no case of that kind, so a renamed kind cannot pass empty.
     */
    public static List<Case> cases(String suite, String kind) {
        Optional<String> absent = absence(suite, kind);
        Assumptions.assumeTrue(absent.isEmpty(), absent::get);
        Path file = folder().orElseThrow().resolve(suite + ".txt");
        List<Case> out = new ArrayList<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s+");
            if (!parts[0].equals(kind)) {
                continue;
            }
            Map<String, String> fields = new LinkedHashMap<>();
            for (int p = 1; p < parts.length; p++) {
                int eq = parts[p].indexOf('=');
                if (eq <= 0) {
                    throw new AssertionError(file + ":" + (i + 1) + ": expected name=value, got " + parts[p]);
                }
                fields.put(parts[p].substring(0, eq), parts[p].substring(eq + 1));
            }
            out.add(new Case(suite, i + 1, kind, Collections.unmodifiableMap(fields)));
        }
        if (out.isEmpty()) {
            throw new AssertionError(file + " has no case of kind " + kind);
        }
        return out;
    }

    /**
     * Every case of {@code kind} in each of {@code suites}, suite by suite, for a
     * {@code @MethodSource}; fails as {@link #cases} does when a present file has no such case. A
     * suite whose file is not present gives one placeholder case whose test reports itself skipped
     * (an assumption thrown by the source method itself would make JUnit run, and report, nothing).
     */
    public static Stream<Case> of(String kind, String... suites) {
        List<Case> out = new ArrayList<>();
        for (String suite : suites) {
            Optional<String> absent = absence(suite, kind);
            if (absent.isPresent()) {
                out.add(Case.absent(suite, kind, absent.get()));
            } else {
                out.addAll(cases(suite, kind));
            }
        }
        return out.stream();
    }

    /** Why {@code suite}'s file cannot be read, if it cannot. */
    private static Optional<String> absence(String suite, String kind) {
        Optional<Path> dir = folder();
        if (dir.isEmpty()) {
            return Optional.of("peer vectors not present (../shared/peer-vectors beside the checkout, or "
                    + "-Dgmflux.shared): skipping " + suite + " " + kind);
        }
        Path file = dir.get().resolve(suite + ".txt");
        if (!Files.isRegularFile(file)) {
            return Optional.of("peer-vector file " + file + " not present: skipping " + kind);
        }
        return Optional.empty();
    }
}
