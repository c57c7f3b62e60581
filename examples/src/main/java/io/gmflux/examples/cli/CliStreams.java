package io.gmflux.examples.cli;

import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.ReadLimits;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.pipeline.Gmflux;
import io.netty.buffer.ByteBuf;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Collection;
import java.util.function.Function;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;

/**
 * The command line's encryption and decryption, blocking: an input stream through the
 * gmflux-pipeline operators (chunks sealed and opened on all cores, in order) to an output stream,
 * with the pipeline's stream adapters ({@link Gmflux#readStream}, {@link Gmflux#writeStream}); the
 * first error is thrown as itself. Stateless.
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
            Gmflux.readStream(in, READ_SIZE).transformDeferred(op).as(Gmflux.writeStream(out)).block();
        } catch (RuntimeException e) {
            Throwable t = Exceptions.unwrap(e);
            if (t instanceof Exception) {
                throw (Exception) t;
            }
            throw e;
        }
    }
}
