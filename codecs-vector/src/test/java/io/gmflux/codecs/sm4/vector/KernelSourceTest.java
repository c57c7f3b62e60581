package io.gmflux.codecs.sm4.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kernels' written-out parts are what {@link KernelSource} generates (tests run in the codecs-vector directory). */
class KernelSourceTest {

    private static final Path MODULE = Path.of("");

    @Test
    void committedKernelsAreTheGeneratorsOutput() {
        for (String file : KernelSource.FILES) {
            List<String> committed = KernelSource.read(MODULE, file).lines().toList();
            List<String> generated = KernelSource.regenerate(KernelSource.read(MODULE, file)).lines().toList();
            int line = 0;
            while (line < Math.min(committed.size(), generated.size()) && committed.get(line).equals(generated.get(line))) {
                line++;
            }
            assertThat(line)
                    .as("%s line %d is not KernelSource's output (committed: %s; generated: %s); regenerate from the"
                            + " repository root with: %s", file, line + 1, at(committed, line), at(generated, line),
                            KernelSource.COMMAND)
                    .isEqualTo(Math.max(committed.size(), generated.size()));
        }
    }

    private static String at(List<String> lines, int i) {
        return i < lines.size() ? "\"" + lines.get(i).strip() + "\"" : "(end of file)";
    }

    @Test
    void everyRegionStandsOnceInTheKernels() {
        List<String> names = new ArrayList<>();
        for (String file : KernelSource.FILES) {
            names.addAll(KernelSource.regionNames(KernelSource.read(MODULE, file)));
        }
        assertThat(names).containsExactlyInAnyOrderElementsOf(KernelSource.REGIONS.keySet());
    }

    @Test
    void regenerationReplacesAnEditedLineAndKeepsTheRest() {
        String source = "class X {\n    void f() {\n        " + KernelSource.BEGIN + "\"rounds16, batch a\"\n"
                + "        int edited = 1;\n        " + KernelSource.END + "\n    }\n}\n";
        String generated = KernelSource.regenerate(source);
        assertThat(generated).doesNotContain("edited").startsWith("class X {\n    void f() {\n")
                .endsWith("        " + KernelSource.END + "\n    }\n}\n")
                .contains("        a3.intoArray(s, 0);\n");
        assertThat(KernelSource.regenerate(generated)).isEqualTo(generated);
    }

    @Test
    void refusesUnknownAndUnclosedRegions() {
        assertThatThrownBy(() -> KernelSource.regenerate(KernelSource.BEGIN + "\"nothing\"\n" + KernelSource.END + "\n"))
                .hasMessageContaining("no region named \"nothing\"");
        assertThatThrownBy(() -> KernelSource.regenerate(KernelSource.BEGIN + "\"rounds16, batch a\"\nint x;\n"))
                .hasMessageContaining("has no " + KernelSource.END);
    }
}
