package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.KeyServiceIdentity;
import io.gmflux.codecs.keyservice.KeyServiceClient;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.crypto.AEADBadTagException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.utils.Utils;

/**
 * Decrypts record values written by {@link GmfluxSerializer} and hands the plaintext to the inner
 * deserializer. DEKs are unwrapped with the configured private keys ({@code gmflux.private.keys},
 * several for rotation) or by the key service ({@code gmflux.key.service}) once each and cached
 * ({@code gmflux.dek.cache.size}, {@code gmflux.dek.cache.ttl.ms}).
 *
 * <p>Failures are {@link RecordRejectedException}s (a {@link SerializationException}) whose reason
 * says what failed and whose message names the topic: not gmflux's format, a header over this
 * reader's limits or malformed, a suite not in {@code gmflux.suites}, a producer not in
 * {@code gmflux.trusted.producers}, no configured key opens the DEK (naming the key ids it is
 * wrapped for), the key service cannot unwrap it (down after its retries, key missing or disabled:
 * {@link RecordRejectedException.Reason#KEY_SERVICE_FAILED}, naming the service and key id; such a
 * refusal is not remembered, so the record reads once the service is back), a DEK that does not match the header's commitment, or a record that does not
 * authenticate (value, header or topic changed). Without {@code gmflux.trusted.producers},
 * anyone holding a recipient's public key can write records this deserializer accepts: the
 * record layer then gives confidentiality, not origin. Deserializers are not
 * told the partition and offset; the consumer wraps the exception in a
 * {@link org.apache.kafka.common.errors.RecordDeserializationException} that carries both, and a
 * caller skips the record with {@code seek(partition, offset + 1)}. No unauthenticated bytes ever
 * reach the inner deserializer.
 *
 * <p>A null value stays null. With {@code gmflux.foreign.records=pass}, a record without the
 * {@code gmflux.dek} header goes to the inner deserializer as it is (for topics migrating to
 * encryption); a record with the header must still decrypt.
 *
 * <p>Thread-safe.
 */
public class GmfluxDeserializer<T> implements Deserializer<T> {

    private Deserializer<T> inner;
    private DekCache cache;
    private KeyServiceClient keyService;
    private boolean passForeign;

    /** For Kafka, which configures it through {@link #configure}. */
    public GmfluxDeserializer() {
    }

