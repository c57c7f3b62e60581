package io.gmflux.codecs.sm2.vector;

import io.gmflux.codecs.sm2.AffineRowScanner;

/**
 * {@link AffineRowScanner} on the Vector API: an entry's x and y are one 256-bit {@code LongVector} each, so an
 * entry costs two loads, two ANDs with the broadcast entry mask and two ORs instead of eight of each
 * ({@link AffineRowScan256}). gmflux-codecs constructs it by name when SM2's point arithmetic first loads and uses
 * it only after comparing it with the scalar loop.
 *
 * <p>Why 256 bits and not one 512-bit vector per entry: on an AVX-512 core (the development machine) a 512-bit
 * form, with one or two accumulators, scanned a 32-entry row no faster than two 256-bit vectors (27-30 ns against
 * 26-27 ns, scalar ~95 ns; bench/results/sm2-speed.md), while 256 bits also runs on AVX2-only CPUs and
 * needs no lane shuffle to split x from y.
 *
 * <p>The constructor refuses ({@link UnsupportedOperationException}, with the reason) unless the module
 * {@code jdk.incubator.vector} is enabled and the preferred long vector is at least 256 bits wide (where it is
 * narrower, the 256-bit operations would run on the API's slow Java fallback for good). Constant time also
 * uncompiled: the fallback of the operations used loops over lanes without branching on or indexing by their
 * values.
 *
 * <p>Thread-safe (stateless).
 */
public final class VectorAffineRowScanner implements AffineRowScanner {

    /** @throws UnsupportedOperationException if this JVM or CPU cannot run the 256-bit scan natively */
    public VectorAffineRowScanner() {
        // checked before anything touches jdk.incubator.vector's classes
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            throw new UnsupportedOperationException(
                    "module jdk.incubator.vector not enabled (java --add-modules jdk.incubator.vector)");
        }
        int bits = AffineRowScan256.preferredBits();
        if (bits < 256) {
            throw new UnsupportedOperationException("preferred long vector size is " + bits + " bits; the scan needs 256");
        }
    }

    @Override
    public String name() {
        return "vector-256 x2 (jdk.incubator.vector)";
    }

    @Override
    public void scan(long[] table, int rowOffset, int perRow, int d, long[] sx, long[] sy) {
        AffineRowScan256.scan(table, rowOffset, perRow, d, sx, sy);
    }
}
