package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.format.SuiteCipher;
import io.gmflux.codecs.sm4.EngineChoice;
import java.util.concurrent.atomic.AtomicReferenceArray;
import javax.crypto.AEADBadTagException;

/**
 * The record key of one (DEK, topic, gmflux.dek header) (FORMAT.md §7) and a pool of suite ciphers
 * under it. Ciphers are stateful and not thread-safe, so each call borrows one from the pool and
 * gives it back: a producer's threads seal in parallel without a lock, and a cipher (with its SM4
 * key schedule and GCM table) is built once per concurrent user, not once per record. The pool is a
 * fixed array of slots taken and returned with one atomic operation each, so the per-record path
 * allocates nothing; a cipher returned to a full pool is destroyed.
 *
 * <p>Thread-safe. After {@link #destroy()} no new cipher is built; ciphers still borrowed are
 * zeroed when they come back.
 */
final class RecordKey {

    private final Suite suite;
    private final EngineChoice engine;
    private final byte[] keyMaterial;
    /** More slots than threads that seal at once in practice; a miss only costs building a cipher. */
    private static final int SLOTS = 8;

    private final AtomicReferenceArray<SuiteCipher> idle = new AtomicReferenceArray<>(SLOTS);
    private volatile boolean destroyed;

    /** Takes ownership of {@code keyMaterial} ({@code key || nonce_prefix}); SM4 runs on {@code engine}. */
    RecordKey(Suite suite, EngineChoice engine, byte[] keyMaterial) {
        this.suite = suite;
        this.engine = engine;
        this.keyMaterial = keyMaterial;
    }

    Suite suite() {
        return suite;
    }

    /**
     * Seals with the nonce {@code prefix || counter || flag}: flag 0x01 for a record, 0x00 for a
     * record that binds its key ({@code keyBound}, FORMAT.md §7.3), so the two kinds never share a nonce.
     */
    int seal(long counter, boolean keyBound, byte[] in, int inOff, int len, byte[] out, int outOff) {
        SuiteCipher c = borrow();
        try {
            return c.seal(counter, !keyBound, in, inOff, len, out, outOff);
        } finally {
            giveBack(c);
        }
    }

    int open(long counter, boolean keyBound, byte[] in, int inOff, int len, byte[] out, int outOff)
            throws AEADBadTagException {
        SuiteCipher c = borrow();
        try {
            return c.open(counter, !keyBound, in, inOff, len, out, outOff);
        } finally {
            giveBack(c);
        }
    }

    private SuiteCipher borrow() {
        for (int i = 0; i < SLOTS; i++) {
            if (idle.get(i) != null) {
                SuiteCipher c = idle.getAndSet(i, null);
                if (c != null) {
                    return c;
                }
            }
        }
        synchronized (this) {
            if (destroyed) {
                throw new IllegalStateException("record key destroyed");
            }
            return SuiteCipher.create(suite, keyMaterial, engine);
        }
    }

    private void giveBack(SuiteCipher c) {
        if (destroyed) {
            c.destroy();
            return;
        }
        for (int i = 0; i < SLOTS; i++) {
            if (idle.get(i) == null && idle.compareAndSet(i, null, c)) {
                if (destroyed) {
                    drain(); // destroy() may have drained before this slot was filled
                }
                return;
            }
        }
        c.destroy();
    }

    void destroy() {
        synchronized (this) {
            destroyed = true;
            Bytes.wipe(keyMaterial);
        }
        drain();
    }

    private void drain() {
        for (int i = 0; i < SLOTS; i++) {
            SuiteCipher c = idle.getAndSet(i, null);
            if (c != null) {
                c.destroy();
            }
        }
    }
}
