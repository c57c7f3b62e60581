package io.gmflux.bench.kafka;

import io.gmflux.bench.rounds.MachineStamp;
import io.gmflux.bench.rounds.SteadyState;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Produce+consume throughput of 1 KiB records, plaintext against gmflux's serializer, on one
 * embedded broker in one JVM, by process CPU time per record (producer, consumer and broker
 * threads: the pipeline is CPU-bound here, so plaintext CPU / encrypted CPU is the throughput ratio
 * of a quiet machine) and by the wall clock.
 *
 * <ol>
 *   <li>Warm-up: every pipe runs chunks of records in turn (so that each sees the same JIT and broker
 *   history) until each pipe's CPU time per record has stopped falling ({@link SteadyState}: a
 *   minimum of its own CPU time, then the medians of its last two windows of chunks within the
 *   tolerance, with the JIT idle), or its cap ({@code *} in the table).</li>
 *   <li>Rehearsal ({@link Rehearsal}): full rounds as below, not recorded, until every pipe has run
 *   1.2 M records (past gmflux's first DEK rotation and the broker's first segment roll, which trap
 *   and recompile once) and the JIT compiled for under 1% of the process CPU time in each of two
 *   consecutive rounds; capped at 20 rounds, which the table then says.</li>
 *   <li>Rounds: every pipe runs once per round, order reversed every other round; each run starts
 *   after a full GC. A ratio to plaintext is only formed within a round; the table gives medians
 *   and the range over rounds, and each pipe's CPU time per record with its own range, which shows
 *   how steady the run was.</li>
 * </ol>
 * Every pipe has the same broker, producer and consumer settings ({@link KafkaPipe}, batching chosen
 * by {@code --batching latency|full}); only the value serializer differs. {@code kafka1k_plainframed}
 * is the cryptography-free control.
 *
 * <pre>
 * java -Xms1g -Xmx1g -cp bench/target/benchmarks.jar io.gmflux.bench.kafka.KafkaThroughput [--pipes 'sm4gcm|plainframed'] [--quick] [--out FILE]
 * # JDK 25, vector path (kafka1k_sm4gcm_ct: the constant-time engine, the vector one there):
 * $JDK25/bin/java -Xms1g -Xmx1g --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED \
 *     -cp bench/target/benchmarks.jar:codecs-vector/target/gmflux-codecs-vector-VERSION.jar io.gmflux.bench.kafka.KafkaThroughput ...
 * </pre>
 */
public final class KafkaThroughput {

    /** The bar: encrypted at least 0.7x plaintext, by CPU ratio. */
    static final double BAR = 0.7;

    /**
     * How long everything runs.
     *
     * @param records records per pipe per round
     * @param rounds measured rounds
     * @param chunk records per warm-up chunk
     * @param rule when a pipe's warm-up ends (CPU time per record per chunk)
     * @param batching the producers' and consumers' batching, the same for every pipe
     * @param rehearsal when the warm-up's rehearsal rounds end (the JIT idle, one-time events behind)
     */
    record Settings(long records, int rounds, long chunk, SteadyState rule, KafkaPipe.Batching batching, Rehearsal rehearsal) {

        static Settings full() {
            // 1.2 M records per pipe: past gmflux's first DEK rotation (gmflux.dek.rotate.records, 1,000,000 by
            // default) and the broker's first 1 GiB segment roll of every topic (0.8-1.0 M records of these sizes)
            return new Settings(100_000, 9, 20_000, new SteadyState(s(4), s(20), 3, 0.05, 100), KafkaPipe.Batching.LATENCY,
                    new Rehearsal(1_200_000, 2, 0.01, 20));
        }

        /** To check the harness: a result only as a ratio of one quick run. */
        static Settings quick() {
            return new Settings(20_000, 3, 10_000, new SteadyState(s(1), s(4), 2, 0.10, 100), KafkaPipe.Batching.LATENCY,
                    new Rehearsal(0, 1, 0.02, 2));
        }

        private static long s(long seconds) {
            return TimeUnit.SECONDS.toNanos(seconds);
        }
    }

    private KafkaThroughput() {
    }

