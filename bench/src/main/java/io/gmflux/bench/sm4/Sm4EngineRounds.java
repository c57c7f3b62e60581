package io.gmflux.bench.sm4;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Engine;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * SM4 engines side by side in one JVM, by thread CPU time in alternating rounds (robust to a
 * machine loaded by other work, unlike wall-clock JMH runs): the table engine, the bitsliced
 * constant-time engine and whatever {@link Sm4#newConstantTimeEngine} picks once the choice is made (the Vector API
 * engine on JDK 25 with {@code --add-modules jdk.incubator.vector} and gmflux-codecs-vector on the
 * class path), over {@code Sm4Engine.encryptCtr} (64 B, 1 KiB, 64 KiB) and {@code encryptBlocks}
 * (ECB, 1 KiB). Prints the median MB/s of the measured rounds per engine and case.
 *
 * <p>Run (see bench/results/sm4-vector.md): {@code java --add-modules jdk.incubator.vector -cp
 * codecs/target/classes:codecs-vector/target/classes:bench/target/classes
 * io.gmflux.bench.sm4.Sm4EngineRounds [rounds] [millisPerCase]}.
 */
public final class Sm4EngineRounds {

    private Sm4EngineRounds() {
    }

    private record Case(String name, int bytes, boolean ctr) {
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        long millis = args.length > 1 ? Long.parseLong(args[1]) : 300;
        byte[] key = new byte[16];
        Arrays.fill(key, (byte) 0x5a);
        // the default engine is the bitsliced one until the vector engine's warm-up on its own thread ends
        Sm4.awaitConstantTimeEngine(Duration.ofMinutes(2));
        List<String> names = List.of("table", "bitsliced", "constant-time default");
        List<Function<byte[], Sm4Engine>> factories =
                List.of(Sm4::newTableEngine, Sm4::newBitslicedEngine, Sm4::newConstantTimeEngine);
        List<Sm4Engine> engines = new ArrayList<>();
        for (Function<byte[], Sm4Engine> f : factories) {
            engines.add(f.apply(key));
        }
        System.out.println("java " + System.getProperty("java.version") + "; constant-time default: "
                + Sm4.constantTimeEngineName());
        Case[] cases = {new Case("CTR 64 B", 64, true), new Case("CTR 1 KiB", 1024, true), new Case("CTR 64 KiB", 65536, true),
            new Case("ECB 1 KiB", 1024, false)};
        double[][][] mbs = new double[cases.length][engines.size()][rounds];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        byte[] buf = new byte[65536];
        byte[] counter = new byte[16];
        // round 0 warms up and is not counted
        for (int r = -1; r < rounds; r++) {
            for (int c = 0; c < cases.length; c++) {
                for (int e = 0; e < engines.size(); e++) {
                    Sm4Engine engine = engines.get(e);
                    Case k = cases[c];
                    int blocks = k.bytes / 16;
                    long bytes = 0;
                    long start = threads.getCurrentThreadCpuTime();
                    long end = start + millis * 1_000_000L;
                    long now;
                    do {
                        for (int i = 0; i < 16; i++) {
                            if (k.ctr) {
                                engine.encryptCtr(counter, buf, 0, buf, 0, blocks);
                            } else {
                                engine.encryptBlocks(buf, 0, buf, 0, blocks);
                            }
                        }
                        bytes += 16L * k.bytes;
                        now = threads.getCurrentThreadCpuTime();
                    } while (now < end);
                    if (r >= 0) {
                        mbs[c][e][r] = bytes / ((now - start) / 1e9) / 1e6;
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "%-12s", "case");
        for (String n : names) {
            System.out.printf(Locale.ROOT, " | %22s", n + " MB/s");
        }
        System.out.printf(Locale.ROOT, " | %s%n", "default / table");
        for (int c = 0; c < cases.length; c++) {
            System.out.printf(Locale.ROOT, "%-12s", cases[c].name);
            double[] med = new double[engines.size()];
            for (int e = 0; e < engines.size(); e++) {
                double[] v = mbs[c][e].clone();
                Arrays.sort(v);
                med[e] = v[v.length / 2];
                System.out.printf(Locale.ROOT, " | %22.0f", med[e]);
            }
            System.out.printf(Locale.ROOT, " | %.1f%n", med[2] / med[0]);
        }
    }
}
