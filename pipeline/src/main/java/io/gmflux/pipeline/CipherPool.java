package io.gmflux.pipeline;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;

/**
 * The per-thread cipher states of one stream ({@code ChunkSealer}s or {@code ChunkOpener}s, which
 * are not thread-safe): a job takes one, uses it, gives it back, so that at most as many exist as
 * jobs run at once (the operator's parallelism). {@link #close()} destroys the idle ones, and any
 * given back afterwards, so keys are wiped however the stream ends.
 *
 * <p>Thread-safe.
 */
final class CipherPool<T extends AutoCloseable> {

    private final ConcurrentLinkedQueue<T> idle = new ConcurrentLinkedQueue<>();
    private final Supplier<T> factory;
    private volatile boolean closed;

    CipherPool(Supplier<T> factory) {
        this.factory = factory;
    }

    T take() {
        T t = idle.poll();
        return t != null ? t : factory.get();
    }

    void give(T t) {
        idle.offer(t);
        if (closed) {
            drain();
        }
    }

    void close() {
        closed = true;
        drain();
    }

    private void drain() {
        T t;
        while ((t = idle.poll()) != null) {
            try {
                t.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing a cipher cannot fail", e);
            }
        }
    }
}
