package io.gmflux.codecs.sm9;

import io.gmflux.codecs.arith.Mont256;

/**
 * The SM9 base field F_q (GB/T 38635.1 / GM/T 0044.5 §1, q the 256-bit BN prime) in Montgomery form:
 * an element is four little-endian 64-bit limbs at an offset of a {@code long[]}, holding a·2^260 mod q
 * (R = 2^260, the radix-2^52 multiplication's Montgomery constant).
 *
 * <p>All operations are branch-free and allocation-free except {@link #inv} (safegcd with a fixed
 * divstep count, constant-time, one scratch array). Results may alias inputs. Stateless and
 * thread-safe; the arrays belong to the caller.
 */
final class Fq {

    static final long Q0 = 0xe56f9b27e351457dL;
    static final long Q1 = 0x21f2934b1a7aeedbL;
    static final long Q2 = 0xd603ab4ff58ec745L;
    static final long Q3 = 0xb640000002a3a6f1L;
    /** Digit mask and q in five 52-bit digits (the multiplication's radix). */
    private static final long M52 = (1L << 52) - 1;
    private static final long P0 = 0xf9b27e351457dL;
    private static final long P1 = 0x4b1a7aeedbe56L;
    private static final long P2 = 0x58ec74521f293L;
    private static final long P3 = 0xa6f1d603ab4ffL;
    private static final long P4 = 0xb640000002a3L;
    /**
     * The digits of q times 2^6: a digit product's upper part floor(x y / 2^52) is
     * Math.multiplyHigh(x·2^6, y·2^6) (exact for signed |x|, |y| &lt; 2^57), one multiplication and
     * no shift-and-merge of the two product halves.
     */
    private static final long PS0 = P0 << 6;
    private static final long PS1 = P1 << 6;
    private static final long PS2 = P2 << 6;
    private static final long PS3 = P3 << 6;
    private static final long PS4 = P4 << 6;
    /** -q^-1 mod 2^52. */
    private static final long N52 = 0xbc42c2f2ee42bL;
    /** R^2 mod q for R = 2^260 (converts into Montgomery form). */
    private static final long[] R2 = {0x9d4cad9360402d43L, 0x5978f99c61269952L, 0x22c6a389172de2fbL, 0x6155a6564aa25a7dL};
    /** The Montgomery form of 1. Read-only. */
    static final long[] ONE = {0x4868aa9277040742L, 0x1527578bb96f791aL, 0x9baf4720e5bae00fL, 0x567fffffc5efa737L};
    private static final long[] PLAIN_ONE = {1, 0, 0, 0};
    /** q as limbs, read-only. */
    static final long[] Q = {Q0, Q1, Q2, Q3};

    private Fq() {
    }

