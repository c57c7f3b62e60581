package io.gmflux.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.examples.selftest.AlgorithmCheck;
import io.gmflux.examples.selftest.KnownAnswerTests;
import io.gmflux.examples.selftest.KnownAnswers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SelftestCommandTest {

    private record Run(int exit, String out, String err) {
    }

    private static Run run(CommandLine cl, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private static CommandLine selftestOn(KnownAnswers vectors) {
        return new CommandLine(new SelftestCommand(vectors));
    }

    @Test
    void passesEveryAlgorithmOnTheEmbeddedVectorsAndExitsZero() {
        Run r = run(GmfluxCommand.newCommandLine(), "selftest", "--speed-seconds", "0.05");

        assertThat(r.exit()).as("exit status; stderr: %s", r.err()).isZero();
        List<AlgorithmCheck> checks = KnownAnswerTests.available();
        assertThat(checks).isNotEmpty();
        for (AlgorithmCheck c : checks) {
            assertThat(r.out()).as("line for %s", c.name())
                    .containsPattern("(?m)^" + java.util.regex.Pattern.quote(c.name()) + " +\\d+/\\d+ +PASS ");
        }
        assertThat(r.out()).doesNotContain("FAIL").contains("MB/s").contains("NOT a benchmark");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void everyAlgorithmLineCountsAllItsVectorsAsPassed() {
        Run r = run(selftestOn(KnownAnswers.embedded()), "--no-speed");

        assertThat(r.exit()).isZero();
        KnownAnswers embedded = KnownAnswers.embedded();
        for (AlgorithmCheck c : KnownAnswerTests.available()) {
            int n = (int) embedded.forAlgorithm(c.algorithm()).stream().filter(c.applies()).count();
            assertThat(n).as("vectors of %s", c.name()).isPositive();
            assertThat(r.out()).containsPattern("(?m)^" + java.util.regex.Pattern.quote(c.name()) + " +" + n + "/" + n + " +PASS ");
        }
        assertThat(r.out()).doesNotContain("MB/s");
    }

    @Test
    void exitsNonZeroWithAOneLineReasonWhenAnExpectedValueIsCorrupted() {
        // The SM4 standard example 1 ciphertext with its last digit changed.
        KnownAnswers embedded = KnownAnswers.embedded();
        assertThat(embedded.forAlgorithm("sm4").get(0).text("ciphertext")).isEqualTo("681edf34d206965e86b3e94f536e4246");
        KnownAnswers corrupted = embedded.replacing("sm4-gbt32907-example1", "ciphertext", "681edf34d206965e86b3e94f536e4247");

        Run r = run(selftestOn(corrupted), "--no-speed");

        assertThat(r.exit()).isNotZero();
        // Both engines read the "sm4" vectors; the constant-time one runs the one-shot examples only.
        assertThat(r.out()).containsPattern("(?m)^SM4 +3/4 +FAIL ");
        assertThat(r.out()).containsPattern("(?m)^SM4 \\(constant-time\\) +1/2 +FAIL ");
        assertThat(r.out()).containsPattern("(?m)^SM4-CBC +2/2 +PASS ");
        assertThat(r.err()).contains("sm4-gbt32907-example1").contains("ciphertext differs");
        assertThat(r.err().lines().filter(l -> l.startsWith("gmflux selftest: FAILED")).toList())
                .containsExactly("gmflux selftest: FAILED: 2 vector(s) failed in SM4, SM4 (constant-time)");
    }

    @Test
    void failsAnAlgorithmWhoseVectorsAreMissing() {
        Run r = run(selftestOn(KnownAnswers.embedded().without("sm4")), "--no-speed");

        assertThat(r.exit()).isNotZero();
        assertThat(r.out()).containsPattern("(?m)^SM4 +0/0 +FAIL ");
        assertThat(r.out()).containsPattern("(?m)^SM4 \\(constant-time\\) +0/0 +FAIL ");
        assertThat(r.err()).contains("no vectors for 'sm4'");
    }

    @Test
    void rejectsANonPositiveSpeedTime() {
        Run r = run(GmfluxCommand.newCommandLine(), "selftest", "--speed-seconds", "0");

        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--speed-seconds");
    }

    @Test
    void printsVersionAndUsage() {
        Run version = run(GmfluxCommand.newCommandLine(), "--version");
        assertThat(version.exit()).isZero();
        assertThat(version.out()).startsWith("gmflux 0.").contains("Java ")
                .contains("SM4 constant-time engine: " + io.gmflux.codecs.sm4.Sm4.constantTimeEngineName())
                .contains("GHASH of constant-time GCM: " + io.gmflux.codecs.sm4.Sm4.constantTimeGhashName())
                .contains("SM4 engine by default (auto) for keys made now: "
                        + io.gmflux.codecs.sm4.EngineChoice.AUTO.resolve().label());

        Run help = run(GmfluxCommand.newCommandLine(), "help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).contains("selftest");

        Run none = run(GmfluxCommand.newCommandLine());
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err()).contains("Missing command");
    }
}
