package io.gmflux.codecs.sm4.vector;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4EngineProvider;

/**
 * Hands out {@link Sm4VectorEngine}s once this JVM and CPU have shown that they run the kernel
 * compiled: gmflux-codecs instantiates it by name, off the caller's thread ({@code Sm4.newConstantTimeEngine}).
 *
 * <p>The constructor refuses ({@link UnsupportedOperationException}, with the reason) unless the
 * module {@code jdk.incubator.vector} is enabled and the preferred vector shape is 512 bits, then
 * warms the kernel up on public data (the all-zero key, counter and buffers) through every entry
 * point with full and partial calls, alternating with the same calls on the bitsliced engine, until
 * one round of them runs at compiled speed and at least {@value #MIN_SPEEDUP} times as fast as the
 * bitsliced engine's best round, or refuses after {@value #WARM_UP_BUDGET_MILLIS} ms. Why: until C2
 * compiles the kernel, the Vector API's Java fallback indexes arrays with lane values (the S-box
 * lookup would index by secret bytes), and on CPUs without AVX-512 VBMI the two-table byte lookup is
 * never intrinsic (about 15 MB/s); and C2 may compile the kernel without intrinsifying it (vectors
 * boxed, about the bitsliced engine's speed), which an absolute bound alone accepted (see {@link
 * #fastEnough}). It takes
 * about 2,000 rounds (seconds; figures in bench/results/sm4-vector.md), on the
 * warm-up thread that the first call of {@code Sm4.newConstantTimeEngine} starts (that call and the
 * ones before acceptance get the bitsliced engine). Timing
 * is the only test the API offers of whether an operation is intrinsic. Should C2 later
 * deoptimise a kernel method, it runs interpreted until recompiled: a residual risk that no Java
 * code can exclude.
 *
 * <p>Thread-safe (immutable).
 */
public final class Sm4VectorEngineProvider implements Sm4EngineProvider {

    /**
     * Long enough for C2 to compile the kernel on a loaded machine: at load average 30-40 on 2 cores the
     * compiler thread did not finish within 20 s (best rounds still 0.8-72 ms, interpreted), and the engine
     * was refused on a CPU that runs it.
     */
    static final long WARM_UP_BUDGET_MILLIS = 60_000;

    /**
     * A round of the warm-up runs eleven kernel calls; compiled, one costs well under 1 µs on an
     * AVX-512 VBMI core, interpreted or through the fallback 30-100 µs. Accepting a round under
     * 11 × 5 µs leaves room for a loaded machine and still fails any round with an uncompiled path.
     */
    static final long ACCEPT_ROUND_NANOS = 11 * 5_000;

    /**
     * How many times faster than the bitsliced engine's best round the kernel's best round must be. Compiled and
     * intrinsic it is 6-14x (per call size, bench/results/sm4-vector.md); compiled with its vectors boxed, about 1x.
     */
    static final int MIN_SPEEDUP = 3;

    /** Rounds before the comparison with the bitsliced engine counts: by then C2 has compiled that engine. */
    static final int MIN_ROUNDS = 1_000;

    private final String name;

