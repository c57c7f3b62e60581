package io.gmflux.codecs.sm2;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A small least-recently-used cache of {@link Sm2PreparedPublicKey}s, for repeated encryption to the
 * same recipients (key wrapping for a few hundred Kafka consumers, say). Opt-in: give it to
 * {@link Sm2Cipher#Sm2Cipher(java.security.SecureRandom, Sm2PreparedKeyCache)} or
 * {@link Sm2Kem#Sm2Kem(java.security.SecureRandom, Sm2PreparedKeyCache)} and plain public keys are
 * prepared on their second use and then served from here.
 *
 * <p>Why the second use: preparing costs about as much as six or seven encryptions and each
 * prepared key holds 52 KiB, so a key seen once (the common case for most recipients) is not worth
 * a table. The cache remembers up to {@code maxEntries} keys it has seen once and holds tables
 * for at most {@code maxEntries} keys; both sets evict the least recently used.
 *
 * <p>Thread-safe: one cache may serve many ciphers on many threads. A table is built outside the
 * lock, so two threads meeting a new key at the same moment may both build it (one is kept). Tables
 * hold public data only.
 */
public final class Sm2PreparedKeyCache {

    private static final Object SEEN = new Object();

    private final int maxEntries;
    private final LinkedHashMap<Sm2PublicKey, Object> entries;
    private long hits;
    private long misses;

    /**
     * A cache holding at most {@code maxEntries} prepared keys (at most {@code 52 KiB * maxEntries}).
     *
     * @throws IllegalArgumentException if {@code maxEntries < 1}
     */
    public Sm2PreparedKeyCache(int maxEntries) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be >= 1, got " + maxEntries);
        }
        this.maxEntries = maxEntries;
        this.entries = new LinkedHashMap<>(16, 0.75f, true);
    }

    /**
     * The prepared form of {@code key}, from the cache or freshly built, or null when this is the
     * first time the cache sees the key (use the plain key then).
     */
    Sm2PreparedPublicKey lookup(Sm2PublicKey key) {
        Objects.requireNonNull(key, "key");
        synchronized (entries) {
            Object v = entries.get(key);
            if (v instanceof Sm2PreparedPublicKey) {
                hits++;
                return (Sm2PreparedPublicKey) v;
            }
            misses++;
            if (v == null) {
                entries.put(key, SEEN);
                evict();
                return null;
            }
        }
        Sm2PreparedPublicKey prepared = Sm2PreparedPublicKey.of(key); // outside the lock
        synchronized (entries) {
            entries.put(key, prepared);
            evict();
        }
        return prepared;
    }

    /** The prepared form of {@code key}: cached, or built now and cached (whatever its history). */
    public Sm2PreparedPublicKey get(Sm2PublicKey key) {
        Objects.requireNonNull(key, "key");
        synchronized (entries) {
            Object v = entries.get(key);
            if (v instanceof Sm2PreparedPublicKey) {
                hits++;
                return (Sm2PreparedPublicKey) v;
            }
            misses++;
        }
        Sm2PreparedPublicKey prepared = Sm2PreparedPublicKey.of(key);
        synchronized (entries) {
            entries.put(key, prepared);
            evict();
        }
        return prepared;
    }

    /** Drops the least recently used entries beyond the bounds (caller holds the lock). */
    private void evict() {
        int tables = 0;
        int seen = 0;
        for (Object v : entries.values()) {
            if (v == SEEN) {
                seen++;
            } else {
                tables++;
            }
        }
        var it = entries.entrySet().iterator();
        while ((tables > maxEntries || seen > maxEntries) && it.hasNext()) {
            Map.Entry<Sm2PublicKey, Object> e = it.next();
            if (e.getValue() == SEEN && seen > maxEntries) {
                it.remove();
                seen--;
            } else if (e.getValue() != SEEN && tables > maxEntries) {
                it.remove();
                tables--;
            }
        }
    }

    /** The number of prepared keys held now. */
    public int preparedCount() {
        synchronized (entries) {
            int n = 0;
            for (Object v : entries.values()) {
                if (v != SEEN) {
                    n++;
                }
            }
            return n;
        }
    }

    /** Lookups answered with a prepared key so far. */
    public long hits() {
        synchronized (entries) {
            return hits;
        }
    }

    /** Lookups that found no prepared key so far. */
    public long misses() {
        synchronized (entries) {
            return misses;
        }
    }

    /** Drops every entry. */
    public void clear() {
        synchronized (entries) {
            entries.clear();
        }
    }
}
