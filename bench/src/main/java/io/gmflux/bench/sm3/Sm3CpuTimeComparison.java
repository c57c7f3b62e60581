package io.gmflux.bench.sm3;

import io.gmflux.codecs.sm3.HmacSm3;
import io.gmflux.codecs.sm3.Sm3;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.MessageDigest;
import java.security.Provider;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import io.gmflux.codecs.sm3.Pbkdf2HmacSm3;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * A companion to {@link Sm3Bench} for oversubscribed machines: it runs gmflux, BouncyCastle and
 * Kona in short interleaved bursts and times each burst with the thread's CPU time, so time-slicing
 * by other processes (which makes wall-clock JMH scores swing by ±100% when the load average is
 * several times the core count) drops out of the ratio. It reports the median per-burst ratio
 * after a warm-up. It is not a substitute for JMH (no forking, no dead-code protection beyond a
 * checksum); use it to confirm that JMH's ratios are not noise.
 *
 * <p>Run: {@code java -cp bench/target/benchmarks.jar io.gmflux.bench.sm3.Sm3CpuTimeComparison}.
 */
public final class Sm3CpuTimeComparison {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private interface Op {
        void run(byte[] msg, byte[] out) throws Exception;
    }

    private static long sink;

    private Sm3CpuTimeComparison() {
    }

    public static void main(String[] args) throws Exception {
        Provider kona = (Provider) Class.forName("com.tencent.kona.crypto.KonaCryptoProvider")
                .getDeclaredConstructor().newInstance();
        byte[] key = new byte[32];
        new SplittableRandom(7).nextBytes(key);

        Sm3 gm = new Sm3();
        SM3Digest bc = new SM3Digest();
        MessageDigest kd = MessageDigest.getInstance("SM3", kona);
        HmacSm3 gmMac = new HmacSm3(key);
        HMac bcMac = new HMac(new SM3Digest());
        bcMac.init(new KeyParameter(key));
        Mac konaMac = Mac.getInstance("HmacSM3", kona);
        konaMac.init(new SecretKeySpec(key, "HmacSM3"));

        Op[] sm3 = {
            (m, o) -> {
                gm.update(m, 0, m.length);
                gm.digest(o, 0);
            },
            (m, o) -> {
                bc.update(m, 0, m.length);
                bc.doFinal(o, 0);
            },
            (m, o) -> {
                kd.update(m, 0, m.length);
                kd.digest(o, 0, 32);
            },
        };
        Op[] hmac = {
            (m, o) -> {
                gmMac.update(m, 0, m.length);
                gmMac.doFinal(o, 0);
            },
            (m, o) -> {
                bcMac.update(m, 0, m.length);
                bcMac.doFinal(o, 0);
            },
            (m, o) -> {
                konaMac.update(m, 0, m.length);
                konaMac.doFinal(o, 0);
            },
        };
        compare("sm3_32b", sm3, 32);
        compare("sm3_1k", sm3, 1024);
        compare("sm3_64k", sm3, 64 * 1024);
        compare("hmacSm3_1k", hmac, 1024);
        byte[] salt = new byte[16];
        Op[] pbkdf2 = {
            (m, o) -> System.arraycopy(Pbkdf2HmacSm3.derive(m, salt, 1000, 32), 0, o, 0, 32),
            (m, o) -> {
                PKCS5S2ParametersGenerator g = new PKCS5S2ParametersGenerator(new SM3Digest());
                g.init(m, salt, 1000);
                System.arraycopy(((KeyParameter) g.generateDerivedParameters(256)).getKey(), 0, o, 0, 32);
            },
        };
        // "MB/s" here counts only the 28-byte password per derivation; the ratio is what matters.
        compare("pbkdf2_1000", pbkdf2, 28);
        System.out.println("(checksum " + sink + ")");
    }

    private static void compare(String name, Op[] ops, int len) throws Exception {
        byte[] msg = new byte[len];
        new SplittableRandom(len).nextBytes(msg);
        byte[] out = new byte[32];
        int reps = ops.length == 3 ? Math.max(1, 1_000_000 / (len + 64)) : 100;
        int bursts = 60;
        int warm = 20;
        double[][] mbps = new double[ops.length][bursts - warm];
        double[][] ratio = new double[ops.length][bursts - warm];
        for (int b = 0; b < bursts; b++) {
            long[] ns = new long[ops.length];
            for (int i = 0; i < ops.length; i++) {
                long t0 = THREADS.getCurrentThreadCpuTime();
                for (int r = 0; r < reps; r++) {
                    ops[i].run(msg, out);
                }
                ns[i] = Math.max(1, THREADS.getCurrentThreadCpuTime() - t0);
                sink += out[0];
            }
            if (b >= warm) {
                for (int i = 0; i < ops.length; i++) {
                    mbps[i][b - warm] = (double) reps * len * 1e3 / ns[i];
                    ratio[i][b - warm] = (double) ns[i] / ns[0];
                }
            }
        }
        if (ops.length == 3) {
            System.out.printf("%-12s gmflux %7.1f MB/s | bc %7.1f MB/s | kona %7.1f MB/s | gmflux/bc %.2fx | gmflux/kona %.2fx%n",
                    name, median(mbps[0]), median(mbps[1]), median(mbps[2]), median(ratio[1]), median(ratio[2]));
        } else {
            System.out.printf("%-12s gmflux %7.0f ops/s | bc %7.0f ops/s | gmflux/bc %.2fx (Kona registers no PBKDF2WithHmacSM3)%n",
                    name, median(mbps[0]) * 1e6 / len, median(mbps[1]) * 1e6 / len, median(ratio[1]));
        }
    }

    private static double median(double[] a) {
        double[] s = a.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
