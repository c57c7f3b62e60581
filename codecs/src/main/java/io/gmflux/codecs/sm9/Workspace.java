package io.gmflux.codecs.sm9;

/**
 * Scratch arrays for the tower and point arithmetic, so that no field or group operation allocates.
 * Each tower level owns its own region (an operation at one level calls the levels below it, which
 * must not overwrite its temporaries). Not thread-safe: one per thread ({@link #get()}); contents
 * may hold secret intermediates and are overwritten by the next operation.
 */
final class Workspace {

    private static final ThreadLocal<Workspace> LOCAL = ThreadLocal.withInitial(Workspace::new);

    /** Fq2 temporaries (4 Fq). */
    final long[] f2 = new long[16];
    /** Digit vectors for unreduced products (26 F_q elements in 52-bit digits, Fq.digits; Fq4.mulWide's sums). */
    final long[] digits = new long[130];
    /** Unreduced column sums (13 products, Fq.mulWide; Fq4.mulWide's nine products). */
    final long[] wide = new long[130];
    /** Digit vectors of an F_q12 multiplication (operands, Karatsuba sums, scratch; Fq12.mul). */
    final long[] digits12 = new long[300];
    /** Column sums of an F_q12 multiplication (six F_q4 products and scratch; Fq12.mul). */
    final long[] wide12 = new long[330];
    /** Fq4 temporaries (5 Fq2). */
    final long[] f4 = new long[40];
    /** Fq12 temporaries (8 Fq4). */
    final long[] f12 = new long[128];
    /** Point-level temporaries (G1: Fq, G2: Fq2). */
    final long[] pt = new long[256];
    /** A negated coordinate (Group.negate). */
    final long[] neg = new long[8];
    /** Pairing-level temporaries (a few Fq12). */
    final long[] pr = new long[48 * 16];

    static Workspace get() {
        return LOCAL.get();
    }
}