    public static void main(String[] args) throws Exception {
        Settings s = Settings.full();
        Long records = null;
        Integer rounds = null;
        Integer rehearsalCap = null;
        KafkaPipe.Batching batching = KafkaPipe.Batching.LATENCY;
        Path out = null;
        Pattern only = Pattern.compile(".*");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> s = Settings.quick();
                case "--records" -> records = Long.parseLong(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--rehearsals" -> rehearsalCap = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--pipes" -> only = Pattern.compile(args[++i]);
                case "--batching" -> batching = KafkaPipe.Batching.valueOf(args[++i].toUpperCase(Locale.ROOT));
                default -> {
                    System.err.println("usage: KafkaThroughput [--quick] [--records N per round] [--rounds R] [--rehearsals MAX (0: none)] [--out FILE] [--batching latency|full]"
                            + " [--pipes <regex over names; kafka1k_plain always runs>]");
                    System.exit(2);
                }
            }
        }
        Rehearsal rehearsal = rehearsalCap == null ? s.rehearsal()
                : new Rehearsal(s.rehearsal().minRecords(), Math.min(s.rehearsal().quietRounds(), rehearsalCap),
                        s.rehearsal().maxJitShare(), rehearsalCap);
        s = new Settings(records != null ? records : s.records(), rounds != null ? rounds : s.rounds(), s.chunk(), s.rule(), batching,
                rehearsal);
        long t0 = System.nanoTime();
        String loadBefore = MachineStamp.loadAverage();
        // the constant-time pipe's serializer builds its engines at its first record: wait until the JVM has
        // chosen (the vector engine accepted or refused) so that the pipe runs the engine it will keep
        String ctEngine = Sm4.awaitConstantTimeEngine(Duration.ofSeconds(60));
        String ctGhash = Sm4.constantTimeGhashName();
        System.err.println("SM4 constant-time engine: " + ctEngine + "; GHASH: " + ctGhash);
        List<KafkaPipe> pipes = pipes(only, s.batching());
        ExecutorService producerThread = Executors.newSingleThreadExecutor();
        List<KafkaTable.Warmup> warmups = warm(pipes, s, producerThread);
        Rehearsal.Outcome rehearsed = rehearse(pipes, s, (long) warmups.get(0).chunks() * s.chunk(), producerThread);
        PipeRun[][] runs = new PipeRun[pipes.size()][s.rounds()];
        for (int r = 0; r < s.rounds(); r++) {
            PipeRun[] round = round(pipes, r, s.records(), producerThread, "round " + (r + 1));
            for (int i = 0; i < pipes.size(); i++) {
                runs[i][r] = round[i];
            }
        }
        producerThread.shutdown();
        KafkaTable table = new KafkaTable(pipes.stream().map(p -> p.name).toList(), warmups, rehearsed, runs, s, ctEngine, ctGhash,
                loadBefore, (System.nanoTime() - t0) / 60e9);
        String md = table.markdown();
        System.out.println(md);
        if (out != null) {
            Files.writeString(out, md, StandardCharsets.UTF_8);
        }
        pipes.forEach(KafkaPipe::close);
        KafkaPipe.stopSharedBroker();
        System.exit(0);
    }

    /** One round: every pipe runs {@code records} once, in order for even {@code r}, reversed for odd; the runs by pipe. */
    private static PipeRun[] round(List<KafkaPipe> pipes, int r, long records, ExecutorService producerThread, String label)
            throws Exception {
        PipeRun[] out = new PipeRun[pipes.size()];
        for (int k = 0; k < pipes.size(); k++) {
            int i = r % 2 == 0 ? k : pipes.size() - 1 - k;
            PipeRun m = PipeRun.of(pipes.get(i), records, producerThread);
            out[i] = m;
            System.err.printf(Locale.ROOT, "[%s] %-20s %,10.0f records/s %7.2f us CPU/record (JIT %d ms, GC %d ms)%n",
                    label, pipes.get(i).name, m.recordsPerSecond(), m.cpuMicrosPerRecord(), m.compileMillis(), m.gcMillis());
        }
        return out;
    }

    /**
     * After the chunks: full rounds, not recorded, until {@link Rehearsal} says the JIT is idle with every
     * pipe past its one-time events (or its cap).
     *
     * @param warmed records each pipe ran in the warm-up's chunks
     */
    private static Rehearsal.Outcome rehearse(List<KafkaPipe> pipes, Settings s, long warmed, ExecutorService producerThread)
            throws Exception {
        Rehearsal rule = s.rehearsal();
        long[] jit = new long[rule.capRounds()];
        long[] cpu = new long[rule.capRounds()];
        long records = warmed;
        int n = 0;
        while (!rule.done(jit, cpu, n, records) && n < rule.capRounds()) {
            PipeRun[] round = round(pipes, n, s.records(), producerThread, "rehearsal " + (n + 1));
            for (PipeRun m : round) {
                jit[n] += m.compileMillis();
                cpu[n] += (long) (m.cpuMicrosPerRecord() * 1e3 * s.records());
            }
            records += s.records();
            System.err.printf(Locale.ROOT, "[rehearsal %d] JIT %d ms in %.2f s of CPU (%.1f%%), %,d records per pipe so far%n",
                    n + 1, jit[n], cpu[n] / 1e9, 100.0 * jit[n] * 1e6 / cpu[n], records);
            n++;
        }
        boolean quiet = rule.done(jit, cpu, n, records);
        System.err.printf(Locale.ROOT, "[rehearsal] %s after %d rounds%n", quiet ? "JIT idle" : "capped, JIT NOT idle", n);
        return new Rehearsal.Outcome(Arrays.copyOf(jit, n), Arrays.copyOf(cpu, n), quiet, records);
    }

    /** Plaintext first, then the pipes whose name {@code only} finds, on the shared broker. */
    private static List<KafkaPipe> pipes(Pattern only, KafkaPipe.Batching batching) {
        String bootstrap = KafkaPipe.sharedBroker();
        List<String> names = List.of("kafka1k_plain", "kafka1k_sm4gcm", "kafka1k_sm4gcm_ct", "kafka1k_zuc128",
                "kafka1k_aes256gcm", "kafka1k_plainframed");
        List<KafkaPipe> pipes = new ArrayList<>();
        for (String name : names) {
            if (!name.equals("kafka1k_plain") && !only.matcher(name).find()) {
                continue;
            }
            EngineChoice table = EngineChoice.TABLE;
            pipes.add(switch (name) {
                case "kafka1k_plain" -> new KafkaPipe(name, bootstrap, null, false, table, batching);
                case "kafka1k_sm4gcm" -> new KafkaPipe(name, bootstrap, Suite.SM4_GCM, false, table, batching);
                // SM4-GCM constant-time end to end (gmflux.engine=constant-time): the vector engine and GHASH on JDK 25
                case "kafka1k_sm4gcm_ct" -> new KafkaPipe(name, bootstrap, Suite.SM4_GCM, false, EngineChoice.CONSTANT_TIME, batching);
                case "kafka1k_zuc128" -> new KafkaPipe(name, bootstrap, Suite.ZUC128_EEA3_EIA3, false, table, batching);
                // control: the same record layer with the JDK's AES-GCM (AES-NI): the layer's cost without SM4/ZUC's
                case "kafka1k_aes256gcm" -> new KafkaPipe(name, bootstrap, Suite.AES_256_GCM, false, table, batching);
                // control: plaintext records shaped exactly like gmflux's, no cryptography: what the format costs Kafka
                default -> new KafkaPipe(name, bootstrap, null, true, table, batching);
            });
        }
        return pipes;
    }

    /** Runs a chunk of every pipe in turn until each is steady or capped; the pipes' warm-ups. */
    private static List<KafkaTable.Warmup> warm(List<KafkaPipe> pipes, Settings s, ExecutorService producerThread) throws Exception {
        SteadyState rule = s.rule();
        int cap = 200;
        double[][] perRecord = new double[pipes.size()][cap];
        long[][] compile = new long[pipes.size()][cap];
        long[] cpu = new long[pipes.size()];
        SteadyState.Verdict[] verdict = new SteadyState.Verdict[pipes.size()];
        Arrays.fill(verdict, SteadyState.Verdict.WARMING);
        int n = 0;
        while (n < cap && Arrays.stream(verdict).anyMatch(v -> v == SteadyState.Verdict.WARMING)) {
            for (int i = 0; i < pipes.size(); i++) {
                PipeRun m = PipeRun.of(pipes.get(i), s.chunk(), producerThread);
                perRecord[i][n] = m.cpuMicrosPerRecord() * 1e3;
                compile[i][n] = m.compileMillis();
                cpu[i] += (long) (m.cpuMicrosPerRecord() * 1e3 * s.chunk());
            }
            n++;
            for (int i = 0; i < pipes.size(); i++) {
                if (verdict[i] == SteadyState.Verdict.WARMING) {
                    verdict[i] = rule.judge(perRecord[i], compile[i], n, cpu[i]);
                    if (verdict[i] != SteadyState.Verdict.WARMING) {
                        System.err.printf(Locale.ROOT, "[warm] %-20s %s after %d chunks of %,d records, %.2f us CPU/record%n",
                                pipes.get(i).name, verdict[i], n, s.chunk(), rule.lastWindowMedian(perRecord[i], n) / 1e3);
                    }
                }
            }
        }
        List<KafkaTable.Warmup> out = new ArrayList<>();
        for (int i = 0; i < pipes.size(); i++) {
            SteadyState.Verdict v = verdict[i] == SteadyState.Verdict.WARMING ? SteadyState.Verdict.CAPPED : verdict[i];
            out.add(new KafkaTable.Warmup(v, n, Arrays.copyOf(perRecord[i], n)));
        }
        return out;
    }
}
