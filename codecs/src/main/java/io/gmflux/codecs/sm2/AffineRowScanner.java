package io.gmflux.codecs.sm2;

/**
 * The constant-time table lookup of SM2's scalar multiplications by a secret: picks one affine entry of a table
 * row by reading every entry of the row and keeping the wanted one by mask. The fixed-base comb (k·G for signing
 * and key pairs: 43 rows of 32 entries; a prepared recipient's comb for encryption: 52 rows of 16) and the
 * variable-base window ([d]C1 for decryption: 16 entries, once per digit) go through it.
 *
 * <p>This module's scalar loop is the default, and the only form on Java 17. A faster implementation compiled
 * apart from this module, such as the Vector API scan of {@code gmflux-codecs-vector}
 * ({@code io.gmflux.codecs.sm2.vector.VectorAffineRowScanner}), is found by class name once per JVM, after the
 * JVM's first couple of thousand constant-time scalar multiplications, and tried on a background thread: its public
 * no-argument constructor either returns or throws {@link UnsupportedOperationException} with the reason (e.g.
 * {@code jdk.incubator.vector} not enabled, vectors narrower than 256 bits); the scanner it returns must then give
 * the scalar loop's output for every entry of public rows of 16 and 32 entries, and, warmed up, run faster than the
 * scalar loop; only then is it used, from the next multiplication on, for good. {@link #nameInUse()} says which
 * runs and why; the system property {@code gmflux.sm2.vector} set to {@code false} keeps the scalar loop, set to
 * {@code eager} makes the choice in the first multiplication, which waits for it.
 *
 * <p>Implementations must be constant time in {@code d}: no branch, loop bound or memory index may depend on
 * it, every entry of the row is read whatever {@code d} is, and only the wanted entry's bits reach the output
 * (selection by AND with an all-zeros or all-ones mask). They must be stateless (or immutable) and thread-safe:
 * one instance serves every thread of the JVM.
 */
public interface AffineRowScanner {

    /** A short name for reports, e.g. {@code "scalar"} or {@code "vector-256 x2 (jdk.incubator.vector)"}. */
    String name();

    /**
     * Copies entry {@code d} of a table row into {@code (sx, sy)}, or zeros when {@code d} is 0. The row holds
     * {@code perRow} affine points from {@code table[rowOffset]}, 8 longs each: x then y, four little-endian
     * 64-bit limbs apiece; entry {@code j} (1..perRow) starts at {@code rowOffset + 8·(j - 1)}. Writes
     * {@code sx[0..4)} and {@code sy[0..4)} only; reads all {@code 8·perRow} longs of the row, whatever
     * {@code d} is.
     *
     * @param table the table; {@code table[rowOffset .. rowOffset + 8·perRow)} must be in bounds
     * @param rowOffset the row's first long
     * @param perRow the entries in the row, at least 1
     * @param d the wanted entry, 0..perRow (secret)
     * @param sx receives the entry's x (4 longs)
     * @param sy receives the entry's y (4 longs)
     */
    void scan(long[] table, int rowOffset, int perRow, int d, long[] sx, long[] sy);

    /**
     * The name of the scanner this JVM's SM2 uses now, and when it is the scalar loop, why no other is (yet): for
     * {@code gmflux selftest} and reports. Does not start the choice.
     */
    static String nameInUse() {
        return AffineRowScanners.jvmWide().name();
    }
}
