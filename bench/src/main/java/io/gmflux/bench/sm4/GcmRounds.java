package io.gmflux.bench.sm4;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.format.SuiteCipher;
import io.gmflux.codecs.jca.GmfluxProvider;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.Provider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * SM4-GCM sealing at 16 KiB and 64 KiB by thread CPU time in alternating rounds (one JVM, robust to a
 * loaded machine): through the JCA ({@code Cipher "SM4/GCM/NoPadding"}, a fresh IV per message, as a
 * caller must) on gmflux's table engine, gmflux's constant-time engine (the Vector API engine and GHASH
 * on JDK 25 with gmflux-codecs-vector) and BouncyCastle's provider; and through the stream format's
 * chunk cipher ({@link SuiteCipher}, as the stream, Kafka and the tunnel seal) on both engine choices.
 * Prints the median MB/s per path and size and the ratios (bench/results/ghash-vector.md).
 *
 * <p>Run: {@code java [--add-modules jdk.incubator.vector] -cp
 * codecs/target/classes[:codecs-vector/target/classes]:bench/target/classes:<bcprov jar>
 * io.gmflux.bench.sm4.GcmRounds [rounds] [millisPerCase]}.
 */
public final class GcmRounds {

    private GcmRounds() {
    }

    /** One way to seal {@code len} bytes of {@code in} into {@code out}. */
    private interface Sealer {
        void seal(byte[] in, int len, byte[] out) throws Exception;
    }

    private static Sealer jca(Provider provider, byte[] key) throws Exception {
        Cipher cipher = Cipher.getInstance("SM4/GCM/NoPadding", provider);
        SecretKeySpec k = new SecretKeySpec(key, "SM4");
        byte[] iv = new byte[12];
        long[] counter = {0};
        return (in, len, out) -> {
            long n = ++counter[0];
            for (int i = 0; i < 8; i++) {
                iv[4 + i] = (byte) (n >>> (56 - 8 * i));
            }
            cipher.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
            cipher.doFinal(in, 0, len, out, 0);
        };
    }

    private static Sealer chunk(EngineChoice engine) {
        byte[] km = new byte[Suite.SM4_GCM.keyLength() + SuiteCipher.NONCE_PREFIX_LENGTH];
        Arrays.fill(km, (byte) 0x5a);
        SuiteCipher cipher = SuiteCipher.create(Suite.SM4_GCM, km, engine);
        long[] index = {0};
        return (in, len, out) -> cipher.seal(index[0]++, false, in, 0, len, out, 0);
    }

    public static void main(String[] args) throws Exception {
        // The constant-time engine and GHASH are chosen in the background: wait, or JDK 25 would measure the scalar ones.
        Sm4.awaitConstantTimeEngine(Duration.ofMinutes(2));
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        long millis = args.length > 1 ? Long.parseLong(args[1]) : 300;
        byte[] key = new byte[16];
        Arrays.fill(key, (byte) 0x3c);
        List<String> names = new ArrayList<>();
        List<Sealer> sealers = new ArrayList<>();
        names.add("JCA table");
        sealers.add(jca(new GmfluxProvider(GmfluxProvider.Sm4Implementation.TABLE), key));
        names.add("JCA constant-time");
        sealers.add(jca(new GmfluxProvider(GmfluxProvider.Sm4Implementation.CONSTANT_TIME), key));
        names.add("JCA BouncyCastle");
        sealers.add(jca(new BouncyCastleProvider(), key));
        names.add("chunk table");
        sealers.add(chunk(EngineChoice.TABLE));
        names.add("chunk constant-time");
        sealers.add(chunk(EngineChoice.CONSTANT_TIME));
        int[] sizes = {16384, 65536};
        System.out.println("java " + System.getProperty("java.version") + "; constant-time engine: "
                + Sm4.constantTimeEngineName() + "; GHASH: " + Sm4.constantTimeGhashName() + "; auto: "
                + EngineChoice.AUTO.resolve().label());
        double[][][] mbs = new double[sizes.length][sealers.size()][rounds];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        byte[] in = new byte[65536];
        byte[] out = new byte[65536 + 64];
        // round -1 warms up and is not counted
        for (int r = -1; r < rounds; r++) {
            for (int s = 0; s < sizes.length; s++) {
                for (int p = 0; p < sealers.size(); p++) {
                    Sealer sealer = sealers.get(p);
                    int len = sizes[s];
                    long bytes = 0;
                    long start = threads.getCurrentThreadCpuTime();
                    long end = start + millis * 1_000_000L;
                    long now;
                    do {
                        for (int i = 0; i < 4; i++) {
                            sealer.seal(in, len, out);
                        }
                        bytes += 4L * len;
                        now = threads.getCurrentThreadCpuTime();
                    } while (now < end);
                    if (r >= 0) {
                        mbs[s][p][r] = bytes / ((now - start) / 1e9) / 1e6;
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "%-8s", "size");
        for (String n : names) {
            System.out.printf(Locale.ROOT, " | %20s", n);
        }
        System.out.printf(Locale.ROOT, " | %s%n", "JCA ct/BC | JCA ct/table | chunk ct/table");
        for (int s = 0; s < sizes.length; s++) {
            double[] med = new double[sealers.size()];
            System.out.printf(Locale.ROOT, "%-8s", sizes[s] / 1024 + " KiB");
            for (int p = 0; p < sealers.size(); p++) {
                double[] v = mbs[s][p].clone();
                Arrays.sort(v);
                med[p] = v[v.length / 2];
                System.out.printf(Locale.ROOT, " | %20.0f", med[p]);
            }
            System.out.printf(Locale.ROOT, " | %.1f | %.2f | %.2f%n", med[1] / med[2], med[1] / med[0], med[4] / med[3]);
        }
    }
}
