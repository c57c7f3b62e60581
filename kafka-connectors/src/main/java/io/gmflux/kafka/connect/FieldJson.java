package io.gmflux.kafka.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.json.JsonConverter;

/**
 * The bytes a field is sealed as: its value in Kafka Connect's JSON (as {@code JsonConverter}
 * writes a payload, without schema), so a field restored outside Connect is plain JSON; and the
 * schema of an encrypted struct field, which keeps the original field schema (Connect's JSON
 * schema form) in a parameter so {@link DecryptFields} restores the type exactly.
 *
 * <p>Thread-safe (JsonConverter's conversions are).
 */
final class FieldJson implements AutoCloseable {

    /** The name of an encrypted field's schema (an optional or required string). */
    static final String ENCRYPTED_SCHEMA_NAME = "io.gmflux.kafka.connect.EncryptedField";
    /** The schema parameter holding the original field schema as JSON. */
    static final String ORIGINAL_SCHEMA_PARAMETER = "gmflux.original.schema";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final JsonConverter payload = new JsonConverter();
    private final JsonConverter enveloped = new JsonConverter();

    FieldJson() {
        payload.configure(Map.of("schemas.enable", false), false);
        enveloped.configure(Map.of("schemas.enable", true), false);
    }

    byte[] toJson(String topic, Schema schema, Object value) {
        return payload.fromConnectData(topic, schema, value);
    }

    /** The value of {@code json}, typed by the Connect JSON schema {@code schemaJson} (null: as schemaless JSON reads). */
    Object fromJson(String topic, String schemaJson, byte[] json) {
        if (schemaJson == null) {
            return payload.toConnectData(topic, json).value();
        }
        byte[] head = ("{\"schema\":" + schemaJson + ",\"payload\":").getBytes(StandardCharsets.UTF_8);
        byte[] doc = new byte[head.length + json.length + 1];
        System.arraycopy(head, 0, doc, 0, head.length);
        System.arraycopy(json, 0, doc, head.length, json.length);
        doc[doc.length - 1] = '}';
        return enveloped.toConnectData(topic, doc).value();
    }

    Schema encryptedSchema(Schema original) {
        SchemaBuilder b = SchemaBuilder.string().name(ENCRYPTED_SCHEMA_NAME)
                .parameter(ORIGINAL_SCHEMA_PARAMETER, enveloped.asJsonSchema(original).toString());
        return original.isOptional() ? b.optional().build() : b.build();
    }

    /** The original field schema of an encrypted field's schema, or a DataException naming {@code path}. */
    Schema originalSchema(String path, Schema encrypted) {
        String json = originalSchemaJson(path, encrypted);
        try {
            JsonNode node = MAPPER.readTree(json);
            return enveloped.asConnectSchema(node);
        } catch (IOException | DataException e) {
            throw new DataException("field " + path + ": unreadable " + ORIGINAL_SCHEMA_PARAMETER + " parameter", e);
        }
    }

    String originalSchemaJson(String path, Schema encrypted) {
        String json = encrypted.parameters() == null ? null : encrypted.parameters().get(ORIGINAL_SCHEMA_PARAMETER);
        if (!ENCRYPTED_SCHEMA_NAME.equals(encrypted.name()) || json == null) {
            throw new DataException("field " + path + " is not an encrypted field (its schema is "
                    + encrypted.type() + (encrypted.name() == null ? "" : " " + encrypted.name()) + ", not "
                    + ENCRYPTED_SCHEMA_NAME + ")");
        }
        return json;
    }

    @Override
    public void close() {
        payload.close();
        enveloped.close();
    }
}
