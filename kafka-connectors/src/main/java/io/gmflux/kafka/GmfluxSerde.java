package io.gmflux.kafka;

import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * {@link GmfluxSerializer} and {@link GmfluxDeserializer} as one {@link Serde}, for Kafka Streams
 * ({@code default.value.serde=io.gmflux.kafka.GmfluxSerde} with the {@code gmflux.*} properties in
 * the Streams configuration, which needs both {@code gmflux.recipients} and
 * {@code gmflux.private.keys}). For values of topics only: a state store serializes without
 * headers, which the serializer refuses.
 *
 * <p>Thread-safe.
 */
public class GmfluxSerde<T> implements Serde<T> {

    private final GmfluxSerializer<T> serializer;
    private final GmfluxDeserializer<T> deserializer;

    /** For Kafka, which configures it through {@link #configure}; the inner serdes come from the properties. */
    public GmfluxSerde() {
        this(new GmfluxSerializer<>(), new GmfluxDeserializer<>());
    }

    /** A serde wrapping {@code inner}. */
    public GmfluxSerde(Serde<T> inner) {
        this(new GmfluxSerializer<>(inner.serializer()), new GmfluxDeserializer<>(inner.deserializer()));
    }

    private GmfluxSerde(GmfluxSerializer<T> serializer, GmfluxDeserializer<T> deserializer) {
        this.serializer = serializer;
        this.deserializer = deserializer;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        serializer.configure(configs, isKey);
        deserializer.configure(configs, isKey);
    }

    @Override
    public Serializer<T> serializer() {
        return serializer;
    }

    @Override
    public Deserializer<T> deserializer() {
        return deserializer;
    }

    @Override
    public void close() {
        serializer.close();
        deserializer.close();
    }
}
