package io.gmflux.codecs.sm2;

/**
 * The fixed-base table for k·G: for each of the 64 base-16 digit positions i and each digit
 * d in 1..15, the affine point d·16^i·G (Montgomery form), 8 longs (x then y) per entry, 64 × 15
 * entries (60 KiB). Built once when first used, from public data only; read-only afterwards and
 * so safe to share between threads.
 */
final class BaseTable {

    static final long[] TABLE = build();

    private BaseTable() {
    }

    private static long[] build() {
        PointArithmetic pa = new PointArithmetic();
        long[] table = new long[64 * 15 * 8];
        JacobianPoint base = new JacobianPoint();
        JacobianPoint multiple = new JacobianPoint();
        long[] ax = new long[4];
        long[] ay = new long[4];
        base.setAffine(Sm2Curve.GX_MONT, Sm2Curve.GY_MONT);
        for (int i = 0; i < 64; i++) {
            multiple.set(base);
            for (int d = 1; d <= 15; d++) {
                if (d == 2) {
                    pa.twice(multiple, base);
                } else if (d > 2) {
                    pa.add(multiple, multiple, base);
                }
                pa.toAffine(ax, ay, multiple);
                int o = (i * 15 + d - 1) * 8;
                System.arraycopy(ax, 0, table, o, 4);
                System.arraycopy(ay, 0, table, o + 4, 4);
            }
            for (int j = 0; j < 4; j++) {
                pa.twice(base, base);
            }
        }
        return table;
    }
}
