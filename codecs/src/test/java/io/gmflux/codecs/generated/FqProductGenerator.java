package io.gmflux.codecs.generated;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes the digit-level kernels of {@code sm9.Fq} (radix 2^52, five digits): the 15-product
 * all-pairs Karatsuba product of {@code mulWide}, the doubled-cross-product square of
 * {@code sqrWide}, the digit-by-digit Montgomery reduction of {@code redc}, and {@code mul}, which
 * is the product and the reduction fused in one method. The final correction ({@code Fq.correct})
 * and the F_q2/F_q4/F_q12 products that combine these kernels are written by hand.
 *
 * <p>Digit products split into halves from operands pre-shifted by 6 bits: the low half
 * {@code (x·2^6 · y·2^6) >>> 12}, the high half {@code Math.multiplyHigh(x·2^6, y·2^6)}.
 */
final class FqProductGenerator {

    private static final String FILE = "io/gmflux/codecs/sm9/Fq.java";
    private static final int DIGITS = 5;
    /** The reduction's first product number: its l/h names continue a numbering of its own. */
    private static final int REDC_FIRST_PRODUCT = 26;

    private FqProductGenerator() {
    }

    static List<GeneratedRegion> regions() {
        return List.of(
                new GeneratedRegion(FILE, "FqProductGenerator.mul()", 8, FqProductGenerator::mul),
                new GeneratedRegion(FILE, "FqProductGenerator.mulWide()", 8, FqProductGenerator::mulWide),
                new GeneratedRegion(FILE, "FqProductGenerator.sqrWide()", 8, FqProductGenerator::sqrWide),
                new GeneratedRegion(FILE, "FqProductGenerator.redc()", 8, FqProductGenerator::redc));
    }

    /** a·b·2^-260 as digit products and reduction in one body, up to the digits e0..e3, t9 that {@code correct} takes. */
    static String mul() {
        JavaLines j = new JavaLines(8);
        toDigits(j, "x", "a", "ao");
        toDigits(j, "y", "b", "bo");
        for (int i = 0; i < DIGITS; i++) {
            j.line("long u%d = x%d << 6;", i, i);
        }
        for (int i = 0; i < DIGITS; i++) {
            j.line("long v%d = y%d << 6;", i, i);
        }
        diagonalProducts(j, "u", "v");
        for (int[] p : pairs()) {
            String ij = "" + p[0] + p[1];
            j.line("long su%s = u%d + u%d;", ij, p[0], p[1]);
            j.line("long sv%s = v%d + v%d;", ij, p[0], p[1]);
            j.line("long pl%s = ((su%s * sv%s) >>> 12) - dl%d - dl%d;", ij, ij, ij, p[0], p[1]);
            j.line("long ph%s = Math.multiplyHigh(su%s, sv%s) - dh%d - dh%d;", ij, ij, ij, p[0], p[1]);
        }
        columnHalves(j);
        j.line("long t0 = l0;");
        for (int k = 1; k < 2 * DIGITS - 1; k++) {
            j.line("long t%d = l%d + h%d;", k, k, k - 1);
        }
        j.line("long t9 = h8;");
        j.line("");
        reduction(j);
        return j.toString();
    }

    /** The unreduced product x·y of two digit vectors as ten signed column sums w[wo..wo+9]. */
    static String mulWide() {
        JavaLines j = new JavaLines(8);
        for (int i = 0; i < DIGITS; i++) {
            j.line("long x%d = x[xo + %d] << 6;", i, i);
        }
        for (int i = 0; i < DIGITS; i++) {
            j.line("long y%d = y[yo + %d] << 6;", i, i);
        }
        diagonalProducts(j, "x", "y");
        for (int[] p : pairs()) {
            String ij = "" + p[0] + p[1];
            j.line("long sx%s = x%d + x%d;", ij, p[0], p[1]);
            j.line("long sy%s = y%d + y%d;", ij, p[0], p[1]);
            j.line("long p%s = sx%s * sy%s;", ij, ij, ij);
            j.line("long pl%s = (p%s >>> 12) - dl%d - dl%d;", ij, ij, p[0], p[1]);
            j.line("long ph%s = Math.multiplyHigh(sx%s, sy%s) - dh%d - dh%d;", ij, ij, ij, p[0], p[1]);
        }
        columnHalves(j);
        j.line("w[wo] = l0;");
        for (int k = 1; k < 2 * DIGITS - 1; k++) {
            j.line("w[wo + %d] = l%d + h%d;", k, k, k - 1);
        }
        j.line("w[wo + 9] = h8;");
        return j.toString();
    }

    /** The unreduced square x^2: each cross product once, doubled, into the column sums t0..t9. */
    static String sqrWide() {
        JavaLines j = new JavaLines(8);
        for (int i = 0; i < DIGITS; i++) {
            j.line("long x%d = x[xo + %d];", i, i);
        }
        for (int i = 0; i < DIGITS; i++) {
            j.line("long x%ds = x%d << 6;", i, i);
        }
        boolean[] declared = new boolean[2 * DIGITS];
        int n = 0;
        for (int i = 0; i < DIGITS; i++) {
            for (int k = i; k < DIGITS; k++) {
                n++;
                j.line("long l%d = x%d * x%d;", n, i, k);
                j.line("long h%d = Math.multiplyHigh(x%ds, x%ds);", n, i, k);
                String twice = i == k ? "" : " << 1";
                String low = i == k ? "l" + n + " & M52" : "(l" + n + " & M52)" + twice;
                addToColumn(j, declared, i + k, low);
                addToColumn(j, declared, i + k + 1, "h" + n + twice);
            }
        }
        for (int k = 0; k < 2 * DIGITS; k++) {
            j.line("w[wo + %d] = t%d;", k, k);
        }
        return j.toString();
    }

