package io.gmflux.codecs.arith;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Development tool: CPU time per inversion of {@link SafeGcd} against the 30-bit-limb
 * {@link SafeGcd30} in the same JVM, alternating rounds after a warm-up, for SM2's p and n and SM9's
 * q; prints the median and range per implementation and of the per-round ratio. Not a test; run by
 * hand: {@code java -Dwarm=2 -Drounds=9 -Dround=0.3 -cp ... io.gmflux.codecs.arith.SafeGcdSpeed}.
 */
public final class SafeGcdSpeed {

    static volatile long sink;

    private static final String[][] MODULI = {
        {"sm2.p", "fffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffff"},
        {"sm2.n", "fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123"},
        {"sm9.q", "b640000002a3a6f1d603ab4ff58ec74521f2934b1a7aeedbe56f9b27e351457d"},
    };

    private interface Inverse {
        void invert(long[] r, long[] x);
    }

    public static void main(String[] args) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double warm = Double.parseDouble(System.getProperty("warm", "2"));
        int rounds = Integer.getInteger("rounds", 9);
        double roundSec = Double.parseDouble(System.getProperty("round", "0.3"));
        for (String[] mod : MODULI) {
            BigInteger m = new BigInteger(mod[1], 16);
            long[] limbs = limbs(m);
            SafeGcd now = new SafeGcd(limbs);
            SafeGcd30 old = new SafeGcd30(limbs);
            Inverse[] impl = {(r, x) -> old.invert(r, 0, x, 0), (r, x) -> now.invert(r, 0, x, 0)};
            long[] x = limbs(new BigInteger(255, new java.util.Random(7)).mod(m));
            long[] a = new long[4];
            long[] b = new long[4];
            old.invert(a, 0, x, 0);
            now.invert(b, 0, x, 0);
            if (!Arrays.equals(a, b)) {
                throw new IllegalStateException("implementations disagree for " + mod[0]);
            }
            for (Inverse inv : impl) {
                long end = mx.getCurrentThreadCpuTime() + (long) (warm * 1e9);
                while (mx.getCurrentThreadCpuTime() < end) {
                    inv.invert(x, x);
                }
            }
            double[][] t = new double[2][rounds];
            double[] ratio = new double[rounds];
            for (int round = 0; round < rounds; round++) {
                for (int k = 0; k < 2; k++) {
                    long start = mx.getCurrentThreadCpuTime();
                    long end = start + (long) (roundSec * 1e9);
                    long n = 0;
                    long stop;
                    do {
                        for (int i = 0; i < 100; i++) {
                            impl[k].invert(x, x);
                        }
                        n += 100;
                    } while ((stop = mx.getCurrentThreadCpuTime()) < end);
                    t[k][round] = (stop - start) / 1e3 / n;
                }
                ratio[round] = t[0][round] / t[1][round];
            }
            sink = x[0];
            System.out.printf("%s  30-bit %s us  61-bit %s us  old/new %s%n", mod[0], stats(t[0]), stats(t[1]), stats(ratio));
        }
    }

    private static String stats(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return String.format("%.3f (%.3f-%.3f)", s[s.length / 2], s[0], s[s.length - 1]);
    }

    private static long[] limbs(BigInteger v) {
        long[] r = new long[4];
        for (int i = 0; i < 4; i++) {
            r[i] = v.shiftRight(64 * i).longValue();
        }
        return r;
    }
}
