package io.gmflux.bench.pipeline;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import io.gmflux.pipeline.Gmflux;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.security.GeneralSecurityException;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * SM4-GCM over the same 256 MiB, in chunks of the same size (64 KiB, the stream default):
 * <ul>
 * <li>{@code gcmStream_raw}: {@link Sm4Gcm} sealing chunk after chunk on one thread into a
 *     preallocated buffer, with a fresh 12-byte nonce per chunk: the work the stream must do,
 *     without the stream.</li>
 * <li>{@code gcmStream_pipeline1} / {@code gcmStream_pipeline2}: the same bytes as a
 *     {@code Flux<ByteBuf>} of 64 KiB buffers through {@code Gmflux.encrypt(spec, scheduler, p)}
 *     at parallelism 1 and 2 (header, chunk cutting, claims, ordering, buffer handling included),
 *     each output buffer released as it arrives. Each input buffer is one whole chunk, so the
 *     operator seals it from the input (a slice) without copying it, as it does for any heap
 *     buffer holding whole chunks.</li>
 * <li>{@code gcmStream_pipeline1Unaligned} / {@code gcmStream_pipeline2Unaligned}: the same, with
 *     the input's buffer boundaries 1000 bytes off the chunk boundaries (64 KiB buffers after a
 *     first one of 1000 bytes), so every chunk straddles two input buffers and is copied into a
 *     chunk buffer of the operator's: the operator's copying path, for an honest comparison.</li>
 * </ul>
 * One operation is the whole 256 MiB; throughput = 256 MiB / score. Bars: pipeline1 at
 * least 0.9x raw, pipeline2 at least 1.7x raw. The recipient is a passphrase at the minimum
 * iteration count (one PBKDF2 per stream, about a millisecond against seconds of sealing).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx2g"})
public class GcmStreamBench {

    static final int CHUNK = 64 << 10;

    @Param({"268435456"})
    int total;

    byte[] data;
    byte[] sealed;
    Sm4Gcm gcm;
    byte[] nonce;
    StreamSpec spec;
    Scheduler scheduler;

    @Setup(Level.Trial)
    public void setUp() {
        data = new byte[total];
        new SplittableRandom(1).nextBytes(data);
        sealed = new byte[total + (total / CHUNK + 1) * 16];
        byte[] key = new byte[16];
        new SplittableRandom(2).nextBytes(key);
        Sm4Engine engine = Sm4.newTableEngine(key);
        nonce = new byte[12];
        gcm = Sm4Gcm.encryptor(engine, nonce, 16);
        spec = StreamSpec.builder().chunkSize(CHUNK)
                .recipient(new PassphraseRecipient("bench".toCharArray(), PassphraseRecipient.MIN_ITERATIONS)).build();
        scheduler = Schedulers.newParallel("bench", 2);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        scheduler.dispose();
    }

    @Benchmark
    public int gcmStream_raw() throws GeneralSecurityException {
        int out = 0;
        int index = 0;
        for (int off = 0; off < total; off += CHUNK, index++) {
            Bytes.putIntBEByBytes(nonce, 7, index);
            gcm.resetWithIv(nonce);
            out += gcm.doFinal(data, off, Math.min(CHUNK, total - off), sealed, out);
        }
        return out;
    }

    @Benchmark
    public long gcmStream_pipeline1() {
        return pipeline(1);
    }

    @Benchmark
    public long gcmStream_pipeline2() {
        return pipeline(2);
    }

    @Benchmark
    public long gcmStream_pipeline1Unaligned() {
        return pipeline(1, SHIFT);
    }

    @Benchmark
    public long gcmStream_pipeline2Unaligned() {
        return pipeline(2, SHIFT);
    }

    /** Bytes the unaligned variants' input boundaries lie before the chunk boundaries. */
    static final int SHIFT = 1000;

    private long pipeline(int parallelism) {
        return pipeline(parallelism, 0);
    }

    /** Input: a first buffer of {@code shift} bytes (if not 0), then buffers of {@code CHUNK} bytes. */
    private long pipeline(int parallelism, int shift) {
        AtomicLong out = new AtomicLong();
        Flux.range(0, (total - shift + CHUNK - 1) / CHUNK + (shift > 0 ? 1 : 0))
                .map(i -> {
                    int off = shift == 0 ? i * CHUNK : i == 0 ? 0 : shift + (i - 1) * CHUNK;
                    int len = shift != 0 && i == 0 ? shift : Math.min(CHUNK, total - off);
                    return (ByteBuf) Unpooled.wrappedBuffer(data, off, len);
                })
                .transformDeferred(Gmflux.encrypt(spec, scheduler, parallelism))
                .doOnNext(b -> {
                    out.addAndGet(b.readableBytes());
                    b.release();
                })
                .blockLast();
        return out.get();
    }
}
