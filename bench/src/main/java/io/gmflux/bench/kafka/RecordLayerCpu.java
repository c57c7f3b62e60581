package io.gmflux.bench.kafka;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.codecs.sm4.Ghash;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import io.gmflux.codecs.zuc.Eea3;
import io.gmflux.codecs.zuc.Eia3;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxSerializer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The per-record client-side cost of the Kafka record layer and of the primitives under it, in
 * <b>CPU time of the measuring thread</b> per 1 KiB record: on a shared machine (other processes
 * on the same two cores) the thread's CPU time is much steadier than the wall clock, which counts
 * the time the thread waits for a core. Rows run in alternating order, round after round, in one
 * JVM, and the table gives medians over rounds.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.gmflux.bench.kafka.RecordLayerCpu [--rounds 7] [--ms 300] [--rows REGEX]
 * </pre>
 *
 * Rows: {@code layer/<suite>} is serialize then deserialize through {@code GmfluxSerializer} /
 * {@code GmfluxDeserializer} (the {@code ByteBuffer} overload, as Kafka 4's fetcher calls it);
 * {@code layer/plain} the same through {@code ByteArraySerializer}/{@code ByteArrayDeserializer};
 * the other rows are gmflux's primitives over 1 KiB, whole and in parts (CTR kernel, GHASH). The
 * same primitives against BouncyCastle and Kona are rows of
 * {@link io.gmflux.bench.rounds.PerformanceReport}.
 */
public final class RecordLayerCpu {

    private static final String TOPIC = "bench-record-layer";
    private static volatile int sink;

    private RecordLayerCpu() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = 7;
        long ms = 300;
        java.util.regex.Pattern only = java.util.regex.Pattern.compile(".*");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--ms" -> ms = Long.parseLong(args[++i]);
                case "--rows" -> only = java.util.regex.Pattern.compile(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        String ctEngine = Sm4.awaitConstantTimeEngine(java.time.Duration.ofSeconds(60));
        System.out.println("Java " + System.getProperty("java.version") + "; SM4 constant-time engine: " + ctEngine
                + "; constant-time GHASH: " + Sm4.constantTimeGhashName());
        SplittableRandom rnd = new SplittableRandom(0x6b61666bL);
        byte[][] values = new byte[64][KafkaPipe.VALUE_SIZE];
        for (byte[] v : values) {
            rnd.nextBytes(v);
        }
        Map<String, IntSupplier> rows = new LinkedHashMap<>();
        ByteArraySerializer ps = new ByteArraySerializer();
        ByteArrayDeserializer pd = new ByteArrayDeserializer();
        int[] next = new int[1];
        rows.put("layer/plain", () -> {
            RecordHeaders h = new RecordHeaders();
            byte[] raw = ps.serialize(TOPIC, h, values[next[0]++ & 63]);
            return pd.deserialize(TOPIC, h, ByteBuffer.wrap(raw)).length;
        });
        Sm2KeyPair key = Sm2KeyPair.generate();
        for (Suite suite : List.of(Suite.SM4_GCM, Suite.ZUC128_EEA3_EIA3, Suite.AES_256_GCM)) {
            GmfluxSerializer<byte[]> s = new GmfluxSerializer<>();
            s.configure(Map.of(GmfluxConfig.RECIPIENTS, Sm2KeyEncoding.toPem(key.publicKey()),
                    GmfluxConfig.SUITE, suite.label()), false);
            GmfluxDeserializer<byte[]> d = new GmfluxDeserializer<>();
            d.configure(new HashMap<>(Map.of(GmfluxConfig.PRIVATE_KEYS, Sm2KeyEncoding.toPem(key.privateKey()),
                    GmfluxConfig.SUITES, suite.label())), false);
            rows.put("layer/" + suite.label(), () -> {
                RecordHeaders h = new RecordHeaders();
                byte[] sealed = s.serialize(TOPIC, h, values[next[0]++ & 63]);
                return d.deserialize(TOPIC, h, ByteBuffer.wrap(sealed)).length;
            });
        }
        // SM4-GCM constant-time end to end (gmflux.engine=constant-time): the vector engine where it runs
        GmfluxSerializer<byte[]> cts = new GmfluxSerializer<>();
        cts.configure(Map.of(GmfluxConfig.RECIPIENTS, Sm2KeyEncoding.toPem(key.publicKey()),
                GmfluxConfig.SUITE, Suite.SM4_GCM.label(), GmfluxConfig.ENGINE, "constant-time"), false);
        GmfluxDeserializer<byte[]> ctd = new GmfluxDeserializer<>();
        ctd.configure(new HashMap<>(Map.of(GmfluxConfig.PRIVATE_KEYS, Sm2KeyEncoding.toPem(key.privateKey()),
                GmfluxConfig.SUITES, Suite.SM4_GCM.label(), GmfluxConfig.ENGINE, "constant-time")), false);
        rows.put("layer/sm4-gcm ct", () -> {
            RecordHeaders h = new RecordHeaders();
            byte[] sealed = cts.serialize(TOPIC, h, values[next[0]++ & 63]);
            return ctd.deserialize(TOPIC, h, ByteBuffer.wrap(sealed)).length;
        });
        byte[] k16 = Arrays.copyOf(values[1], 16);
        Sm4Engine engine = Sm4.newTableEngine(k16);
        byte[] iv = new byte[12];
        Sm4Gcm gcm = Sm4Gcm.encryptor(engine, iv, 16);
        Sm4Gcm gcmOpen = Sm4Gcm.decryptor(engine, iv, 16);
        byte[] out = new byte[KafkaPipe.VALUE_SIZE + 16];
        byte[] back = new byte[KafkaPipe.VALUE_SIZE];
        rows.put("sm4-gcm seal 1k", () -> {
            try {
                gcm.resetWithIv(iv);
                return gcm.doFinal(values[0], 0, KafkaPipe.VALUE_SIZE, out, 0);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        byte[] sealed = Sm4Gcm.seal(engine, iv, new byte[0], values[0]);
        rows.put("sm4-gcm open 1k", () -> {
            try {
                gcmOpen.resetWithIv(iv);
                return gcmOpen.doFinal(sealed, 0, sealed.length, back, 0);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        rows.put("sm4-gcm seal+open 1k", () -> {
            try {
                gcm.resetWithIv(iv);
                gcm.doFinal(values[0], 0, KafkaPipe.VALUE_SIZE, out, 0);
                gcmOpen.resetWithIv(iv);
                return gcmOpen.doFinal(out, 0, out.length, back, 0);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Sm4Engine ctEngineKeyed = Sm4.newConstantTimeEngine(k16);
        Sm4Gcm ctGcm = Sm4Gcm.encryptor(ctEngineKeyed, iv, 16);
        Sm4Gcm ctGcmOpen = Sm4Gcm.decryptor(ctEngineKeyed, iv, 16);
        rows.put("sm4-gcm ct seal+open 1k", () -> {
            try {
                ctGcm.resetWithIv(iv);
                ctGcm.doFinal(values[0], 0, KafkaPipe.VALUE_SIZE, out, 0);
                ctGcmOpen.resetWithIv(iv);
                return ctGcmOpen.doFinal(out, 0, out.length, back, 0);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        byte[] ctrOut = new byte[KafkaPipe.VALUE_SIZE];
        byte[] counter = new byte[16];
        rows.put("sm4-ctr 1k", () -> {
            engine.encryptCtr(counter, values[0], 0, ctrOut, 0, KafkaPipe.VALUE_SIZE / 16);
            return ctrOut[0];
        });
        Ghash ghash = new Ghash(Arrays.copyOf(values[2], 16));
        rows.put("ghash 1k", () -> {
            ghash.updateBlocks(values[0], 0, KafkaPipe.VALUE_SIZE / 16);
            ghash.digest(ctrOut, 0);
            return ctrOut[0];
        });
        rows.put("sm4-ctr ct 1k", () -> {
            ctEngineKeyed.encryptCtr(counter, values[0], 0, ctrOut, 0, KafkaPipe.VALUE_SIZE / 16);
            return ctrOut[0];
        });
        Ghash ctGhash = new Ghash(Arrays.copyOf(values[2], 16), true);
        rows.put("ghash ct 1k", () -> {
            ctGhash.updateBlocks(values[0], 0, KafkaPipe.VALUE_SIZE / 16);
            ctGhash.digest(ctrOut, 0);
            return ctrOut[0];
        });
        byte[] zout = new byte[KafkaPipe.VALUE_SIZE];
        int[] count = new int[1];
        rows.put("eea3 1k", () -> {
            Eea3.apply(k16, count[0]++, 0, 0, values[0], 0, 8L * KafkaPipe.VALUE_SIZE, zout, 0);
            return zout[0];
        });
        rows.put("eia3 1k", () -> Eia3.mac(k16, count[0]++, 0, 0, values[0], 0, 8L * KafkaPipe.VALUE_SIZE));

        java.util.regex.Pattern selected = only;
        rows.keySet().removeIf(n -> !n.equals("layer/plain") && !selected.matcher(n).find());
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Map<String, List<Double>> results = new LinkedHashMap<>();
        Map<String, Double> allocated = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(rows.keySet());
        // Warm-up: every row, twice as long as a measurement.
        for (String n : names) {
            measure(mx, rows.get(n), 2 * ms);
            allocated.put(n, allocatedPerCall(mx, rows.get(n)));
        }
        for (int r = 0; r < rounds; r++) {
            List<String> order = new ArrayList<>(names);
            if ((r & 1) == 1) {
                java.util.Collections.reverse(order);
            }
            for (String n : order) {
                results.computeIfAbsent(n, x -> new ArrayList<>()).add(measure(mx, rows.get(n), ms));
            }
        }
        double plain = median(results.get("layer/plain"));
        System.out.printf(Locale.ROOT, "%-24s %12s %14s %14s %12s%n", "row", "CPU ns/op", "min..max", "minus plain", "bytes/op");
        for (String n : names) {
            List<Double> v = results.get(n);
            double m = median(v);
            System.out.printf(Locale.ROOT, "%-24s %12.0f %6.0f..%-7.0f %12.0f %12.0f%n", n, m, v.stream().mapToDouble(x -> x).min().orElse(0),
                    v.stream().mapToDouble(x -> x).max().orElse(0), n.startsWith("layer/") ? m - plain : m, allocated.get(n));
        }
    }

    /** Heap bytes this thread allocates per call (TLAB accounting), over 4,096 calls after the warm-up. */
    private static double allocatedPerCall(com.sun.management.ThreadMXBean mx, IntSupplier op) {
        long a0 = mx.getCurrentThreadAllocatedBytes();
        int acc = 0;
        for (int i = 0; i < 4096; i++) {
            acc += op.getAsInt();
        }
        long a1 = mx.getCurrentThreadAllocatedBytes();
        sink += acc;
        return (a1 - a0) / 4096.0;
    }

    /** CPU nanoseconds of this thread per call, over about {@code ms} milliseconds of CPU time. */
    private static double measure(ThreadMXBean mx, IntSupplier op, long ms) {
        long budget = ms * 1_000_000L;
        long start = mx.getCurrentThreadCpuTime();
        long ops = 0;
        int acc = 0;
        long now;
        do {
            for (int i = 0; i < 256; i++) {
                acc += op.getAsInt();
            }
            ops += 256;
            now = mx.getCurrentThreadCpuTime();
        } while (now - start < budget);
        sink += acc;
        return (double) (now - start) / ops;
    }

    private static double median(List<Double> v) {
        double[] a = v.stream().mapToDouble(x -> x).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