    /**
     * r = a * b * 2^-260 mod q. The product and the Montgomery reduction run on five 52-bit digits
     * (the 4 x 64-bit limbs are re-cut on entry and exit); the product is {@link #mulWide}'s
     * (15 digit products, signed column sums, no carry tracked per addition: the 64-bit carry formulas
     * full limbs need cost more than the extra digit products) and the reduction is {@link #redc}'s,
     * fused. Bound: a, b &lt; 2^256 give a * b + m * q &lt; 2^512 + 2^260 q, so the result is below
     * 2^252 + q &lt; 2q and one conditional subtraction reduces it. Branch-free; r may alias a or b.
     */
    static void mul(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        long xa = a[ao];
        long xb = a[ao + 1];
        long xc = a[ao + 2];
        long xd = a[ao + 3];
        long x0 = xa & M52;
        long x1 = ((xa >>> 52) | (xb << 12)) & M52;
        long x2 = ((xb >>> 40) | (xc << 24)) & M52;
        long x3 = ((xc >>> 28) | (xd << 36)) & M52;
        long x4 = xd >>> 16;
        long ya = b[bo];
        long yb = b[bo + 1];
        long yc = b[bo + 2];
        long yd = b[bo + 3];
        long y0 = ya & M52;
        long y1 = ((ya >>> 52) | (yb << 12)) & M52;
        long y2 = ((yb >>> 40) | (yc << 24)) & M52;
        long y3 = ((yc >>> 28) | (yd << 36)) & M52;
        long y4 = yd >>> 16;
        long u0 = x0 << 6;
        long u1 = x1 << 6;
        long u2 = x2 << 6;
        long u3 = x3 << 6;
        long u4 = x4 << 6;
        long v0 = y0 << 6;
        long v1 = y1 << 6;
        long v2 = y2 << 6;
        long v3 = y3 << 6;
        long v4 = y4 << 6;
        long p0 = u0 * v0;
        long dl0 = p0 >>> 12;
        long dh0 = Math.multiplyHigh(u0, v0);
        long p1 = u1 * v1;
        long dl1 = p1 >>> 12;
        long dh1 = Math.multiplyHigh(u1, v1);
        long p2 = u2 * v2;
        long dl2 = p2 >>> 12;
        long dh2 = Math.multiplyHigh(u2, v2);
        long p3 = u3 * v3;
        long dl3 = p3 >>> 12;
        long dh3 = Math.multiplyHigh(u3, v3);
        long p4 = u4 * v4;
        long dl4 = p4 >>> 12;
        long dh4 = Math.multiplyHigh(u4, v4);
        long su01 = u0 + u1;
        long sv01 = v0 + v1;
        long pl01 = ((su01 * sv01) >>> 12) - dl0 - dl1;
        long ph01 = Math.multiplyHigh(su01, sv01) - dh0 - dh1;
        long su02 = u0 + u2;
        long sv02 = v0 + v2;
        long pl02 = ((su02 * sv02) >>> 12) - dl0 - dl2;
        long ph02 = Math.multiplyHigh(su02, sv02) - dh0 - dh2;
        long su03 = u0 + u3;
        long sv03 = v0 + v3;
        long pl03 = ((su03 * sv03) >>> 12) - dl0 - dl3;
        long ph03 = Math.multiplyHigh(su03, sv03) - dh0 - dh3;
        long su04 = u0 + u4;
        long sv04 = v0 + v4;
        long pl04 = ((su04 * sv04) >>> 12) - dl0 - dl4;
        long ph04 = Math.multiplyHigh(su04, sv04) - dh0 - dh4;
        long su12 = u1 + u2;
        long sv12 = v1 + v2;
        long pl12 = ((su12 * sv12) >>> 12) - dl1 - dl2;
        long ph12 = Math.multiplyHigh(su12, sv12) - dh1 - dh2;
        long su13 = u1 + u3;
        long sv13 = v1 + v3;
        long pl13 = ((su13 * sv13) >>> 12) - dl1 - dl3;
        long ph13 = Math.multiplyHigh(su13, sv13) - dh1 - dh3;
        long su14 = u1 + u4;
        long sv14 = v1 + v4;
        long pl14 = ((su14 * sv14) >>> 12) - dl1 - dl4;
        long ph14 = Math.multiplyHigh(su14, sv14) - dh1 - dh4;
        long su23 = u2 + u3;
        long sv23 = v2 + v3;
        long pl23 = ((su23 * sv23) >>> 12) - dl2 - dl3;
        long ph23 = Math.multiplyHigh(su23, sv23) - dh2 - dh3;
        long su24 = u2 + u4;
        long sv24 = v2 + v4;
        long pl24 = ((su24 * sv24) >>> 12) - dl2 - dl4;
        long ph24 = Math.multiplyHigh(su24, sv24) - dh2 - dh4;
        long su34 = u3 + u4;
        long sv34 = v3 + v4;
        long pl34 = ((su34 * sv34) >>> 12) - dl3 - dl4;
        long ph34 = Math.multiplyHigh(su34, sv34) - dh3 - dh4;
        long l0 = dl0;
        long h0 = dh0;
        long l1 = pl01;
        long h1 = ph01;
        long l2 = dl1 + pl02;
        long h2 = dh1 + ph02;
        long l3 = pl03 + pl12;
        long h3 = ph03 + ph12;
        long l4 = dl2 + pl04 + pl13;
        long h4 = dh2 + ph04 + ph13;
        long l5 = pl14 + pl23;
        long h5 = ph14 + ph23;
        long l6 = dl3 + pl24;
        long h6 = dh3 + ph24;
        long l7 = pl34;
        long h7 = ph34;
        long l8 = dl4;
        long h8 = dh4;
        long t0 = l0;
        long t1 = l1 + h0;
        long t2 = l2 + h1;
        long t3 = l3 + h2;
        long t4 = l4 + h3;
        long t5 = l5 + h4;
        long t6 = l6 + h5;
        long t7 = l7 + h6;
        long t8 = l8 + h7;
        long t9 = h8;

        long m0 = (t0 * N52) & M52;
        long m0s = m0 << 6;
        long h26 = Math.multiplyHigh(m0s, PS0);
        t1 += h26;
        long l27 = m0 * P1;
        long h27 = Math.multiplyHigh(m0s, PS1);
        t1 += l27 & M52;
        t2 += h27;
        long l28 = m0 * P2;
        long h28 = Math.multiplyHigh(m0s, PS2);
        t2 += l28 & M52;
        t3 += h28;
        long l29 = m0 * P3;
        long h29 = Math.multiplyHigh(m0s, PS3);
        t3 += l29 & M52;
        t4 += h29;
        long l30 = m0 * P4;
        long h30 = Math.multiplyHigh(m0s, PS4);
        t4 += l30 & M52;
        t5 += h30;
        t1 += (t0 + M52) >> 52; // t0 + (m0 P0 mod 2^52) = ceil(t0 / 2^52) 2^52
        long m1 = (t1 * N52) & M52;
        long m1s = m1 << 6;
        long h31 = Math.multiplyHigh(m1s, PS0);
        t2 += h31;
        long l32 = m1 * P1;
        long h32 = Math.multiplyHigh(m1s, PS1);
        t2 += l32 & M52;
        t3 += h32;
        long l33 = m1 * P2;
        long h33 = Math.multiplyHigh(m1s, PS2);
        t3 += l33 & M52;
        t4 += h33;
        long l34 = m1 * P3;
        long h34 = Math.multiplyHigh(m1s, PS3);
        t4 += l34 & M52;
        t5 += h34;
        long l35 = m1 * P4;
        long h35 = Math.multiplyHigh(m1s, PS4);
        t5 += l35 & M52;
        t6 += h35;
        t2 += (t1 + M52) >> 52; // t1 + (m1 P0 mod 2^52) = ceil(t1 / 2^52) 2^52
        long m2 = (t2 * N52) & M52;
        long m2s = m2 << 6;
        long h36 = Math.multiplyHigh(m2s, PS0);
        t3 += h36;
        long l37 = m2 * P1;
        long h37 = Math.multiplyHigh(m2s, PS1);
        t3 += l37 & M52;
        t4 += h37;
        long l38 = m2 * P2;
        long h38 = Math.multiplyHigh(m2s, PS2);
        t4 += l38 & M52;
        t5 += h38;
        long l39 = m2 * P3;
        long h39 = Math.multiplyHigh(m2s, PS3);
        t5 += l39 & M52;
        t6 += h39;
        long l40 = m2 * P4;
        long h40 = Math.multiplyHigh(m2s, PS4);
        t6 += l40 & M52;
        t7 += h40;
        t3 += (t2 + M52) >> 52; // t2 + (m2 P0 mod 2^52) = ceil(t2 / 2^52) 2^52
        long m3 = (t3 * N52) & M52;
        long m3s = m3 << 6;
        long h41 = Math.multiplyHigh(m3s, PS0);
        t4 += h41;
        long l42 = m3 * P1;
        long h42 = Math.multiplyHigh(m3s, PS1);
        t4 += l42 & M52;
        t5 += h42;
        long l43 = m3 * P2;
        long h43 = Math.multiplyHigh(m3s, PS2);
        t5 += l43 & M52;
        t6 += h43;
        long l44 = m3 * P3;
        long h44 = Math.multiplyHigh(m3s, PS3);
        t6 += l44 & M52;
        t7 += h44;
        long l45 = m3 * P4;
        long h45 = Math.multiplyHigh(m3s, PS4);
        t7 += l45 & M52;
        t8 += h45;
        t4 += (t3 + M52) >> 52; // t3 + (m3 P0 mod 2^52) = ceil(t3 / 2^52) 2^52
        long m4 = (t4 * N52) & M52;
        long m4s = m4 << 6;
        long h46 = Math.multiplyHigh(m4s, PS0);
        t5 += h46;
        long l47 = m4 * P1;
        long h47 = Math.multiplyHigh(m4s, PS1);
        t5 += l47 & M52;
        t6 += h47;
        long l48 = m4 * P2;
        long h48 = Math.multiplyHigh(m4s, PS2);
        t6 += l48 & M52;
        t7 += h48;
        long l49 = m4 * P3;
        long h49 = Math.multiplyHigh(m4s, PS3);
        t7 += l49 & M52;
        t8 += h49;
        long l50 = m4 * P4;
        long h50 = Math.multiplyHigh(m4s, PS4);
        t8 += l50 & M52;
        t9 += h50;
        t5 += (t4 + M52) >> 52; // t4 + (m4 P0 mod 2^52) = ceil(t4 / 2^52) 2^52
        t6 += t5 >> 52;
        t7 += t6 >> 52;
        t8 += t7 >> 52;
        t9 += t8 >> 52;
        long e0 = t5 & M52;
        long e1 = t6 & M52;
        long e2 = t7 & M52;
        long e3 = t8 & M52;
        correct(r, ro, e0, e1, e2, e3, t9, 0L); // V in [0, 2q)
    }