    /** A deserializer wrapping {@code inner}; {@link #configure} still reads the {@code gmflux.*} properties. */
    public GmfluxDeserializer(Deserializer<T> inner) {
        this.inner = inner;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void configure(Map<String, ?> configs, boolean isKey) {
        if (isKey) {
            throw new ConfigException("GmfluxDeserializer decrypts values only (GmfluxSerializer refuses keys)");
        }
        GmfluxConfig config = new GmfluxConfig(configs);
        List<Identity> identities = new ArrayList<>(KeySources.identities(GmfluxConfig.PRIVATE_KEYS,
                config.getList(GmfluxConfig.PRIVATE_KEYS)));
        passForeign = config.passForeignRecords();
        boolean serviced = !config.getString(GmfluxConfig.KEY_SERVICE).isBlank();
        if (identities.isEmpty() && !serviced && !passForeign) {
            throw GmfluxConfig.missing(GmfluxConfig.PRIVATE_KEYS, "the private keys (PEM files or inline PEM) to decrypt"
                    + " with, or " + GmfluxConfig.KEY_SERVICE);
        }
        if (inner == null) {
            inner = Utils.newInstance(config.getClass(GmfluxConfig.INNER_DESERIALIZER), Deserializer.class);
        }
        inner.configure(configs, false);
        keyService = config.keyService();
        if (keyService != null) {
            identities.add(new KeyServiceIdentity(keyService));
        }
        DekCache.Policy policy = new DekCache.Policy(config.getInt(GmfluxConfig.MAX_STANZAS),
                config.getInt(GmfluxConfig.MAX_HEADER_BYTES), config.allowedSuites(), config.trustedProducers(),
                config.engine());
        cache = new DekCache(identities, policy, config.getInt(GmfluxConfig.CACHE_SIZE),
                config.getInt(GmfluxConfig.FAILED_CACHE_SIZE), config.getLong(GmfluxConfig.CACHE_TTL_MS),
                System::nanoTime);
    }

    /** Only null (a tombstone) can be read without headers; anything else is refused. */
    @Override
    public T deserialize(String topic, byte[] data) {
        if (data == null) {
            return null;
        }
        if (passForeign) {
            return inner.deserialize(topic, data);
        }
        throw new SerializationException("topic " + topic + ": GmfluxDeserializer needs the record's headers"
                + " (the wrapped DEK is in " + DekHeader.NAME + ")");
    }

    @Override
    public T deserialize(String topic, Headers headers, byte[] data) {
        if (data == null) {
            return null;
        }
        return deserialize(topic, headers, data, 0, data.length);
    }

    @Override
    public T deserialize(String topic, Headers headers, ByteBuffer data) {
        if (data == null) {
            return null;
        }
        if (data.hasArray()) {
            return deserialize(topic, headers, data.array(), data.arrayOffset() + data.position(), data.remaining());
        }
        byte[] copy = new byte[data.remaining()];
        data.duplicate().get(copy);
        return deserialize(topic, headers, copy, 0, copy.length);
    }

    private T deserialize(String topic, Headers headers, byte[] in, int off, int len) {
        if (cache == null) {
            throw new IllegalStateException("GmfluxDeserializer is not configured");
        }
        Header dekHeader = null;
        // one pass finds the DEK header and tells whether a key deserializer left a digest (a Local header),
        // so that RecordKeyBinding.take walks the headers again only when there is one to take
        boolean localDigest = false;
        if (headers != null) {
            for (Header h : headers) {
                localDigest |= h instanceof RecordKeyBinding.Local;
                if (DekHeader.NAME.equals(h.key())) {
                    if (dekHeader != null) {
                        throw new RecordRejectedException(RecordRejectedException.Reason.MALFORMED_HEADER, "topic "
                                + topic + ": record has more than one " + DekHeader.NAME + " header");
                    }
                    dekHeader = h;
                }
            }
        }
        if (dekHeader == null) {
            if (passForeign) {
                byte[] raw = off == 0 && len == in.length ? in : Arrays.copyOfRange(in, off, off + len);
                return inner.deserialize(topic, headers, raw);
            }
            throw new RecordRejectedException(RecordRejectedException.Reason.NOT_GMFLUX, "topic " + topic
                    + ": record is not in gmflux's format (no " + DekHeader.NAME + " header); set " + GmfluxConfig.FOREIGN_RECORDS + "=pass to read such records"
                    + " as they are");
        }
        byte[] keyDigest = localDigest ? RecordKeyBinding.take(headers) : null;
        boolean keyBound = len > 0 && in[off] == RecordLayout.VERSION_KEY_BOUND;
        if (len < RecordLayout.SEALED_OFFSET || (in[off] != RecordLayout.VERSION && !keyBound)) {
            throw new RecordRejectedException(RecordRejectedException.Reason.NOT_GMFLUX, "topic " + topic
                    + ": record value is not in gmflux's format version " + RecordLayout.VERSION + " ("
                    + (len < RecordLayout.SEALED_OFFSET ? len + " bytes" : "version byte " + (in[off] & 0xff)) + ")");
        }
        long counter = Bytes.getIntBE(in, off + RecordLayout.COUNTER_OFFSET) & 0xffffffffL;
        byte[] header = dekHeader.value();
        if (header == null) {
            throw new RecordRejectedException(RecordRejectedException.Reason.MALFORMED_HEADER, "topic " + topic
                    + ": empty " + DekHeader.NAME + " header");
        }
        DekCache.Entry entry = cache.acquire(topic, header);
        byte[] plain;
        try {
            RecordKey key = entry.recordKey;
            int sealedLen = len - RecordLayout.SEALED_OFFSET;
            if (sealedLen < key.suite().tagLength()) {
                throw new RecordRejectedException(RecordRejectedException.Reason.NOT_GMFLUX, "topic " + topic
                        + ": record value too short for its tag");
            }
            plain = new byte[sealedLen - key.suite().tagLength()];
            key.open(counter, keyBound, in, off + RecordLayout.SEALED_OFFSET, sealedLen, plain, 0);
        } catch (AEADBadTagException e) {
            throw new RecordRejectedException(RecordRejectedException.Reason.FAILED_AUTHENTICATION, "topic " + topic
                    + ": record (DEK " + Hex.encode(entry.keys.dekIdRef()) + ", counter " + counter
                    + ") failed authentication: its value or " + DekHeader.NAME
                    + " header was changed, or it was written to another topic", e);
        } finally {
            entry.keys.release();
        }
        if (keyBound) {
            plain = checkKey(topic, keyDigest != null ? keyDigest : RecordKeyBinding.digest(null), plain);
        }
        return inner.deserialize(topic, headers, plain);
    }

    /** The plaintext of a key-bound record after its key digest, if that is its record key's. */
    private static byte[] checkKey(String topic, byte[] expected, byte[] bound) {
        if (bound.length < RecordKeyBinding.DIGEST_LENGTH
                || !Bytes.constantTimeEquals(bound, 0, expected, 0, RecordKeyBinding.DIGEST_LENGTH)) {
            Bytes.wipe(bound);
            throw new RecordRejectedException(RecordRejectedException.Reason.KEY_MISMATCH, "topic " + topic
                    + ": record's value is bound to another record key (moved under this key), or the consumer"
                    + " reads keys without key.deserializer=" + GmfluxKeyDeserializer.class.getName());
        }
        byte[] plain = Arrays.copyOfRange(bound, RecordKeyBinding.DIGEST_LENGTH, bound.length);
        Bytes.wipe(bound);
        return plain;
    }

    /** How many DEK headers this deserializer has verified and unwrapped (KEM decapsulations), for tests and metrics. */
    public long dekUnwraps() {
        return cache == null ? 0 : cache.unwraps();
    }

    /** Upper bound on the KEM decapsulations tried, successful or not (see {@link DekCache#stanzaTrials()}). */
    long stanzaTrials() {
        return cache == null ? 0 : cache.stanzaTrials();
    }

    @Override
    public void close() {
        if (cache != null) {
            cache.close();
        }
        if (keyService != null) {
            keyService.close();
        }
        if (inner != null) {
            inner.close();
        }
    }
}
