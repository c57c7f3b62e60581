package io.gmflux.codecs.sm4;

/**
 * The SM4 S-box (GB/T 32907 §6.2) as a Boolean circuit of XOR, AND and NOT on bit slices: 154
 * XOR, 36 AND (25 of them with one or both inputs complemented) and no table, so its memory
 * accesses and branches do not depend on the data.
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
 * The XOR network was produced from these formulas with common sub-expressions shared.
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
        long t0 = x3 ^ x5;
        long t1 = x1 ^ t0;
        long t2 = x0 ^ t1;
        long t3 = x2 ^ x4;
        long t4 = x1 ^ t3;
        long t5 = x0 ^ t4;
        long t7 = t2 & ~t5;
        long t8 = x6 ^ x7;
        long t9 = x3 ^ t8;
        long t10 = x0 ^ t9;
        long t11 = t3 ^ t10;
        long t12 = t5 ^ x6;
        long t13 = t11 & t12;
        long t14 = t8 ^ x5;
        long t15 = t4 ^ t14;
        long t17 = t15 & ~x6;
        long t18 = x2 ^ x6;
        long t19 = x2 ^ x5;
        long t20 = t9 ^ t19;
        long t22 = t18 & ~t20;
        long t23 = t18 ^ x1;
        long t24 = x1 ^ x4;
        long t25 = x0 ^ t24;
        long t26 = t8 ^ t25;
        long t28 = t23 & ~t26;
        long t29 = t2 ^ t3;
        long t30 = x1 & t29;
        long t31 = t2 ^ t18;
        long t32 = t26 ^ t0;
        long t33 = t31 & t32;
        long t34 = x3 ^ x7;
        long t35 = t25 ^ t34;
        long t36 = x2 ^ x7;
        long t38 = t35 & ~t36;
        long t39 = t14 ^ t3;
        long t40 = t29 ^ x6;
        long t42 = t39 & ~t40;
        long t43 = t7 ^ x5;
        long t44 = t42 ^ t43;
        long t45 = t38 ^ t44;
        long t46 = t17 ^ t45;
        long t47 = t4 ^ t46;
        long t49 = t22 ^ t30;
        long t50 = t17 ^ t49;
        long t51 = t43 ^ t50;
        long t53 = ~(t47 | t51);
        long t54 = t33 ^ t38;
        long t55 = t17 ^ t54;
        long t56 = t13 ^ t55;
        long t57 = t19 ^ t56;
        long t58 = t30 ^ x0;
        long t59 = t28 ^ t58;
        long t60 = t17 ^ t59;
        long t61 = t13 ^ t60;
        long t62 = t23 ^ t61;
        long t64 = t57 & ~t62;
        long t65 = t42 ^ t7;
        long t66 = t33 ^ t65;
        long t67 = t13 ^ t66;
        long t68 = t24 ^ t67;
        long t70 = t28 ^ x0;
        long t71 = t22 ^ t70;
        long t72 = t13 ^ t71;
        long t73 = t43 ^ t72;
        long t74 = t23 ^ t73;
        long t75 = ~t68 & t74;
        long t76 = x4 ^ x6;
        long t77 = t75 ^ t76;
        long t78 = t64 ^ t77;
        long t79 = t42 ^ t78;
        long t80 = t38 ^ t79;
        long t81 = t17 ^ t80;
        long t82 = t72 ^ t81;
        long t84 = ~(t51 | t82);
        long t85 = t75 ^ x2;
        long t86 = t7 ^ t85;
        long t87 = t53 ^ t86;
        long t88 = t13 ^ t87;
        long t89 = t54 ^ t88;
        long t90 = t49 ^ t89;
        long t92 = ~(t62 | t90);
        long t93 = t64 ^ x6;
        long t94 = t53 ^ t93;
        long t95 = t3 ^ t94;
        long t96 = t66 ^ t95;
        long t97 = t60 ^ t96;
        long t98 = t74 & t97;
        long t99 = t38 ^ t42;
        long t100 = t49 ^ t99;
        long t101 = t4 ^ t100;
        long t102 = t101 & ~t82;
        long t103 = x5 ^ x6;
        long t104 = x1 ^ t103;
        long t105 = t54 ^ t104;
        long t106 = t59 ^ t105;
        long t108 = ~(t106 | t90);
        long t109 = t33 ^ t42;
        long t110 = t103 ^ t109;
        long t111 = t3 ^ t110;
        long t112 = t71 ^ t111;
        long t114 = ~t112 & t97;
        long t115 = t102 ^ t114;
        long t116 = ~t5 & t115;
        long t117 = t108 ^ t114;
        long t118 = t12 & t117;
        long t119 = t102 ^ t108;
        long t120 = ~x6 & t119;
        long t121 = t84 ^ t98;
        long t122 = t115 ^ t121;
        long t123 = ~t20 & t122;
        long t124 = t92 ^ t98;
        long t125 = t117 ^ t124;
        long t126 = ~t26 & t125;
        long t127 = t84 ^ t92;
        long t128 = t119 ^ t127;
        long t129 = t29 & t128;
        long t130 = t32 & t121;
        long t131 = ~t36 & t124;
        long t132 = ~t40 & t127;
        long t133 = t0 ^ t3;
        long t135 = ~t133 & t115;
        long t136 = t34 ^ x1;
        long t137 = t136 & t117;
        long t138 = x5 ^ x7;
        long t139 = t4 ^ t138;
        long t141 = ~t139 & t119;
        long t142 = t0 ^ x7;
        long t144 = ~t142 & t122;
        long t145 = x0 ^ x7;
        long t146 = t3 ^ t145;
        long t148 = ~t146 & t125;
        long t149 = t133 ^ x0;
        long t150 = t149 & t128;
        long t151 = t3 ^ x7;
        long t152 = t151 & t121;
        long t153 = t5 ^ x3;
        long t155 = ~t153 & t124;
        long t156 = t136 ^ x0;
        long t158 = ~t156 & t127;
        long t159 = t152 ^ t155;
        long t160 = t150 ^ t159;
        long t161 = t148 ^ t160;
        long t162 = t132 ^ t161;
        long t163 = t131 ^ t162;
        long t164 = t120 ^ t163;
        long t165 = t116 ^ t164;
        long t167 = t137 ^ t141;
        long t168 = t126 ^ t167;
        long t169 = t123 ^ t168;
        long t170 = t118 ^ t169;
        long t171 = t116 ^ t170;
        long t172 = t159 ^ t171;
        long t174 = t152 ^ t158;
        long t175 = t150 ^ t174;
        long t176 = t148 ^ t175;
        long t177 = t141 ^ t176;
        long t178 = t135 ^ t177;
        long t179 = t131 ^ t178;
        long t180 = t130 ^ t179;
        long t181 = t126 ^ t180;
        long t182 = t123 ^ t181;
        long t183 = t120 ^ t182;
        long t184 = t116 ^ t183;
        long t185 = t130 ^ t131;
        long t186 = t120 ^ t185;
        long t187 = t118 ^ t186;
        long t188 = t167 ^ t187;
        long t189 = t159 ^ t188;
        long t190 = t144 ^ t148;
        long t191 = t132 ^ t190;
        long t192 = t131 ^ t191;
        long t193 = t120 ^ t192;
        long t194 = t116 ^ t193;
        long t195 = t174 ^ t194;
        long t197 = t123 ^ t126;
        long t198 = t116 ^ t197;
        long t199 = t190 ^ t198;
        long t200 = t174 ^ t199;
        long t201 = t186 ^ t200;
        long t202 = t155 ^ t158;
        long t203 = t141 ^ t202;
        long t204 = t135 ^ t203;
        long t205 = t118 ^ t204;
        long t206 = t198 ^ t205;
        long t208 = t144 ^ t150;
        long t209 = t132 ^ t208;
        long t210 = t131 ^ t209;
        long t211 = t129 ^ t210;
        long t212 = t123 ^ t211;
        long t213 = t202 ^ t212;
        s[off + 0] = ~t165;
        s[off + 1] = ~t172;
        s[off + 2] = t184;
        s[off + 3] = t189;
        s[off + 4] = ~t195;
        s[off + 5] = t201;
        s[off + 6] = ~t206;
        s[off + 7] = ~t213;
    }
}
