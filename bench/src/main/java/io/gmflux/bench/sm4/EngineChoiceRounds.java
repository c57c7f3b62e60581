package io.gmflux.bench.sm4;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.format.SuiteCipher;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * The two {@link EngineChoice}s on the paths that face a network, by thread CPU time in alternating
 * rounds (one JVM, robust to a loaded machine): chunk sealing through {@link SuiteCipher}, as the
 * stream format, the Kafka record layer and the tunnel do, for SM4-GCM at 16 KiB (a tunnel record,
 * a stream chunk) and 1 KiB (a small Kafka record) and SM4-CTR-HMAC-SM3 at 16 KiB. Prints the median
 * MB/s of the measured rounds. The numbers behind the default (bench/results/engine-choice.md).
 *
 * <p>Run: {@code java -cp codecs/target/classes:bench/target/classes
 * io.gmflux.bench.sm4.EngineChoiceRounds [rounds] [millisPerCase]}; on JDK 25 add
 * {@code --add-modules jdk.incubator.vector} and {@code codecs-vector/target/classes} for the
 * Vector API engine.
 */
public final class EngineChoiceRounds {

    private EngineChoiceRounds() {
    }

    private record Case(String name, Suite suite, int bytes) {
    }

    public static void main(String[] args) throws InterruptedException {
        // The constant-time engine is chosen in the background: wait, or JDK 25 would measure the bitsliced one.
        Sm4.awaitConstantTimeEngine(Duration.ofMinutes(2));
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        long millis = args.length > 1 ? Long.parseLong(args[1]) : 300;
        Case[] cases = {new Case("SM4-GCM 16 KiB", Suite.SM4_GCM, 16384),
            new Case("SM4-GCM 1 KiB", Suite.SM4_GCM, 1024),
            new Case("SM4-CTR-HMAC 16 KiB", Suite.SM4_CTR_HMAC_SM3, 16384)};
        EngineChoice[] engines = {EngineChoice.TABLE, EngineChoice.CONSTANT_TIME};
        SuiteCipher[][] ciphers = new SuiteCipher[cases.length][engines.length];
        for (int c = 0; c < cases.length; c++) {
            byte[] km = new byte[cases[c].suite.keyLength() + SuiteCipher.NONCE_PREFIX_LENGTH];
            Arrays.fill(km, (byte) 0x5a);
            for (int e = 0; e < engines.length; e++) {
                ciphers[c][e] = SuiteCipher.create(cases[c].suite, km, engines[e]);
            }
        }
        System.out.println("java " + System.getProperty("java.version") + "; constant-time engine: "
                + Sm4.constantTimeEngineName());
        double[][][] mbs = new double[cases.length][engines.length][rounds];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        byte[] in = new byte[16384];
        byte[] out = new byte[16384 + 64];
        // round -1 warms up and is not counted
        for (int r = -1; r < rounds; r++) {
            for (int c = 0; c < cases.length; c++) {
                for (int e = 0; e < engines.length; e++) {
                    SuiteCipher s = ciphers[c][e];
                    int len = cases[c].bytes;
                    long bytes = 0;
                    long index = 0;
                    long start = threads.getCurrentThreadCpuTime();
                    long end = start + millis * 1_000_000L;
                    long now;
                    do {
                        for (int i = 0; i < 8; i++) {
                            s.seal(index++, false, in, 0, len, out, 0);
                        }
                        bytes += 8L * len;
                        now = threads.getCurrentThreadCpuTime();
                    } while (now < end);
                    if (r >= 0) {
                        mbs[c][e][r] = bytes / ((now - start) / 1e9) / 1e6;
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "%-20s | %14s | %20s | %s%n", "case", "table MB/s", "constant-time MB/s",
                "constant-time / table");
        for (int c = 0; c < cases.length; c++) {
            double[] med = new double[engines.length];
            for (int e = 0; e < engines.length; e++) {
                double[] v = mbs[c][e].clone();
                Arrays.sort(v);
                med[e] = v[v.length / 2];
            }
            System.out.printf(Locale.ROOT, "%-20s | %14.0f | %20.0f | %.2f%n", cases[c].name, med[0], med[1],
                    med[1] / med[0]);
        }
    }
}
