package io.gmflux.kafka.connect;

import io.gmflux.kafka.GmfluxKeyDeserializer;
import io.gmflux.kafka.GmfluxKeySerializer;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.storage.Converter;

/**
 * The key converter that lets {@link GmfluxConverter} bind each value to its record key (FORMAT.md
 * §7.3), as {@link GmfluxKeySerializer} / {@link GmfluxKeyDeserializer} do for the serde, to which
 * it delegates: keys stay in clear, converted by the inner converter, and their digest reaches the
 * value converter through the record's headers (the Connect runtime converts the key first, with
 * the same headers). Records written this way are read by a consumer with
 * {@code GmfluxKeyDeserializer} and {@code GmfluxDeserializer}, and the other way round.
 *
 * <pre>
 *   key.converter=io.gmflux.kafka.connect.GmfluxKeyConverter
 *   key.converter.inner=org.apache.kafka.connect.storage.StringConverter
 * </pre>
 *
 * <p>Keys only; pair it with {@link GmfluxConverter} as the value converter (otherwise the digest
 * is not taken off and travels as a header). Thread-safe as far as the inner converter is.
 */
public class GmfluxKeyConverter implements Converter {

    private static final ConfigDef OWN = InnerConverter.define(new ConfigDef(),
            "Converter between Connect keys and the key bytes (which stay in clear).");

    private Converter inner;
    private final GmfluxKeySerializer<byte[]> serializer = new GmfluxKeySerializer<>(new ByteArraySerializer());
    private final GmfluxKeyDeserializer<byte[]> deserializer = new GmfluxKeyDeserializer<>(new ByteArrayDeserializer());

    /** Kafka Connect constructs it by class name, then configures it. */
    public GmfluxKeyConverter() {
    }

    @Override
    public ConfigDef config() {
        return new ConfigDef(OWN);
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        if (!isKey) {
            throw new ConfigException("GmfluxKeyConverter converts record keys (key.converter); values take"
                    + " GmfluxConverter");
        }
        inner = InnerConverter.create(OWN, configs, true);
    }

    /** Without headers there is nothing to bind to: the inner converter's bytes. */
    @Override
    public byte[] fromConnectData(String topic, Schema schema, Object value) {
        return inner.fromConnectData(topic, schema, value);
    }

    @Override
    public byte[] fromConnectData(String topic, Headers headers, Schema schema, Object value) {
        byte[] key = inner.fromConnectData(topic, headers, schema, value);
        return serializer.serialize(topic, headers, key);
    }

    @Override
    public SchemaAndValue toConnectData(String topic, byte[] value) {
        return inner.toConnectData(topic, value);
    }

    @Override
    public SchemaAndValue toConnectData(String topic, Headers headers, byte[] value) {
        deserializer.deserialize(topic, headers, value);
        return inner.toConnectData(topic, headers, value);
    }

    @Override
    public void close() {
        Utils.closeQuietly(inner, "inner key converter");
        serializer.close();
        deserializer.close();
    }
}