    /** @throws UnsupportedOperationException if this JVM or CPU cannot run the engine fast and constant-time */
    public Sm4VectorEngineProvider() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            throw new UnsupportedOperationException(
                    "module jdk.incubator.vector not enabled (java --add-modules jdk.incubator.vector)");
        }
        int bits = Sm4VectorKernel.preferredBits();
        if (bits < 512) {
            throw new UnsupportedOperationException("preferred vector size is " + bits + " bits; the kernel needs 512");
        }
        BestRounds best = warmUp(WARM_UP_BUDGET_MILLIS * 1_000_000L);
        if (!fastEnough(best.kernelNanos(), best.bitslicedNanos())) {
            throw new UnsupportedOperationException("512-bit kernel not fast after warm-up: best round "
                    + best.kernelNanos() / 1000 + " us (accepted: at most " + ACCEPT_ROUND_NANOS / 1000 + " us and "
                    + MIN_SPEEDUP + "x faster than the bitsliced engine's " + best.bitslicedNanos() / 1000
                    + " us; no AVX-512 VBMI, not compiled, or compiled without the intrinsics)");
        }
        name = "vector-512 (jdk.incubator.vector)";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Sm4Engine newEngine(int[] roundKeys) {
        return new Sm4VectorEngine(roundKeys);
    }

    /**
     * The acceptance rule: the kernel's best warm-up round takes at most {@link #ACCEPT_ROUND_NANOS} (compiled, not
     * the fallback) and at most 1/{@link #MIN_SPEEDUP} of the bitsliced engine's best round of the same calls in the
     * same warm-up (intrinsic, not boxed; the alternation makes the comparison hold on a loaded machine).
     */
    static boolean fastEnough(long kernelBestNanos, long bitslicedBestNanos) {
        return kernelBestNanos <= ACCEPT_ROUND_NANOS && kernelBestNanos <= bitslicedBestNanos / MIN_SPEEDUP;
    }

    /** The fastest warm-up round of the kernel and of the bitsliced engine, in nanoseconds. */
    record BestRounds(long kernelNanos, long bitslicedNanos) {}

    /**
     * Runs rounds of every entry point on public data, each followed by the same round on the bitsliced engine,
     * until {@link #fastEnough} holds (after {@link #MIN_ROUNDS}) or the budget is spent; returns the kernel's and
     * the bitsliced engine's fastest round.
     */
    static BestRounds warmUp(long budgetNanos) {
        Sm4Engine engine = new Sm4VectorEngine(new int[32]);
        Sm4Engine bitsliced = Sm4.newBitslicedEngine(new byte[16]);
        byte[] buf = new byte[2 * 1024 + 16];
        byte[] register = new byte[16];
        byte[] lead = new byte[16];
        long deadline = System.nanoTime() + budgetNanos;
        long best = Long.MAX_VALUE;
        long bitslicedBest = Long.MAX_VALUE;
        for (int round = 0; ; round++) {
            long took = round(engine, buf, register, lead, round);
            // the first rounds are interpreted whatever the CPU: they prove nothing
            if (round >= 200) {
                best = Math.min(best, took);
                bitslicedBest = Math.min(bitslicedBest, round(bitsliced, buf, register, lead, round));
                if ((round >= MIN_ROUNDS && fastEnough(best, bitslicedBest)) || System.nanoTime() > deadline) {
                    return new BestRounds(best, bitslicedBest);
                }
            }
        }
    }

    /** One warm-up round on {@code engine}: eleven calls through every entry point; returns its nanoseconds. */
    private static long round(Sm4Engine engine, byte[] buf, byte[] register, byte[] lead, int round) {
        int partial = 1 + round % 63;
        int offset = round % 17;
        long start = System.nanoTime();
        engine.encryptCtr(register, buf, offset, buf, offset, 64);
        engine.encryptCtr(register, buf, 0, buf, 0, partial);
        // GCM's fused E(J0): 64 blocks + 1 take the five-batch rounds
        engine.encryptCtrWithLead(register, buf, offset, buf, offset, 64, lead, lead);
        engine.encryptCtrWithLead(register, buf, 0, buf, 0, partial, lead, lead);
        engine.encryptBlocks(buf, offset, buf, offset, 64);
        engine.encryptBlocks(buf, 0, buf, 0, partial);
        engine.decryptBlocks(buf, offset, buf, offset, 64);
        engine.decryptBlocks(buf, 0, buf, 0, partial);
        engine.decryptCbc(register, buf, offset, buf, offset, partial);
        engine.decryptCfb(register, buf, offset, buf, offset, partial);
        // a range that ends within 64 bytes of the array's end takes the masked accesses' other path
        engine.encryptCtr(register, buf, buf.length - 16 * 3, buf, buf.length - 16 * 3, 3);
        return System.nanoTime() - start;
    }
}
