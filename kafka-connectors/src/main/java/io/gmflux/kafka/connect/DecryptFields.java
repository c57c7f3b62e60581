package io.gmflux.kafka.connect;

import io.gmflux.kafka.GmfluxConfig;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.errors.DataException;

/**
 * A single message transform that restores the fields {@link EncryptFields} encrypted: each named
 * field's envelope (FORMAT.md §8) is opened for this topic, path and record key, and the field gets
 * its original value back (in a Struct, its original schema too, from the encrypted schema's
 * parameter). A field that does not open (wrong key, moved from another field, record or topic,
 * changed) fails the record with a {@link DataException} naming the field; the runtime's
 * {@code errors.tolerance} decides whether the task stops or skips the record, and no
 * unauthenticated bytes are ever released.
 *
 * <pre>
 *   transforms=decrypt
 *   transforms.decrypt.type=io.gmflux.kafka.connect.DecryptFields
 *   transforms.decrypt.fields=ssn,card.number
 *   transforms.decrypt.gmflux.private.keys=/etc/keys/pii.key
 * </pre>
 *
 * <p>Properties: {@code fields}, {@code bind.key}, and the deserializer's {@code gmflux.*}
 * ({@code gmflux.private.keys} required; trusted producers, suites, limits and DEK cache as for the
 * serde).
 *
 * <p>Thread-safe once configured.
 */
public class DecryptFields<R extends ConnectRecord<R>> extends FieldTransform<R> {

    private FieldCipher cipher;
    private FieldJson json;

    /** Kafka Connect constructs it by class name, then configures it. */
    public DecryptFields() {
    }

    @Override
    void configureCipher(Map<String, ?> configs) {
        json = new FieldJson();
        cipher = FieldCipher.forOpening(configs);
    }

    @Override
    Object convert(String topic, String path, byte[] keyForm, Schema schema, Object value) {
        if (!(value instanceof String envelope)) {
            throw new DataException("field " + path + " of topic " + topic + " is not an encrypted field (a "
                    + value.getClass().getSimpleName() + ", not an envelope string)");
        }
        String schemaJson = schema == null ? null : json.originalSchemaJson(path, schema);
        byte[] bytes;
        try {
            bytes = cipher.open(topic, path, keyForm, envelope);
        } catch (SerializationException e) {
            throw new DataException("cannot decrypt field " + path + " of topic " + topic + ": " + e.getMessage(), e);
        }
        return json.fromJson(topic, schemaJson, bytes);
    }

    @Override
    Schema convertSchema(String path, Schema schema) {
        return json.originalSchema(path, schema);
    }

    /** {@code fields}, {@code bind.key} and the deserializer's {@code gmflux.*} properties. */
    @Override
    public ConfigDef config() {
        return configDef(GmfluxConfig.configDef());
    }

    @Override
    public void close() {
        if (cipher != null) {
            cipher.close();
        }
        if (json != null) {
            json.close();
        }
    }
}
