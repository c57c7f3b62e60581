package io.gmflux.codecs.sm2;

/**
 * The scalar {@link AffineRowScanner}: per entry one mask from {@code d} and eight loads, ANDs and ORs, eight
 * accumulators in registers. Constant time (the mask is arithmetic, the loop bound public). Stateless.
 */
final class ScalarAffineRowScanner implements AffineRowScanner {

    static final String NAME = "scalar";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void scan(long[] table, int rowOffset, int perRow, int d, long[] sx, long[] sy) {
        long x0 = 0, x1 = 0, x2 = 0, x3 = 0, y0 = 0, y1 = 0, y2 = 0, y3 = 0;
        for (int j = 1; j <= perRow; j++) {
            long m = Sm2Curve.intEqualMask(j, d);
            int o = rowOffset + (j - 1) * 8;
            x0 |= table[o] & m;
            x1 |= table[o + 1] & m;
            x2 |= table[o + 2] & m;
            x3 |= table[o + 3] & m;
            y0 |= table[o + 4] & m;
            y1 |= table[o + 5] & m;
            y2 |= table[o + 6] & m;
            y3 |= table[o + 7] & m;
        }
        sx[0] = x0;
        sx[1] = x1;
        sx[2] = x2;
        sx[3] = x3;
        sy[0] = y0;
        sy[1] = y1;
        sy[2] = y2;
        sy[3] = y3;
    }
}
