package io.gmflux.codecs.sm4.vector;

import io.gmflux.codecs.sm4.Ghash;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * Not a test: GHASH candidates side by side in one JVM by thread CPU time in alternating rounds
 * (bench/results/ghash-vector.md). Run with {@code -Dgmflux.sm4.vector=false} so that
 * {@code new Ghash(h, true)} is the scalar constant-time loop:
 * {@code java --add-modules jdk.incubator.vector -Dgmflux.sm4.vector=false -cp <test classpath>
 * io.gmflux.codecs.sm4.vector.GhashCandidates [rounds] [millis]}.
 */
public final class GhashCandidates {

    private GhashCandidates() {
    }

    interface Candidate {
        void hash(byte[] in, int blocks);
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        long millis = args.length > 1 ? Long.parseLong(args[1]) : 300;
        byte[] h = new byte[16];
        Arrays.fill(h, (byte) 0x5a);
        Ghash table = new Ghash(h);
        Ghash scalar = new Ghash(h, true);
        GhashVectorKernel vector = new GhashVectorKernel(h);
        long[] y = new long[2];
        String[] names = {"table", "scalar constant-time", "vector (mask bits, kept)"};
        Candidate[] candidates = {
            (in, n) -> table.updateBlocks(in, 0, n),
            (in, n) -> scalar.updateBlocks(in, 0, n),
            (in, n) -> vector.updateBlocks(y, in, 0, n),
        };
        int[] sizes = {1024, 16384, 65536};
        double[][][] mbs = new double[sizes.length][candidates.length][rounds];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        byte[] buf = new byte[65536];
        new java.util.Random(1).nextBytes(buf);
        for (int r = -2; r < rounds; r++) {
            for (int s = 0; s < sizes.length; s++) {
                for (int c = 0; c < candidates.length; c++) {
                    long bytes = 0;
                    long start = threads.getCurrentThreadCpuTime();
                    long end = start + millis * 1_000_000L;
                    long now;
                    do {
                        for (int i = 0; i < 16; i++) {
                            candidates[c].hash(buf, sizes[s] / 16);
                        }
                        bytes += 16L * sizes[s];
                        now = threads.getCurrentThreadCpuTime();
                    } while (now < end);
                    if (r >= 0) {
                        mbs[s][c][r] = bytes / ((now - start) / 1e9) / 1e6;
                    }
                }
            }
        }
        for (int c = 0; c < candidates.length; c++) {
            long before = ((com.sun.management.ThreadMXBean) threads).getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 1000; i++) {
                candidates[c].hash(buf, 64);
            }
            long allocated = ((com.sun.management.ThreadMXBean) threads).getCurrentThreadAllocatedBytes() - before;
            System.out.println(names[c] + ": " + allocated / 1000 + " bytes allocated per 1 KiB call");
        }
        System.out.println("java " + System.getProperty("java.version") + ", median of " + rounds + " rounds x " + millis + " ms, MB/s");
        for (int s = 0; s < sizes.length; s++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%6d B", sizes[s]));
            for (int c = 0; c < candidates.length; c++) {
                double[] v = mbs[s][c].clone();
                Arrays.sort(v);
                line.append(String.format(Locale.ROOT, " | %s %.0f", names[c], v[v.length / 2]));
            }
            System.out.println(line);
        }
    }
}
