package io.gmflux.bench.rounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReadmeSpliceTest {

    private static final String README = """
            # gmflux

            ## Benchmarks

            Intro.

            <!-- perf:begin -->
            | old | table |
            <!-- perf:end -->

            ## Next section
            kept
            """;

    @Test
    void replacesOnlyTheTextBetweenTheMarkers() {
        String out = ReadmeSplice.splice(README, "| new | table |\n");
        assertThat(out).isEqualTo("""
                # gmflux

                ## Benchmarks

                Intro.

                <!-- perf:begin -->
                | new | table |
                <!-- perf:end -->

                ## Next section
                kept
                """);
    }

    @Test
    void splicingTwiceGivesTheSameReadme() {
        String once = ReadmeSplice.splice(README, "table A");
        assertThat(ReadmeSplice.splice(once, "table A")).isEqualTo(once);
        assertThat(ReadmeSplice.splice(ReadmeSplice.splice(once, "table B"), "table A")).isEqualTo(once);
    }

    @Test
    void missingRepeatedOrSwappedMarkersAreRefused() {
        assertThatThrownBy(() -> ReadmeSplice.splice("# no markers\n", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReadmeSplice.splice(ReadmeSplice.END + "\n" + ReadmeSplice.BEGIN + "\n", "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReadmeSplice.splice(README + ReadmeSplice.BEGIN + "\n", "x"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
