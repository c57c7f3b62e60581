package io.gmflux.codecs.sm2.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.sm2.AffineRowScanner;
import io.gmflux.codecs.sm2.ScalarRowScan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The Vector API row scan equals the scalar one: on random tables for every d and rows of 16, 32 and 64 entries at
 * odd offsets (uncompiled), then on many random lookups while C2 compiles it; and the JVM's SM2 uses it where the
 * CPU has 256-bit vectors.
 */
class VectorAffineRowScannerTest {

    private static final AffineRowScanner SCALAR = ScalarRowScan.scalar();

    private static void assertSameAsScalar(long[] table, int rowOffset, int perRow, int d) {
        long[] sx = new long[4];
        long[] sy = new long[4];
        long[] ex = new long[4];
        long[] ey = new long[4];
        SCALAR.scan(table, rowOffset, perRow, d, ex, ey);
        Arrays.fill(sx, -1);
        Arrays.fill(sy, -1);
        AffineRowScan256.scan(table, rowOffset, perRow, d, sx, sy);
        assertThat(sx).as("x, perRow %d, offset %d, d %d", perRow, rowOffset, d).containsExactly(ex);
        assertThat(sy).as("y, perRow %d, offset %d, d %d", perRow, rowOffset, d).containsExactly(ey);
    }

    @Test
    void equalsTheScalarScanForEveryEntryOfRandomRowsAtOddOffsets() {
        SplittableRandom random = new SplittableRandom(20261202);
        for (int perRow : new int[] {16, 32, 64}) {
            for (int first : new int[] {0, 1, 3, 5}) {
                long[] table = random.longs(first + 3 * perRow * 8 + 3).toArray();
                long[] copy = table.clone();
                for (int row = 0; row < 3; row++) {
                    for (int d = 0; d <= perRow; d++) {
                        assertSameAsScalar(table, first + row * perRow * 8, perRow, d);
                    }
                }
                assertThat(table).as("the table is only read").isEqualTo(copy);
            }
        }
    }

    @Test
    void equalsTheScalarScanOnceCompiled() {
        SplittableRandom random = new SplittableRandom(7);
        long[] table = random.longs(43 * 32 * 8 + 7).toArray();
        // ~40,000 calls: past C2's thresholds, so the later ones run the intrinsic form
        for (int i = 0; i < 40_000; i++) {
            int perRow = (i & 1) == 0 ? 32 : 16;
            int rowOffset = random.nextInt(table.length - perRow * 8 + 1);
            assertSameAsScalar(table, rowOffset, perRow, random.nextInt(perRow + 1));
        }
    }

    @Test
    void isTheScanOfThisJvmsSm2WhereTheCpuHas256BitVectors() throws Exception {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        String flags = Files.isReadable(cpuinfo) ? Files.readString(cpuinfo) : "";
        boolean avx2 = flags.contains(" avx2");
        assertThat(ScalarRowScan.inUse() instanceof VectorAffineRowScanner).as(AffineRowScanner.nameInUse()).isEqualTo(avx2);
        if (avx2) {
            assertThat(AffineRowScanner.nameInUse()).isEqualTo("vector-256 x2 (jdk.incubator.vector)");
        } else {
            assertThat(AffineRowScanner.nameInUse()).startsWith("scalar (vector scan not used: preferred long vector size is ");
        }
    }
}
