package io.gmflux.pipeline.tunnel;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.format.SuiteCipher;
import io.gmflux.codecs.sm4.EngineChoice;

/**
 * One direction's record keys (codecs/PROXY.md §6-§7): the current epoch's chunk cipher, the
 * sequence number within the epoch, and the secret from which the next epoch is derived. Moving to
 * the next epoch after 2^rekeyLog2 records wipes the old secret and key.
 *
 * <p>Not thread-safe: owned by one handler on one event loop.
 */
final class TrafficKeys {

    private final Suite suite;
    private final EngineChoice engine;
    private final int epochRecords;
    private byte[] secret;
    private SuiteCipher cipher;
    private int seq;
    private long records;
    private int epoch;

    /** Takes ownership of {@code secret0} (wiped when the epoch changes or on {@link #destroy()}). */
    TrafficKeys(Suite suite, EngineChoice engine, byte[] secret0, int rekeyLog2) {
        this.suite = suite;
        this.engine = engine;
        this.epochRecords = 1 << rekeyLog2;
        this.secret = secret0;
        this.cipher = newCipher(secret0);
    }

    /** The epoch's cipher: key_e || prefix_e (PROXY.md §6) is a suite cipher's key material. */
    private SuiteCipher newCipher(byte[] s) {
        byte[] key = TunnelKeySchedule.recordKey(s, suite.id(), suite.keyLength());
        byte[] prefix = TunnelKeySchedule.expand(s, TunnelKeySchedule.IV, SuiteCipher.NONCE_PREFIX_LENGTH);
        byte[] keyMaterial = new byte[key.length + prefix.length];
        System.arraycopy(key, 0, keyMaterial, 0, key.length);
        System.arraycopy(prefix, 0, keyMaterial, key.length, prefix.length);
        try {
            return SuiteCipher.create(suite, keyMaterial, engine);
        } finally {
            TunnelKeySchedule.wipe(key, prefix, keyMaterial);
        }
    }

    SuiteCipher cipher() {
        return cipher;
    }

    /** The nonce sequence number of the next record within this epoch. */
    int seq() {
        return seq;
    }

    /** Records sealed or opened so far in this direction, across epochs. */
    long records() {
        return records;
    }

    int epoch() {
        return epoch;
    }

    int tagLength() {
        return suite.tagLength();
    }

    /** Counts one record; after the epoch's last one derives the next epoch (PROXY.md §7). */
    void advance() {
        records++;
        if (++seq == epochRecords) {
            byte[] next = TunnelKeySchedule.expand(secret, TunnelKeySchedule.KEY_UPDATE, 32);
            TunnelKeySchedule.wipe(secret);
            cipher.destroy();
            secret = next;
            cipher = newCipher(next);
            seq = 0;
            epoch++;
        }
    }

    void destroy() {
        TunnelKeySchedule.wipe(secret);
        cipher.destroy();
    }
}
