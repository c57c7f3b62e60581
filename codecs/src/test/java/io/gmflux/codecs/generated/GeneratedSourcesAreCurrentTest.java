package io.gmflux.codecs.generated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The checked-in generated regions are exactly what their generators write now. */
class GeneratedSourcesAreCurrentTest {

    private final Path root = GeneratedSources.mainSources();

    @Test
    void everyGeneratedRegionIsWhatItsGeneratorWrites() {
        Map<String, String> expected = GeneratedSources.expected(root);
        assertThat(expected).containsOnlyKeys(
                "io/gmflux/codecs/zuc/ZucCore.java",
                "io/gmflux/codecs/zuc/ZucMacAccumulator.java",
                "io/gmflux/codecs/sm3/Sm3.java",
                "io/gmflux/codecs/sm9/Fq.java");
        StringBuilder stale = new StringBuilder();
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String actual = GeneratedSources.read(root.resolve(e.getKey()));
            if (!actual.equals(e.getValue())) {
                stale.append(e.getKey()).append(": ").append(firstDifference(e.getValue(), actual)).append('\n');
            }
        }
        if (stale.length() > 0) {
            fail("generated code differs from its generator's output (edit the generator, not the region):\n" + stale
                    + "regenerate with: " + GeneratedRegion.COMMAND);
        }
    }

    @Test
    void everyGeneratedMarkerHasAGenerator() {
        assertThat(GeneratedSources.unclaimedMarkers(root)).isEmpty();
    }

    @Test
    void aHandEditInsideARegionIsSeenAndUndoneByRegeneration() {
        GeneratedRegion clocks = ZucCoreGenerator.regions().get(0);
        String current = GeneratedSources.read(root.resolve(clocks.file()));
        String edited = current.replace("out[off + 7] = w ^", "out[off + 7] = ~w ^");
        assertThat(edited).isNotEqualTo(current);
        assertThat(clocks.spliceInto(edited)).isEqualTo(clocks.spliceInto(current)).doesNotContain("~w");
    }

    @Test
    void aMissingMarkerIsAnError() {
        GeneratedRegion clocks = ZucCoreGenerator.regions().get(0);
        assertThatThrownBy(() -> clocks.spliceInto("final class ZucCore {\n}\n"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ZucCoreGenerator.clocks()");
    }

    /** Where two texts first differ, as line number and both lines. */
    private static String firstDifference(String expected, String actual) {
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        for (int i = 0; i < Math.max(e.length, a.length); i++) {
            String el = i < e.length ? e[i] : "<end of file>";
            String al = i < a.length ? a[i] : "<end of file>";
            if (!el.equals(al)) {
                return "line " + (i + 1) + "\n  generator writes: " + el.strip() + "\n  file has:         " + al.strip();
            }
        }
        return "no line differs";
    }
}
