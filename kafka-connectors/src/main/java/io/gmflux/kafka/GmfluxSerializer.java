package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.format.KeyServiceRecipient;
import io.gmflux.codecs.format.Recipient;
import io.gmflux.codecs.keyservice.KeyServiceClient;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Utils;

/**
 * Encrypts record values: the inner serializer's bytes are sealed under a data-encryption key (DEK)
 * that is KEM-wrapped to every configured recipient; the wrapped DEK travels in the record header
 * {@code gmflux.dek}, so a consumer can start at any offset. Layout: FORMAT.md §7.
 *
 * <p>Configured only through {@code gmflux.*} properties ({@link GmfluxConfig}), e.g.
 * <pre>
 *   value.serializer=io.gmflux.kafka.GmfluxSerializer
 *   gmflux.inner.serializer=org.apache.kafka.common.serialization.StringSerializer
 *   gmflux.recipients=/etc/keys/orders.pub
 *   gmflux.suite=sm4-gcm
 *   gmflux.producer.key=/etc/keys/orders-producer.key   (optional: sign each DEK header)
 * </pre>
 * With a key service (a KMS or an HSM) the DEK is wrapped by it instead of, or besides, public keys:
 * {@code gmflux.key.service=pkcs11}, {@code gmflux.key.service.alias=orders} and the service's own
 * {@code gmflux.key.service.pkcs11.*} settings. Each new DEK is wrapped under the alias's current key;
 * if the service cannot wrap (down after its retries, key disabled), {@code send} fails with a
 * {@link SerializationException} naming the alias and the reason, and nothing is written.
 * All properties are also handed to the inner serializer's {@code configure}.
 *
 * <ul>
 *   <li>A null value stays null and gets no header (tombstones and compaction keep working).</li>
 *   <li>Values only: as a key serializer it is refused, since encrypted keys would defeat
 *       partitioning and compaction (equal keys must be equal bytes).</li>
 *   <li>It needs the record's headers, so {@link #serialize(String, Object)} without them (a
 *       Kafka Streams state store, for instance) is refused.</li>
 *   <li>With {@link GmfluxKeySerializer} as the key serializer, each value is bound to its record
 *       key (off by default; FORMAT.md §7.3): 32 bytes more per record.</li>
 *   <li>The {@code gmflux.dek} header is added to the record's headers; a record sent twice must
 *       be a new {@code ProducerRecord} (Kafka makes sent headers read-only).</li>
 * </ul>
 *
 * <p>Thread-safe: a producer may serialize from several threads at once; they share the current
 * DEK and seal in parallel.
 */
public class GmfluxSerializer<T> implements Serializer<T> {

    private Serializer<T> inner;
    private DekIssuer issuer;
    private KeyServiceClient keyService;

    /** For Kafka, which configures it through {@link #configure}. */
    public GmfluxSerializer() {
    }