    /** 2q digit by digit (each 2·P_i, not carried): added under a mask by {@link #correct}. */
    private static final long PD0 = 2 * P0;
    private static final long PD1 = 2 * P1;
    private static final long PD2 = 2 * P2;
    private static final long PD3 = 2 * P3;
    private static final long PD4 = 2 * P4;

    /**
     * Writes V mod q as four limbs for V = e0 + e1·2^52 + e2·2^104 + e3·2^156 + e4·2^208 (e0..e3
     * in [0, 2^52), e4 signed) in (-q, 2q), with neg = -1 if V &lt; 0 and 0 otherwise: A = V - q + (2q if
     * negative) is formed in 52-bit digits whose borrows are arithmetic shifts (no 64-bit carry
     * formulas), and the result is A unless A is negative, which happens only for 0 &lt;= V &lt; q (then
     * it is V). Branch-free.
     */
    private static void correct(long[] r, int ro, long e0, long e1, long e2, long e3, long e4, long neg) {
        long a0 = e0 - P0 + (PD0 & neg);
        long a1 = e1 - P1 + (PD1 & neg) + (a0 >> 52);
        long a2 = e2 - P2 + (PD2 & neg) + (a1 >> 52);
        long a3 = e3 - P3 + (PD3 & neg) + (a2 >> 52);
        long a4 = e4 - P4 + (PD4 & neg) + (a3 >> 52);
        long keep = a4 >> 63; // A < 0: the result is V
        long r0 = (a0 & M52) ^ (((a0 & M52) ^ e0) & keep);
        long r1 = (a1 & M52) ^ (((a1 & M52) ^ e1) & keep);
        long r2 = (a2 & M52) ^ (((a2 & M52) ^ e2) & keep);
        long r3 = (a3 & M52) ^ (((a3 & M52) ^ e3) & keep);
        long r4 = a4 ^ ((a4 ^ e4) & keep);
        r[ro] = r0 | (r1 << 52);
        r[ro + 1] = (r1 >>> 12) | (r2 << 40);
        r[ro + 2] = (r2 >>> 24) | (r3 << 28);
        r[ro + 3] = (r3 >>> 36) | (r4 << 16);
    }

