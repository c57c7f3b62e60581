package io.gmflux.codecs.sm4.vector;

import io.gmflux.codecs.sm4.GhashKernel;
import io.gmflux.codecs.sm4.GhashProvider;

/**
 * Hands out {@link GhashVectorKernel}s once this JVM and CPU have shown that they run the kernel
 * compiled: gmflux-codecs instantiates it by name on the warm-up thread of
 * {@code Sm4.newConstantTimeEngine}, after the vector SM4 engine's provider.
 *
 * <p>The constructor refuses ({@link UnsupportedOperationException}, with the reason) unless the
 * module {@code jdk.incubator.vector} is enabled and the preferred vector shape is 512 bits, then
 * warms the kernel up on public data (a fixed, published hash key and a counting buffer) with whole
 * groups of eight blocks and partial ones, until one round runs at compiled speed, or refuses after
 * {@value #WARM_UP_BUDGET_MILLIS} ms. Why: until C2 compiles it, the Vector API's Java fallback
 * branches on lane values, and where the 512-bit operations are not intrinsic it is far slower than
 * the scalar constant-time GHASH. The same residual risk as the SM4 engine's: a kernel method that C2
 * deoptimises runs interpreted until recompiled.
 *
 * <p>Thread-safe (immutable).
 */
public final class GhashVectorProvider implements GhashProvider {

    /** As {@code Sm4VectorEngineProvider}'s: room for C2 on a loaded machine. */
    static final long WARM_UP_BUDGET_MILLIS = 60_000;

    /**
     * A round hashes 1 KiB plus 1..7 blocks: compiled on an AVX-512 core well under 1 µs; the
     * scalar constant-time GHASH takes about 3.5 µs, the fallback hundreds. A round under 2.5 µs is
     * faster than the scalar form even on a loaded machine, and fails any round with an uncompiled path.
     */
    static final long ACCEPT_ROUND_NANOS = 2_500;

    /** A public hash key for the warm-up: H of AES-128 under the all-zero key (SP 800-38D test case 1). */
    private static final byte[] PUBLIC_H = java.util.HexFormat.of().parseHex("66e94bd4ef8a2c3b884cfa59ca342b2e");

    private final String name;

    /** @throws UnsupportedOperationException if this JVM or CPU cannot run the kernel fast and constant-time */
    public GhashVectorProvider() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            throw new UnsupportedOperationException(
                    "module jdk.incubator.vector not enabled (java --add-modules jdk.incubator.vector)");
        }
        int bits = Sm4VectorKernel.preferredBits();
        if (bits < 512) {
            throw new UnsupportedOperationException("preferred vector size is " + bits + " bits; the GHASH kernel needs 512");
        }
        long best = warmUp(WARM_UP_BUDGET_MILLIS * 1_000_000L);
        if (best > ACCEPT_ROUND_NANOS) {
            throw new UnsupportedOperationException("512-bit GHASH not fast after warm-up: best round "
                    + best + " ns > " + ACCEPT_ROUND_NANOS + " ns");
        }
        name = "vector-512 linear map (jdk.incubator.vector)";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public GhashKernel newKernel(byte[] h) {
        return new GhashVectorKernel(h);
    }

    /**
     * Runs rounds on public data until one takes at most {@link #ACCEPT_ROUND_NANOS} or the budget
     * is spent; returns the fastest round's nanoseconds.
     */
    static long warmUp(long budgetNanos) {
        GhashVectorKernel kernel = new GhashVectorKernel(PUBLIC_H);
        byte[] buf = new byte[1024 + 7 * 16 + 16];
        for (int i = 0; i < buf.length; i++) {
            buf[i] = (byte) i;
        }
        long[] y = new long[2];
        long deadline = System.nanoTime() + budgetNanos;
        long best = Long.MAX_VALUE;
        for (int round = 0; ; round++) {
            int partial = 1 + round % 7;
            int offset = round % 17;
            long start = System.nanoTime();
            kernel.updateBlocks(y, buf, offset, 64);
            kernel.updateBlocks(y, buf, offset, partial);
            long took = System.nanoTime() - start;
            // the first rounds are interpreted whatever the CPU: they prove nothing
            if (round >= 200) {
                best = Math.min(best, took);
                if (best <= ACCEPT_ROUND_NANOS || System.nanoTime() > deadline) {
                    return best;
                }
            }
        }
    }
}
