package io.gmflux.bench.sm4;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Ctr;
import io.gmflux.codecs.sm4.Sm4Engine;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.bouncycastle.crypto.engines.SM4Engine;
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
 * SM4-ECB over 1 KiB (64 blocks) with the constant-time engine ({@code _gmfluxct}), the
 * table-driven engine ({@code _gmflux}) and BouncyCastle's lightweight {@code SM4Engine}
 * ({@code _bc}), so the three rows pair up in one run; and SM4-CTR over 64 KiB with the
 * constant-time engine, to pair with {@code Sm4ModesBench.sm4Ctr64k_*}. Buffers and ciphers are
 * preallocated (the CTR cipher restarts from its IV after each {@code doFinal}); the measured
 * gmflux paths allocate nothing.
 *
 * <p>Run: {@code java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'sm4Ecb1k_.*' -f 1
 * -wi 3 -w 1 -i 5 -r 1} (and {@code 'sm4Ctr64k_.*'} for CTR).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class Sm4ConstantTimeBench {

    private static final int BLOCKS = 64;

    private static final int CTR_LENGTH = 64 * 1024;

    private final byte[] in = new byte[BLOCKS * Sm4Engine.BLOCK_SIZE];
    private final byte[] out = new byte[BLOCKS * Sm4Engine.BLOCK_SIZE];
    private final byte[] in64k = new byte[CTR_LENGTH];
    private final byte[] out64k = new byte[CTR_LENGTH];
    private Sm4Cipher ctrConstantTime;
    private Sm4Engine table;
    private Sm4Engine constantTime;
    private SM4Engine bc;

    @Setup(Level.Trial)
    public void setUp() throws InterruptedException {
        SplittableRandom rnd = new SplittableRandom(42);
        byte[] key = new byte[16];
        rnd.nextBytes(key);
        rnd.nextBytes(in);
        rnd.nextBytes(in64k);
        byte[] iv = new byte[16];
        rnd.nextBytes(iv);
        table = Sm4.newTableEngine(key);
        // measure the engine the choice ends with, not the bitsliced one handed out during the vector warm-up
        Sm4.awaitConstantTimeEngine(Duration.ofMinutes(2));
        constantTime = Sm4.newConstantTimeEngine(key);
        ctrConstantTime = Sm4Ctr.encryptor(constantTime, iv);
        bc = new SM4Engine();
        bc.init(true, new KeyParameter(key));
    }

    @Benchmark
    public byte[] sm4Ecb1k_gmfluxct() {
        constantTime.encryptBlocks(in, 0, out, 0, BLOCKS);
        return out;
    }

    /** Pairs with {@code Sm4ModesBench.sm4Ctr64k_*}: CTR through the engine's batched {@code encryptCtr}. */
    @Benchmark
    public byte[] sm4Ctr64k_gmfluxct() throws Exception {
        ctrConstantTime.doFinal(in64k, 0, CTR_LENGTH, out64k, 0);
        return out64k;
    }

    @Benchmark
    public byte[] sm4Ecb1k_gmflux() {
        table.encryptBlocks(in, 0, out, 0, BLOCKS);
        return out;
    }

    @Benchmark
    public byte[] sm4Ecb1k_bc() {
        for (int b = 0; b < BLOCKS; b++) {
            bc.processBlock(in, b * Sm4Engine.BLOCK_SIZE, out, b * Sm4Engine.BLOCK_SIZE);
        }
        return out;
    }
}
