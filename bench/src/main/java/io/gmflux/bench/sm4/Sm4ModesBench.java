package io.gmflux.bench.sm4;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Cbc;
import io.gmflux.codecs.sm4.Sm4Cfb;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Ctr;
import io.gmflux.codecs.sm4.Sm4Ecb;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Ofb;
import io.gmflux.codecs.sm4.Sm4Padding;
import io.gmflux.codecs.sm4.Sm4Xts;
import java.security.Provider;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.StreamCipher;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.modes.CBCModeCipher;
import org.bouncycastle.crypto.modes.CFBBlockCipher;
import org.bouncycastle.crypto.modes.OFBBlockCipher;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * SM4 block modes on 1 KiB and 64 KiB messages, one whole message per operation: gmflux's
 * {@link Sm4Cipher}s, BouncyCastle's lightweight modes over {@code SM4Engine}, and Kona through
 * JCA (its native provider). Kona registers only ECB, CBC, CTR and GCM for SM4, so CFB and OFB have no Kona row; XTS
 * (4 KiB data unit) has a gmflux row only.
 *
 * <p>Every object is built in {@code @Setup} and reused (each call restarts from the same IV);
 * nothing is allocated in gmflux's measured path. Compare rows as ratios within one run.
 *
 * <pre>java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'Sm4ModesBench' -f 1 -wi 3 -w 1 -i 5 -r 1</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class Sm4ModesBench {

    private static final int SMALL = 1024;
    private static final int LARGE = 64 * 1024;

    private byte[] in1k;
    private byte[] in64k;
    private byte[] out;

    private Sm4Cipher ecbGmflux;
    private Sm4Cipher cbcEncGmflux;
    private Sm4Cipher cbcDecGmflux;
    private Sm4Cipher ctrGmflux;
    private Sm4Cipher cfbGmflux;
    private Sm4Cipher ofbGmflux;

    private Sm4Xts xtsGmflux;
    private byte[] tweak;
    private byte[] in4k;

    private BlockCipher ecbBc;
    private CBCModeCipher cbcEncBc;
    private CBCModeCipher cbcDecBc;
    private StreamCipher ctrBc;
    private StreamCipher cfbBc;
    private StreamCipher ofbBc;

    private Cipher ecbKona;
    private Cipher cbcEncKona;
    private Cipher cbcDecKona;
    private Cipher ctrKona;

    @Setup
    public void setup() throws Exception {
        SplittableRandom r = new SplittableRandom(42);
        byte[] key = bytes(r, 16);
        byte[] iv = bytes(r, 16);
        in1k = bytes(r, SMALL);
        in64k = bytes(r, LARGE);
        out = new byte[LARGE + 32];

        Sm4Engine engine = Sm4.newTableEngine(key);
        ecbGmflux = Sm4Ecb.encryptor(engine, Sm4Padding.NONE);
        cbcEncGmflux = Sm4Cbc.encryptor(engine, iv, Sm4Padding.NONE);
        cbcDecGmflux = Sm4Cbc.decryptor(engine, iv, Sm4Padding.NONE);
        ctrGmflux = Sm4Ctr.encryptor(engine, iv);
        cfbGmflux = Sm4Cfb.encryptor(engine, iv);
        ofbGmflux = Sm4Ofb.encryptor(engine, iv);
        xtsGmflux = new Sm4Xts(engine, Sm4.newTableEngine(bytes(r, 16)));
        tweak = bytes(r, 16);
        in4k = bytes(r, 4096);

        KeyParameter k = new KeyParameter(key);
        ParametersWithIV kiv = new ParametersWithIV(k, iv);
        ecbBc = new SM4Engine();
        ecbBc.init(true, k);
        cbcEncBc = CBCBlockCipher.newInstance(new SM4Engine());
        cbcEncBc.init(true, kiv);
        cbcDecBc = CBCBlockCipher.newInstance(new SM4Engine());
        cbcDecBc.init(false, kiv);
        ctrBc = SICBlockCipher.newInstance(new SM4Engine());
        ctrBc.init(true, kiv);
        cfbBc = CFBBlockCipher.newInstance(new SM4Engine(), 128);
        cfbBc.init(true, kiv);
        ofbBc = new OFBBlockCipher(new SM4Engine(), 128);
        ofbBc.init(true, kiv);

        Provider kona = konaProvider();
        SecretKeySpec ks = new SecretKeySpec(key, "SM4");
        IvParameterSpec ivs = new IvParameterSpec(iv);
        ecbKona = Cipher.getInstance("SM4/ECB/NoPadding", kona);
        ecbKona.init(Cipher.ENCRYPT_MODE, ks);
        cbcEncKona = Cipher.getInstance("SM4/CBC/NoPadding", kona);
        cbcEncKona.init(Cipher.ENCRYPT_MODE, ks, ivs);
        cbcDecKona = Cipher.getInstance("SM4/CBC/NoPadding", kona);
        cbcDecKona.init(Cipher.DECRYPT_MODE, ks, ivs);
        ctrKona = Cipher.getInstance("SM4/CTR/NoPadding", kona);
        ctrKona.init(Cipher.ENCRYPT_MODE, ks, ivs);
    }

    /** Kona's native provider (its one-shot provider's SM4 ECB/CBC/CTR fail to initialise in 1.0.19). */
    static Provider konaProvider() throws ReflectiveOperationException {
        return new io.gmflux.bench.peers.KonaOps(System.getProperty("gmflux.bench.konaProvider",
                "com.tencent.kona.crypto.KonaCryptoNativeProvider")).provider();
    }

    private static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    private int gmflux(Sm4Cipher c, byte[] in) throws Exception {
        c.doFinal(in, 0, in.length, out, 0);
        return out[0];
    }

    private int kona(Cipher c, byte[] in) throws Exception {
        c.doFinal(in, 0, in.length, out, 0);
        return out[0];
    }

    private int bcStream(StreamCipher c, byte[] in) {
        c.reset();
        c.processBytes(in, 0, in.length, out, 0);
        return out[0];
    }

    private int bcCbc(CBCModeCipher c, byte[] in) {
        c.reset();
        c.processBlocks(in, 0, in.length / 16, out, 0);
        return out[0];
    }

    // ---- ECB 1 KiB ----

    @Benchmark
    public int sm4Ecb1k_gmflux() throws Exception {
        return gmflux(ecbGmflux, in1k);
    }

    @Benchmark
    public int sm4Ecb1k_bc() {
        for (int o = 0; o < SMALL; o += 16) {
            ecbBc.processBlock(in1k, o, out, o);
        }
        return out[0];
    }

    @Benchmark
    public int sm4Ecb1k_kona() throws Exception {
        return kona(ecbKona, in1k);
    }

    @Benchmark
    public int sm4Ecb64k_gmflux() throws Exception {
        return gmflux(ecbGmflux, in64k);
    }

    @Benchmark
    public int sm4Ecb64k_bc() {
        for (int o = 0; o < LARGE; o += 16) {
            ecbBc.processBlock(in64k, o, out, o);
        }
        return out[0];
    }

    // ---- CBC 1 KiB ----

    @Benchmark
    public int sm4CbcEnc1k_gmflux() throws Exception {
        return gmflux(cbcEncGmflux, in1k);
    }

    @Benchmark
    public int sm4CbcEnc1k_bc() {
        return bcCbc(cbcEncBc, in1k);
    }

    @Benchmark
    public int sm4CbcEnc1k_kona() throws Exception {
        return kona(cbcEncKona, in1k);
    }

    @Benchmark
    public int sm4CbcDec1k_gmflux() throws Exception {
        return gmflux(cbcDecGmflux, in1k);
    }

    @Benchmark
    public int sm4CbcDec1k_bc() {
        return bcCbc(cbcDecBc, in1k);
    }

    @Benchmark
    public int sm4CbcDec1k_kona() throws Exception {
        return kona(cbcDecKona, in1k);
    }

    @Benchmark
    public int sm4CbcDec64k_gmflux() throws Exception {
        return gmflux(cbcDecGmflux, in64k);
    }

    @Benchmark
    public int sm4CbcDec64k_bc() {
        return bcCbc(cbcDecBc, in64k);
    }

    // ---- CTR 1 KiB and 64 KiB ----

    @Benchmark
    public int sm4Ctr1k_gmflux() throws Exception {
        return gmflux(ctrGmflux, in1k);
    }

    @Benchmark
    public int sm4Ctr1k_bc() {
        return bcStream(ctrBc, in1k);
    }

    @Benchmark
    public int sm4Ctr1k_kona() throws Exception {
        return kona(ctrKona, in1k);
    }

    @Benchmark
    public int sm4Ctr64k_gmflux() throws Exception {
        return gmflux(ctrGmflux, in64k);
    }

    @Benchmark
    public int sm4Ctr64k_bc() {
        return bcStream(ctrBc, in64k);
    }

    @Benchmark
    public int sm4Ctr64k_kona() throws Exception {
        return kona(ctrKona, in64k);
    }

    // ---- CFB-128 and OFB 1 KiB (Kona has neither) ----

    @Benchmark
    public int sm4Cfb1k_gmflux() throws Exception {
        return gmflux(cfbGmflux, in1k);
    }

    @Benchmark
    public int sm4Cfb1k_bc() {
        return bcStream(cfbBc, in1k);
    }

    @Benchmark
    public int sm4Ofb1k_gmflux() throws Exception {
        return gmflux(ofbGmflux, in1k);
    }

    @Benchmark
    public int sm4Ofb1k_bc() {
        return bcStream(ofbBc, in1k);
    }

    // ---- XTS, one 4 KiB data unit (neither BouncyCastle nor Kona has SM4-XTS) ----

    @Benchmark
    public int sm4Xts4k_gmflux() {
        xtsGmflux.encrypt(tweak, in4k, 0, in4k.length, out, 0);
        return out[0];
    }
}
