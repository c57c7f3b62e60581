package io.gmflux.examples.cli;

import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.ReadLimits;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.pipeline.Gmflux;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.function.Function;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * The command line's encryption and decryption: an input stream through the gmflux-pipeline
 * operators (chunks sealed and opened on all cores, in order) to an output stream. Reading and
 * writing are blocking and run on {@link Schedulers#boundedElastic()}; the crypto runs on
 * {@link Schedulers#parallel()}. Stateless.
 */
final class CliStreams {

    static final int READ_SIZE = 256 << 10;

    private CliStreams() {
    }

    /** Encrypts {@code in} to {@code out}. */
    static void encrypt(InputStream in, OutputStream out, StreamSpec spec) throws Exception {
        run(in, out, Gmflux.encrypt(spec));
    }

    /**
     * Decrypts {@code in} to {@code out} under the reader's caps; {@code out} receives only
     * authenticated plaintext.
     */
    static void decrypt(InputStream in, OutputStream out, Collection<? extends Identity> ids, ReadLimits limits)
            throws Exception {
        run(in, out, Gmflux.decrypt(ids, limits));
    }

    private static void run(InputStream in, OutputStream out, Function<Flux<ByteBuf>, Flux<ByteBuf>> op)
            throws Exception {
        try {
            read(in).transformDeferred(op)
                    .publishOn(Schedulers.boundedElastic(), 8)
                    .doOnNext(b -> {
                        try {
                            b.readBytes(out, b.readableBytes());
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        } finally {
                            b.release();
                        }
                    })
                    .blockLast();
        } catch (RuntimeException e) {
            Throwable t = Exceptions.unwrap(e);
            if (t instanceof UncheckedIOException) {
                throw ((UncheckedIOException) t).getCause();
            }
            if (t instanceof Exception) {
                throw (Exception) t;
            }
            throw e;
        }
    }

    /** {@code in} as buffers of up to {@link #READ_SIZE} bytes, read on demand. */
    static Flux<ByteBuf> read(InputStream in) {
        return Flux.<ByteBuf>generate(sink -> {
            ByteBuf b = ByteBufAllocator.DEFAULT.heapBuffer(READ_SIZE);
            try {
                int n = b.writeBytes(in, READ_SIZE);
                if (n < 0) {
                    b.release();
                    sink.complete();
                } else {
                    sink.next(b);
                }
            } catch (IOException e) {
                b.release();
                sink.error(e);
            }
        }).subscribeOn(Schedulers.boundedElastic());
    }
}
