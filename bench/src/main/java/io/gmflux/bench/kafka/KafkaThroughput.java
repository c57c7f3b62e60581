package io.gmflux.bench.kafka;

import io.gmflux.codecs.format.StreamSuite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Produce+consume throughput of 1 KiB records, plaintext vs gmflux SM4-GCM vs gmflux ZUC-128, in
 * alternating rounds on one embedded broker in one JVM: every round runs each variant once (forward
 * order on even rounds, reverse on odd), producer and consumer running at the same time, and a
 * ratio encrypted/plaintext is only formed within a round; the table quotes medians. Why rounds:
 * these machines alternate fast and slow phases, so back-to-back runs can differ by more than what
 * is measured (bench/README.md).
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.gmflux.bench.kafka.KafkaThroughput [--records 100000] [--rounds 5] [--out bench/results/kafka.md]
 * java -cp bench/target/benchmarks.jar io.gmflux.bench.kafka.KafkaThroughput --records 1000000 --rounds 3   # the opt-in long run
 * </pre>
 * Names in the table match the JMH benchmarks of {@link KafkaBench}: kafka1k_plain,
 * kafka1k_sm4gcm, kafka1k_zuc128. The bar: encrypted at least 0.7x plaintext.
 */
public final class KafkaThroughput {

    private static final double BAR = 0.7;

    private KafkaThroughput() {
    }

    public static void main(String[] args) throws Exception {
        long records = 100_000;
        int rounds = 5;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--records" -> records = Long.parseLong(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                default -> {
                    System.err.println("usage: KafkaThroughput [--records N] [--rounds R] [--out FILE]");
                    System.exit(2);
                }
            }
        }
        String bootstrap = KafkaPipe.sharedBroker();
        List<KafkaPipe> pipes = List.of(new KafkaPipe("kafka1k_plain", bootstrap, null),
                new KafkaPipe("kafka1k_sm4gcm", bootstrap, StreamSuite.SM4_GCM),
                new KafkaPipe("kafka1k_zuc128", bootstrap, StreamSuite.ZUC128_EEA3_EIA3),
                // Control: the same serializer with the JDK's AES-GCM (AES-NI), to separate the cost of
                // gmflux's record layer from the cost of the SM4/ZUC primitives.
                new KafkaPipe("kafka1k_aes256gcm", bootstrap, StreamSuite.AES_256_GCM));
        ExecutorService producerThread = Executors.newSingleThreadExecutor();
        long warm = Math.min(records, 20_000);
        for (KafkaPipe p : pipes) {
            run(p, warm, producerThread);
        }
        double[][] rate = new double[pipes.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < pipes.size(); k++) {
                int i = r % 2 == 0 ? k : pipes.size() - 1 - k;
                rate[i][r] = run(pipes.get(i), records, producerThread);
                System.err.printf(Locale.ROOT, "round %d %-16s %,10.0f records/s%n", r + 1, pipes.get(i).name, rate[i][r]);
            }
        }
        producerThread.shutdown();
        String table = table(pipes, rate, records, rounds);
        System.out.println(table);
        if (out != null) {
            Files.writeString(out, table, StandardCharsets.UTF_8);
        }
        pipes.forEach(KafkaPipe::close);
        System.exit(0);
    }

    /** Records per second of one produce+consume run of {@code n} records, both sides concurrent. */
    private static double run(KafkaPipe pipe, long n, ExecutorService producerThread) throws Exception {
        long t0 = System.nanoTime();
        Future<?> produced = producerThread.submit(() -> pipe.produce(n));
        pipe.consume(n);
        produced.get();
        return n / ((System.nanoTime() - t0) / 1e9);
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    private static String table(List<KafkaPipe> pipes, double[][] rate, long records, int rounds) {
        StringBuilder b = new StringBuilder();
        b.append("| benchmark | records/s (median) | MiB/s | ratio to plaintext (median of per-round ratios) | bar 0.7x |\n");
        b.append("|---|---:|---:|---:|---|\n");
        for (int i = 0; i < pipes.size(); i++) {
            double med = median(rate[i]);
            String ratio = "1.00";
            String verdict = "baseline";
            if (i > 0) {
                double[] per = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    per[r] = rate[i][r] / rate[0][r];
                }
                double m = median(per);
                ratio = String.format(Locale.ROOT, "%.2f (rounds %.2f..%.2f)", m,
                        Arrays.stream(per).min().orElse(0), Arrays.stream(per).max().orElse(0));
                verdict = m >= BAR ? "meets" : "misses";
            }
            b.append(String.format(Locale.ROOT, "| %s | %,.0f | %.1f | %s | %s |%n", pipes.get(i).name, med,
                    med * KafkaPipe.VALUE_SIZE / (1 << 20), ratio, verdict));
        }
        b.append(String.format(Locale.ROOT, "%n%d rounds of %,d records of %d bytes each, %s, Java %s, %d CPUs.%n",
                rounds, records, KafkaPipe.VALUE_SIZE, ZonedDateTime.now(ZoneOffset.UTC).withNano(0),
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors()));
        return b.toString();
    }
}
