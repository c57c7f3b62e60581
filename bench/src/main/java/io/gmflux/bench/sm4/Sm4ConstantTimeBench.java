package io.gmflux.bench.sm4;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Engine;
import java.lang.reflect.Constructor;
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
 * ({@code _bc}), so the three rows pair up in one run. Buffers are preallocated; the measured
 * gmflux paths allocate nothing.
 *
 * <p>Run: {@code java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'sm4Ecb1k_.*' -f 1
 * -wi 3 -w 1 -i 5 -r 1}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class Sm4ConstantTimeBench {

    private static final int BLOCKS = 64;

    private final byte[] in = new byte[BLOCKS * Sm4Engine.BLOCK_SIZE];
    private final byte[] out = new byte[BLOCKS * Sm4Engine.BLOCK_SIZE];
    private Sm4Engine table;
    private Sm4Engine constantTime;
    private SM4Engine bc;

    @Setup(Level.Trial)
    public void setUp() throws ReflectiveOperationException {
        SplittableRandom rnd = new SplittableRandom(42);
        byte[] key = new byte[16];
        rnd.nextBytes(key);
        rnd.nextBytes(in);
        table = Sm4.newEngine(key);
        constantTime = newConstantTimeEngine(key);
        bc = new SM4Engine();
        bc.init(true, new KeyParameter(key));
    }

    /**
     * {@code Sm4.newConstantTimeEngine(key)} once it is on main; until then the package-private
     * constructor, so that this benchmark compiles on both sides of the merge.
     */
    private static Sm4Engine newConstantTimeEngine(byte[] key) throws ReflectiveOperationException {
        try {
            return (Sm4Engine) Sm4.class.getMethod("newConstantTimeEngine", byte[].class).invoke(null, (Object) key);
        } catch (NoSuchMethodException notYetMerged) {
            Constructor<?> c = Class.forName("io.gmflux.codecs.sm4.Sm4ConstantTimeEngine")
                    .getDeclaredConstructor(byte[].class);
            c.setAccessible(true);
            return (Sm4Engine) c.newInstance((Object) key);
        }
    }

    @Benchmark
    public byte[] sm4Ecb1k_gmfluxct() {
        constantTime.encryptBlocks(in, 0, out, 0, BLOCKS);
        return out;
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
