package io.gmflux.bench.rounds;

import io.gmflux.bench.peers.Call;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Runs an operation for a budget of this thread's CPU time ({@link ThreadMXBean}), which time spent
 * waiting for a core on a shared machine does not inflate, and reports the CPU time per call.
 *
 * <p>Not thread-safe: measures the calling thread.
 */
final class CpuClock {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    private long sink;

    /** One batch: CPU nanoseconds per call, and the JIT's compilation time (ms) while it ran. */
    record Batch(double nanosPerCall, long cpuNanos, long calls, long compileMillis) {
    }

    static long threadCpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** Calls {@code op} until at least {@code budgetNanos} of CPU time are spent (at least one call). */
    Batch run(Call op, long budgetNanos) throws Exception {
        long jit0 = compileMillis();
        long start = threadCpuNanos();
        long calls = 0;
        long used;
        int stride = 1;
        do {
            for (int i = 0; i < stride; i++) {
                consume(op.call());
            }
            calls += stride;
            used = threadCpuNanos() - start;
            // the clock costs ~1 us: read it about every 50 us of work
            if (used < budgetNanos / 4 && used * 1.0 / calls < 50_000 && stride < 1024) {
                stride *= 2;
            }
        } while (used < budgetNanos);
        return new Batch((double) used / calls, used, calls, compileMillis() - jit0);
    }

    /**
     * Calls in a first budget of CPU time: how many calls complete (the cold measure), as calls per
     * CPU second.
     */
    double coldRate(Call op, long budgetNanos) throws Exception {
        long start = threadCpuNanos();
        long calls = 0;
        long used;
        do {
            consume(op.call());
            calls++;
            used = threadCpuNanos() - start;
        } while (used < budgetNanos);
        return calls * 1e9 / used;
    }

    private static long compileMillis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : 0;
    }

    private void consume(Object o) {
        if (o instanceof byte[] b) {
            sink += b.length == 0 ? 0 : b[0];
        } else if (o instanceof Boolean ok) {
            if (!ok) {
                throw new IllegalStateException("a verification returned false");
            }
        } else if (o instanceof Integer n) {
            sink += n;
        } else if (o == null) {
            throw new IllegalStateException("an operation returned null");
        } else {
            sink += o.getClass().hashCode() & 1;
        }
    }

    /** The accumulated results (print it, so nothing is dead code). */
    long sink() {
        return sink;
    }
}
