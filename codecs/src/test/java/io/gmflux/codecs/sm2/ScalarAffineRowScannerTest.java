package io.gmflux.codecs.sm2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The scalar row scan against the obvious lookup (copy entry d, zeros for d = 0), on the tables it serves: G's comb
 * (perRow 32), a prepared key's comb (perRow 16), and random tables at odd offsets.
 */
class ScalarAffineRowScannerTest {

    private static final AffineRowScanner SCALAR = new ScalarAffineRowScanner();

    /** The reference: entry d of the row by index (or zeros), which the scan must equal without indexing by d. */
    static void lookUp(long[] table, int rowOffset, int d, long[] sx, long[] sy) {
        Arrays.fill(sx, 0);
        Arrays.fill(sy, 0);
        if (d != 0) {
            System.arraycopy(table, rowOffset + (d - 1) * 8, sx, 0, 4);
            System.arraycopy(table, rowOffset + (d - 1) * 8 + 4, sy, 0, 4);
        }
    }

    /** Every row and every d of {@code table} (a comb table of the given width) agrees with {@link #lookUp}. */
    static void assertEveryEntry(AffineRowScanner scanner, long[] table, int rows, int perRow, int first) {
        long[] sx = new long[4];
        long[] sy = new long[4];
        long[] ex = new long[4];
        long[] ey = new long[4];
        for (int row = 0; row < rows; row++) {
            int rowOffset = first + row * perRow * 8;
            for (int d = 0; d <= perRow; d++) {
                lookUp(table, rowOffset, d, ex, ey);
                Arrays.fill(sx, -1);
                Arrays.fill(sy, -1);
                scanner.scan(table, rowOffset, perRow, d, sx, sy);
                assertThat(sx).as("x, row %d, d %d", row, d).containsExactly(ex);
                assertThat(sy).as("y, row %d, d %d", row, d).containsExactly(ey);
            }
        }
    }

    @Test
    void findsEveryEntryOfTheBasePointsComb() {
        int width = CombTable.BASE_WIDTH;
        assertThat(CombTable.perRow(width)).isEqualTo(32);
        assertEveryEntry(SCALAR, CombTable.BASE, CombTable.rows(width), 32, 0);
    }

    @Test
    void findsEveryEntryOfAPreparedKeysComb() {
        Sm2KeyPair pair = Sm2KeyPair.generate(new java.security.SecureRandom());
        long[] table = CombTable.build(pair.publicKey().x, pair.publicKey().y);
        assertThat(CombTable.perRow(CombTable.WIDTH)).isEqualTo(16);
        assertEveryEntry(SCALAR, table, CombTable.rows(CombTable.WIDTH), 16, 0);
    }

    @Test
    void findsEveryEntryOfRandomRowsAtOddOffsets() {
        SplittableRandom random = new SplittableRandom(20261202);
        for (int perRow : new int[] {1, 16, 32, 64}) {
            for (int first : new int[] {1, 3, 7}) {
                long[] table = random.longs(first + 3 * perRow * 8 + 5).toArray();
                long[] copy = table.clone();
                assertEveryEntry(SCALAR, table, 3, perRow, first);
                assertThat(table).as("the table is only read").isEqualTo(copy);
            }
        }
    }
}
