package io.gmflux.bench.sm4;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Ccm;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import java.security.Provider;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.CCMBlockCipher;
import org.bouncycastle.crypto.modes.CCMModeCipher;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.GCMModeCipher;
import org.bouncycastle.crypto.modes.gcm.Tables64kGCMMultiplier;
import io.gmflux.bench.peers.KonaOps;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * SM4-GCM and SM4-CCM encryption (RFC 8998 shapes: 12-byte IV, 16-byte tag, 16 bytes of
 * associated data) of 1 KiB and 64 KiB messages: gmflux against BouncyCastle's lightweight API
 * ({@code GCMBlockCipher} with its fastest multiplier, {@code Tables64kGCMMultiplier}, and
 * {@code CCMBlockCipher}, over {@code SM4Engine}) and Tencent Kona's first JCA provider that loads
 * (native ones first), with the JDK's AES-GCM (AES-NI and CLMUL intrinsics) as a reference row. Kona 1.0.19
 * offers no SM4/CCM, so CCM has no Kona row. {@code gmac64k_*} is GCM over 64 KiB of associated
 * data and no plaintext: GHASH alone, plus two block encryptions.
 *
 * <p>Every operation starts a new message with a fresh IV under the same key, the way a TLS
 * record layer does: gmflux through {@code resetWithIv}/{@code resetWithNonce}, BouncyCastle by
 * {@code init} with a null key (which keeps its GHASH table), the JCA providers by {@code init}
 * with a new {@code GCMParameterSpec} (they refuse IV reuse). gmflux allocates nothing per
 * operation.
 *
 * <p>Run: {@code java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'AeadBench' -f 1 -wi 3
 * -w 1 -i 5 -r 1}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class AeadBench {

    private static final int TAG = 16;

    private final byte[] key = new byte[16];
    private final byte[] iv = new byte[12];
    private final byte[] aad = new byte[16];
    private final byte[] in1k = new byte[1024];
    private final byte[] in64k = new byte[64 * 1024];
    private final byte[] out = new byte[64 * 1024 + TAG];
    private long ivCounter;

    private Sm4Gcm gmfluxGcm;
    private Sm4Ccm gmfluxCcm;
    private GCMModeCipher bcGcm;
    private CCMModeCipher bcCcm;
    private Cipher konaGcm;
    private Cipher jdkAesGcm;
    private SecretKeySpec sm4Key;
    private SecretKeySpec aesKey;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        prepare();
        // Warm every path with small messages first so that the bulk loops are compiled as whole
        // methods rather than only through on-stack replacement.
        for (int i = 0; i < 3000; i++) {
            sm4Gcm(in1k, 64 + (i & 63));
            sm4GcmBc(in1k, 64 + (i & 63));
            sm4GcmKona(in1k, 64 + (i & 63));
            sm4Ccm(in1k, 64 + (i & 63));
            sm4CcmBc(in1k, 64 + (i & 63));
            aesGcmJdk(in1k, 64 + (i & 63));
        }
    }

    /** Keys, inputs and ciphers, without {@link #setUp()}'s warm-up (for harnesses that warm up themselves). */
    public void prepare() throws Exception {
        SplittableRandom rnd = new SplittableRandom(42);
        rnd.nextBytes(key);
        rnd.nextBytes(iv);
        rnd.nextBytes(aad);
        rnd.nextBytes(in1k);
        rnd.nextBytes(in64k);
        Sm4Engine engine = Sm4.newTableEngine(key);
        gmfluxGcm = Sm4Gcm.encryptor(engine, iv, TAG);
        gmfluxCcm = Sm4Ccm.encryptor(engine, iv, TAG);
        bcGcm = GCMBlockCipher.newInstance(new SM4Engine(), new Tables64kGCMMultiplier());
        bcGcm.init(true, new AEADParameters(new KeyParameter(key), TAG * 8, iv, aad));
        bcCcm = CCMBlockCipher.newInstance(new SM4Engine());
        bcCcm.init(true, new AEADParameters(new KeyParameter(key), TAG * 8, iv, aad));
        Provider kona = KonaOps.load(System.getProperty("gmflux.bench.konaProvider")).provider();
        konaGcm = Cipher.getInstance("SM4/GCM/NoPadding", kona);
        sm4Key = new SecretKeySpec(key, "SM4");
        jdkAesGcm = Cipher.getInstance("AES/GCM/NoPadding");
        aesKey = new SecretKeySpec(key, "AES");
    }

    /** A new 12-byte IV per message: the last 8 bytes count messages. */
    private byte[] nextIv() {
        long c = ++ivCounter;
        for (int i = 0; i < 8; i++) {
            iv[11 - i] = (byte) (c >>> (8 * i));
        }
        return iv;
    }

    private int sm4Gcm(byte[] in, int len) throws Exception {
        gmfluxGcm.resetWithIv(nextIv());
        gmfluxGcm.updateAad(aad, 0, aad.length);
        return gmfluxGcm.doFinal(in, 0, len, out, 0);
    }

    private int sm4GcmBc(byte[] in, int len) throws Exception {
        bcGcm.init(true, new AEADParameters(null, TAG * 8, nextIv(), aad));
        int n = bcGcm.processBytes(in, 0, len, out, 0);
        return n + bcGcm.doFinal(out, n);
    }

    private int sm4GcmKona(byte[] in, int len) throws Exception {
        konaGcm.init(Cipher.ENCRYPT_MODE, sm4Key, new GCMParameterSpec(TAG * 8, nextIv()));
        konaGcm.updateAAD(aad);
        return konaGcm.doFinal(in, 0, len, out, 0);
    }

    private int sm4Ccm(byte[] in, int len) throws Exception {
        gmfluxCcm.resetWithNonce(nextIv());
        gmfluxCcm.updateAad(aad, 0, aad.length);
        return gmfluxCcm.doFinal(in, 0, len, out, 0);
    }

    private int sm4CcmBc(byte[] in, int len) throws Exception {
        bcCcm.init(true, new AEADParameters(null, TAG * 8, nextIv(), aad));
        int n = bcCcm.processBytes(in, 0, len, out, 0);
        return n + bcCcm.doFinal(out, n);
    }

    private int aesGcmJdk(byte[] in, int len) throws Exception {
        jdkAesGcm.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(TAG * 8, nextIv()));
        jdkAesGcm.updateAAD(aad);
        return jdkAesGcm.doFinal(in, 0, len, out, 0);
    }

    @Benchmark
    public int sm4Gcm1k_gmflux() throws Exception {
        return sm4Gcm(in1k, in1k.length);
    }

    @Benchmark
    public int sm4Gcm1k_bc() throws Exception {
        return sm4GcmBc(in1k, in1k.length);
    }

    @Benchmark
    public int sm4Gcm1k_kona() throws Exception {
        return sm4GcmKona(in1k, in1k.length);
    }

    @Benchmark
    public int sm4Gcm64k_gmflux() throws Exception {
        return sm4Gcm(in64k, in64k.length);
    }

    @Benchmark
    public int sm4Gcm64k_bc() throws Exception {
        return sm4GcmBc(in64k, in64k.length);
    }

    @Benchmark
    public int sm4Gcm64k_kona() throws Exception {
        return sm4GcmKona(in64k, in64k.length);
    }

    @Benchmark
    public int sm4Ccm1k_gmflux() throws Exception {
        return sm4Ccm(in1k, in1k.length);
    }

    @Benchmark
    public int sm4Ccm1k_bc() throws Exception {
        return sm4CcmBc(in1k, in1k.length);
    }

    @Benchmark
    public int aesGcm1k_jdk() throws Exception {
        return aesGcmJdk(in1k, in1k.length);
    }

    @Benchmark
    public int aesGcm64k_jdk() throws Exception {
        return aesGcmJdk(in64k, in64k.length);
    }

    @Benchmark
    public int gmac64k_gmflux() throws Exception {
        gmfluxGcm.resetWithIv(nextIv());
        gmfluxGcm.updateAad(in64k, 0, in64k.length);
        return gmfluxGcm.doFinal(in1k, 0, 0, out, 0);
    }

    @Benchmark
    public int gmac64k_bc() throws Exception {
        bcGcm.init(true, new AEADParameters(null, TAG * 8, nextIv(), null));
        bcGcm.processAADBytes(in64k, 0, in64k.length);
        return bcGcm.doFinal(out, 0);
    }

    @Benchmark
    public int gmac64k_kona() throws Exception {
        konaGcm.init(Cipher.ENCRYPT_MODE, sm4Key, new GCMParameterSpec(TAG * 8, nextIv()));
        konaGcm.updateAAD(in64k);
        return konaGcm.doFinal(in1k, 0, 0, out, 0);
    }

    @Benchmark
    public int gmac64k_jdk() throws Exception {
        jdkAesGcm.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(TAG * 8, nextIv()));
        jdkAesGcm.updateAAD(in64k);
        return jdkAesGcm.doFinal(in1k, 0, 0, out, 0);
    }
}
