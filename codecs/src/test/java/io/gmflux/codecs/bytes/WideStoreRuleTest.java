package io.gmflux.codecs.bytes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The wide-store rule (README "Known issues"): HotSpot C2 of JDK 17.0.15 has been seen to miss
 * int-wide stores into a short fresh array read back nearby, so digests, MACs, counters, nonces and
 * IVs are written with {@code Bytes.putIntBEByBytes}/{@code putLongBEByBytes}. This test scans the
 * main sources of every module for wide stores into byte arrays ({@code Bytes.putIntBE},
 * {@code putLongBE}, {@code putIntLE}, {@code putLongLE}; a byte-array or byte-buffer view
 * {@code VarHandle} outside {@code Bytes}; {@code ByteBuffer}/{@code Unsafe} int- and long-wide
 * puts) and compares them, per file and method, with the allow-list
 * {@code wide-stores.txt} beside this class, which says why each one is safe. A new wide store, or
 * an allowed one that is gone, fails the build with the file and method named. The Vector API
 * stores of codecs-vector ({@code intoArray}) are outside the rule: that module runs on JDK 25+ only.
 */
class WideStoreRuleTest {

    private static final String ALLOW_LIST = "wide-stores.txt";

    /** A call of one of Bytes' wide putters (qualified or statically imported). */
    private static final Pattern WIDE_PUT =
            Pattern.compile("(?<![\\w.$])(?:Bytes\\s*\\.\\s*)?(putIntBE|putLongBE|putIntLE|putLongLE)\\s*\\(");
    /** Their declarations in Bytes, which are not call sites. */
    private static final Pattern WIDE_PUT_DECLARATION =
            Pattern.compile("static\\s+void\\s+(putIntBE|putLongBE|putIntLE|putLongLE)\\s*\\(");
    /** Other ways to store several bytes at once into a byte array. */
    private static final Pattern OTHER_WIDE =
            Pattern.compile("\\b(byteArrayViewVarHandle|byteBufferViewVarHandle)\\b"
                    + "|\\.(putInt|putLong|putShort|putChar|putFloat|putDouble)(?:Unaligned|Volatile|Opaque|Release)?\\s*\\(");
    /**
     * A method or constructor declaration line: group 1 the return type (absent for a constructor),
     * group 2 the name.
     */
    private static final Pattern DECLARATION = Pattern.compile(
            "^\\s+(?:@[\\w.]+(?:\\([^)]*\\))?\\s+)*"
                    + "(?:(?:public|protected|private|static|final|synchronized|abstract|native|default|strictfp)\\s+)*"
                    + "(?:<[^>]+>\\s+)?([\\w$.]+(?:<[^;{}()]*>)?(?:\\[\\])*\\s+)?([\\w$]+)\\s*\\([^;=]*$");
    private static final Set<String> KEYWORDS = Set.of("if", "for", "while", "switch", "return", "new", "catch",
            "synchronized", "throw", "else", "do", "try", "super", "this", "assert", "yield", "case");

