package io.gmflux.codecs.generated;

import java.util.List;
import java.util.function.IntFunction;

/**
 * Writes the body of {@code ZucCore.clocks}: sixteen LFSR clocks (GB/T 33133.1 §5.3) with the
 * cells in locals c0..c15 whose roles rotate, so that at clock i cell s_j is {@code c[(i + j) % 16]}
 * and the new cell s16 replaces s0's local.
 */
final class ZucCoreGenerator {

    private static final String FILE = "io/gmflux/codecs/zuc/ZucCore.java";

    private ZucCoreGenerator() {
    }

    static List<GeneratedRegion> regions() {
        return List.of(new GeneratedRegion(FILE, "ZucCoreGenerator.clocks()", 8, ZucCoreGenerator::clocks));
    }

    static String clocks() {
        JavaLines j = new JavaLines(8);
        j.line("final int[] s = this.s;");
        for (int i = 0; i < 16; i++) {
            j.line("int c%d = s[%d];", i, i);
        }
        j.line("int r1 = this.r1;");
        j.line("int r2 = this.r2;");
        for (String local : List.of("int x0", "int x1", "int x2", "int w", "int w1", "int w2", "long v")) {
            j.line(local + ";");
        }
        for (int i = 0; i < 16; i++) {
            int clock = i;
            IntFunction<String> s = cell -> "c" + (clock + cell) % 16;
            j.line("// Clock %d.", i);
            j.line("x0 = ((%s & 0x7FFF8000) << 1) | (%s & 0xFFFF);", s.apply(15), s.apply(14));
            j.line("x1 = (%s << 16) | (%s >>> 15);", s.apply(11), s.apply(9));
            j.line("x2 = (%s << 16) | (%s >>> 15);", s.apply(7), s.apply(5));
            j.line("w = (x0 ^ r1) + r2;");
            j.line("w1 = r1 + x1;");
            j.line("w2 = r2 ^ x2;");
            j.line("r1 = sbox(l1((w1 << 16) | (w2 >>> 16)));");
            j.line("r2 = sbox(l2((w2 << 16) | (w1 >>> 16)));");
            j.line("out[off + %d] = w ^ ((%s << 16) | (%s >>> 15));", i, s.apply(2), s.apply(0));
            j.line("v = (long) %s * 257 + ((long) %s << 20) + ((long) %s << 21) + ((long) %s << 17)",
                    s.apply(0), s.apply(4), s.apply(10), s.apply(13));
            j.line("        + ((long) %s << 15) + (init ? w >>> 1 : 0);", s.apply(15));
            j.line("v = (v & P) + (v >>> 31);");
            j.line("%s = (int) ((v & P) + (v >>> 31));", s.apply(0));
        }
        for (int i = 0; i < 16; i++) {
            j.line("s[%d] = c%d;", i, i);
        }
        j.line("this.r1 = r1;");
        j.line("this.r2 = r2;");
        return j.toString();
    }
}
