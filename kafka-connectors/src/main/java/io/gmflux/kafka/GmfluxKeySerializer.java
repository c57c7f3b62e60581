package io.gmflux.kafka;

import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Utils;

/**
 * A key serializer that lets {@link GmfluxSerializer} bind each record's value to its key (off by
 * default; FORMAT.md §7.3): keys stay plaintext, serialized by {@code gmflux.inner.key.serializer},
 * and their digest is handed to the value serializer in a header that does not travel.
 * <pre>
 *   key.serializer=io.gmflux.kafka.GmfluxKeySerializer
 *   gmflux.inner.key.serializer=org.apache.kafka.common.serialization.StringSerializer
 * </pre>
 * Consumers then need {@link GmfluxKeyDeserializer}. Thread-safe if the inner serializer is.
 */
public class GmfluxKeySerializer<K> implements Serializer<K> {

    private Serializer<K> inner;

    /** For Kafka, which configures it through {@link #configure}. */
    public GmfluxKeySerializer() {
    }

    /** A key serializer wrapping {@code inner}. */
    public GmfluxKeySerializer(Serializer<K> inner) {
        this.inner = inner;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void configure(Map<String, ?> configs, boolean isKey) {
        if (inner == null) {
            inner = Utils.newInstance(new GmfluxConfig(configs).getClass(GmfluxConfig.INNER_KEY_SERIALIZER),
                    Serializer.class);
        }
        inner.configure(configs, isKey);
    }

    /** Without headers there is nothing to bind to: the inner serializer's bytes. */
    @Override
    public byte[] serialize(String topic, K data) {
        return inner.serialize(topic, data);
    }

    @Override
    public byte[] serialize(String topic, Headers headers, K data) {
        byte[] key = inner.serialize(topic, headers, data);
        RecordKeyBinding.put(headers, key);
        return key;
    }

    @Override
    public void close() {
        if (inner != null) {
            inner.close();
        }
    }
}
