package io.gmflux.pipeline;

import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.StreamSpec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ReferenceCountUtil;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
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
 * <p><b>Buffers:</b> the operators release every buffer they receive (after copying its bytes), so
 * a source may recycle its buffers as soon as {@code onNext} returns (as Reactor Netty does); the
 * subscriber owns, and must release, every buffer it receives. On cancel and on error, buffers
 * queued inside the operators are released ({@code doOnDiscard}).
 *
 * <p><b>Backpressure:</b> honoured end to end; the operators request a small, fixed number of
 * buffers ahead and hold at most one chunk (plus the buffers in flight), whatever the stream's
 * length. Input may arrive in buffers of any size, down to one byte, and may be empty.
 *
 * <p><b>Threads:</b> sealing, opening and the KEM work (which may be slow, e.g. a passphrase's
 * PBKDF2) run on the given scheduler ({@link Schedulers#parallel()} by default), never on the
 * thread that delivers the input, so a Netty event loop is not stalled.
 *
 * <p><b>Errors:</b> decryption fails with the codecs' typed
 * {@link io.gmflux.codecs.format.StreamException}s; plaintext of a chunk is emitted only after
 * that chunk verified, and completion is signalled only after the last chunk verified.
 */
public final class Gmflux {

    /** Buffers requested ahead from the source by each operator. */
    static final int PREFETCH = 4;

    private Gmflux() {
    }

    /** Encrypts a stream of buffers to the spec's recipients; see the class documentation. */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> encrypt(StreamSpec spec) {
        return encrypt(spec, Schedulers.parallel());
    }

    /** {@link #encrypt(StreamSpec)} doing its work on {@code scheduler}. */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> encrypt(StreamSpec spec, Scheduler scheduler) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(scheduler, "scheduler");
        return source -> Flux.defer(() -> {
            StreamSealing state = new StreamSealing(spec, ByteBufAllocator.DEFAULT);
            return drive(source, scheduler, state::onNext, state::onComplete, state::close);
        });
    }

    /** Decrypts a gmflux stream with whichever of {@code identities} it was sent to. */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> decrypt(Collection<? extends Identity> identities) {
        return decrypt(identities, Schedulers.parallel());
    }

    /** {@link #decrypt(Collection)} doing its work on {@code scheduler}. */
    public static Function<Flux<ByteBuf>, Flux<ByteBuf>> decrypt(Collection<? extends Identity> identities,
            Scheduler scheduler) {
        List<? extends Identity> ids = List.copyOf(Objects.requireNonNull(identities, "identities"));
        Objects.requireNonNull(scheduler, "scheduler");
        return source -> Flux.defer(() -> {
            StreamOpening state = new StreamOpening(ids, ByteBufAllocator.DEFAULT);
            return drive(source, scheduler, state::onNext, state::onComplete, state::close);
        });
    }

    /** {@link #encrypt(StreamSpec)} for users without Netty: byte arrays in and out. */
    public static Function<Flux<byte[]>, Flux<byte[]>> encryptBytes(StreamSpec spec) {
        return source -> source.map(Unpooled::wrappedBuffer).transform(encrypt(spec)).map(Gmflux::toArrayAndRelease);
    }

    /** {@link #decrypt(Collection)} for users without Netty: byte arrays in and out. */
    public static Function<Flux<byte[]>, Flux<byte[]>> decryptBytes(Collection<? extends Identity> identities) {
        return source -> source.map(Unpooled::wrappedBuffer).transform(decrypt(identities))
                .map(Gmflux::toArrayAndRelease);
    }

    /** {@link #encrypt(StreamSpec)} over NIO buffers (read from position to limit, not retained). */
    public static Function<Flux<ByteBuffer>, Flux<ByteBuffer>> encryptBuffers(StreamSpec spec) {
        return source -> source.map(Unpooled::wrappedBuffer).transform(encrypt(spec))
                .map(b -> ByteBuffer.wrap(toArrayAndRelease(b)));
    }

    /** {@link #decrypt(Collection)} over NIO buffers. */
    public static Function<Flux<ByteBuffer>, Flux<ByteBuffer>> decryptBuffers(Collection<? extends Identity> identities) {
        return source -> source.map(Unpooled::wrappedBuffer).transform(decrypt(identities))
                .map(b -> ByteBuffer.wrap(toArrayAndRelease(b)));
    }

    /** Reads a file as a stream of buffers, without loading it; see {@link FileStreams#read}. */
    public static Flux<ByteBuf> readFile(Path path) {
        return FileStreams.read(path, FileStreams.DEFAULT_READ_SIZE);
    }

    /**
     * Writes a stream of buffers to a file atomically; see {@link FileStreams#write}: use as
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

    /** A step of a stateful operator that may fail with a checked exception. */
    interface Step<T> {
        T apply(ByteBuf in) throws Exception;
    }

    /** The last step of a stateful operator. */
    interface Last<T> {
        T get() throws Exception;
    }

    /**
     * The one driver both operators share: moves the work to {@code scheduler}, feeds each buffer
     * to {@code onNext}, the end to {@code onComplete}, flattens what they return, delivers
     * checked exceptions as they are, and releases state and queued buffers however it ends.
     */
    private static Flux<ByteBuf> drive(Flux<ByteBuf> source, Scheduler scheduler, Step<List<ByteBuf>> onNext,
            Last<List<ByteBuf>> onComplete, Runnable close) {
        Flux<List<ByteBuf>> body = source
                .publishOn(scheduler, PREFETCH)
                .map(in -> {
                    try {
                        return onNext.apply(in);
                    } catch (Exception e) {
                        throw new CheckedCarrier(e);
                    }
                });
        Mono<List<ByteBuf>> end = Mono.fromCallable(() -> {
            try {
                return onComplete.get();
            } catch (Exception e) {
                throw new CheckedCarrier(e);
            }
        });
        return body.concatWith(end)
                .concatMapIterable(list -> list, 1)
                .doOnDiscard(ByteBuf.class, ReferenceCountUtil::safeRelease)
                .doOnDiscard(List.class, Gmflux::releaseAll)
                .onErrorMap(CheckedCarrier.class, Throwable::getCause)
                .doFinally(signal -> close.run());
    }

    /** Carries a checked exception through {@code map}; unwrapped before it reaches the subscriber. */
    private static final class CheckedCarrier extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CheckedCarrier(Exception cause) {
            super(cause.getMessage(), cause, false, false);
        }
    }

    private static void releaseAll(List<?> list) {
        for (Object o : list) {
            ReferenceCountUtil.safeRelease(o);
        }
    }
}
