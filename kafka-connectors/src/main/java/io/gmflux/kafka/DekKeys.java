package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.format.SuiteCipher;
import io.gmflux.codecs.sm3.HkdfSm3;
import io.gmflux.codecs.sm3.HmacSm3;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.codecs.sm4.EngineChoice;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * One data-encryption key in use: its id, the DEK itself, and per topic the {@code gmflux.dek}
 * header it travels with and the record key derived from it (FORMAT.md §7.2):
 *
 * <pre>
 *   commit_key = HKDF-SM3(salt = dek_id, ikm = dek, info = "gmflux/kafka/v2 commit", 32)
 *   commitment = HMAC-SM3(commit_key, header[0, c))
 *   record     = HKDF-SM3(salt = dek_id, ikm = dek,
 *                         info = "gmflux/kafka/v2 record" || SM3(header) || topic (UTF-8), Lk + 7)
 * </pre>
 *
 * <p>Thread-safe. Users {@link #acquire()} it around each use and {@link #release()} after; once
 * {@link #retire() retired}, the DEK and every record key are zeroed when the last user releases.
 */
final class DekKeys {

    static final int DEK_LENGTH = 32;
    static final int DEK_ID_LENGTH = 16;

    private static final byte[] RECORD = "gmflux/kafka/v2 record".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] COMMIT = "gmflux/kafka/v2 commit".getBytes(StandardCharsets.US_ASCII);

    /** The header a record of one topic carries under this DEK, and the record key it gives. */
    record TopicKey(byte[] header, RecordKey key) {
    }

    private final byte[] dekId;
    private final byte[] dek;
    private final Suite suite;
    private final EngineChoice engine;
    private final long createdNanos;
    private final Function<String, byte[]> headerForTopic;
    private final ConcurrentHashMap<String, TopicKey> byTopic = new ConcurrentHashMap<>();
    /** Number of users; -1 once destroyed. */
    private final AtomicInteger users = new AtomicInteger();
    private volatile boolean retired;

    /**
     * Takes ownership of {@code dek}. {@code headerForTopic} gives the header records of a topic
     * carry (the producer's, signed per topic when it signs; the one a consumer verified). The
     * record keys run SM4 on {@code engine}.
     */
    DekKeys(byte[] dekId, byte[] dek, Suite suite, EngineChoice engine, long createdNanos,
            Function<String, byte[]> headerForTopic) {
        this.dekId = dekId.clone();
        this.dek = dek;
        this.suite = suite;
        this.engine = engine;
        this.createdNanos = createdNanos;
        this.headerForTopic = headerForTopic;
    }

    /**
     * The DEK commitment over {@code committed[0, len)} (FORMAT.md §7.2). A DEK other than the one
     * committed to gives another value unless HMAC-SM3 collides. Thread-safe.
     */
    static byte[] commitment(byte[] dekId, byte[] dek, byte[] committed, int len) {
        byte[] commitKey = HkdfSm3.derive(dekId, dek, COMMIT, HmacSm3.MAC_LENGTH);
        HmacSm3 mac = new HmacSm3(commitKey);
        try {
            mac.update(committed, 0, len);
            return mac.doFinal();
        } finally {
            mac.destroy();
            Bytes.wipe(commitKey);
        }
    }

    byte[] dekIdRef() {
        return dekId;
    }

    Suite suite() {
        return suite;
    }

    long createdNanos() {
        return createdNanos;
    }

    /** The header and record key for {@code topic}; the caller holds a use ({@link #acquire()}). */
    TopicKey forTopic(String topic) {
        TopicKey k = byTopic.get(topic);
        return k != null ? k : byTopic.computeIfAbsent(topic, this::derive);
    }

    private TopicKey derive(String topic) {
        byte[] header = headerForTopic.apply(topic);
        byte[] digest = Sm3.hash(header);
        byte[] t = topic.getBytes(StandardCharsets.UTF_8);
        byte[] info = new byte[RECORD.length + digest.length + t.length];
        System.arraycopy(RECORD, 0, info, 0, RECORD.length);
        System.arraycopy(digest, 0, info, RECORD.length, digest.length);
        System.arraycopy(t, 0, info, RECORD.length + digest.length, t.length);
        return new TopicKey(header, new RecordKey(suite, engine,
                HkdfSm3.derive(dekId, dek, info, suite.keyLength() + SuiteCipher.NONCE_PREFIX_LENGTH)));
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
            byTopic.values().forEach(k -> k.key().destroy());
            byTopic.clear();
        }
    }
}