    /**
     * Writes the five 52-bit digits of the 4-limb value a (any 256-bit value) at d[dof..dof+4], the
     * form {@link #mulWide} multiplies.
     */
    static void digits(long[] d, int dof, long[] a, int ao) {
        long xa = a[ao];
        long xb = a[ao + 1];
        long xc = a[ao + 2];
        long xd = a[ao + 3];
        d[dof] = xa & M52;
        d[dof + 1] = ((xa >>> 52) | (xb << 12)) & M52;
        d[dof + 2] = ((xb >>> 40) | (xc << 24)) & M52;
        d[dof + 3] = ((xc >>> 28) | (xd << 36)) & M52;
        d[dof + 4] = xd >>> 16;
    }

    /**
     * Unreduced product x·y of two digit vectors (5 signed digits each, |digit| &lt; 2^54, so sums
     * and differences of {@link #digits} outputs qualify) as ten signed column sums w[wo..wo+9]
     * (value Σ w_k 2^(52k)), so that columns of a few products may be added and subtracted as plain
     * longs before one {@link #redc}.
     *
     * <p>15 digit products instead of 25 (all-pairs Karatsuba: x_i y_j + x_j y_i =
     * (x_i + x_j)(y_i + y_j) - x_i y_i - x_j y_j). Each product P of digits pre-multiplied by 2^6
     * splits exactly into floor(P / 2^52) = Math.multiplyHigh(x·2^6, y·2^6) and
     * P mod 2^52 = (x·2^6 · y·2^6 mod 2^64) &gt;&gt;&gt; 12 (valid for signed factors below 2^63 after the
     * shift: digit sums stay below 2^55); a column's low parts and high parts are combined separately,
     * so the signed low part of column k (within ±7·2^52) plus the high part of column k - 1 is
     * w_k. Columns are below 2^59 in magnitude for digits at the bound.
     */
    static void mulWide(long[] w, int wo, long[] x, int xo, long[] y, int yo) {
        long x0 = x[xo + 0] << 6;
        long x1 = x[xo + 1] << 6;
        long x2 = x[xo + 2] << 6;
        long x3 = x[xo + 3] << 6;
        long x4 = x[xo + 4] << 6;
        long y0 = y[yo + 0] << 6;
        long y1 = y[yo + 1] << 6;
        long y2 = y[yo + 2] << 6;
        long y3 = y[yo + 3] << 6;
        long y4 = y[yo + 4] << 6;
        long p0 = x0 * y0;
        long dl0 = p0 >>> 12;
        long dh0 = Math.multiplyHigh(x0, y0);
        long p1 = x1 * y1;
        long dl1 = p1 >>> 12;
        long dh1 = Math.multiplyHigh(x1, y1);
        long p2 = x2 * y2;
        long dl2 = p2 >>> 12;
        long dh2 = Math.multiplyHigh(x2, y2);
        long p3 = x3 * y3;
        long dl3 = p3 >>> 12;
        long dh3 = Math.multiplyHigh(x3, y3);
        long p4 = x4 * y4;
        long dl4 = p4 >>> 12;
        long dh4 = Math.multiplyHigh(x4, y4);
        long sx01 = x0 + x1;
        long sy01 = y0 + y1;
        long p01 = sx01 * sy01;
        long pl01 = (p01 >>> 12) - dl0 - dl1;
        long ph01 = Math.multiplyHigh(sx01, sy01) - dh0 - dh1;
        long sx02 = x0 + x2;
        long sy02 = y0 + y2;
        long p02 = sx02 * sy02;
        long pl02 = (p02 >>> 12) - dl0 - dl2;
        long ph02 = Math.multiplyHigh(sx02, sy02) - dh0 - dh2;
        long sx03 = x0 + x3;
        long sy03 = y0 + y3;
        long p03 = sx03 * sy03;
        long pl03 = (p03 >>> 12) - dl0 - dl3;
        long ph03 = Math.multiplyHigh(sx03, sy03) - dh0 - dh3;
        long sx04 = x0 + x4;
        long sy04 = y0 + y4;
        long p04 = sx04 * sy04;
        long pl04 = (p04 >>> 12) - dl0 - dl4;
        long ph04 = Math.multiplyHigh(sx04, sy04) - dh0 - dh4;
        long sx12 = x1 + x2;
        long sy12 = y1 + y2;
        long p12 = sx12 * sy12;
        long pl12 = (p12 >>> 12) - dl1 - dl2;
        long ph12 = Math.multiplyHigh(sx12, sy12) - dh1 - dh2;
        long sx13 = x1 + x3;
        long sy13 = y1 + y3;
        long p13 = sx13 * sy13;
        long pl13 = (p13 >>> 12) - dl1 - dl3;
        long ph13 = Math.multiplyHigh(sx13, sy13) - dh1 - dh3;
        long sx14 = x1 + x4;
        long sy14 = y1 + y4;
        long p14 = sx14 * sy14;
        long pl14 = (p14 >>> 12) - dl1 - dl4;
        long ph14 = Math.multiplyHigh(sx14, sy14) - dh1 - dh4;
        long sx23 = x2 + x3;
        long sy23 = y2 + y3;
        long p23 = sx23 * sy23;
        long pl23 = (p23 >>> 12) - dl2 - dl3;
        long ph23 = Math.multiplyHigh(sx23, sy23) - dh2 - dh3;
        long sx24 = x2 + x4;
        long sy24 = y2 + y4;
        long p24 = sx24 * sy24;
        long pl24 = (p24 >>> 12) - dl2 - dl4;
        long ph24 = Math.multiplyHigh(sx24, sy24) - dh2 - dh4;
        long sx34 = x3 + x4;
        long sy34 = y3 + y4;
        long p34 = sx34 * sy34;
        long pl34 = (p34 >>> 12) - dl3 - dl4;
        long ph34 = Math.multiplyHigh(sx34, sy34) - dh3 - dh4;
        long l0 = dl0;
        long h0 = dh0;
        long l1 = pl01;
        long h1 = ph01;
        long l2 = dl1 + pl02;
        long h2 = dh1 + ph02;
        long l3 = pl03 + pl12;
        long h3 = ph03 + ph12;
        long l4 = dl2 + pl04 + pl13;
        long h4 = dh2 + ph04 + ph13;
        long l5 = pl14 + pl23;
        long h5 = ph14 + ph23;
        long l6 = dl3 + pl24;
        long h6 = dh3 + ph24;
        long l7 = pl34;
        long h7 = ph34;
        long l8 = dl4;
        long h8 = dh4;
        w[wo] = l0;
        w[wo + 1] = l1 + h0;
        w[wo + 2] = l2 + h1;
        w[wo + 3] = l3 + h2;
        w[wo + 4] = l4 + h3;
        w[wo + 5] = l5 + h4;
        w[wo + 6] = l6 + h5;
        w[wo + 7] = l7 + h6;
        w[wo + 8] = l8 + h7;
        w[wo + 9] = h8;

    }

