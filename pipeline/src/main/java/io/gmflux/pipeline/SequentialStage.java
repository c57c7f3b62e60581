package io.gmflux.pipeline;

import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The ordered, single-threaded step of an operator that may run long (a KEM, a passphrase's
 * PBKDF2) and owns keys: {@link #step} runs under a lock; {@link #close()} never waits for a
 * step (it may be called from a Netty event loop on cancel): if a step is running, that step
 * releases the resources when it ends.
 *
 * <p>Thread-safe.
 */
abstract class SequentialStage {

    private final ReentrantLock lock = new ReentrantLock();
    private volatile boolean closed;
    private boolean released;

    /** The step proper, under the lock; {@code closed} tells it to stop early. */
    protected abstract List<ChunkJob> doStep(List<Cut> items);

    /** Wipes keys and frees what the stage holds; called once, under the lock. */
    protected abstract void release();

    final List<ChunkJob> step(List<Cut> items) {
        lock.lock();
        try {
            return doStep(items);
        } finally {
            releaseIfClosed();
            lock.unlock();
            // a close that came while we held the lock could not release: do it now
            if (closed && lock.tryLock()) {
                try {
                    releaseIfClosed();
                } finally {
                    lock.unlock();
                }
            }
        }
    }

    protected final boolean isClosed() {
        return closed;
    }

    final void close() {
        closed = true;
        if (lock.tryLock()) {
            try {
                releaseIfClosed();
            } finally {
                lock.unlock();
            }
        }
    }

    private void releaseIfClosed() {
        if (closed && !released) {
            released = true;
            release();
        }
    }
}
