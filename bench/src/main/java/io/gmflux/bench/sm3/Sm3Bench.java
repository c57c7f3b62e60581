package io.gmflux.bench.sm3;

import io.gmflux.codecs.sm3.HmacSm3;
import io.gmflux.codecs.sm3.Sm3;
import java.security.MessageDigest;
import java.security.Provider;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import io.gmflux.codecs.sm3.Pbkdf2HmacSm3;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * SM3 and HMAC-SM3: gmflux against BouncyCastle's lightweight {@code SM3Digest}/{@code HMac} and
 * Tencent Kona through JCA ({@code MessageDigest "SM3"}, {@code Mac "HmacSM3"} from its first
 * provider that loads, native ones first: {@link io.gmflux.bench.peers.KonaOps#load}). Each operation hashes (or MACs) one whole message, so the 32-byte
 * case measures finalisation cost and the 64 KiB case measures the compression function.
 *
 * <p>Run: {@code java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'Sm3Bench' -f 1 -wi 3 -w 1 -i 5 -r 1}.
 * Throughput in ops/s; MB/s = ops/s * message length. The ratios quoted in the README come from
 * {@link io.gmflux.bench.rounds.PerformanceReport}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class Sm3Bench {

    private final byte[] msg32 = new byte[32];
    private final byte[] msg1k = new byte[1024];
    private final byte[] msg64k = new byte[64 * 1024];
    private final byte[] out = new byte[32];
    private final byte[] key = new byte[32];

    private final Sm3 gmflux = new Sm3();
    private final SM3Digest bc = new SM3Digest();
    private MessageDigest kona;

    /**
     * PBKDF2: 1,000 iterations, 32-byte output (one block of T). Kona 1.0.19 registers no
     * {@code PBKDF2WithHmacSM3} service (only PBEWithHmacSM3AndSM4), so only BouncyCastle pairs.
     * Both sides allocate their result and a few small objects per call, not per iteration.
     */
    private static final int PBKDF2_ITERATIONS = 1000;
    private final byte[] password = "correct horse battery staple".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    private final byte[] salt = new byte[16];

    private HmacSm3 gmfluxMac;
    private HMac bcMac;
    private Mac konaMac;

    @Setup
    public void setup() throws Exception {
        SplittableRandom r = new SplittableRandom(42);
        r.nextBytes(msg32);
        r.nextBytes(msg1k);
        r.nextBytes(msg64k);
        r.nextBytes(key);
        Provider p = io.gmflux.bench.peers.KonaOps.load(System.getProperty("gmflux.bench.konaProvider")).provider();
        kona = MessageDigest.getInstance("SM3", p);
        gmfluxMac = new HmacSm3(key);
        bcMac = new HMac(new SM3Digest());
        bcMac.init(new KeyParameter(key));
        konaMac = Mac.getInstance("HmacSM3", p);
        konaMac.init(new SecretKeySpec(key, "HmacSM3"));
        r.nextBytes(salt);
    }

    private byte[] gmflux(byte[] m) {
        gmflux.update(m, 0, m.length);
        gmflux.digest(out, 0);
        return out;
    }

    private byte[] bc(byte[] m) {
        bc.update(m, 0, m.length);
        bc.doFinal(out, 0);
        return out;
    }

    private byte[] kona(byte[] m) throws Exception {
        kona.update(m, 0, m.length);
        kona.digest(out, 0, 32);
        return out;
    }

    @Benchmark
    public byte[] sm3_32b_gmflux() {
        return gmflux(msg32);
    }

    @Benchmark
    public byte[] sm3_32b_bc() {
        return bc(msg32);
    }

    @Benchmark
    public byte[] sm3_32b_kona() throws Exception {
        return kona(msg32);
    }

    @Benchmark
    public byte[] sm3_1k_gmflux() {
        return gmflux(msg1k);
    }

    @Benchmark
    public byte[] sm3_1k_bc() {
        return bc(msg1k);
    }

    @Benchmark
    public byte[] sm3_1k_kona() throws Exception {
        return kona(msg1k);
    }

    @Benchmark
    public byte[] sm3_64k_gmflux() {
        return gmflux(msg64k);
    }

    @Benchmark
    public byte[] sm3_64k_bc() {
        return bc(msg64k);
    }

    @Benchmark
    public byte[] sm3_64k_kona() throws Exception {
        return kona(msg64k);
    }

    @Benchmark
    public byte[] hmacSm3_1k_gmflux() {
        gmfluxMac.update(msg1k, 0, msg1k.length);
        gmfluxMac.doFinal(out, 0);
        return out;
    }

    @Benchmark
    public byte[] hmacSm3_1k_bc() {
        bcMac.update(msg1k, 0, msg1k.length);
        bcMac.doFinal(out, 0);
        return out;
    }

    @Benchmark
    public byte[] hmacSm3_1k_kona() throws Exception {
        konaMac.update(msg1k, 0, msg1k.length);
        konaMac.doFinal(out, 0);
        return out;
    }

    @Benchmark
    public byte[] hmacSm3_64k_gmflux() {
        gmfluxMac.update(msg64k, 0, msg64k.length);
        gmfluxMac.doFinal(out, 0);
        return out;
    }

    @Benchmark
    public byte[] hmacSm3_64k_bc() {
        bcMac.update(msg64k, 0, msg64k.length);
        bcMac.doFinal(out, 0);
        return out;
    }

    @Benchmark
    public byte[] hmacSm3_64k_kona() throws Exception {
        konaMac.update(msg64k, 0, msg64k.length);
        konaMac.doFinal(out, 0);
        return out;
    }

    @Benchmark
    public byte[] pbkdf2HmacSm3_1000_gmflux() {
        return Pbkdf2HmacSm3.derive(password, salt, PBKDF2_ITERATIONS, 32);
    }

    @Benchmark
    public byte[] pbkdf2HmacSm3_1000_bc() {
        PKCS5S2ParametersGenerator g = new PKCS5S2ParametersGenerator(new SM3Digest());
        g.init(password, salt, PBKDF2_ITERATIONS);
        return ((org.bouncycastle.crypto.params.KeyParameter) g.generateDerivedParameters(256)).getKey();
    }
}
