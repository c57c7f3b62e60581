package io.gmflux.kafka;

import io.gmflux.codecs.sm3.Sm3;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Binding a record's value to its key (FORMAT.md §7.3), for compacted topics where a value moved
 * under another key would otherwise read as that key's. Kafka gives a value serializer no key, but
 * serializes the key first with the same headers: {@link GmfluxKeySerializer} puts the key's
 * digest there as a {@link Local} header, which the value serializer takes off again and seals
 * in front of the plaintext; on the consumer, {@link GmfluxKeyDeserializer} does the same for the
 * value deserializer to compare. A {@code Local} header never travels: one arriving from the wire
 * is a plain {@code RecordHeader} and is ignored.
 *
 * <pre>
 *   key_digest = SM3("gmflux/kafka/v2 key" || 0x00)              for a null key
 *              = SM3("gmflux/kafka/v2 key" || 0x01 || key bytes)  otherwise
 * </pre>
 *
 * <p>Stateless.
 */
final class RecordKeyBinding {

    /** Name of the local header carrying the digest between key and value (de)serializer. */
    static final String HEADER = "gmflux.key.digest";
    static final int DIGEST_LENGTH = Sm3.DIGEST_LENGTH;

    private static final byte[] LABEL = "gmflux/kafka/v2 key".getBytes(StandardCharsets.US_ASCII);

    /** The digest between the (de)serializers of one record; only this process creates them. */
    record Local(byte[] digest) implements Header {
        @Override
        public String key() {
            return HEADER;
        }

        @Override
        public byte[] value() {
            return digest;
        }
    }

    private RecordKeyBinding() {
    }

    static byte[] digest(byte[] key) {
        Sm3 d = new Sm3();
        d.update(LABEL);
        if (key == null) {
            d.update(new byte[] {0});
        } else {
            d.update(new byte[] {1});
            d.update(key);
        }
        return d.digest();
    }

    /** Replaces any header named {@link #HEADER} with the digest of {@code key}. */
    static void put(Headers headers, byte[] key) {
        headers.remove(HEADER);
        headers.add(new Local(digest(key)));
    }

    /** The digest a key (de)serializer put in {@code headers} (then every header of that name is removed), or null. */
    static byte[] take(Headers headers) {
        byte[] found = null;
        for (Header h : headers.headers(HEADER)) {
            if (h instanceof Local l) {
                found = l.digest();
            }
        }
        if (found != null) {
            headers.remove(HEADER);
        }
        return found;
    }
}
