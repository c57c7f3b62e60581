package io.gmflux.bench.kafka;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;

/**
 * Produce+consume throughput of 1 KiB records, plaintext vs gmflux SM4-GCM vs gmflux ZUC-128, in
 * alternating rounds on one embedded broker in one JVM: every round runs each variant once (forward
 * order on even rounds, reverse on odd), producer and consumer running at the same time, and a
 * ratio encrypted/plaintext is only formed within a round; the table quotes medians. Why rounds:
 * these machines alternate fast and slow phases, so back-to-back runs can differ by more than what
 * is measured (bench/README.md).
 *
 * <p>Besides wall-clock throughput, each run records the CPU time the whole process (producer,
 * consumer and broker threads) spent per record. On a machine shared with other work the CPU time
 * is far steadier than the wall clock, and where the pipeline is CPU-bound (as here: everything in
 * one JVM on two cores) plaintext CPU / encrypted CPU is the throughput ratio a quiet machine would
 * show. The table gives both.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.gmflux.bench.kafka.KafkaThroughput [--records 100000] [--rounds 5] [--out bench/results/kafka.md]
 * java -cp bench/target/benchmarks.jar io.gmflux.bench.kafka.KafkaThroughput --records 1000000 --rounds 3   # the opt-in long run
 * # JDK 25, vector path (kafka1k_sm4gcm_ct: SM4-GCM on the constant-time engine, the vector one there):
 * $JDK25/bin/java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar:codecs-vector/target/gmflux-codecs-vector-VERSION.jar \
 *     io.gmflux.bench.kafka.KafkaThroughput --pipes 'sm4gcm|plainframed' 
 * </pre>
 * Names in the table match the JMH benchmarks of {@link KafkaBench}: kafka1k_plain,
 * kafka1k_sm4gcm, kafka1k_zuc128. The bar: encrypted at least 0.7x plaintext.
 */
public final class KafkaThroughput {

    private static final double BAR = 0.7;

    private KafkaThroughput() {
    }

