package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.StreamException;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The deserializer's unwrapped DEKs, by DEK id: one KEM decapsulation per DEK, not per record.
 * Least recently used entries go first when the cache is full; an entry older than its TTL is
 * unwrapped again (so a key removed from the configuration stops working within the TTL).
 *
 * <p>An entry remembers the exact {@code gmflux.dek} header it was unwrapped from. A record whose
 * header differs (edited, or a stanza swapped in) is unwrapped afresh and, since the header's
 * digest is part of its record key, fails authentication unless the header is genuine.
 *
 * <p>Thread-safe: lookups and inserts take a short lock; unwrapping runs outside it.
 */
final class DekCache {

    private record DekId(byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof DekId d && Arrays.equals(bytes, d.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }
    }

    private final List<Identity> identities;
    private final int maxEntries;
    private final long ttlNanos;
    private final LongSupplier nanoClock;
    private final LinkedHashMap<DekId, DekKeys> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long unwraps;
    /** The entry the last lookup found: consecutive records nearly always share their DEK. */
    private volatile DekKeys last;

    DekCache(List<Identity> identities, int maxEntries, long ttlMillis, LongSupplier nanoClock) {
        this.identities = List.copyOf(identities);
        this.maxEntries = maxEntries;
        this.ttlNanos = Math.multiplyExact(ttlMillis, 1_000_000L);
        this.nanoClock = nanoClock;
    }

    /**
     * The keys of the DEK {@code dekId} wrapped in {@code header}, acquired for the caller (who
     * must {@link DekKeys#release()} them).
     *
     * @throws StreamException.NoMatchingRecipient no configured private key opens the DEK; the
     *     message names the key ids the DEK is wrapped for
     * @throws StreamException.Malformed the header is not a gmflux.dek header
     */
    DekKeys acquire(byte[] value, int dekIdOff, byte[] header) throws GeneralSecurityException, StreamException {
        // Fast path, without a lock or an allocation: the same DEK and header as the last record.
        DekKeys hit = last;
        if (hit != null && Arrays.equals(hit.dekIdRef(), 0, DekKeys.DEK_ID_LENGTH, value, dekIdOff,
                dekIdOff + DekKeys.DEK_ID_LENGTH) && hit.sameHeader(header)
                && nanoClock.getAsLong() - hit.createdNanos() < ttlNanos && hit.acquire()) {
            return hit;
        }
        byte[] dekId = Arrays.copyOfRange(value, dekIdOff, dekIdOff + DekKeys.DEK_ID_LENGTH);
        DekId id = new DekId(dekId);
        synchronized (this) {
            DekKeys k = entries.get(id);
            if (k != null) {
                if (nanoClock.getAsLong() - k.createdNanos() >= ttlNanos) {
                    entries.remove(id);
                    k.retire();
                    last = null;
                } else if (k.sameHeader(header) && k.acquire()) {
                    last = k;
                    return k;
                }
            }
        }
        DekKeys fresh = unwrap(dekId, header);
        fresh.acquire();
        synchronized (this) {
            unwraps++;
            // The first header seen for an id is cached; a later, different one (a forgery, which
            // fails authentication) is used once and must not evict the genuine entry.
            if (entries.get(id) == null) {
                entries.put(id, fresh);
                last = fresh;
                evict();
            } else {
                fresh.retire();
            }
        }
        return fresh;
    }

    private void evict() {
        Iterator<Map.Entry<DekId, DekKeys>> it = entries.entrySet().iterator();
        while (entries.size() > maxEntries && it.hasNext()) {
            DekKeys k = it.next().getValue();
            it.remove();
            k.retire();
            if (last == k) {
                last = null;
            }
        }
    }

    private DekKeys unwrap(byte[] dekId, byte[] headerBytes) throws GeneralSecurityException, StreamException {
        DekHeader header = DekHeader.parse(headerBytes);
        for (RecipientStanza s : header.stanzas()) {
            for (Identity identity : identities) {
                byte[] dek = identity.unwrap(s, dekId);
                if (dek != null) {
                    if (dek.length != DekKeys.DEK_LENGTH) {
                        Bytes.wipe(dek);
                        throw new StreamException.Malformed("unwrapped DEK of " + dek.length + " bytes");
                    }
                    return new DekKeys(dekId, dek, header.suite(), headerBytes, nanoClock.getAsLong());
                }
            }
        }
        throw new StreamException.NoMatchingRecipient("no configured private key (" + identities.size()
                + " in " + GmfluxConfig.PRIVATE_KEYS + ") opens DEK " + Hex.encode(dekId)
                + "; it is wrapped for key id(s) " + header.describeRecipients() + " (or the record was altered)");
    }

    /** How many DEKs were unwrapped (KEM decapsulations that succeeded), for tests and metrics. */
    synchronized long unwraps() {
        return unwraps;
    }

    synchronized void close() {
        last = null;
        entries.values().forEach(DekKeys::retire);
        entries.clear();
    }
}
