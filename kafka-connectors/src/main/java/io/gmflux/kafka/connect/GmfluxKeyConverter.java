package io.gmflux.kafka.connect;

import io.gmflux.kafka.GmfluxKeyDeserializer;
import io.gmflux.kafka.GmfluxKeySerializer;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
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

    private static final ConfigDef OWN = new ConfigDef()
            .define(GmfluxConverter.INNER, Type.CLASS, ConfigDef.NO_DEFAULT_VALUE, Importance.HIGH,
                    "Converter between Connect keys and the key bytes (which stay in clear); it is configured with"
                            + " this converter's properties, inner.X overriding X.");

    private Converter inner;
    private final GmfluxKeySerializer<byte[]> serializer = new GmfluxKeySerializer<>(new ByteArraySerializer());
    private final GmfluxKeyDeserializer<byte[]> deserializer = new GmfluxKeyDeserializer<>(new ByteArrayDeserializer());

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
        AbstractConfig own = new AbstractConfig(OWN, configs, false);
        Map<String, Object> innerConfigs = new HashMap<>(configs);
        innerConfigs.remove(GmfluxConverter.INNER);
        for (Map.Entry<String, ?> e : configs.entrySet()) {
            if (e.getKey().startsWith(GmfluxConverter.INNER_PREFIX)) {
                innerConfigs.put(e.getKey().substring(GmfluxConverter.INNER_PREFIX.length()), e.getValue());
            }
        }
        Converter in = Utils.newInstance(own.getClass(GmfluxConverter.INNER), Converter.class);
        in.configure(innerConfigs, true);
        inner = in;
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
