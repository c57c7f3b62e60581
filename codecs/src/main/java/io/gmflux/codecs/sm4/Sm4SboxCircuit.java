package io.gmflux.codecs.sm4;

/**
 * The SM4 S-box (GB/T 32907 §6.2.1) as a Boolean circuit of XOR, AND and NOT on bit slices: 128
 * XOR and 36 AND (26 of them with one or both inputs complemented, an and-not on most CPUs), five
 * outputs complemented, and no table: its memory accesses and branches do not depend on the data.
 *
 * <p>Derivation (reproducible; the all-256-inputs test in {@code Sm4ConstantTimeEngineTest}
 * checks the result against the standard's table). The SM4 S-box is affine-equivalent to
 * inversion in GF(2^8): {@code S(x) = A·inv(A·x ⊕ C) ⊕ C} with the field GF(2)[t]/(t^8 + t^7 +
 * t^6 + t^5 + t^4 + t^2 + 1), {@code C = 0xd3} and {@code A} the circulant bit matrix whose row
 * {@code i} (output bit {@code i}, LSB = 0) is {@code 0xa7} rotated left by {@code i}. The
 * inversion is carried out in the isomorphic tower field GF(((2^2)^2)^2) with polynomial bases:
 * GF(4) = GF(2)[w]/(w^2 + w + 1), GF(16) = GF(4)[z]/(z^2 + z + w), GF(256) = GF(16)[y]/(y^2 +
 * y + λ) with λ = w^2·z (0xc). The isomorphism maps t to β = 0x86, a root of the field polynomial
 * in the tower field. So the circuit is
 * <ol>
 *   <li>a top linear layer: {@code φ·A} (with the constant {@code φ(C)} folded into the
 *       complemented AND inputs), giving {@code a = a1·y + a0};</li>
 *   <li>the inversion {@code a^-1 = (a1·y + (a0 ⊕ a1))·Δ^-1} with {@code Δ = λ·a1^2 ⊕ a0·a1 ⊕
 *       a0^2} in GF(16), where GF(16) products use three GF(4) products (Karatsuba) of three AND
 *       gates each, and the GF(16) inverse is the same construction one level down (in GF(4)
 *       the inverse is the square, a linear map): 36 AND gates in all;</li>
 *   <li>a bottom linear layer {@code A·φ^-1} followed by {@code ⊕ C} (the complemented outputs).</li>
 * </ol>
 * The XOR network was produced from these formulas level by level (the linear combinations each
 * level of AND gates needs, over the outputs of the previous level), each level's sums shared with
 * Paar's greedy common-pair heuristic; the comments in {@link #apply} mark the levels.
 *
 * <p>Bit-slice convention: slice {@code j} holds bit {@code j} (LSB = 0) of every byte lane, so
 * one call evaluates the S-box on as many bytes as a {@code long} has bits (64). Any lane layout
 * works, since every operation is lane-wise.
 *
 * <p>Stateless and thread-safe.
 */
final class Sm4SboxCircuit {

    private Sm4SboxCircuit() {
    }

