package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.format.StreamSuite;
import io.gmflux.codecs.format.SuiteCipher;
import java.util.concurrent.ConcurrentLinkedQueue;
import javax.crypto.AEADBadTagException;

/**
 * The record key of one (DEK, topic, gmflux.dek header) (FORMAT.md §7) and a pool of suite ciphers
 * under it. Ciphers are stateful and not thread-safe, so each call borrows one from the pool and
 * gives it back: a producer's threads seal in parallel without a lock, and a cipher (with its SM4
 * key schedule and GCM table) is built once per thread, not once per record.
 *
 * <p>Thread-safe. After {@link #destroy()} no new cipher is built; ciphers still borrowed are
 * zeroed when they come back.
 */
final class RecordKey {

    private final StreamSuite suite;
    private final byte[] keyMaterial;
    private final ConcurrentLinkedQueue<SuiteCipher> idle = new ConcurrentLinkedQueue<>();
    private volatile boolean destroyed;

    /** Takes ownership of {@code keyMaterial} ({@code key || nonce_prefix}). */
    RecordKey(StreamSuite suite, byte[] keyMaterial) {
        this.suite = suite;
        this.keyMaterial = keyMaterial;
    }

    StreamSuite suite() {
        return suite;
    }

    int seal(long counter, byte[] in, int inOff, int len, byte[] out, int outOff) {
        SuiteCipher c = borrow();
        try {
            return c.seal(counter, true, in, inOff, len, out, outOff);
        } finally {
            giveBack(c);
        }
    }

    int open(long counter, byte[] in, int inOff, int len, byte[] out, int outOff) throws AEADBadTagException {
        SuiteCipher c = borrow();
        try {
            return c.open(counter, true, in, inOff, len, out, outOff);
        } finally {
            giveBack(c);
        }
    }

    private SuiteCipher borrow() {
        SuiteCipher c = idle.poll();
        if (c != null) {
            return c;
        }
        synchronized (this) {
            if (destroyed) {
                throw new IllegalStateException("record key destroyed");
            }
            return SuiteCipher.create(suite, keyMaterial);
        }
    }

    private void giveBack(SuiteCipher c) {
        if (destroyed) {
            c.destroy();
            return;
        }
        idle.offer(c);
        if (destroyed) {
            drain();
        }
    }

    void destroy() {
        synchronized (this) {
            destroyed = true;
            Bytes.wipe(keyMaterial);
        }
        drain();
    }

    private void drain() {
        SuiteCipher c;
        while ((c = idle.poll()) != null) {
            c.destroy();
        }
    }
}
