package io.gmflux.kafka.connect;

import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxSerializer;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.storage.Converter;

/**
 * A Kafka Connect converter that encrypts record values in gmflux's record format (FORMAT.md §7):
 * an inner converter ({@code JsonConverter}, {@code StringConverter}, {@code ByteArrayConverter} or
 * any other) turns Connect data into bytes, and {@link GmfluxSerializer} seals them; on the way in,
 * {@link GmfluxDeserializer} opens the bytes and the inner converter reads them. The record format
 * and the {@code gmflux.*} properties are the serde's, so a topic written by Connect is read by the
 * serde (and the console consumer with it) and the other way round.
 *
 * <pre>
 *   value.converter=io.gmflux.kafka.connect.GmfluxConverter
 *   value.converter.inner=org.apache.kafka.connect.json.JsonConverter
 *   value.converter.schemas.enable=false             (handed to the inner converter)
 *   value.converter.gmflux.recipients=/etc/keys/orders.pub       (source tasks: encrypt)
 *   value.converter.gmflux.private.keys=/etc/keys/orders.key     (sink tasks: decrypt)
 * </pre>
 *
 * <p>{@code inner} is required ({@code org.apache.kafka.connect.converters.ByteArrayConverter} passes the
 * bytes as they are). The inner converter is configured with every property of this converter except
 * {@code inner}, and {@code inner.X} overrides {@code X} for it. At least one of
 * {@code gmflux.recipients}, {@code gmflux.private.keys} and {@code gmflux.key.service} (a KMS or
 * HSM; with {@code gmflux.key.service.alias} it also encrypts) is required; converting in a
 * direction whose keys are missing is a {@link DataException} that names the property. Values
 * only: as a key converter it is refused (an encrypted key would break partitioning and
 * compaction). The wrapped DEK travels in the {@code gmflux.dek} Kafka header, so only the
 * header-aware {@code fromConnectData}/{@code toConnectData} overloads (the ones the Connect
 * runtime calls) encrypt; the others are refused for non-null values.
 *
 * <p>Thread-safe as far as the inner converter is (the Connect runtime uses one per task).
 */
public class GmfluxConverter implements Converter {

    /** Class name of the converter between Connect data and the plaintext bytes (required). */
    public static final String INNER = InnerConverter.INNER;

    private static final ConfigDef OWN = InnerConverter.define(new ConfigDef(),
            "Converter between Connect data and the plaintext bytes gmflux encrypts, e.g."
                    + " org.apache.kafka.connect.json.JsonConverter.");

    private Converter inner;
    private GmfluxSerializer<byte[]> serializer;
    private GmfluxDeserializer<byte[]> deserializer;

    /** Kafka Connect constructs it by class name, then configures it. */
    public GmfluxConverter() {
    }

    /** This converter's properties: {@code inner} and the serde's {@code gmflux.*} ({@link GmfluxConfig}). */
    @Override
    public ConfigDef config() {
        ConfigDef def = new ConfigDef(OWN);
        ConfigDef serde = GmfluxConfig.configDef();
        for (ConfigDef.ConfigKey key : serde.configKeys().values()) {
            def.define(key);
        }
        return def;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        if (isKey) {
            throw new ConfigException("GmfluxConverter encrypts values only (key.converter): an encrypted key would"
                    + " change on every record and break partitioning and compaction");
        }
        boolean serviced = isSet(configs, GmfluxConfig.KEY_SERVICE);
        boolean writes = isSet(configs, GmfluxConfig.RECIPIENTS)
                || serviced && isSet(configs, GmfluxConfig.KEY_SERVICE_ALIAS);
        boolean reads = isSet(configs, GmfluxConfig.PRIVATE_KEYS) || serviced
                || "pass".equalsIgnoreCase(String.valueOf(configs.get(GmfluxConfig.FOREIGN_RECORDS)));
        if (!writes && !reads) {
            throw new ConfigException("GmfluxConverter needs " + GmfluxConfig.RECIPIENTS + " (the public keys to"
                    + " encrypt to, for source connectors) or " + GmfluxConfig.PRIVATE_KEYS + " (the private keys to"
                    + " decrypt with, for sink connectors), or " + GmfluxConfig.KEY_SERVICE + " (with "
                    + GmfluxConfig.KEY_SERVICE_ALIAS + " to encrypt), under the converter's prefix, e.g."
                    + " value.converter." + GmfluxConfig.RECIPIENTS);
        }
        Converter in = InnerConverter.create(OWN, configs, false);
        GmfluxSerializer<byte[]> ser = null;
        GmfluxDeserializer<byte[]> de = null;
        try {
            if (writes) {
                ser = new GmfluxSerializer<>(new ByteArraySerializer());
                ser.configure(configs, false);
            }
            if (reads) {
                de = new GmfluxDeserializer<>(new ByteArrayDeserializer());
                de.configure(configs, false);
            }
        } catch (RuntimeException e) {
            Utils.closeQuietly(in, "inner converter");
            Utils.closeQuietly(ser, "gmflux serializer");
            Utils.closeQuietly(de, "gmflux deserializer");
            throw e;
        }
        inner = in;
        serializer = ser;
        deserializer = de;
    }

