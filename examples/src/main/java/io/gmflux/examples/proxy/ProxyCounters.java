package io.gmflux.examples.proxy;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Connection and byte counters of one {@link TunnelProxy}. Thread-safe; values are read without a
 * common snapshot. "Up" is plaintext travelling from the client's application to the service.
 */
public final class ProxyCounters {

    final AtomicLong accepted = new AtomicLong();
    final AtomicLong active = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong bytesUp = new AtomicLong();
    final AtomicLong bytesDown = new AtomicLong();

    /** Connections accepted so far. */
    public long accepted() {
        return accepted.get();
    }

    /** Connections open now. */
    public long active() {
        return active.get();
    }

    /** Connections that ended with an error (handshake, authentication, truncation, I/O). */
    public long failed() {
        return failed.get();
    }

    /** Plaintext bytes relayed towards the service. */
    public long bytesUp() {
        return bytesUp.get();
    }

    /** Plaintext bytes relayed towards the client's application. */
    public long bytesDown() {
        return bytesDown.get();
    }

    @Override
    public String toString() {
        return "connections accepted " + accepted() + ", active " + active() + ", failed " + failed()
                + "; bytes up " + bytesUp() + ", down " + bytesDown();
    }
}
