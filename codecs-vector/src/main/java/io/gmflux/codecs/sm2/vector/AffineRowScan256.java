package io.gmflux.codecs.sm2.vector;

import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The scan of {@link VectorAffineRowScanner}: x and y of each entry as one 256-bit vector apiece, ANDed with the
 * entry's mask (all ones for entry d, else zero; computed arithmetically) broadcast to every lane, ORed into two
 * accumulators. Only lanewise AND and OR, no {@code compare}/{@code blend} masks (whose fallback branches per
 * lane), no branch on d.
 */
final class AffineRowScan256 {

    private static final VectorSpecies<Long> S = LongVector.SPECIES_256;

    private AffineRowScan256() {
    }

    static int preferredBits() {
        return LongVector.SPECIES_PREFERRED.vectorBitSize();
    }

    static void scan(long[] table, int rowOffset, int perRow, int d, long[] sx, long[] sy) {
        LongVector x = LongVector.zero(S);
        LongVector y = LongVector.zero(S);
        for (int j = 1; j <= perRow; j++) {
            long t = j ^ d;
            LongVector m = LongVector.broadcast(S, (t - 1) >> 63); // -1 iff j == d (both below 2^31)
            int o = rowOffset + (j - 1) * 8;
            x = x.or(LongVector.fromArray(S, table, o).and(m));
            y = y.or(LongVector.fromArray(S, table, o + 4).and(m));
        }
        x.intoArray(sx, 0);
        y.intoArray(sy, 0);
    }
}
