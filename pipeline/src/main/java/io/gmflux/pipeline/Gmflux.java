package io.gmflux.pipeline;

import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.ReadLimits;
import io.gmflux.codecs.format.StreamSpec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ReferenceCountUtil;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The facade of gmflux-pipeline: the stream format of {@code codecs/FORMAT.md} as Reactor operators
 * over Netty buffers.
 *
 * <pre>{@code
 * Flux<ByteBuf> sealed = Gmflux.readFile(in).transformDeferred(Gmflux.encrypt(spec));
 * Mono<Void> done = sealed.transformDeferred(Gmflux.decrypt(List.of(identity))).as(Gmflux.writeFile(out));
 * }</pre>
 *
 * <p><b>Keys:</b> every subscription draws a fresh file key and salt (a {@code retry()} included),
 * whether the operator is applied with {@code transform} or {@code transformDeferred}.
 *
 * <p><b>Buffers:</b> the operators take ownership of every buffer they receive, so a source must
 * not write into a buffer after handing it over. A heap buffer that holds whole chunks (from a
 * chunk boundary) is not copied: those chunks are sealed or opened straight from it, and it is
 * released (by reference count) when the last of them has been; every other byte is copied into
 * chunk buffers of the operator's own, and the source's reference is released inside
 * {@code onNext}, before it returns, on the source's thread. With Reactor Netty, whose inbound
 * flux releases each buffer itself after {@code onNext}, pass
 * {@code connection.inbound().receive().retain()} so that each side releases its own reference.
 * The {@code byte[]} and {@link ByteBuffer} adapters copy everything (those carry no ownership:
 * their caller may reuse them once {@code onNext} returns). The subscriber owns, and must release,
 * every buffer it receives. On cancel and on error, whatever the operators hold (chunks, results
 * not yet emitted) is released and the keys are wiped.
 *
 * <p><b>Backpressure:</b> honoured end to end; the operators request a small, fixed number of
 * buffers ahead ({@value #PREFETCH}) and hold about {@code 2 * parallelism + 1} chunks besides
 * the chunks one input buffer completes, whatever the stream's length. Input may arrive in
 * buffers of any size, down to one byte, and may be empty.
 *
 * <p><b>Threads and parallelism:</b> sealing, opening and the KEM work (which may be slow, e.g.
 * a passphrase's PBKDF2) run on the given scheduler ({@link Schedulers#parallel()} by default),
 * never on the thread that delivers the input nor on one that requests output (which may be
 * handed finished buffers, as Reactor does), so a Netty event loop is not stalled. Chunks are
 * sealed or opened up to {@code parallelism} at once ({@link #DEFAULT_PARALLELISM}, the number of
 * cores, by default), each worker with its own cipher state, and emitted in stream order: the
 * bytes are the same at every parallelism, and the same as the blocking
 * {@link io.gmflux.codecs.format.GmfluxOutputStream} writes for the same randomness.
 *
 * <p><b>Errors:</b> decryption fails with the codecs' typed
 * {@link io.gmflux.codecs.format.StreamException}s; plaintext of a chunk is emitted only after
 * that chunk verified, and completion is signalled only after the last chunk verified.
 */
public final class Gmflux {

    /** Buffers requested ahead from the source by each operator. */
    static final int PREFETCH = 4;

    /** Chunks sealed or opened at once by default: the number of cores. */
    public static final int DEFAULT_PARALLELISM = Runtime.getRuntime().availableProcessors();

    private Gmflux() {
    }

    /** Encrypts a stream of buffers to the spec's recipients; see the class documentation. */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> encrypt(StreamSpec spec) {
        return encrypt(spec, Schedulers.parallel(), DEFAULT_PARALLELISM);
    }

    /** {@link #encrypt(StreamSpec)} doing its work on {@code scheduler}. */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> encrypt(StreamSpec spec, Scheduler scheduler) {
        return encrypt(spec, scheduler, DEFAULT_PARALLELISM);
    }

    /**
     * {@link #encrypt(StreamSpec)} doing its work on {@code scheduler}, sealing up to
     * {@code parallelism} chunks at once (1: all on one thread, in order). The output is the same
     * bytes whatever the parallelism.
     *
     * @throws IllegalArgumentException if {@code parallelism < 1}
     */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> encrypt(StreamSpec spec, Scheduler scheduler,
            int parallelism) {
        return encrypt(spec, scheduler, parallelism, true);
    }

    /** @param slicing whether heap input buffers may be kept (sliced) instead of copied; see {@link ChunkAccumulator} */
    private static Function<Flux<ByteBuf>, Flux<ByteBuf>> encrypt(StreamSpec spec, Scheduler scheduler,
            int parallelism, boolean slicing) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(scheduler, "scheduler");
        checkParallelism(parallelism);
        return source -> Flux.defer(() -> {
            StreamSealing state = new StreamSealing(spec, ByteBufAllocator.DEFAULT, slicing);
            return drive(source, scheduler, parallelism, state::cut, state::cutLast, state::step, state::closeAll);
        });
    }

    /** Decrypts a gmflux stream with whichever of {@code identities} it was sent to. */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> decrypt(Collection<? extends Identity> identities) {
        return decrypt(identities, Schedulers.parallel(), DEFAULT_PARALLELISM);
    }

    /** {@link #decrypt(Collection)} doing its work on {@code scheduler}. */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> decrypt(Collection<? extends Identity> identities,
            Scheduler scheduler) {
        return decrypt(identities, scheduler, DEFAULT_PARALLELISM);
    }

    /**
     * {@link #decrypt(Collection)} doing its work on {@code scheduler}, opening up to
     * {@code parallelism} chunks at once; plaintext is still emitted in order and only up to the
     * first chunk that fails.
     *
     * @throws IllegalArgumentException if {@code parallelism < 1}
     */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> decrypt(Collection<? extends Identity> identities,
            Scheduler scheduler, int parallelism) {
        return decrypt(identities, ReadLimits.FORMAT_MAXIMUM, scheduler, parallelism, true);
    }

    /**
     * {@link #decrypt(Collection)} under a reader's caps on what an unauthenticated header may demand
     * (its length, a passphrase stanza's PBKDF2 iterations): a stream over them fails with
     * {@link io.gmflux.codecs.format.StreamException.LimitExceeded} before the excess is buffered or
     * computed. For input from untrusted sources.
     */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> decrypt(Collection<? extends Identity> identities,
            ReadLimits limits) {
        return decrypt(identities, limits, Schedulers.parallel(), DEFAULT_PARALLELISM);
    }

    /** {@link #decrypt(Collection, ReadLimits)} on {@code scheduler}, opening up to {@code parallelism} chunks at once. */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> decrypt(Collection<? extends Identity> identities,
            ReadLimits limits, Scheduler scheduler, int parallelism) {
        return decrypt(identities, limits, scheduler, parallelism, true);
    }

    private static Function<Flux<ByteBuf>, Flux<ByteBuf>> decrypt(Collection<? extends Identity> identities,
            ReadLimits limits, Scheduler scheduler, int parallelism, boolean slicing) {
        List<? extends Identity> ids = List.copyOf(Objects.requireNonNull(identities, "identities"));
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(scheduler, "scheduler");
        checkParallelism(parallelism);
        return source -> Flux.defer(() -> {
            StreamOpening state = new StreamOpening(ids, limits, ByteBufAllocator.DEFAULT, slicing);
            return drive(source, scheduler, parallelism, state::cut, state::cutLast, state::step, state::closeAll);
        });
    }

    private static void checkParallelism(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
        }
    }

    // The array and NIO adapters copy every input (no slicing): an array or a ByteBuffer carries
    // no ownership, so its caller may reuse it as soon as onNext returns.

    /** {@link #encrypt(StreamSpec)} for users without Netty: byte arrays in (not kept) and out. */
    public static Function<Flux<byte[]>, Flux<byte[]>> encryptBytes(StreamSpec spec) {
        return source -> source.map(Unpooled::wrappedBuffer).transform(copying(spec)).map(Gmflux::toArrayAndRelease);
    }

    /** {@link #decrypt(Collection)} for users without Netty: byte arrays in (not kept) and out. */
    public static Function<Flux<byte[]>, Flux<byte[]>> decryptBytes(Collection<? extends Identity> identities) {
        return source -> source.map(Unpooled::wrappedBuffer).transform(copying(identities))
                .map(Gmflux::toArrayAndRelease);
    }

    /** {@link #encrypt(StreamSpec)} over NIO buffers (read from position to limit, not retained). */
    public static Function<Flux<ByteBuffer>, Flux<ByteBuffer>> encryptBuffers(StreamSpec spec) {
        return source -> source.map(Unpooled::wrappedBuffer).transform(copying(spec))
                .map(b -> ByteBuffer.wrap(toArrayAndRelease(b)));
    }

    /** {@link #decrypt(Collection)} over NIO buffers (read from position to limit, not retained). */
    public static Function<Flux<ByteBuffer>, Flux<ByteBuffer>> decryptBuffers(Collection<? extends Identity> identities) {
        return source -> source.map(Unpooled::wrappedBuffer).transform(copying(identities))
                .map(b -> ByteBuffer.wrap(toArrayAndRelease(b)));
    }

    private static Function<Flux<ByteBuf>, Flux<ByteBuf>> copying(StreamSpec spec) {
        return encrypt(spec, Schedulers.parallel(), DEFAULT_PARALLELISM, false);
    }

    private static Function<Flux<ByteBuf>, Flux<ByteBuf>> copying(Collection<? extends Identity> identities) {
        return decrypt(identities, ReadLimits.FORMAT_MAXIMUM, Schedulers.parallel(), DEFAULT_PARALLELISM, false);
    }

    /** Reads a file as a stream of buffers, without loading it; see {@link FileStreams#read(Path, int)}. */
    public static Flux<ByteBuf> readFile(Path path) {
        return FileStreams.read(path, FileStreams.DEFAULT_READ_SIZE);
    }

    /**
     * Reads {@code in} as a stream of buffers of up to {@code readSize} bytes, on demand, without
     * closing it; see {@link FileStreams#read(InputStream, int)}.
     */
    public static Flux<ByteBuf> readStream(InputStream in, int readSize) {
        if (readSize <= 0) {
            throw new IllegalArgumentException("readSize must be positive, got " + readSize);
        }
        return FileStreams.read(in, readSize);
    }

    /**
     * Writes a stream of buffers to {@code out} in order, without flushing or closing it; see
     * {@link FileStreams#write(Flux, OutputStream)}: use as {@code flux.as(Gmflux.writeStream(out))}.
     */
    public static Function<Flux<ByteBuf>, Mono<Void>> writeStream(OutputStream out) {
        return source -> FileStreams.write(source, out);
    }

    /**
     * Writes a stream of buffers to a file atomically; see {@link FileStreams#write(Flux, Path)}: use as
     * {@code flux.as(Gmflux.writeFile(path))}.
     */
    public static Function<Flux<ByteBuf>, Mono<Void>> writeFile(Path path) {
        return source -> FileStreams.write(source, path);
    }

    private static byte[] toArrayAndRelease(ByteBuf b) {
        try {
            byte[] a = new byte[b.readableBytes()];
            b.readBytes(a);
            return a;
        } finally {
            b.release();
        }
    }

    /**
     * The one driver both operators share, in three stages. {@code cut} runs on the source's
     * thread: it copies each input buffer into chunk buffers of its own, or, when slicing is on,
     * keeps the whole chunks of a heap input as retained slices, and releases its reference to the
     * input at once (so no input buffer waits in a queue; a sliced input lives, by reference count,
     * until its chunks are done). {@code step} runs in order on
     * {@code scheduler} (so a Netty event loop never runs a KEM): it claims each chunk's place in
     * the stream and emits the header and {@link ChunkJob}s. The jobs seal or open on
     * {@code scheduler}, never on a subscriber's thread (which may still be handed finished
     * buffers, as Reactor does on a request): the claiming worker runs every job right after its
     * claim at parallelism 1 (no thread hop and no inner subscription per chunk: the one hop,
     * {@code publishOn}, drains whatever input is queued in one go); at higher parallelism every
     * job runs on a worker of its own ({@code subscribeOn} per job, {@code 2 * parallelism}
     * subscribed); outputs are re-assembled
     * in order ({@code flatMapSequential}). A {@link Failure} ends the stream with its
     * exception once everything before it has been emitted.
     *
     * <p>Memory: {@link #PREFETCH} lists of chunks (what {@link #PREFETCH} input buffers complete),
     * the list being run, and {@code 2 * parallelism} chunks in or out of the workers (at
     * parallelism 1, the one running). However it ends, queued buffers and jobs are released
     * ({@code doOnDiscard}, and {@code close} for jobs no queue gave back) and the keys wiped.
     * The flux it returns holds one stream's state: call it once per subscription (inside
     * {@code Flux.defer}).
     */
    static Flux<ByteBuf> drive(Flux<ByteBuf> source, Scheduler scheduler, int parallelism,
            Function<ByteBuf, List<Cut>> cut, Supplier<List<Cut>> cutLast,
            Function<List<Cut>, List<ChunkJob>> step, Runnable close) {
        Flux<ChunkJob> jobs = source
                .map(cut)
                .concatWith(Mono.fromSupplier(cutLast))
                .publishOn(scheduler, PREFETCH)
                .map(list -> runOwnTurns(step.apply(list), parallelism))
                // no fusion: with it, concatMapIterable would poll the claim stage (and the jobs it
                // runs) on whatever thread requests, e.g. a subscriber's event loop
                .hide()
                .concatMapIterable(list -> list, 1);
        Flux<ChunkJob> ordered = parallelism == 1
                ? jobs
                // twice the parallelism subscribed: a worker finishing a job mostly finds the next
                // one queued on its executor instead of parking
                : jobs.flatMapSequential(job -> run(job, scheduler), 2 * parallelism, 1);
        return ordered
                .<ByteBuf>handle((job, sink) -> {
                    JobOutput o = job.take();
                    if (o instanceof Failure f) {
                        sink.error(f.cause());
                    } else if (o instanceof JobOutput.Chunk c) {
                        ByteBuf b = c.buf();
                        if (b.isReadable()) {
                            sink.next(b);
                        } else {
                            b.release(); // the one (empty) chunk of an empty stream
                        }
                    }
                })
                .doOnDiscard(Object.class, Gmflux::discard)
                .doFinally(signal -> close.run());
    }

    /**
     * At parallelism 1, runs every claimed job on the claiming worker, right after its claim. At
     * higher parallelism it runs none: a job run here would run before the list is emitted, so
     * the other workers would wait for the claiming worker's share of a list before getting theirs.
     */
    private static List<ChunkJob> runOwnTurns(List<ChunkJob> claimed, int parallelism) {
        if (parallelism == 1) {
            for (ChunkJob job : claimed) {
                if (!job.isDone()) {
                    job.run();
                }
            }
        }
        return claimed;
    }

    private static Mono<ChunkJob> run(ChunkJob job, Scheduler scheduler) {
        if (job.isDone()) {
            return Mono.just(job); // the header, or a failure
        }
        return Mono.fromSupplier(job::run).subscribeOn(scheduler);
    }

    /**
     * Releases whatever a Reactor operator dropped: a {@link Cut} (a job not yet run), a buffer
     * handed out, or a list of cuts or jobs still in a queue. Reactor hands discards over untyped.
     */
    static void discard(Object o) {
        if (o instanceof Cut c) {
            c.discard();
        } else if (o instanceof List<?> list) {
            releaseAll(list);
        } else {
            ReferenceCountUtil.safeRelease(o);
        }
    }

    private static void releaseAll(List<?> list) {
        for (Object o : list) {
            discard(o);
        }
    }
}
