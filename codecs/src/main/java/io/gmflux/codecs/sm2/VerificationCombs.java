package io.gmflux.codecs.sm2;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The process-wide, bounded, least-recently-used store of the width-8 combs
 * ({@link PublicMultiplier#keyTable}) of public keys that verifiers have proven to reuse, so that
 * a new verifier of such a key (a new JCA {@code Signature}, say) starts from the comb at once.
 * A key also proves reused when {@value #NEW_VERIFIERS} verifiers of it have been made (each built
 * a 15 KiB table, together about the cost of the comb). At most {@link #MAX_KEYS} combs of 264 KiB
 * each (4.1 MiB), and the verifier counts of at most {@value #MAX_COUNTED} keys; public data only.
 *
 * <p>Thread-safe. A comb is built outside the lock, so two threads meeting a key at the same moment
 * may both build it (one is kept).
 */
final class VerificationCombs {

    /** Combs kept at most. */
    static final int MAX_KEYS = 16;

    /** New verifiers of one key after which its comb is built. */
    static final int NEW_VERIFIERS = 16;
    /** Keys whose new verifiers are counted at most. */
    static final int MAX_COUNTED = 256;

    private static final Map<Sm2PublicKey, int[]> COUNTS = new LinkedHashMap<>(32, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Sm2PublicKey, int[]> eldest) {
            return size() > MAX_COUNTED;
        }
    };

    private static final Map<Sm2PublicKey, long[]> COMBS = new LinkedHashMap<>(32, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Sm2PublicKey, long[]> eldest) {
            return size() > MAX_KEYS;
        }
    };

    private VerificationCombs() {
    }

    /** The comb of {@code key} if one is held, else null. */
    static long[] peek(Sm2PublicKey key) {
        synchronized (COMBS) {
            return COMBS.get(key);
        }
    }

    /**
     * For a new verifier of {@code key}: the comb if one is held, built now if this is the key's
     * {@value #NEW_VERIFIERS}th new verifier, else null.
     */
    static long[] forNewVerifier(Sm2PublicKey key) {
        long[] comb = peek(key);
        if (comb != null) {
            return comb;
        }
        synchronized (COUNTS) {
            int[] count = COUNTS.computeIfAbsent(key, k -> new int[1]);
            if (++count[0] < NEW_VERIFIERS) {
                return null;
            }
            COUNTS.remove(key);
        }
        return get(key);
    }

    /** The comb of {@code key}: held, or built now and kept. */
    static long[] get(Sm2PublicKey key) {
        long[] comb = peek(key);
        if (comb != null) {
            return comb;
        }
        comb = PublicMultiplier.keyTable(key.x, key.y); // outside the lock
        synchronized (COMBS) {
            long[] raced = COMBS.putIfAbsent(key, comb);
            return raced != null ? raced : comb;
        }
    }

    /** The number of combs held (for tests). */
    static int size() {
        synchronized (COMBS) {
            return COMBS.size();
        }
    }
}