    /**
     * Unreduced x^2 for a digit vector x (5 digits below 2^53 in magnitude) as ten column sums at
     * w[wo..wo+9]: each cross product x_i x_j (i &lt; j) is computed once and doubled, 15 digit
     * products (halves as in {@link #mulWide}). Columns stay below 2^58. Used by the Fermat reference
     * inversion only; the tower squares through {@link #mulWide}.
     */
    static void sqrWide(long[] w, int wo, long[] x, int xo) {
        long x0 = x[xo + 0];
        long x1 = x[xo + 1];
        long x2 = x[xo + 2];
        long x3 = x[xo + 3];
        long x4 = x[xo + 4];
        long x0s = x0 << 6;
        long x1s = x1 << 6;
        long x2s = x2 << 6;
        long x3s = x3 << 6;
        long x4s = x4 << 6;
        long l1 = x0 * x0;
        long h1 = Math.multiplyHigh(x0s, x0s);
        long t0 = l1 & M52;
        long t1 = h1;
        long l2 = x0 * x1;
        long h2 = Math.multiplyHigh(x0s, x1s);
        t1 += (l2 & M52) << 1;
        long t2 = h2 << 1;
        long l3 = x0 * x2;
        long h3 = Math.multiplyHigh(x0s, x2s);
        t2 += (l3 & M52) << 1;
        long t3 = h3 << 1;
        long l4 = x0 * x3;
        long h4 = Math.multiplyHigh(x0s, x3s);
        t3 += (l4 & M52) << 1;
        long t4 = h4 << 1;
        long l5 = x0 * x4;
        long h5 = Math.multiplyHigh(x0s, x4s);
        t4 += (l5 & M52) << 1;
        long t5 = h5 << 1;
        long l6 = x1 * x1;
        long h6 = Math.multiplyHigh(x1s, x1s);
        t2 += l6 & M52;
        t3 += h6;
        long l7 = x1 * x2;
        long h7 = Math.multiplyHigh(x1s, x2s);
        t3 += (l7 & M52) << 1;
        t4 += h7 << 1;
        long l8 = x1 * x3;
        long h8 = Math.multiplyHigh(x1s, x3s);
        t4 += (l8 & M52) << 1;
        t5 += h8 << 1;
        long l9 = x1 * x4;
        long h9 = Math.multiplyHigh(x1s, x4s);
        t5 += (l9 & M52) << 1;
        long t6 = h9 << 1;
        long l10 = x2 * x2;
        long h10 = Math.multiplyHigh(x2s, x2s);
        t4 += l10 & M52;
        t5 += h10;
        long l11 = x2 * x3;
        long h11 = Math.multiplyHigh(x2s, x3s);
        t5 += (l11 & M52) << 1;
        t6 += h11 << 1;
        long l12 = x2 * x4;
        long h12 = Math.multiplyHigh(x2s, x4s);
        t6 += (l12 & M52) << 1;
        long t7 = h12 << 1;
        long l13 = x3 * x3;
        long h13 = Math.multiplyHigh(x3s, x3s);
        t6 += l13 & M52;
        t7 += h13;
        long l14 = x3 * x4;
        long h14 = Math.multiplyHigh(x3s, x4s);
        t7 += (l14 & M52) << 1;
        long t8 = h14 << 1;
        long l15 = x4 * x4;
        long h15 = Math.multiplyHigh(x4s, x4s);
        t8 += l15 & M52;
        long t9 = h15;
        w[wo + 0] = t0;
        w[wo + 1] = t1;
        w[wo + 2] = t2;
        w[wo + 3] = t3;
        w[wo + 4] = t4;
        w[wo + 5] = t5;
        w[wo + 6] = t6;
        w[wo + 7] = t7;
        w[wo + 8] = t8;
        w[wo + 9] = t9;
    }