    /** A serializer wrapping {@code inner}; {@link #configure} still reads the {@code gmflux.*} properties. */
    public GmfluxSerializer(Serializer<T> inner) {
        this.inner = inner;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void configure(Map<String, ?> configs, boolean isKey) {
        if (isKey) {
            throw new ConfigException("GmfluxSerializer encrypts values only: an encrypted key would change on every"
                    + " send and break partitioning and compaction");
        }
        GmfluxConfig config = new GmfluxConfig(configs);
        List<Recipient> recipients = new ArrayList<>(KeySources.recipients(GmfluxConfig.RECIPIENTS,
                config.getList(GmfluxConfig.RECIPIENTS)));
        String alias = config.keyServiceAlias();
        if (!config.getString(GmfluxConfig.KEY_SERVICE).isBlank() && alias == null) {
            throw GmfluxConfig.missing(GmfluxConfig.KEY_SERVICE_ALIAS, "the alias whose current key wraps new DEKs"
                    + " (" + GmfluxConfig.KEY_SERVICE + " is set)");
        }
        if (recipients.isEmpty() && alias == null) {
            throw GmfluxConfig.missing(GmfluxConfig.RECIPIENTS, "the public keys (PEM files or inline PEM) to encrypt to,"
                    + " or " + GmfluxConfig.KEY_SERVICE + " and " + GmfluxConfig.KEY_SERVICE_ALIAS);
        }
        if (recipients.size() + (alias == null ? 0 : 1) > DekHeader.MAX_STANZAS) {
            throw new ConfigException(GmfluxConfig.RECIPIENTS + " names " + recipients.size() + " keys; a record's "
                    + DekHeader.NAME + " header holds at most " + DekHeader.MAX_STANZAS);
        }
        if (inner == null) {
            inner = Utils.newInstance(config.getClass(GmfluxConfig.INNER_SERIALIZER), Serializer.class);
        }
        inner.configure(configs, false);
        keyService = config.keyService();
        if (keyService != null) {
            recipients.add(new KeyServiceRecipient(keyService, alias));
        }
        issuer = new DekIssuer(recipients, config.suite(), config.engine(), config.producerSigner(), config.getLong(GmfluxConfig.ROTATE_RECORDS),
                config.getLong(GmfluxConfig.ROTATE_BYTES), config.getLong(GmfluxConfig.ROTATE_MS),
                new SecureRandom(), System::nanoTime);
    }

    /** Refused: the wrapped DEK needs a header. */
    @Override
    public byte[] serialize(String topic, T data) {
        if (data == null) {
            return null;
        }
        throw new SerializationException("GmfluxSerializer needs the record's headers to carry the wrapped DEK"
                + " (topic " + topic + "); it cannot serialize where Kafka gives none, such as a state store");
    }

    @Override
    public byte[] serialize(String topic, Headers headers, T data) {
        byte[] keyDigest = headers == null ? null : RecordKeyBinding.take(headers);
        if (data == null) {
            return null;
        }
        if (issuer == null) {
            throw new IllegalStateException("GmfluxSerializer is not configured");
        }
        byte[] plain = inner.serialize(topic, headers, data);
        if (plain == null) {
            return null;
        }
        if (keyDigest != null) {
            byte[] bound = new byte[keyDigest.length + plain.length];
            System.arraycopy(keyDigest, 0, bound, 0, keyDigest.length);
            System.arraycopy(plain, 0, bound, keyDigest.length, plain.length);
            plain = bound;
        }
        DekIssuer.Lease lease;
        try {
            lease = issuer.lease(plain.length);
        } catch (GeneralSecurityException e) {
            throw new SerializationException("cannot wrap a new DEK for topic " + topic + ": " + e.getMessage(), e);
        }
        try {
            DekKeys.TopicKey tk = lease.keys.forTopic(topic);
            RecordKey key = tk.key();
            byte[] out = new byte[RecordLayout.SEALED_OFFSET + plain.length + key.suite().tagLength()];
            out[0] = (byte) (keyDigest != null ? RecordLayout.VERSION_KEY_BOUND : RecordLayout.VERSION);
            Bytes.putIntBEByBytes(out, RecordLayout.COUNTER_OFFSET, (int) lease.counter);
            key.seal(lease.counter, keyDigest != null, plain, 0, plain.length, out, RecordLayout.SEALED_OFFSET);
            headers.remove(DekHeader.NAME);
            headers.add(DekHeader.NAME, tk.header().clone());
            return out;
        } finally {
            lease.release();
        }
    }

    /** How many DEKs this serializer has drawn (rotation count plus one once it has sealed a record). */
    public long dekCount() {
        return issuer == null ? 0 : issuer.rotations();
    }

    @Override
    public void close() {
        if (issuer != null) {
            issuer.close();
        }
        if (keyService != null) {
            keyService.close();
        }
        if (inner != null) {
            inner.close();
        }
    }
}