    /**
     * Replaces the 8 slices {@code s[off..off+7]} (slice {@code j} = bit {@code j} of each lane)
     * with the slices of the S-box outputs. Straight-line code: no branch, no table.
     */
    static void apply(long[] s, int off) {
        long x0 = s[off];
        long x1 = s[off + 1];
        long x2 = s[off + 2];
        long x3 = s[off + 3];
        long x4 = s[off + 4];
        long x5 = s[off + 5];
        long x6 = s[off + 6];
        long x7 = s[off + 7];
        // top linear layer: phi*A applied to x, the GF(4)-level sums the products below need
        long t1 = x4 ^ x2;
        long t2 = x1 ^ x0;
        long t3 = x5 ^ x3;
        long t4 = x6 ^ t2;
        long t5 = x7 ^ t1;
        long t6 = t1 ^ t3;
        long t7 = x0 ^ x6;
        long t8 = x7 ^ x3;
        long t9 = x2 ^ t4;
        long t10 = x5 ^ t5;
        long t11 = x7 ^ t3;
        long t12 = x2 ^ x6;
        long t13 = x1 ^ t1;
        long t14 = t2 ^ t8;
        long t15 = t1 ^ t2;
        long t16 = x1 ^ t10;
        long t17 = t1 ^ t7;
        long t18 = x4 ^ t4;
        long t19 = x6 ^ t10;
        long t20 = x5 ^ t4;
        long t21 = x4 ^ t7;
        long t22 = x1 ^ t12;
        long t23 = t2 ^ t3;
        long t24 = t1 ^ t4;
        long t25 = x2 ^ x5;
        long t26 = t11 ^ t18;
        long t27 = x4 ^ t14;
        long t28 = x3 ^ t7;
        long t29 = x5 ^ t13;
        long t30 = x4 ^ x1;
        long t31 = x7 ^ x2;
        long t32 = x0 ^ t6;
        long t33 = t5 ^ t28;
        long t34 = x5 ^ t17;
        long t35 = x7 ^ t18;
        long t36 = t4 ^ t6;
        long t37 = t2 ^ t6;
        long t38 = x6 ^ t16;
        long t39 = t3 ^ t9;
        long t40 = t11 ^ t12;
        long t41 = x5 ^ t9;
        long t42 = x3 ^ t15;
        long t43 = x1 ^ t8;
        long t44 = x0 ^ t5;
        // level 1: a0*a1 in GF(16), three GF(4) Karatsuba products of three ANDs each
        long g0 = t23 & ~t15;
        long g1 = t33 & t24;
        long g2 = t38 & ~x6;
        long g3 = t12 & ~t40;
        long g4 = t22 & ~t35;
        long g5 = x1 & t37;
        long g6 = t39 & t26;
        long g7 = t27 & ~t31;
        long g8 = t19 & ~t36;
        // Delta = lambda*a1^2 + a0*a1 + a0^2 and the sums its inversion needs
        long t45 = g3 ^ g8;
        long t46 = g2 ^ g7;
        long t47 = g0 ^ g8;
        long t48 = g5 ^ g7;
        long t49 = g0 ^ g3;
        long t50 = g1 ^ g6;
        long t51 = g2 ^ g5;
        long t52 = g4 ^ g1;
        long t53 = g4 ^ g6;
        long t54 = t13 ^ t45;
        long t55 = t48 ^ t50;
        long t56 = t21 ^ t45;
        long t57 = x5 ^ t49;
        long t58 = t25 ^ t50;
        long t59 = t9 ^ t52;
        long t60 = t51 ^ t57;
        long t61 = t30 ^ t50;
        long t62 = x2 ^ t49;
        long t63 = t48 ^ t54;
        long t64 = t46 ^ t47;
        long t65 = t47 ^ t53;
        long t66 = t34 ^ t53;
        long t67 = t46 ^ t56;
        long t68 = t51 ^ t65;
        long t69 = t20 ^ t48;
        long t70 = t29 ^ t64;
        long t71 = t47 ^ t61;
        long t72 = t52 ^ t67;
        long t73 = t41 ^ t49;
        long t74 = t51 ^ t59;
        long t75 = t52 ^ t73;
        long t76 = t55 ^ t62;
        long t77 = t53 ^ t69;
        long t78 = t46 ^ t58;
        long t79 = t45 ^ t66;
        long t80 = t17 ^ t68;
        // level 2: the GF(4) part of the GF(16) norm of Delta
        long g9 = ~(t70 | t60);
        long g10 = t78 & ~t74;
        long g11 = ~t71 & t75;
        // delta^-1 = delta^2 in GF(4) (linear)
        long t81 = g11 ^ g9;
        long t82 = g11 ^ g10;
        long t83 = t76 ^ t81;
        long t84 = g10 ^ t80;
        long t85 = t72 ^ t82;
        long t86 = g9 ^ t84;
        // level 3: Delta^-1 in GF(16)
        long g12 = ~(t60 | t85);
        long g13 = ~(t74 | t83);
        long g14 = t75 & t86;
        long g15 = t63 & ~t85;
        long g16 = ~(t77 | t83);
        long g17 = ~t79 & t86;
        // sums of Delta^-1 for the last products
        long t87 = g17 ^ g16;
        long t88 = g13 ^ g14;
        long t89 = g15 ^ g16;
        long t90 = g17 ^ g15;
        long t91 = g12 ^ g14;
        long t92 = g13 ^ g12;
        long t93 = t90 ^ t91;
        long t94 = t89 ^ t92;
        long t95 = t87 ^ t88;
        // level 4: a^-1 = (a1*y + a0 + a1) * Delta^-1, six GF(4) products per GF(16) product
        long g18 = ~t15 & t90;
        long g19 = t24 & t87;
        long g20 = ~x6 & t89;
        long g21 = ~t40 & t93;
        long g22 = ~t35 & t95;
        long g23 = t37 & t94;
        long g24 = t26 & t91;
        long g25 = ~t31 & t88;
        long g26 = ~t36 & t92;
        long g27 = ~t6 & t90;
        long g28 = t43 & t87;
        long g29 = ~t16 & t89;
        long g30 = ~t11 & t93;
        long g31 = ~t44 & t95;
        long g32 = t32 & t94;
        long g33 = t5 & t91;
        long g34 = ~t42 & t88;
        long g35 = ~t14 & t92;
        // bottom linear layer: A*phi^-1, then + C (complemented outputs)
        long t96 = g20 ^ g25;
        long t97 = g33 ^ t96;
        long t98 = g22 ^ g18;
        long t99 = g31 ^ t97;
        long t100 = g21 ^ g35;
        long t101 = t98 ^ t100;
        long t102 = g34 ^ g29;
        long t103 = g19 ^ t102;
        long t104 = g32 ^ g26;
        long t105 = g24 ^ t99;
        long t106 = g28 ^ t103;
        long t107 = t101 ^ t105;
        long t108 = g18 ^ t99;
        long t109 = g34 ^ t104;
        long t110 = g35 ^ t108;
        long t111 = t108 ^ t109;
        long t112 = g32 ^ t107;
        long t113 = g27 ^ t103;
        long t114 = g30 ^ t110;
        long t115 = g25 ^ t100;
        long t116 = g26 ^ t114;
        long t117 = g24 ^ t106;
        long t118 = g30 ^ g23;
        long t119 = t101 ^ t113;
        long t120 = g27 ^ t112;
        long t121 = g21 ^ t98;
        long t122 = t115 ^ t118;
        long t123 = t97 ^ t117;
        long t124 = t109 ^ t122;
        long t125 = g30 ^ t107;
        long t126 = g33 ^ t106;
        long t127 = t121 ^ t126;
        long t128 = g29 ^ t120;
        s[off + 0] = ~t111;
        s[off + 1] = ~t127;
        s[off + 2] = t128;
        s[off + 3] = t123;
        s[off + 4] = ~t116;
        s[off + 5] = t125;
        s[off + 6] = ~t119;
        s[off + 7] = ~t124;
    }
}
