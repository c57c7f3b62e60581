package io.gmflux.kafka;

import io.gmflux.codecs.format.Recipient;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm4.EngineChoice;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The serializer's current DEK and its rotation: a fresh random DEK and DEK id, wrapped once to
 * every recipient (and, with a producer key, its header signed once per topic), replaced after N records, N plaintext bytes or T milliseconds, whichever comes
 * first. Each record takes the next value of the DEK's 32-bit counter, so no (key, nonce) pair
 * repeats.
 *
 * <p>Thread-safe: serializing threads share the current DEK without a lock; only rotation
 * synchronizes.
 */
final class DekIssuer {

    /** A DEK reserved for one record: the caller seals with it, then calls {@link #release()}. */
    static final class Lease {
        final DekKeys keys;
        final long counter;

        Lease(DekKeys keys, long counter) {
            this.keys = keys;
            this.counter = counter;
        }

        void release() {
            keys.release();
        }
    }

    private final class Active {
        final DekKeys keys;
        final AtomicLong records = new AtomicLong();
        final AtomicLong bytes = new AtomicLong();

        Active(DekKeys keys) {
            this.keys = keys;
        }
    }

    private final List<Recipient> recipients;
    private final Suite suite;
    private final EngineChoice engine;
    private final ProducerSignature.Signer signer;
    private final long maxRecords;
    private final long maxBytes;
    private final long maxAgeNanos;
    private final SecureRandom random;
    private final LongSupplier nanoClock;
    private final AtomicLong rotations = new AtomicLong();
    private volatile Active active;
    private volatile boolean closed;

    /** {@code signer} null: headers are not signed. */
    DekIssuer(List<Recipient> recipients, Suite suite, EngineChoice engine, ProducerSignature.Signer signer,
            long maxRecords, long maxBytes, long maxAgeMillis, SecureRandom random, LongSupplier nanoClock) {
        if (recipients.isEmpty() || recipients.size() > DekHeader.MAX_STANZAS) {
            throw new IllegalArgumentException("a DEK needs 1.." + DekHeader.MAX_STANZAS + " recipients, got "
                    + recipients.size());
        }
        this.recipients = List.copyOf(recipients);
        this.suite = suite;
        this.engine = engine;
        this.signer = signer;
        this.maxRecords = maxRecords;
        this.maxBytes = maxBytes;
        this.maxAgeNanos = Math.multiplyExact(maxAgeMillis, 1_000_000L);
        this.random = random;
        this.nanoClock = nanoClock;
    }

    /** Reserves the next counter value of a DEK that may still seal {@code plaintextLength} bytes. */
    Lease lease(int plaintextLength) throws GeneralSecurityException {
        while (true) {
            Active a = active;
            if (a == null || expired(a)) {
                rotate(a);
                continue;
            }
            if (!a.keys.acquire()) {
                continue;
            }
            long c = a.records.getAndIncrement();
            long b = a.bytes.addAndGet(plaintextLength);
            // A record larger than the byte budget alone still gets a DEK of its own.
            if (c < maxRecords && (b <= maxBytes || c == 0)) {
                return new Lease(a.keys, c);
            }
            a.keys.release();
            rotate(a);
        }
    }

    private boolean expired(Active a) {
        return nanoClock.getAsLong() - a.keys.createdNanos() >= maxAgeNanos;
    }

    private synchronized void rotate(Active seen) throws GeneralSecurityException {
        if (closed) {
            throw new IllegalStateException("serializer closed");
        }
        if (active != seen) {
            return; // another thread rotated already
        }
        byte[] dekId = new byte[DekKeys.DEK_ID_LENGTH];
        byte[] dek = new byte[DekKeys.DEK_LENGTH];
        random.nextBytes(dekId);
        random.nextBytes(dek);
        List<RecipientStanza> stanzas = new ArrayList<>(recipients.size());
        for (Recipient r : recipients) {
            // The DEK id is the wrapping salt, so a stanza cannot be moved to another DEK id.
            stanzas.add(r.wrap(dek, dekId, random));
        }
        byte[] committed = DekHeader.committedPart(suite, dekId, stanzas);
        byte[] commitment = DekKeys.commitment(dekId, dek, committed, committed.length);
        byte[] withCommitment = Arrays.copyOf(committed, committed.length + commitment.length);
        System.arraycopy(commitment, 0, withCommitment, committed.length, commitment.length);
        ProducerSignature.Signer by = signer;
        active = new Active(new DekKeys(dekId, dek, suite, engine, nanoClock.getAsLong(),
                topic -> ProducerSignature.Signer.header(withCommitment, by, topic)));
        rotations.incrementAndGet();
        if (seen != null) {
            seen.keys.retire();
        }
    }

    /** How many DEKs this issuer has drawn. */
    long rotations() {
        return rotations.get();
    }

    synchronized void close() {
        closed = true;
        Active a = active;
        active = null;
        if (a != null) {
            a.keys.retire();
        }
    }
}
