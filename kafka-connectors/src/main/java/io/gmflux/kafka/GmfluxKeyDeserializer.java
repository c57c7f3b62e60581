package io.gmflux.kafka;

import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.utils.Utils;

/**
 * The key deserializer for records whose values bind their keys ({@link GmfluxKeySerializer}): it
 * reads keys with {@code gmflux.inner.key.deserializer} and hands their digest to
 * {@link GmfluxDeserializer}, which refuses a value moved under another key. Thread-safe if the
 * inner deserializer is.
 */
public class GmfluxKeyDeserializer<K> implements Deserializer<K> {

    private Deserializer<K> inner;

    /** For Kafka, which configures it through {@link #configure}. */
    public GmfluxKeyDeserializer() {
    }

    /** A key deserializer wrapping {@code inner}. */
    public GmfluxKeyDeserializer(Deserializer<K> inner) {
        this.inner = inner;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void configure(Map<String, ?> configs, boolean isKey) {
        if (inner == null) {
            inner = Utils.newInstance(new GmfluxConfig(configs).getClass(GmfluxConfig.INNER_KEY_DESERIALIZER),
                    Deserializer.class);
        }
        inner.configure(configs, isKey);
    }

    @Override
    public K deserialize(String topic, byte[] data) {
        return inner.deserialize(topic, data);
    }

    @Override
    public K deserialize(String topic, Headers headers, byte[] data) {
        RecordKeyBinding.put(headers, data);
        return inner.deserialize(topic, headers, data);
    }

    @Override
    public void close() {
        if (inner != null) {
            inner.close();
        }
    }
}