    @Test
    void everyWideStoreInMainSourcesIsAllowedByName() throws IOException {
        Path root = projectRoot();
        Map<String, List<String>> found = scanProject(root);
        Map<String, Integer> allowed = allowList();
        assertThat(found).as("wide stores found under %s (a scan that finds none is broken)", root).isNotEmpty();

        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : found.entrySet()) {
            Integer n = allowed.get(e.getKey());
            if (n == null) {
                problems.add("NEW wide store " + e.getKey() + " " + e.getValue() + ": write digests, MACs, counters,"
                        + " nonces and IVs with Bytes.putIntBEByBytes/putLongBEByBytes (README \"Known issues\"), or,"
                        + " if the destination is a long-lived or caller-owned buffer, add '" + e.getKey() + " "
                        + e.getValue().size() + " <why>' to " + ALLOW_LIST);
            } else if (n != e.getValue().size()) {
                problems.add("COUNT changed for " + e.getKey() + ": " + ALLOW_LIST + " allows " + n + ", the source has "
                        + e.getValue().size() + " " + e.getValue() + ": check the new or removed store, then the entry");
            }
        }
        for (String key : allowed.keySet()) {
            if (!found.containsKey(key)) {
                problems.add("STALE entry " + key + " in " + ALLOW_LIST + ": no wide store there any more; remove it");
            }
        }
        assertThat(problems).as("the wide-store rule (%s)", ALLOW_LIST).isEmpty();
    }

    @Test
    void theScanFindsCallsOutsideCommentsAndStringsAndNamesTheirMethod() {
        String source = String.join("\n",
                "package p;",
                "/** Calls {@link Bytes#putIntBE(byte[], int, int)}; see putLongBE(b, 0, 1). */",
                "final class Sample {",
                "    private static final String S = \"Bytes.putIntBE(b, 0, 1)\";",
                "    Sample(byte[] b) {",
                "        Bytes.putLongLE(b, 0, 1L); // putIntBE(b, 0, 2)",
                "    }",
                "    static int tag(byte[] out,",
                "            int off) {",
                "        if (off > 0) {",
                "            putIntBE(out, off, 1);",
                "        }",
                "        /* Bytes.putLongBE(out, 0, 0L); */",
                "        Bytes.putIntBEByBytes(out, off, 2);",
                "        java.nio.ByteBuffer.wrap(out).putLong(0L);",
                "        return 0;",
                "    }",
                "}");
        Map<String, List<String>> found = new TreeMap<>();
        scanFile("m/Sample.java", source, found);
        assertThat(found).containsOnlyKeys("m/Sample.java#Sample", "m/Sample.java#tag");
        assertThat(found.get("m/Sample.java#Sample")).containsExactly("putLongLE@6");
        assertThat(found.get("m/Sample.java#tag")).containsExactly("putIntBE@11", "putLong@15");
    }

    /** Every wide store of the main sources, as {@code path#method -> [what@line, ...]}. */
    private static Map<String, List<String>> scanProject(Path root) throws IOException {
        Map<String, List<String>> found = new TreeMap<>();
        List<Path> sources;
        try (Stream<Path> modules = Files.list(root)) {
            sources = modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).flatMap(dir -> {
                try {
                    return Files.walk(dir).filter(p -> p.toString().endsWith(".java")).toList().stream();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sorted().toList();
        }
        assertThat(sources).as("main sources under %s", root).isNotEmpty();
        for (Path p : sources) {
            String rel = root.relativize(p).toString().replace('\\', '/');
            scanFile(rel, Files.readString(p, StandardCharsets.UTF_8), found);
        }
        return found;
    }

    private static void scanFile(String path, String source, Map<String, List<String>> found) {
        String[] lines = blankCommentsAndStrings(source).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (WIDE_PUT_DECLARATION.matcher(line).find()) {
                continue;
            }
            List<String> hits = new ArrayList<>();
            Matcher m = WIDE_PUT.matcher(line);
            while (m.find()) {
                hits.add(m.group(1));
            }
            Matcher o = OTHER_WIDE.matcher(line);
            while (o.find()) {
                hits.add(o.group(1) != null ? o.group(1) : o.group(2));
            }
            for (String what : hits) {
                found.computeIfAbsent(path + "#" + enclosingMethod(lines, i), k -> new ArrayList<>())
                        .add(what + "@" + (i + 1));
            }
        }
    }

    /** The name of the method or constructor whose body holds line {@code at}, or {@code <class>}. */
    private static String enclosingMethod(String[] lines, int at) {
        for (int j = at; j >= 0; j--) {
            Matcher d = DECLARATION.matcher(lines[j]);
            if (!d.find() || KEYWORDS.contains(d.group(2))) {
                continue;
            }
            String type = d.group(1) == null ? null : d.group(1).strip();
            boolean method = type != null && !KEYWORDS.contains(type);
            boolean constructor = type == null && Character.isUpperCase(d.group(2).charAt(0));
            if (method || constructor) {
                return d.group(2);
            }
        }
        return "<class>";
    }

    /** The source with comments and string/char literals replaced by spaces, line breaks kept. */
    static String blankCommentsAndStrings(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                while (i < s.length() && s.charAt(i) != '\n') {
                    out.append(' ');
                    i++;
                }
            } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
                blank(s, i, end, out);
                i = end;
            } else if (s.startsWith("\"\"\"", i)) {
                int end = s.indexOf("\"\"\"", i + 3);
                end = end < 0 ? s.length() : end + 3;
                blank(s, i, end, out);
                i = end;
            } else if (c == '"' || c == '\'') {
                int end = i + 1;
                while (end < s.length() && s.charAt(end) != c && s.charAt(end) != '\n') {
                    end += s.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end + 1, s.length());
                blank(s, i, end, out);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static void blank(String s, int from, int to, StringBuilder out) {
        for (int k = from; k < to; k++) {
            out.append(s.charAt(k) == '\n' ? '\n' : ' ');
        }
    }

    /** {@code path#method -> count} from the allow-list; its format is in its header. */
    private static Map<String, Integer> allowList() throws IOException {
        Map<String, Integer> allowed = new TreeMap<>();
        Set<String> seen = new TreeSet<>();
        try (InputStream in = WideStoreRuleTest.class.getResourceAsStream(ALLOW_LIST)) {
            assertThat(in).as(ALLOW_LIST + " on the test classpath").isNotNull();
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\r?\n");
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i].strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\\s+", 3);
                if (parts.length < 3 || !parts[0].contains("#") || !parts[1].matches("[1-9][0-9]*")) {
                    throw new AssertionError(ALLOW_LIST + ":" + (i + 1) + ": expected '<path>#<method> <count> <why>'");
                }
                if (!seen.add(parts[0])) {
                    throw new AssertionError(ALLOW_LIST + ":" + (i + 1) + ": " + parts[0] + " listed twice");
                }
                allowed.put(parts[0], Integer.parseInt(parts[1]));
            }
        }
        return allowed;
    }

    /**
     * The directory of the parent pom: the working directory (the whole build) or its parent
     * ({@code mvn -pl codecs}, or an IDE run in the module).
     */
    private static Path projectRoot() throws IOException {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path pom = dir.resolve("pom.xml");
            if (Files.isRegularFile(pom) && Files.isDirectory(dir.resolve("codecs"))
                    && Files.readString(pom, StandardCharsets.UTF_8).contains("<artifactId>gmflux-parent</artifactId>")) {
                return dir;
            }
        }
        throw new AssertionError("no gmflux checkout (a pom.xml of gmflux-parent beside codecs/) above "
                + Path.of("").toAbsolutePath());
    }
}
