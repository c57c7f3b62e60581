package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.format.StreamSuite;
import io.gmflux.codecs.format.SuiteCipher;
import io.gmflux.codecs.sm3.HkdfSm3;
import io.gmflux.codecs.sm3.Sm3;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One data-encryption key in use: its id, the DEK itself, the {@code gmflux.dek} header it travels
 * with, and the record keys derived from it per topic (FORMAT.md §7):
 *
 * <pre>
 *   record = HKDF-SM3(salt = dek_id, ikm = dek,
 *                     info = "gmflux/kafka/v1 record" || SM3(dek_header) || topic (UTF-8), Lk + 7)
 * </pre>
 *
 * <p>Thread-safe. Users {@link #acquire()} it around each use and {@link #release()} after; once
 * {@link #retire() retired}, the DEK and every record key are zeroed when the last user releases.
 */
final class DekKeys {

    static final int DEK_LENGTH = 32;
    static final int DEK_ID_LENGTH = 16;

    private static final byte[] RECORD = "gmflux/kafka/v1 record".getBytes(StandardCharsets.US_ASCII);

    private final byte[] dekId;
    private final byte[] dek;
    private final StreamSuite suite;
    private final byte[] header;
    private final byte[] headerDigest;
    private final long createdNanos;
    private final ConcurrentHashMap<String, RecordKey> byTopic = new ConcurrentHashMap<>();
    /** Number of users; -1 once destroyed. */
    private final AtomicInteger users = new AtomicInteger();
    private volatile boolean retired;

    /** Takes ownership of {@code dek}. */
    DekKeys(byte[] dekId, byte[] dek, StreamSuite suite, byte[] header, long createdNanos) {
        this.dekId = dekId.clone();
        this.dek = dek;
        this.suite = suite;
        this.header = header.clone();
        this.headerDigest = Sm3.hash(header);
        this.createdNanos = createdNanos;
    }

    byte[] dekIdRef() {
        return dekId;
    }

    byte[] headerRef() {
        return header;
    }

    StreamSuite suite() {
        return suite;
    }

    long createdNanos() {
        return createdNanos;
    }

    /** Whether {@code otherHeader} is byte for byte the header this DEK was unwrapped from. */
    boolean sameHeader(byte[] otherHeader) {
        return java.util.Arrays.equals(header, otherHeader);
    }

    /** The record key for {@code topic}; the caller holds a use ({@link #acquire()}). */
    RecordKey recordKey(String topic) {
        RecordKey k = byTopic.get(topic);
        return k != null ? k : byTopic.computeIfAbsent(topic, this::derive);
    }

    private RecordKey derive(String topic) {
        byte[] t = topic.getBytes(StandardCharsets.UTF_8);
        byte[] info = new byte[RECORD.length + headerDigest.length + t.length];
        System.arraycopy(RECORD, 0, info, 0, RECORD.length);
        System.arraycopy(headerDigest, 0, info, RECORD.length, headerDigest.length);
        System.arraycopy(t, 0, info, RECORD.length + headerDigest.length, t.length);
        return new RecordKey(suite, HkdfSm3.derive(dekId, dek, info, suite.keyLength() + SuiteCipher.NONCE_PREFIX_LENGTH));
    }

    /** Takes a use; false if the keys are already destroyed. */
    boolean acquire() {
        while (true) {
            int u = users.get();
            if (u < 0) {
                return false;
            }
            if (users.compareAndSet(u, u + 1)) {
                return true;
            }
        }
    }

    void release() {
        if (users.decrementAndGet() == 0 && retired) {
            destroyIfUnused();
        }
    }

    /** No new use will be wanted: zero the keys as soon as nobody holds a use. */
    void retire() {
        retired = true;
        destroyIfUnused();
    }

    private void destroyIfUnused() {
        if (users.compareAndSet(0, -1)) {
            Bytes.wipe(dek);
            byTopic.values().forEach(RecordKey::destroy);
            byTopic.clear();
        }
    }
}