    public static void main(String[] args) throws Exception {
        long records = 20_000;
        int rounds = 15;
        Path out = null;
        Pattern only = Pattern.compile(".*");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--records" -> records = Long.parseLong(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--pipes" -> only = Pattern.compile(args[++i]);
                default -> {
                    System.err.println("usage: KafkaThroughput [--records N] [--rounds R] [--out FILE] [--pipes <regex over names;"
                            + " kafka1k_plain always runs>]");
                    System.exit(2);
                }
            }
        }
        // the constant-time pipe's serializer builds its engines at the first record: the vector engine, where
        // it is accepted (JDK 25 with jdk.incubator.vector and codecs-vector), once the choice is made
        String ctEngine = Sm4.awaitConstantTimeEngine(Duration.ofSeconds(60));
        ctEngine += ", GHASH " + Sm4.constantTimeGhashName();
        System.err.println("SM4 constant-time engine: " + ctEngine);
        String bootstrap = KafkaPipe.sharedBroker();
        List<KafkaPipe> all = List.of(new KafkaPipe("kafka1k_plain", bootstrap, null),
                new KafkaPipe("kafka1k_sm4gcm", bootstrap, Suite.SM4_GCM),
                // SM4-GCM constant-time end to end (gmflux.engine=constant-time): the vector engine on JDK 25
                new KafkaPipe("kafka1k_sm4gcm_ct", bootstrap, Suite.SM4_GCM, EngineChoice.CONSTANT_TIME),
                new KafkaPipe("kafka1k_zuc128", bootstrap, Suite.ZUC128_EEA3_EIA3),
                // Control: the same serializer with the JDK's AES-GCM (AES-NI), to separate the cost of
                // gmflux's record layer from the cost of the SM4/ZUC primitives.
                new KafkaPipe("kafka1k_aes256gcm", bootstrap, Suite.AES_256_GCM),
                // Control: plaintext records shaped exactly like gmflux's (same value length, same
                // gmflux.dek header length), no cryptography: what the format costs Kafka itself.
                new KafkaPipe("kafka1k_plainframed", bootstrap, null, true));
        List<KafkaPipe> pipes = new ArrayList<>();
        for (KafkaPipe p : all) {
            if (p == all.get(0) || only.matcher(p.name).find()) {
                pipes.add(p);
            } else {
                p.close();
            }
        }
        ExecutorService producerThread = Executors.newSingleThreadExecutor();
        long warm = Math.min(records, 20_000);
        for (KafkaPipe p : pipes) {
            run(p, warm, producerThread);
        }
        double[][] rate = new double[pipes.size()][rounds];
        double[][] cpu = new double[pipes.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < pipes.size(); k++) {
                int i = r % 2 == 0 ? k : pipes.size() - 1 - k;
                double[] m = run(pipes.get(i), records, producerThread);
                rate[i][r] = m[0];
                cpu[i][r] = m[1];
                System.err.printf(Locale.ROOT, "round %d %-18s %,10.0f records/s %6.2f us CPU/record%n", r + 1,
                        pipes.get(i).name, rate[i][r], cpu[i][r]);
            }
        }
        producerThread.shutdown();
        String table = table(pipes, rate, cpu, records, rounds, ctEngine);
        System.out.println(table);
        if (out != null) {
            Files.writeString(out, table, StandardCharsets.UTF_8);
        }
        pipes.forEach(KafkaPipe::close);
        KafkaPipe.stopSharedBroker();
        System.exit(0);
    }

    /**
     * One produce+consume run of {@code n} records, both sides concurrent: records per second and
     * process CPU microseconds per record.
     */
    private static double[] run(KafkaPipe pipe, long n, ExecutorService producerThread) throws Exception {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long c0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        Future<?> produced = producerThread.submit(() -> pipe.produce(n));
        pipe.consume(n);
        produced.get();
        long wall = System.nanoTime() - t0;
        long cpu = os.getProcessCpuTime() - c0;
        return new double[] {n / (wall / 1e9), cpu / 1e3 / n};
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The median of per-round ratios and their range. */
    private static String range(double[] per) {
        return String.format(Locale.ROOT, "%.2f (rounds %.2f..%.2f)", median(per),
                Arrays.stream(per).min().orElse(0), Arrays.stream(per).max().orElse(0));
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    private static String table(List<KafkaPipe> pipes, double[][] rate, double[][] cpu, long records, int rounds, String ctEngine) {
        StringBuilder b = new StringBuilder();
        b.append("| benchmark | records/s (median) | MiB/s | wall-clock ratio to plaintext | CPU us/record | CPU ratio"
                + " (plaintext CPU / this CPU) | bar 0.7x (by CPU ratio) |\n");
        b.append("|---|---:|---:|---:|---:|---:|---|\n");
        for (int i = 0; i < pipes.size(); i++) {
            double med = median(rate[i]);
            String wallRatio = "1.00";
            String cpuRatio = "1.00";
            String verdict = "baseline";
            if (i > 0) {
                double[] perWall = new double[rounds];
                double[] perCpu = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    perWall[r] = rate[i][r] / rate[0][r];
                    perCpu[r] = cpu[0][r] / cpu[i][r];
                }
                wallRatio = range(perWall);
                cpuRatio = range(perCpu);
                verdict = median(perCpu) >= BAR ? "meets" : "misses";
            }
            b.append(String.format(Locale.ROOT, "| %s | %,.0f | %.1f | %s | %.2f | %s | %s |%n", pipes.get(i).name, med,
                    med * KafkaPipe.VALUE_SIZE / (1 << 20), wallRatio, median(cpu[i]), cpuRatio, verdict));
        }
        b.append(String.format(Locale.ROOT, "%n%d rounds of %,d records of %d bytes each, %s, Java %s, %d CPUs, load average %s;"
                + " SM4 constant-time engine: %s.%n",
                rounds, records, KafkaPipe.VALUE_SIZE, ZonedDateTime.now(ZoneOffset.UTC).withNano(0),
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), loadAverage(), ctEngine));
        return b.toString();
    }
}