    /**
     * r = T·2^-260 mod q for the signed column sum T = Σ w_k 2^(52k) (columns below 2^62 in
     * magnitude) with |T| &lt; 20q^2: Montgomery reduction digit by digit gives (T + m q)/2^260 with
     * 0 &lt;= m &lt; 2^260, in (-0.9q, 1.9q) because 20q^2 &lt; 0.9q·2^260; {@link #correct} then adds q if
     * it is negative or subtracts q if it is at least q, in one masked pass over the digits. Each
     * round skips the low half of m_i P_0: t_i plus it is ceil(t_i / 2^52)·2^52 by the choice of m_i,
     * so only that carry moves up. Branch-free.
     */
    static void redc(long[] r, int ro, long[] w, int wo) {
        long t0 = w[wo + 0];
        long t1 = w[wo + 1];
        long t2 = w[wo + 2];
        long t3 = w[wo + 3];
        long t4 = w[wo + 4];
        long t5 = w[wo + 5];
        long t6 = w[wo + 6];
        long t7 = w[wo + 7];
        long t8 = w[wo + 8];
        long t9 = w[wo + 9];
        long m0 = (t0 * N52) & M52;
        long m0s = m0 << 6;
        long h26 = Math.multiplyHigh(m0s, PS0);
        t1 += h26;
        long l27 = m0 * P1;
        long h27 = Math.multiplyHigh(m0s, PS1);
        t1 += l27 & M52;
        t2 += h27;
        long l28 = m0 * P2;
        long h28 = Math.multiplyHigh(m0s, PS2);
        t2 += l28 & M52;
        t3 += h28;
        long l29 = m0 * P3;
        long h29 = Math.multiplyHigh(m0s, PS3);
        t3 += l29 & M52;
        t4 += h29;
        long l30 = m0 * P4;
        long h30 = Math.multiplyHigh(m0s, PS4);
        t4 += l30 & M52;
        t5 += h30;
        t1 += (t0 + M52) >> 52; // t0 + (m0 P0 mod 2^52) = ceil(t0 / 2^52) 2^52
        long m1 = (t1 * N52) & M52;
        long m1s = m1 << 6;
        long h31 = Math.multiplyHigh(m1s, PS0);
        t2 += h31;
        long l32 = m1 * P1;
        long h32 = Math.multiplyHigh(m1s, PS1);
        t2 += l32 & M52;
        t3 += h32;
        long l33 = m1 * P2;
        long h33 = Math.multiplyHigh(m1s, PS2);
        t3 += l33 & M52;
        t4 += h33;
        long l34 = m1 * P3;
        long h34 = Math.multiplyHigh(m1s, PS3);
        t4 += l34 & M52;
        t5 += h34;
        long l35 = m1 * P4;
        long h35 = Math.multiplyHigh(m1s, PS4);
        t5 += l35 & M52;
        t6 += h35;
        t2 += (t1 + M52) >> 52; // t1 + (m1 P0 mod 2^52) = ceil(t1 / 2^52) 2^52
        long m2 = (t2 * N52) & M52;
        long m2s = m2 << 6;
        long h36 = Math.multiplyHigh(m2s, PS0);
        t3 += h36;
        long l37 = m2 * P1;
        long h37 = Math.multiplyHigh(m2s, PS1);
        t3 += l37 & M52;
        t4 += h37;
        long l38 = m2 * P2;
        long h38 = Math.multiplyHigh(m2s, PS2);
        t4 += l38 & M52;
        t5 += h38;
        long l39 = m2 * P3;
        long h39 = Math.multiplyHigh(m2s, PS3);
        t5 += l39 & M52;
        t6 += h39;
        long l40 = m2 * P4;
        long h40 = Math.multiplyHigh(m2s, PS4);
        t6 += l40 & M52;
        t7 += h40;
        t3 += (t2 + M52) >> 52; // t2 + (m2 P0 mod 2^52) = ceil(t2 / 2^52) 2^52
        long m3 = (t3 * N52) & M52;
        long m3s = m3 << 6;
        long h41 = Math.multiplyHigh(m3s, PS0);
        t4 += h41;
        long l42 = m3 * P1;
        long h42 = Math.multiplyHigh(m3s, PS1);
        t4 += l42 & M52;
        t5 += h42;
        long l43 = m3 * P2;
        long h43 = Math.multiplyHigh(m3s, PS2);
        t5 += l43 & M52;
        t6 += h43;
        long l44 = m3 * P3;
        long h44 = Math.multiplyHigh(m3s, PS3);
        t6 += l44 & M52;
        t7 += h44;
        long l45 = m3 * P4;
        long h45 = Math.multiplyHigh(m3s, PS4);
        t7 += l45 & M52;
        t8 += h45;
        t4 += (t3 + M52) >> 52; // t3 + (m3 P0 mod 2^52) = ceil(t3 / 2^52) 2^52
        long m4 = (t4 * N52) & M52;
        long m4s = m4 << 6;
        long h46 = Math.multiplyHigh(m4s, PS0);
        t5 += h46;
        long l47 = m4 * P1;
        long h47 = Math.multiplyHigh(m4s, PS1);
        t5 += l47 & M52;
        t6 += h47;
        long l48 = m4 * P2;
        long h48 = Math.multiplyHigh(m4s, PS2);
        t6 += l48 & M52;
        t7 += h48;
        long l49 = m4 * P3;
        long h49 = Math.multiplyHigh(m4s, PS3);
        t7 += l49 & M52;
        t8 += h49;
        long l50 = m4 * P4;
        long h50 = Math.multiplyHigh(m4s, PS4);
        t8 += l50 & M52;
        t9 += h50;
        t5 += (t4 + M52) >> 52; // t4 + (m4 P0 mod 2^52) = ceil(t4 / 2^52) 2^52
        t6 += t5 >> 52;
        t7 += t6 >> 52;
        t8 += t7 >> 52;
        t9 += t8 >> 52;
        long e0 = t5 & M52;
        long e1 = t6 & M52;
        long e2 = t7 & M52;
        long e3 = t8 & M52;
        // V = (e0..e3, t9) in (-0.9q, 1.9q): A = V - q, or V + q if V < 0, in one digit pass with
        // arithmetic-shift carries; the result is A unless A < 0 (then 0 <= V < q and it is V).
        correct(r, ro, e0, e1, e2, e3, t9, t9 >> 63);
    }

