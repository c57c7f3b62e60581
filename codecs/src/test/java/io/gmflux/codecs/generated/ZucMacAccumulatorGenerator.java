package io.gmflux.codecs.generated;

import java.util.List;

/**
 * Writes {@code ZucMacAccumulator}'s unrolled parts: the scalar form's 32 accumulators
 * ({@code absorb}), and the column form, one loop per window offset k with k a constant
 * ({@code absorbColumns} and {@code column0..31}).
 */
final class ZucMacAccumulatorGenerator {

    private static final String FILE = "io/gmflux/codecs/zuc/ZucMacAccumulator.java";

    private ZucMacAccumulatorGenerator() {
    }

    static List<GeneratedRegion> regions() {
        return List.of(
                new GeneratedRegion(FILE, "ZucMacAccumulatorGenerator.absorb()", 8, ZucMacAccumulatorGenerator::absorb),
                new GeneratedRegion(FILE, "ZucMacAccumulatorGenerator.absorbColumns()", 8,
                        ZucMacAccumulatorGenerator::absorbColumns),
                new GeneratedRegion(FILE, "ZucMacAccumulatorGenerator.columns()", 4, ZucMacAccumulatorGenerator::columns));
    }

    /** Accumulator k ^= m AND (the 64 keystream bits at offset k of a ∥ b), accumulators in locals. */
    static String absorb() {
        JavaLines j = new JavaLines(8);
        for (int k = 0; k < 32; k++) {
            j.line("long a%d = acc[accOff + %d];", k, k);
        }
        j.line("for (int p = 0; p < pairs; p++) {").in();
        j.line("long m = Bytes.getLongBE(msg, off + 8 * p);");
        j.line("int q = kwOff + 2 * p;");
        j.line("long a = ((long) kw[q] << 32) | (kw[q + 1] & 0xFFFFFFFFL);");
        j.line("long b = (long) kw[q + 2] << 32;");
        j.line("a0 ^= m & a;");
        for (int k = 1; k < 32; k++) {
            j.line("a%d ^= m & ((a << %d) | (b >>> %d));", k, k, 64 - k);
        }
        j.out().line("}");
        for (int k = 0; k < 32; k++) {
            j.line("acc[accOff + %d] = a%d;", k, k);
        }
        return j.toString();
    }

    static String absorbColumns() {
        JavaLines j = new JavaLines(8);
        for (int k = 0; k < 32; k++) {
            j.line("acc[%s] ^= column%d(m, z, z1, n) & 0xFFFFFFFFL;", k == 0 ? "accOff" : "accOff + " + k, k);
        }
        return j.toString();
    }

    /** One method per k: x ^= m[w] AND (the 32 keystream bits at offset k of z[w] ∥ z1[w]). */
    static String columns() {
        JavaLines j = new JavaLines(4);
        for (int k = 0; k < 32; k++) {
            if (k > 0) {
                j.line("");
            }
            j.line("private static int column%d(int[] m, int[] z, int[] z1, int n) {", k).in();
            j.line("int x = 0;");
            j.line("for (int w = 0; w < n; w++) {").in();
            j.line(k == 0 ? "x ^= m[w] & z[w];" : String.format("x ^= m[w] & ((z[w] << %d) | (z1[w] >>> %d));", k, 32 - k));
            j.out().line("}");
            j.line("return x;");
            j.out().line("}");
        }
        return j.toString();
    }
}