    private static boolean isSet(Map<String, ?> configs, String name) {
        Object v = configs.get(name);
        if (v == null) {
            return false;
        }
        if (v instanceof List<?> list) {
            return !list.isEmpty();
        }
        return !String.valueOf(v).isBlank();
    }

    /** Refused for non-null values: the wrapped DEK needs the record's headers. */
    @Override
    public byte[] fromConnectData(String topic, Schema schema, Object value) {
        if (value == null) {
            return null;
        }
        throw new DataException("GmfluxConverter needs the record's headers to carry the wrapped DEK (topic " + topic
                + "); call fromConnectData(topic, headers, schema, value)");
    }

    @Override
    public byte[] fromConnectData(String topic, Headers headers, Schema schema, Object value) {
        GmfluxSerializer<byte[]> ser = configured(serializer, GmfluxConfig.RECIPIENTS, "encrypt");
        byte[] plain = inner.fromConnectData(topic, headers, schema, value);
        if (plain == null) {
            return null;
        }
        try {
            return ser.serialize(topic, headers, plain);
        } catch (SerializationException e) {
            throw new DataException("gmflux cannot encrypt the record: " + e.getMessage(), e);
        }
    }

    /** Refused for non-null values: the wrapped DEK is in the record's headers. */
    @Override
    public SchemaAndValue toConnectData(String topic, byte[] value) {
        if (value == null) {
            return inner.toConnectData(topic, null);
        }
        throw new DataException("GmfluxConverter needs the record's headers (topic " + topic
                + "); call toConnectData(topic, headers, value)");
    }

    /**
     * Decrypts and converts. A record that does not decrypt is a {@link DataException} whose cause is
     * the deserializer's {@link io.gmflux.kafka.RecordRejectedException} (its reason says why); the
     * runtime's {@code errors.tolerance} decides whether the task fails or skips it.
     */
    @Override
    public SchemaAndValue toConnectData(String topic, Headers headers, byte[] value) {
        if (value == null) {
            return inner.toConnectData(topic, headers, null);
        }
        GmfluxDeserializer<byte[]> de = configured(deserializer, GmfluxConfig.PRIVATE_KEYS, "decrypt");
        byte[] plain;
        try {
            plain = de.deserialize(topic, headers, value);
        } catch (SerializationException e) {
            throw new DataException("gmflux cannot decrypt the record: " + e.getMessage(), e);
        }
        return inner.toConnectData(topic, headers, plain);
    }

    private <T> T configured(T codec, String property, String what) {
        if (inner == null) {
            throw new IllegalStateException("GmfluxConverter is not configured");
        }
        if (codec == null) {
            throw new DataException("GmfluxConverter cannot " + what + ": " + property + " is not set");
        }
        return codec;
    }

    @Override
    public void close() {
        Utils.closeQuietly(inner, "inner converter");
        Utils.closeQuietly(serializer, "gmflux serializer");
        Utils.closeQuietly(deserializer, "gmflux deserializer");
    }
}
