package io.gmflux.kafka.connect;

import io.gmflux.kafka.GmfluxConfig;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.errors.DataException;

/**
 * A single message transform that encrypts the named fields of a record value (a Struct or a
 * schemaless Map) and leaves the rest in clear, for routing, compaction and querying. Each field
 * with a non-null value becomes the Base64 string of a field envelope (FORMAT.md §8) bound to the
 * topic, the field's path and (by default) the record key; {@link DecryptFields} or
 * {@link FieldCipher} restores it. In a Struct, an encrypted field's schema becomes a string
 * schema named {@code io.gmflux.kafka.connect.EncryptedField} that keeps the original schema in a
 * parameter.
 *
 * <pre>
 *   transforms=encrypt
 *   transforms.encrypt.type=io.gmflux.kafka.connect.EncryptFields
 *   transforms.encrypt.fields=ssn,card.number
 *   transforms.encrypt.gmflux.recipients=/etc/keys/pii.pub
 * </pre>
 *
 * <p>Properties: {@code fields}, {@code bind.key}, and the serializer's {@code gmflux.*}
 * ({@code gmflux.recipients} required; suite, DEK rotation and producer key as for the serde). A
 * field that cannot be encrypted fails the record with a {@link DataException}; it never passes in
 * clear.
 *
 * <p>Thread-safe once configured.
 */
public class EncryptFields<R extends ConnectRecord<R>> extends FieldTransform<R> {

    private FieldCipher cipher;
    private FieldJson json;

    /** Kafka Connect constructs it by class name, then configures it. */
    public EncryptFields() {
    }

    @Override
    void configureCipher(Map<String, ?> configs) {
        json = new FieldJson();
        cipher = FieldCipher.forSealing(configs);
    }

    @Override
    Object convert(String topic, String path, byte[] keyForm, Schema schema, Object value) {
        byte[] bytes = json.toJson(topic, schema, value);
        try {
            return cipher.seal(topic, path, keyForm, bytes);
        } catch (SerializationException e) {
            throw new DataException("cannot encrypt field " + path + " of topic " + topic + ": " + e.getMessage(), e);
        }
    }

    @Override
    Schema convertSchema(String path, Schema schema) {
        return json.encryptedSchema(schema);
    }

    /** {@code fields}, {@code bind.key} and the serializer's {@code gmflux.*} properties. */
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
