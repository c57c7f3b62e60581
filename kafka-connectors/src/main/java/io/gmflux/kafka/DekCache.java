package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.KeyServiceIdentity;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.keyservice.KeyServiceException;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.codecs.sm4.EngineChoice;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The deserializer's verified DEK headers (FORMAT.md §7.4): one KEM decapsulation per DEK and
 * topic, not per record, and bounded work for a hostile header.
 *
 * <ul>
 *   <li>Entries are keyed by the topic and the whole header, and inserted only after the header
 *       verified (limits, suite, producer signature when required, unwrap, DEK commitment): a
 *       forged header that copies a genuine DEK id is another key and cannot evict or replace the
 *       genuine entry.</li>
 *   <li>A refused header is remembered by {@code SM3(topic, header)} in a bounded negative cache,
 *       so repeating it costs a digest, not public-key work.</li>
 *   <li>Before any public-key work: the header size and stanza limits, one stanza per key id, the
 *       suite allowlist and (with trusted producers) the signature. Each configured private key
 *       then decapsulates at most one stanza (the one with its type and key id).</li>
 * </ul>
 * Least recently used entries go first when the cache is full; an entry older than its TTL is
 * verified again (so a key removed from the configuration stops working within the TTL).
 *
 * <p>Thread-safe: lookups and inserts take a short lock; verification runs outside it.
 */
final class DekCache {

    /** A verified header of a topic, with its keys. */
    static final class Entry {
        final String topic;
        final byte[] header;
        final DekKeys keys;
        final RecordKey recordKey;

        private Entry(String topic, byte[] header, DekKeys keys) {
            this.topic = topic;
            this.header = header;
            this.keys = keys;
            this.recordKey = keys.forTopic(topic).key();
        }

        boolean matches(String otherTopic, byte[] otherHeader) {
            return topic.equals(otherTopic) && Arrays.equals(header, otherHeader);
        }
    }

