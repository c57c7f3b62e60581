package io.gmflux.codecs.sm4.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Engine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * How {@code Sm4.newConstantTimeEngine} chooses its engine, seen from a fresh JVM each (the choice is
 * made once per JVM, so this test's own JVM, where other tests have made it, cannot show a first call):
 * {@link FirstUse} makes the calls and prints what it saw, the test reads it.
 */
class Sm4VectorSelectionTest {

    private static final String WARMING_UP = "bitsliced (vector engine warming up)";

    @Test
    void firstCallReturnsTheBitslicedEngineAtOnceAndLaterCallsTheAcceptedVectorEngine() throws Exception {
        Map<String, String> seen = runFirstUse(null);
        assertThat(seen.get("first")).isEqualTo("Sm4ConstantTimeEngine");
        if (vbmi()) {
            // the warm-up takes over 200 rounds of uncompiled kernel calls: the first call returned long before
            assertThat(seen.get("name after first call")).isEqualTo(WARMING_UP);
            assertThat(seen.get("warm-up thread")).isEqualTo("gmflux-sm4-vector-warmup daemon priority 1");
            assertThat(seen.get("after await")).startsWith("vector-512");
            assertThat(seen.get("later")).isEqualTo("Sm4VectorEngine");
            assertThat(seen.get("ghash after first call")).isEqualTo("scalar (masked multiplications) (vector GHASH warming up)");
            assertThat(seen.get("auto after first call")).as("keys made during the warm-up").isEqualTo("table");
            assertThat(seen.get("ghash after await")).startsWith("vector-512 linear map");
            assertThat(seen.get("auto after await")).isEqualTo("constant-time");
        } else {
            assertThat(seen.get("after await")).startsWith("bitsliced (vector engine not used: ");
            assertThat(seen.get("later")).isEqualTo("Sm4ConstantTimeEngine");
        }
        assertThat(seen.get("first, after the choice")).as("an engine never changes").isEqualTo("Sm4ConstantTimeEngine");
        assertThat(seen.get("same bytes")).isEqualTo("true");
    }

    @Test
    void falseKeepsTheBitslicedEngineAndStartsNoWarmUp() throws Exception {
        Map<String, String> seen = runFirstUse("false");
        assertThat(seen.get("first")).isEqualTo("Sm4ConstantTimeEngine");
        assertThat(seen.get("name after first call"))
                .isEqualTo("bitsliced (vector engine not used: disabled by gmflux.sm4.vector=false)");
        assertThat(seen.get("warm-up thread")).isEqualTo("none");
        assertThat(seen.get("later")).isEqualTo("Sm4ConstantTimeEngine");
        assertThat(seen.get("ghash after await"))
                .isEqualTo("scalar (masked multiplications) (vector GHASH not used: disabled by gmflux.sm4.vector=false)");
        assertThat(seen.get("auto after await")).isEqualTo("table");
        assertThat(seen.get("same bytes")).isEqualTo("true");
    }

    @Test
    void eagerMakesTheFirstCallWaitForTheChoice() throws Exception {
        Map<String, String> seen = runFirstUse("eager");
        assertThat(seen.get("warm-up thread")).isEqualTo("none");
        assertThat(seen.get("name after first call")).isNotEqualTo(WARMING_UP).isEqualTo(seen.get("after await"));
        if (vbmi()) {
            assertThat(seen.get("first")).isEqualTo("Sm4VectorEngine");
            assertThat(seen.get("name after first call")).startsWith("vector-512");
            assertThat(seen.get("ghash after first call")).startsWith("vector-512 linear map");
            assertThat(seen.get("auto after first call")).isEqualTo("constant-time");
        } else {
            assertThat(seen.get("first")).isEqualTo("Sm4ConstantTimeEngine");
        }
        assertThat(seen.get("same bytes")).isEqualTo("true");
    }

    /** Runs {@link FirstUse} in a new JVM with {@code -Dgmflux.sm4.vector=mode} (none if null); its "key: value" lines. */
    private static Map<String, String> runFirstUse(String mode) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-cp", System.getProperty("java.class.path")));
        if (mode != null) {
            command.add("-Dgmflux.sm4.vector=" + mode);
        }
        command.add(FirstUse.class.getName());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
        String text = new String(output, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isZero();
        Map<String, String> seen = new LinkedHashMap<>();
        text.lines().filter(l -> l.contains(": ")).forEach(l -> seen.put(l.substring(0, l.indexOf(": ")),
                l.substring(l.indexOf(": ") + 2)));
        return seen;
    }

    private static boolean vbmi() throws IOException {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        return Files.isReadable(cpuinfo) && Files.readString(cpuinfo).contains(" avx512vbmi");
    }

    /** The first constant-time engine of a JVM, the choice, a later engine; prints what it saw. */
    static final class FirstUse {
        public static void main(String[] args) throws Exception {
            byte[] key = new byte[16];
            Random random = new Random(0x5A4E_0201L);
            random.nextBytes(key);
            long start = System.nanoTime();
            Sm4Engine first = Sm4.newConstantTimeEngine(key);
            long firstCall = System.nanoTime() - start;
            System.out.println("name after first call: " + Sm4.constantTimeEngineName());
            System.out.println("ghash after first call: " + Sm4.constantTimeGhashName());
            System.out.println("auto after first call: " + EngineChoice.AUTO.resolve().label());
            System.out.println("first: " + first.getClass().getSimpleName());
            System.out.println("warm-up thread: " + Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().equals("gmflux-sm4-vector-warmup"))
                    .map(t -> t.getName() + (t.isDaemon() ? " daemon" : "") + " priority " + t.getPriority())
                    .findFirst().orElse("none"));
            String chosen = Sm4.awaitConstantTimeEngine(Duration.ofMinutes(2));
            long choice = System.nanoTime() - start;
            System.out.println("after await: " + chosen);
            System.out.println("ghash after await: " + Sm4.constantTimeGhashName());
            System.out.println("auto after await: " + EngineChoice.AUTO.resolve().label());
            // for a reader of a failure, not asserted: the point of the choice is the first call's latency
            System.out.printf("took: first call %d ms, choice %d ms%n", firstCall / 1_000_000, choice / 1_000_000);
            Sm4Engine later = Sm4.newConstantTimeEngine(key);
            System.out.println("later: " + later.getClass().getSimpleName());
            System.out.println("first, after the choice: " + first.getClass().getSimpleName());

            byte[] in = new byte[16 * 200];
            random.nextBytes(in);
            byte[] expected = new byte[in.length];
            Sm4.newTableEngine(key).encryptCtr(new byte[16], in, 0, expected, 0, 200);
            boolean same = true;
            for (Sm4Engine engine : new Sm4Engine[] {first, later}) {
                byte[] out = new byte[in.length];
                engine.encryptCtr(new byte[16], in, 0, out, 0, 200);
                same &= Arrays.equals(out, expected);
                engine.decryptBlocks(in, 0, out, 0, 200);
                byte[] back = new byte[in.length];
                Sm4.newTableEngine(key).encryptBlocks(out, 0, back, 0, 200);
                same &= Arrays.equals(back, in);
            }
            System.out.println("same bytes: " + same);
        }
    }
}
