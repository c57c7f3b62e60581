package io.gmflux.pipeline;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.SynchronousSink;
import reactor.core.scheduler.Schedulers;

/**
 * Files and {@code java.io} streams as streams of buffers, without loading them. Blocking I/O runs
 * on {@link Schedulers#boundedElastic()}. Stateless.
 */
final class FileStreams {

    static final int DEFAULT_READ_SIZE = 64 << 10;

    private FileStreams() {
    }

    /**
     * The file's bytes, one buffer of up to {@code readSize} bytes per demand: backpressure is
     * honoured (nothing is read ahead of demand), the channel is closed however the stream ends.
     * The subscriber owns the buffers.
     */
    static Flux<ByteBuf> read(Path path, int readSize) {
        Objects.requireNonNull(path, "path");
        return Flux.<ByteBuf, FileChannel>generate(
                        () -> FileChannel.open(path, StandardOpenOption.READ),
                        (ch, sink) -> {
                            readOne(sink, readSize, b -> b.writeBytes(ch, readSize));
                            return ch;
                        },
                        ch -> {
                            try {
                                ch.close();
                            } catch (IOException ignored) {
                                // nothing was written through a read channel; closing it cannot lose data
                            }
                        })
                .subscribeOn(Schedulers.boundedElastic());
    }

    /**
     * {@code in}'s bytes, one buffer of up to {@code readSize} bytes per demand (nothing read ahead
     * of demand). {@code in} is not closed: its caller owns it. The subscriber owns the buffers.
     */
    static Flux<ByteBuf> read(InputStream in, int readSize) {
        Objects.requireNonNull(in, "in");
        return Flux.<ByteBuf>generate(sink -> readOne(sink, readSize, b -> b.writeBytes(in, readSize)))
                .subscribeOn(Schedulers.boundedElastic());
    }

    /** Fills one fresh buffer by {@code fill}: emits it, completes at end of input, or signals the error. */
    private static void readOne(SynchronousSink<ByteBuf> sink, int readSize, Fill fill) {
        ByteBuf b = ByteBufAllocator.DEFAULT.heapBuffer(readSize);
        try {
            if (fill.into(b) < 0) {
                b.release();
                sink.complete();
            } else {
                sink.next(b);
            }
        } catch (IOException e) {
            b.release();
            sink.error(e);
        }
    }

    /** One blocking read into a buffer; returns the bytes read, or -1 at end of input. */
    @FunctionalInterface
    private interface Fill {
        int into(ByteBuf b) throws IOException;
    }

    /**
     * Writes {@code source} to {@code out} in order, on {@link Schedulers#boundedElastic()}, and
     * completes when the source has; {@code out} is neither flushed nor closed (its caller owns it).
     * Every buffer is released after it is written, and on error or cancel whatever is queued.
     * An {@link IOException} of {@code out} ends the result with that exception.
     */
    static Mono<Void> write(Flux<ByteBuf> source, OutputStream out) {
        Objects.requireNonNull(out, "out");
        return Mono.defer(() -> source
                .publishOn(Schedulers.boundedElastic(), Gmflux.PREFETCH)
                .doOnNext(b -> {
                    try {
                        b.readBytes(out, b.readableBytes());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    } finally {
                        b.release();
                    }
                })
                .doOnDiscard(ByteBuf.class, ReferenceCountUtil::safeRelease)
                .onErrorMap(UncheckedIOException.class, UncheckedIOException::getCause)
                .then());
    }

    /**
     * Writes {@code source} to a temporary file beside {@code path} and moves it to {@code path}
     * only when the source completes; on error or cancel the temporary file is deleted and
     * {@code path} is untouched. So a decryption that fails half-way leaves no plaintext behind.
     * Every buffer is released after it is written.
     */
    static Mono<Void> write(Flux<ByteBuf> source, Path path) {
        Objects.requireNonNull(path, "path");
        return Mono.defer(() -> {
            TempFile tmp = new TempFile(path);
            return source
                    .publishOn(Schedulers.boundedElastic(), Gmflux.PREFETCH)
                    .doOnNext(b -> {
                        try {
                            tmp.write(b);
                        } finally {
                            b.release();
                        }
                    })
                    .doOnDiscard(ByteBuf.class, ReferenceCountUtil::safeRelease)
                    .then(Mono.fromRunnable(tmp::commit))
                    .doOnError(e -> tmp.abort())
                    .doOnCancel(tmp::abort)
                    .then();
        });
    }

    /** A temporary file beside its target, created on first use. Not thread-safe beyond abort(). */
    private static final class TempFile {
        private final Path target;
        private Path tmp;
        private FileChannel ch;

        TempFile(Path target) {
            this.target = target.toAbsolutePath();
        }

        void write(ByteBuf b) {
            try {
                open();
                while (b.isReadable()) {
                    b.readBytes(ch, b.readableBytes());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void open() throws IOException {
            if (ch == null) {
                tmp = Files.createTempFile(target.getParent(), "." + target.getFileName() + ".", ".gmflux-part");
                ch = FileChannel.open(tmp, StandardOpenOption.WRITE);
            }
        }

        void commit() {
            try {
                open();
                ch.force(true);
                ch.close();
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        synchronized void abort() {
            try {
                if (ch != null) {
                    ch.close();
                }
                if (tmp != null) {
                    Files.deleteIfExists(tmp);
                }
            } catch (IOException ignored) {
                // best effort: the target was never touched
            }
        }
    }
}