    private record Key(String topic, byte[] header) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && topic.equals(k.topic) && Arrays.equals(header, k.header);
        }

        @Override
        public int hashCode() {
            return topic.hashCode() * 31 + Arrays.hashCode(header);
        }
    }

    private record Digest(byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Digest d && Arrays.equals(bytes, d.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }
    }

    private record Refusal(RecordRejectedException.Reason reason, String message) {
    }

    /** The limits and trust a cache enforces, and the SM4 engine its record keys run on. */
    record Policy(int maxStanzas, int maxHeaderBytes, Set<Suite> suites, ProducerSignature.Trusted trusted,
            EngineChoice engine) {
    }

    /** Key-service stanzas handed to each identity per header, as a stream reader does (FORMAT.md §5). */
    static final int MAX_KEY_SERVICE_STANZAS = 4;

    private final List<Identity> identities;
    private final Policy policy;
    private final int maxEntries;
    private final int maxFailed;
    private final long ttlNanos;
    private final LongSupplier nanoClock;
    private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private final LinkedHashMap<Digest, Refusal> failed = new LinkedHashMap<>(16, 0.75f, true);
    private final AtomicLong unwraps = new AtomicLong();
    private final AtomicLong stanzaTrials = new AtomicLong();
    /** The entry the last lookup found: consecutive records nearly always share their DEK. */
    private volatile Entry last;

    DekCache(List<Identity> identities, Policy policy, int maxEntries, int maxFailed, long ttlMillis,
            LongSupplier nanoClock) {
        this.identities = List.copyOf(identities);
        this.policy = policy;
        this.maxEntries = maxEntries;
        this.maxFailed = maxFailed;
        this.ttlNanos = Math.multiplyExact(ttlMillis, 1_000_000L);
        this.nanoClock = nanoClock;
    }

    /**
     * The verified entry of {@code header} on {@code topic}, its keys acquired for the caller (who
     * must {@link DekKeys#release()} them).
     *
     * @throws RecordRejectedException the header is refused; its reason and a message naming the
     *     topic and the DEK id
     */
    Entry acquire(String topic, byte[] header) {
        // Fast path, without a lock or an allocation: the same topic and header as the last record.
        Entry hit = last;
        if (hit != null && hit.matches(topic, header) && fresh(hit) && hit.keys.acquire()) {
            return hit;
        }
        Key key = new Key(topic, header);
        synchronized (this) {
            Entry e = entries.get(key);
            if (e != null) {
                if (!fresh(e)) {
                    entries.remove(key);
                    e.keys.retire();
                    last = null;
                } else if (e.keys.acquire()) {
                    last = e;
                    return e;
                }
            }
        }
        if (header.length > policy.maxHeaderBytes()) {
            throw refusal(RecordRejectedException.Reason.MALFORMED_HEADER, topic, header, DekHeader.NAME + " header of "
                    + header.length + " bytes exceeds " + GmfluxConfig.MAX_HEADER_BYTES + "=" + policy.maxHeaderBytes());
        }
        Digest digest = new Digest(failedKey(topic, header));
        Refusal before;
        synchronized (this) {
            before = failed.get(digest);
        }
        if (before != null) {
            throw new RecordRejectedException(before.reason(), before.message() + " (header refused before)");
        }
        Entry fresh;
        try {
            fresh = new Entry(topic, header.clone(), verify(topic, header));
        } catch (RecordRejectedException e) {
            if (!transientRefusal(e)) {
                synchronized (this) {
                    failed.put(digest, new Refusal(e.reason(), e.getMessage()));
                    trim(failed, maxFailed);
                }
            }
            throw e;
        }
        fresh.keys.acquire();
        synchronized (this) {
            unwraps.incrementAndGet();
            if (entries.get(key) == null) {
                entries.put(key, fresh);
                last = fresh;
                evict();
            } else {
                fresh.keys.retire(); // another thread verified the same header meanwhile
            }
        }
        return fresh;
    }

    private boolean fresh(Entry e) {
        return nanoClock.getAsLong() - e.keys.createdNanos() < ttlNanos;
    }

    private static byte[] failedKey(String topic, byte[] header) {
        byte[] t = topic.getBytes(StandardCharsets.UTF_8);
        Sm3 d = new Sm3();
        d.update(new byte[] {(byte) (t.length >>> 24), (byte) (t.length >>> 16), (byte) (t.length >>> 8),
            (byte) t.length});
        d.update(t);
        d.update(header);
        return d.digest();
    }

    /** Verifies {@code header} for {@code topic} (FORMAT.md §7.4 steps 6-8) and returns its DEK's keys. */
    private DekKeys verify(String topic, byte[] headerBytes) {
        DekHeader header;
        try {
            header = DekHeader.parse(headerBytes, policy.maxStanzas());
        } catch (StreamException.Malformed e) {
            throw refusal(RecordRejectedException.Reason.MALFORMED_HEADER, topic, headerBytes, e.getMessage());
        }
        if (!policy.suites().contains(header.suite())) {
            throw refusal(RecordRejectedException.Reason.SUITE_NOT_ALLOWED, topic, headerBytes, "suite "
                    + header.suite().label() + " is not in " + GmfluxConfig.SUITES + " " + policy.suites().stream()
                    .map(Suite::label).toList());
        }
        if (!policy.trusted().isEmpty()) {
            policy.trusted().check(header, topic);
        }
        List<RecipientStanza> stanzas;
        try {
            stanzas = header.expandStanzas(); // after the signature check: no point work for untrusted headers
        } catch (StreamException.Malformed e) {
            throw refusal(RecordRejectedException.Reason.MALFORMED_HEADER, topic, headerBytes, e.getMessage());
        }
        byte[] dek = unwrap(topic, header, stanzas);
        byte[] commitment = DekKeys.commitment(header.dekIdRef(), dek, headerBytes, header.commitmentOffset());
        if (!Bytes.constantTimeEquals(commitment, 0, headerBytes, header.commitmentOffset(), commitment.length)) {
            Bytes.wipe(dek);
            throw refusal(RecordRejectedException.Reason.DEK_COMMITMENT_MISMATCH, topic, headerBytes, "the DEK unwrapped"
                    + " with this consumer's key is not the one the header commits to: the header wraps different"
                    + " DEKs for different recipients");
        }
        byte[] kept = headerBytes.clone();
        return new DekKeys(header.dekIdRef(), dek, header.suite(), policy.engine(), nanoClock.getAsLong(),
                t -> kept);
    }

    /**
     * A key service that is down or a key that is disabled may answer later: such a refusal is not
     * remembered. A key the service does not know is.
     */
    private static boolean transientRefusal(RecordRejectedException e) {
        return e.getCause() instanceof KeyServiceException k
                && k.reason() != KeyServiceException.Reason.KEY_NOT_FOUND;
    }

    private byte[] unwrap(String topic, DekHeader header, List<RecipientStanza> stanzas) {
        KeyServiceException serviceFailure = null;
        for (Identity identity : identities) {
            int serviceStanzas = 0;
            for (RecipientStanza s : stanzas) {
                if (s.type() == RecipientStanza.TYPE_KEY_SERVICE && ++serviceStanzas > MAX_KEY_SERVICE_STANZAS) {
                    continue; // each may be a call to a remote service: a header cannot demand more
                }
                stanzaTrials.incrementAndGet();
                byte[] dek;
                try {
                    dek = identity.unwrap(s, header.dekIdRef());
                } catch (KeyServiceException e) {
                    serviceFailure = serviceFailure == null ? e : serviceFailure;
                    continue; // another stanza or key may still open it; reported if none does
                } catch (GeneralSecurityException e) {
                    throw refusal(RecordRejectedException.Reason.MALFORMED_HEADER, topic, header.bytesRef(),
                            "stanza " + RecipientStanza.typeName(s.type()) + ": " + e.getMessage());
                }
                if (dek != null) {
                    if (dek.length != DekKeys.DEK_LENGTH) {
                        Bytes.wipe(dek);
                        throw refusal(RecordRejectedException.Reason.MALFORMED_HEADER, topic, header.bytesRef(),
                                "unwrapped DEK of " + dek.length + " bytes");
                    }
                    return dek;
                }
            }
        }
        if (serviceFailure != null) {
            throw refusal(RecordRejectedException.Reason.KEY_SERVICE_FAILED, topic, header.bytesRef(),
                    serviceFailure.getMessage(), serviceFailure);
        }
        List<String> services = identities.stream().filter(KeyServiceIdentity.class::isInstance)
                .map(i -> ((KeyServiceIdentity) i).serviceType()).toList();
        throw refusal(RecordRejectedException.Reason.NO_MATCHING_KEY, topic, header.bytesRef(), "no configured private"
                + " key (" + (identities.size() - services.size()) + " in " + GmfluxConfig.PRIVATE_KEYS
                + (services.isEmpty() ? "" : ", and key service " + String.join(", ", services)) + ") opens it;"
                + " it is wrapped for key id(s) " + header.describeRecipients() + " (or the header was altered)");
    }

    private static RecordRejectedException refusal(RecordRejectedException.Reason reason, String topic, byte[] header,
            String what) {
        return refusal(reason, topic, header, what, null);
    }

    private static RecordRejectedException refusal(RecordRejectedException.Reason reason, String topic, byte[] header,
            String what, Throwable cause) {
        String dekId = header.length >= DekHeader.DEK_ID_OFFSET + DekKeys.DEK_ID_LENGTH
                ? Hex.encode(header, DekHeader.DEK_ID_OFFSET, DekKeys.DEK_ID_LENGTH) : "(none)";
        return new RecordRejectedException(reason, "topic " + topic + ": cannot open the record's DEK " + dekId + ": "
                + what, cause);
    }

    private void evict() {
        Iterator<Map.Entry<Key, Entry>> it = entries.entrySet().iterator();
        while (entries.size() > maxEntries && it.hasNext()) {
            Entry e = it.next().getValue();
            it.remove();
            e.keys.retire();
            if (last == e) {
                last = null;
            }
        }
    }

    private static void trim(LinkedHashMap<?, ?> map, int max) {
        Iterator<?> it = map.keySet().iterator();
        while (map.size() > max && it.hasNext()) {
            it.next();
            it.remove();
        }
    }

    /** How many DEK headers verified (one KEM decapsulation each), for tests and metrics. */
    long unwraps() {
        return unwraps.get();
    }

    /**
     * How many (private key, stanza) pairs were handed to {@link Identity#unwrap}: an upper bound
     * on KEM decapsulations, each pair costing at most one. For tests.
     */
    long stanzaTrials() {
        return stanzaTrials.get();
    }

    synchronized void close() {
        last = null;
        entries.values().forEach(e -> e.keys.retire());
        entries.clear();
        failed.clear();
    }
}
