package io.gmflux.bench.kafka;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * One produce+consume run of a {@link KafkaPipe}, producer and consumer concurrent, with what it
 * cost the whole process (producer, consumer and broker threads, GC and JIT included).
 *
 * @param recordsPerSecond wall-clock throughput
 * @param cpuMicrosPerRecord process CPU time per record
 * @param compileMillis JIT compilation time during the run
 * @param gcMillis GC time (all collectors) during the run
 */
record PipeRun(double recordsPerSecond, double cpuMicrosPerRecord, long compileMillis, long gcMillis) {

    private static final OperatingSystemMXBean OS = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    /**
     * Runs {@code n} records through {@code pipe}, the producer on {@code producerThread}. Before the
     * clock starts, a full GC empties the heap and the broker gets a moment to finish its background
     * writes, so that every run starts from the same state and pays only for its own garbage.
     */
    static PipeRun of(KafkaPipe pipe, long n, ExecutorService producerThread) throws Exception {
        System.gc();
        Thread.sleep(100);
        long jit0 = totalCompileMillis();
        long gc0 = totalGcMillis();
        long c0 = OS.getProcessCpuTime();
        long t0 = System.nanoTime();
        Future<?> produced = producerThread.submit(() -> pipe.produce(n));
        pipe.consume(n);
        produced.get();
        long wall = System.nanoTime() - t0;
        long cpu = OS.getProcessCpuTime() - c0;
        return new PipeRun(n / (wall / 1e9), cpu / 1e3 / n, totalCompileMillis() - jit0, totalGcMillis() - gc0);
    }

    private static long totalCompileMillis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : 0;
    }

    private static long totalGcMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            sum += Math.max(0, gc.getCollectionTime());
        }
        return sum;
    }
}