    /** The Montgomery reduction of the column sums w[wo..wo+9], up to the digits {@code correct} takes. */
    static String redc() {
        JavaLines j = new JavaLines(8);
        for (int k = 0; k < 2 * DIGITS; k++) {
            j.line("long t%d = w[wo + %d];", k, k);
        }
        reduction(j);
        return j.toString();
    }

    /** The five digits x0..x4 of the limbs {@code array[offset..offset+3]} (read into xa..xd). */
    private static void toDigits(JavaLines j, String x, String array, String offset) {
        j.line("long %sa = %s[%s];", x, array, offset);
        j.line("long %sb = %s[%s + 1];", x, array, offset);
        j.line("long %sc = %s[%s + 2];", x, array, offset);
        j.line("long %sd = %s[%s + 3];", x, array, offset);
        j.line("long %s0 = %sa & M52;", x, x);
        j.line("long %s1 = ((%sa >>> 52) | (%sb << 12)) & M52;", x, x, x);
        j.line("long %s2 = ((%sb >>> 40) | (%sc << 24)) & M52;", x, x, x);
        j.line("long %s3 = ((%sc >>> 28) | (%sd << 36)) & M52;", x, x, x);
        j.line("long %s4 = %sd >>> 16;", x, x);
    }

    /** x_i y_i for each i, split into halves dl_i, dh_i. */
    private static void diagonalProducts(JavaLines j, String x, String y) {
        for (int i = 0; i < DIGITS; i++) {
            j.line("long p%d = %s%d * %s%d;", i, x, i, y, i);
            j.line("long dl%d = p%d >>> 12;", i, i);
            j.line("long dh%d = Math.multiplyHigh(%s%d, %s%d);", i, x, i, y, i);
        }
    }

    /** The digit pairs i &lt; j in order, each one Karatsuba product x_i y_j + x_j y_i. */
    private static List<int[]> pairs() {
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < DIGITS; i++) {
            for (int k = i + 1; k < DIGITS; k++) {
                pairs.add(new int[] {i, k});
            }
        }
        return pairs;
    }

    /** Column k's low halves l_k and high halves h_k: x_(k/2) y_(k/2) if k is even, then each pair i + j = k. */
    private static void columnHalves(JavaLines j) {
        for (int k = 0; k < 2 * DIGITS - 1; k++) {
            List<String> low = new ArrayList<>();
            List<String> high = new ArrayList<>();
            if (k % 2 == 0) {
                low.add("dl" + k / 2);
                high.add("dh" + k / 2);
            }
            for (int[] p : pairs()) {
                if (p[0] + p[1] == k) {
                    low.add("pl" + p[0] + p[1]);
                    high.add("ph" + p[0] + p[1]);
                }
            }
            j.line("long l%d = %s;", k, String.join(" + ", low));
            j.line("long h%d = %s;", k, String.join(" + ", high));
        }
    }

    private static void addToColumn(JavaLines j, boolean[] declared, int column, String term) {
        if (declared[column]) {
            j.line("t%d += %s;", column, term);
        } else {
            j.line("long t%d = %s;", column, term);
            declared[column] = true;
        }
    }

    /**
     * Montgomery rounds on t0..t9, m_i = t_i·(-q^-1) mod 2^52: t_i..t_(i+5) += m_i·q, skipping
     * the low half of m_i P_0 (t_i plus it is ceil(t_i / 2^52)·2^52, only that carry moves up);
     * then the carries through t5..t9 and the result digits e0..e3 (with t9 on top).
     */
    private static void reduction(JavaLines j) {
        int n = REDC_FIRST_PRODUCT;
        for (int i = 0; i < DIGITS; i++) {
            j.line("long m%d = (t%d * N52) & M52;", i, i);
            j.line("long m%ds = m%d << 6;", i, i);
            j.line("long h%d = Math.multiplyHigh(m%ds, PS0);", n, i);
            j.line("t%d += h%d;", i + 1, n);
            for (int d = 1; d < DIGITS; d++) {
                j.line("long l%d = m%d * P%d;", n + d, i, d);
                j.line("long h%d = Math.multiplyHigh(m%ds, PS%d);", n + d, i, d);
                j.line("t%d += l%d & M52;", i + d, n + d);
                j.line("t%d += h%d;", i + d + 1, n + d);
            }
            j.line("t%d += (t%d + M52) >> 52; // t%d + (m%d P0 mod 2^52) = ceil(t%d / 2^52) 2^52", i + 1, i, i, i, i);
            n += DIGITS;
        }
        for (int k = DIGITS + 1; k < 2 * DIGITS; k++) {
            j.line("t%d += t%d >> 52;", k, k - 1);
        }
        for (int k = 0; k < DIGITS - 1; k++) {
            j.line("long e%d = t%d & M52;", k, DIGITS + k);
        }
    }
}