    static void sqr(long[] r, int ro, long[] a, int ao) {
        mul(r, ro, a, ao, a, ao);
    }

    static void add(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Mont256.add(r, ro, a, ao, b, bo, Q0, Q1, Q2, Q3);
    }

    static void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo) {
        Mont256.sub(r, ro, a, ao, b, bo, Q0, Q1, Q2, Q3);
    }

    static void dbl(long[] r, int ro, long[] a, int ao) {
        Mont256.add(r, ro, a, ao, a, ao, Q0, Q1, Q2, Q3);
    }

    /** r = -a (0 stays 0). */
    static void neg(long[] r, int ro, long[] a, int ao) {
        long a0 = a[ao];
        long a1 = a[ao + 1];
        long a2 = a[ao + 2];
        long a3 = a[ao + 3];
        long nz = -((a0 | a1 | a2 | a3 | -(a0 | a1 | a2 | a3)) >>> 63); // all ones unless a == 0
        long d0 = Q0 - a0;
        long w0 = ((~Q0 & a0) | ((~Q0 | a0) & d0)) >>> 63;
        long d1 = Q1 - a1 - w0;
        long w1 = ((~Q1 & a1) | ((~Q1 | a1) & d1)) >>> 63;
        long d2 = Q2 - a2 - w1;
        long w2 = ((~Q2 & a2) | ((~Q2 | a2) & d2)) >>> 63;
        r[ro] = d0 & nz;
        r[ro + 1] = d1 & nz;
        r[ro + 2] = d2 & nz;
        r[ro + 3] = (Q3 - a3 - w2) & nz;
    }

    static void copy(long[] r, int ro, long[] a, int ao) {
        r[ro] = a[ao];
        r[ro + 1] = a[ao + 1];
        r[ro + 2] = a[ao + 2];
        r[ro + 3] = a[ao + 3];
    }

    static void setZero(long[] r, int ro) {
        r[ro] = 0;
        r[ro + 1] = 0;
        r[ro + 2] = 0;
        r[ro + 3] = 0;
    }

    static void setOne(long[] r, int ro) {
        copy(r, ro, ONE, 0);
    }

    /** 1 if a == 0 else 0, without branching. */
    static long isZero(long[] a, int ao) {
        long x = a[ao] | a[ao + 1] | a[ao + 2] | a[ao + 3];
        return ((x | -x) >>> 63) ^ 1;
    }

    /** 1 if a == b else 0, without branching. */
    static long eq(long[] a, int ao, long[] b, int bo) {
        long x = (a[ao] ^ b[bo]) | (a[ao + 1] ^ b[bo + 1]) | (a[ao + 2] ^ b[bo + 2]) | (a[ao + 3] ^ b[bo + 3]);
        return ((x | -x) >>> 63) ^ 1;
    }

    /** r = (mask == -1) ? a : r, for mask in {0, -1}. */
    static void cmov(long[] r, int ro, long[] a, int ao, long mask) {
        r[ro] ^= (r[ro] ^ a[ao]) & mask;
        r[ro + 1] ^= (r[ro + 1] ^ a[ao + 1]) & mask;
        r[ro + 2] ^= (r[ro + 2] ^ a[ao + 2]) & mask;
        r[ro + 3] ^= (r[ro + 3] ^ a[ao + 3]) & mask;
    }

    /** R^3 mod q (R = 2^260): one Montgomery multiplication by it takes (aR)^-1 to a^-1 R. */
    private static final long[] R3 = r3();

    private static long[] r3() {
        java.math.BigInteger q = java.math.BigInteger.ZERO;
        for (int i = 3; i >= 0; i--) {
            q = q.shiftLeft(64).or(new java.math.BigInteger(Long.toUnsignedString(Q[i])));
        }
        java.math.BigInteger v = java.math.BigInteger.ONE.shiftLeft(3 * 260).mod(q);
        long[] r = new long[4];
        for (int i = 0; i < 4; i++) {
            r[i] = v.shiftRight(64 * i).longValue();
        }
        return r;
    }

    /**
     * r = a^-1 (0 maps to 0): {@link SafeGcd} on the Montgomery representation aR gives
     * (aR)^-1 = a^-1 R^-1, and one multiplication by R^3 (Montgomery: times R^3 / R) gives a^-1 R.
     * Constant-time (fixed divstep count, branch-free). Allocates one small scratch array.
     */
    static void inv(long[] r, int ro, long[] a, int ao) {
        SafeGcd.Q.invert(r, ro, a, ao);
        mul(r, ro, r, ro, R3, 0);
    }

    /**
     * r = a^-1 by Fermat, a^(q-2) with a fixed 4-bit window over the public exponent (252 squarings
     * on {@link #sqrWide}, at most 63 multiplications); kept as the reference {@link #inv} is tested
     * against. Branches depend only on the exponent, not on a.
     */
    static void invFermat(long[] r, int ro, long[] a, int ao) {
        long[] t = new long[16 * 4 + 4 + 5 + 10];
        final int acc = 64;
        final int dig = 68;
        final int col = 73;
        setOne(t, 0);
        copy(t, 4, a, ao);
        for (int i = 2; i < 16; i++) {
            mul(t, 4 * i, t, 4 * (i - 1), a, ao);
        }
        long[] e = {Q0 - 2, Q1, Q2, Q3};
        copy(t, acc, t, 4 * (int) (e[3] >>> 60));
        for (int i = 62; i >= 0; i--) {
            for (int k = 0; k < 4; k++) {
                digits(t, dig, t, acc);
                sqrWide(t, col, t, dig);
                redc(t, acc, t, col);
            }
            int win = (int) ((e[i >>> 4] >>> (4 * (i & 15))) & 15);
            if (win != 0) { // public exponent digits
                mul(t, acc, t, acc, t, 4 * win);
            }
        }
        copy(r, ro, t, acc);
    }

    /** Reads a 32-byte big-endian integer; returns false (r unspecified) unless it is &lt; q. */
    static boolean fromBytes(long[] r, int ro, byte[] in, int off) {
        for (int i = 0; i < 4; i++) {
            long v = 0;
            for (int j = 0; j < 8; j++) {
                v = (v << 8) | (in[off + 8 * (3 - i) + j] & 0xff);
            }
            r[ro + i] = v;
        }
        if (!lessThan(r, ro, Q)) {
            return false;
        }
        mul(r, ro, r, ro, R2, 0);
        return true;
    }

    /** Writes a (out of Montgomery form) as 32 big-endian bytes. */
    static void toBytes(byte[] out, int off, long[] a, int ao) {
        long[] t = new long[4];
        mul(t, 0, a, ao, PLAIN_ONE, 0);
        for (int i = 0; i < 4; i++) {
            long v = t[i];
            for (int j = 7; j >= 0; j--) {
                out[off + 8 * (3 - i) + j] = (byte) v;
                v >>>= 8;
            }
        }
    }

    /** Converts plain limbs (&lt; q) into Montgomery form. */
    static void toMont(long[] r, int ro, long[] plain, int po) {
        mul(r, ro, plain, po, R2, 0);
    }

    /** Unsigned comparison a &lt; m of 4-limb values (used on public inputs only). */
    static boolean lessThan(long[] a, int ao, long[] m) {
        for (int i = 3; i >= 0; i--) {
            int c = Long.compareUnsigned(a[ao + i], m[i]);
            if (c != 0) {
                return c < 0;
            }
        }
        return false;
    }
}
