package io.gmflux.bench.zuc;

import io.gmflux.codecs.zuc.Eea3;
import io.gmflux.codecs.zuc.Eia3;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bouncycastle.crypto.engines.Zuc128CoreEngine;
import org.bouncycastle.crypto.macs.Zuc128Mac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * 128-EEA3 and 128-EIA3 over 1 KiB and 64 KiB messages: gmflux against BouncyCastle's lightweight
 * API. Every operation is one whole 3GPP call: set up the key and the COUNT/BEARER/DIRECTION IV,
 * then encrypt or MAC the message (what a PDCP/NAS layer does per packet). Messages are random
 * bytes: BouncyCastle's bit-by-bit MAC branches on message bits, so all-zero input would flatter it.
 * Tencent Kona 1.0.19 has no ZUC (its jar holds no ZUC class), hence no {@code _kona} rows.
 *
 * <p>How BouncyCastle is driven:
 * <ul>
 *   <li>EEA3: {@code Zuc128CoreEngine} initialised with the EEA3 IV (built as TS 35.221 §3.3 says),
 *       then one {@code processBytes} call. Its {@code Zuc128Engine} refuses more than 2047
 *       keystream words per key/IV (8188 bytes), so for both sizes it runs as a subclass whose only
 *       change is {@code getMaxIterations()} returning {@code Integer.MAX_VALUE}: BouncyCastle's own
 *       keystream code, unmodified, without its length policy.</li>
 *   <li>EIA3: {@code Zuc128Mac} initialised with the EIA3 IV (TS 35.221 §4.3), {@code update},
 *       {@code doFinal}. Its engine is private and capped at 2047 words, so a 64 KiB message runs as
 *       16 segments of 4 KiB, each a full init + update + doFinal (the 16 extra initialisations
 *       cost about 1% of its bit-by-bit processing). 1 KiB runs as one segment.</li>
 * </ul>
 * gmflux runs {@link Eea3#apply} and {@link Eia3#mac} on the whole message.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ZucBench {

    /** BouncyCastle's ZUC-128 engine without its 2047-word policy cap (see the class javadoc). */
    static final class UncappedZuc128 extends Zuc128CoreEngine {
        @Override
        protected int getMaxIterations() {
            return Integer.MAX_VALUE;
        }
    }

    private static final int BC_MAC_SEGMENT = 4096;

    private byte[] key;
    private final int count = 0x398a59b4;
    private final int bearer = 0x15;
    private final int direction = 1;
    private byte[] in1k;
    private byte[] in64k;
    private byte[] out1k;
    private byte[] out64k;
    private byte[] tag;
    private final byte[] eeaIv = new byte[16];
    private final byte[] eiaIv = new byte[16];
    private UncappedZuc128 bcEngine;
    private Zuc128Mac bcMac;

    /** Keys and inputs, without {@link #setup()}'s warm-up (for harnesses that warm up themselves). */
    public void prepare() {
        SplittableRandom rnd = new SplittableRandom(42);
        key = new byte[16];
        rnd.nextBytes(key);
        in1k = new byte[1024];
        in64k = new byte[64 * 1024];
        rnd.nextBytes(in1k);
        rnd.nextBytes(in64k);
        out1k = new byte[in1k.length];
        out64k = new byte[in64k.length];
        tag = new byte[4];
        bcEngine = new UncappedZuc128();
        bcMac = new Zuc128Mac();
    }

    @Setup
    public void setup() {
        prepare();
        // Warm every path with 1 KiB messages first, for a fixed four seconds: on this loaded
        // two-core machine the compiler threads lag by seconds, and gmflux's MAC has 33 small loop
        // methods and a dispatcher to compile. Both libraries get the same treatment, interleaved.
        long end = System.nanoTime() + 4_000_000_000L;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 100; i++) {
                Eea3.apply(key, count, bearer, direction, in1k, 0, 8L * in1k.length, out1k, 0);
                Eia3.mac(key, count, bearer, direction, in1k, 0, 8L * in1k.length);
                bcEea3(in1k, out1k);
                bcEia3(in1k);
            }
        }
    }

    private KeyParameter bcKey() {
        return new KeyParameter(key);
    }

    private void bcEea3(byte[] in, byte[] out) {
        byte[] iv = eeaIv;
        iv[0] = (byte) (count >>> 24);
        iv[1] = (byte) (count >>> 16);
        iv[2] = (byte) (count >>> 8);
        iv[3] = (byte) count;
        iv[4] = (byte) ((bearer << 3) | (direction << 2));
        System.arraycopy(iv, 0, iv, 8, 8);
        bcEngine.init(true, new ParametersWithIV(bcKey(), iv));
        bcEngine.processBytes(in, 0, in.length, out, 0);
    }

    private int bcEia3(byte[] msg) {
        byte[] iv = eiaIv;
        iv[0] = (byte) (count >>> 24);
        iv[1] = (byte) (count >>> 16);
        iv[2] = (byte) (count >>> 8);
        iv[3] = (byte) count;
        iv[4] = (byte) (bearer << 3);
        System.arraycopy(iv, 0, iv, 8, 8);
        iv[8] ^= (byte) (direction << 7);
        iv[14] ^= (byte) (direction << 7);
        int acc = 0;
        for (int off = 0; off < msg.length; off += BC_MAC_SEGMENT) {
            bcMac.init(new ParametersWithIV(bcKey(), iv));
            bcMac.update(msg, off, Math.min(BC_MAC_SEGMENT, msg.length - off));
            bcMac.doFinal(tag, 0);
            acc ^= tag[0] ^ tag[1] ^ tag[2] ^ tag[3];
        }
        return acc;
    }

    @Benchmark
    public byte[] zucEea3_1k_gmflux() {
        Eea3.apply(key, count, bearer, direction, in1k, 0, 8L * in1k.length, out1k, 0);
        return out1k;
    }

    @Benchmark
    public byte[] zucEea3_1k_bc() {
        bcEea3(in1k, out1k);
        return out1k;
    }

    @Benchmark
    public byte[] zucEea3_64k_gmflux() {
        Eea3.apply(key, count, bearer, direction, in64k, 0, 8L * in64k.length, out64k, 0);
        return out64k;
    }

    @Benchmark
    public byte[] zucEea3_64k_bc() {
        bcEea3(in64k, out64k);
        return out64k;
    }

    @Benchmark
    public int zucEia3_1k_gmflux() {
        return Eia3.mac(key, count, bearer, direction, in1k, 0, 8L * in1k.length);
    }

    @Benchmark
    public int zucEia3_1k_bc() {
        return bcEia3(in1k);
    }

    @Benchmark
    public int zucEia3_64k_gmflux() {
        return Eia3.mac(key, count, bearer, direction, in64k, 0, 8L * in64k.length);
    }

    @Benchmark
    public int zucEia3_64k_bc() {
        return bcEia3(in64k);
    }
}
