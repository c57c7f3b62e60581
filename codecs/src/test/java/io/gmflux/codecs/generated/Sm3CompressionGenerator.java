package io.gmflux.codecs.generated;

import java.util.List;

/**
 * Writes {@code Sm3.compress}'s unrolled rounds (GB/T 32905 §5.3): the message window in sixteen
 * locals w0..w15 (W_j in {@code w(j mod 16)}, W_{j+4} expanded into the slot of W_{j-12} from
 * round 12 on), and the registers renamed instead of shifted, so that at round j register A is
 * {@code a, d, c, b} for j mod 4 = 0, 1, 2, 3 (likewise E among e, h, g, f). Rounds 0..15 are
 * written out; rounds 16..63 are one 16-round body in a loop that runs it three times.
 */
final class Sm3CompressionGenerator {

    private static final String FILE = "io/gmflux/codecs/sm3/Sm3.java";
    private static final String[] ABCD = {"a", "b", "c", "d"};
    private static final String[] EFGH = {"e", "f", "g", "h"};

    private Sm3CompressionGenerator() {
    }

    static List<GeneratedRegion> regions() {
        return List.of(
                new GeneratedRegion(FILE, "Sm3CompressionGenerator.load()", 12, Sm3CompressionGenerator::load),
                new GeneratedRegion(FILE, "Sm3CompressionGenerator.rounds()", 12, Sm3CompressionGenerator::rounds));
    }

    /** The chaining value into a..h, the block into w0..w15, and the round temporaries. */
    static String load() {
        JavaLines j = new JavaLines(12);
        for (int i = 0; i < 8; i++) {
            j.line("int %s = v[%d];", (char) ('a' + i), i);
        }
        for (int i = 0; i < 16; i++) {
            j.line(i == 0 ? "int w0 = Bytes.getIntBE(in, off);" : String.format("int w%d = Bytes.getIntBE(in, off + %d);", i, 4 * i));
        }
        j.line("int a12;");
        j.line("int ss1;");
        j.line("int x;");
        return j.toString();
    }

    static String rounds() {
        JavaLines j = new JavaLines(12);
        for (int r = 0; r < 16; r++) {
            j.line("// round %d", r);
            round(j, r, String.format("0x%08x", Integer.rotateLeft(0x79cc4519, r)), false);
        }
        j.line("for (int j = 16; j < 64; j += 16) {").in();
        for (int r = 0; r < 16; r++) {
            j.line("// round j + %d", r);
            round(j, r, "k[j + " + r + "]", true);
        }
        j.out().line("}");
        return j.toString();
    }

    /**
     * Round j with j = r mod 16 (registers and window slots depend on nothing else), adding
     * {@code constant} (T_j <<< j); {@code late} selects the majority and choice functions of
     * rounds 16..63.
     */
    private static void round(JavaLines j, int r, String constant, boolean late) {
        String a = ABCD[(4 - r % 4) % 4];
        String b = ABCD[(5 - r % 4) % 4];
        String c = ABCD[(6 - r % 4) % 4];
        String d = ABCD[(7 - r % 4) % 4];
        String e = EFGH[(4 - r % 4) % 4];
        String f = EFGH[(5 - r % 4) % 4];
        String g = EFGH[(6 - r % 4) % 4];
        String h = EFGH[(7 - r % 4) % 4];
        String wj = w(r);
        String wj4 = w(r + 4);
        if (late || r >= 12) {
            // W_{j+4} = P1(W_{j-12} ^ W_{j-5} ^ (W_{j+1} <<< 15)) ^ (W_{j-9} <<< 7) ^ W_{j-2}
            j.line("x = %s ^ %s ^ %s;", wj4, w(r + 11), rotl(w(r + 1), 15));
            j.line("%s = x ^ %s ^ %s ^ %s ^ %s;", wj4, rotl("x", 15), rotl("x", 23), rotl(w(r + 7), 7), w(r + 14));
        }
        j.line("a12 = %s;", rotl(a, 12));
        j.line("ss1 = a12 + (%s + %s);", e, constant);
        j.line("ss1 = %s;", rotl("ss1", 7));
        String ff = late ? String.format("((%s & %s) | ((%s | %s) & %s))", a, b, a, b, c) : String.format("(%s ^ %s ^ %s)", a, b, c);
        String gg = late ? String.format("(((%s ^ %s) & %s) ^ %s)", f, g, e, g) : String.format("(%s ^ %s ^ %s)", e, f, g);
        j.line("%s = %s + %s + (%s ^ %s) + (ss1 ^ a12);", d, ff, d, wj, wj4);
        j.line("x = %s + %s + %s + ss1;", gg, h, wj);
        j.line("%s = %s;", b, rotl(b, 9));
        j.line("%s = %s;", f, rotl(f, 19));
        j.line("%s = x ^ %s ^ %s;", h, rotl("x", 9), rotl("x", 17));
    }

    private static String w(int j) {
        return "w" + j % 16;
    }

    /** A rotation as the shift pair C2 turns into one rotate instruction. */
    private static String rotl(String x, int n) {
        return String.format("((%s << %d) | (%s >>> %d))", x, n, x, 32 - n);
    }
}
