package io.gmflux.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxKeyDeserializer;
import io.gmflux.kafka.GmfluxSerializer;
import io.gmflux.kafka.RecordRejectedException;
import io.gmflux.kafka.TestKeys;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.storage.StringConverter;
import org.junit.jupiter.api.Test;

class GmfluxConverterTest {

    private static final TestKeys KEYS = TestKeys.create("converter");

    private static GmfluxConverter converter(Object... props) {
        Map<String, Object> p = new HashMap<>();
        p.put(GmfluxConverter.INNER, StringConverter.class.getName());
        for (int i = 0; i < props.length; i += 2) {
            p.put((String) props[i], props[i + 1]);
        }
        GmfluxConverter c = new GmfluxConverter();
        c.configure(p, false);
        return c;
    }

    @Test
    void theSerdeReadsWhatTheConverterWroteAndTheOtherWayRound() {
        GmfluxConverter c = converter(GmfluxConfig.RECIPIENTS, KEYS.publicPem.toString(),
                GmfluxConfig.PRIVATE_KEYS, KEYS.privatePem.toString());
        Headers headers = new RecordHeaders();
        byte[] sealed = c.fromConnectData("orders", headers, Schema.STRING_SCHEMA, "\u56fd\u5bc6 order 42");
        assertThat(new String(sealed, StandardCharsets.UTF_8)).doesNotContain("order 42");
        GmfluxDeserializer<String> de = new GmfluxDeserializer<>(new StringDeserializer());
        de.configure(Map.of(GmfluxConfig.PRIVATE_KEYS, KEYS.privatePem.toString()), false);
        assertThat(de.deserialize("orders", headers, sealed)).isEqualTo("\u56fd\u5bc6 order 42");

        GmfluxSerializer<String> ser = new GmfluxSerializer<>(new StringSerializer());
        ser.configure(Map.of(GmfluxConfig.RECIPIENTS, KEYS.publicPem.toString()), false);
        Headers h2 = new RecordHeaders();
        byte[] fromSerde = ser.serialize("orders", h2, "from the serde");
        assertThat(c.toConnectData("orders", h2, fromSerde).value()).isEqualTo("from the serde");
        de.close();
        ser.close();
        c.close();
    }

    @Test
    void innerConverterPropertiesReachTheInnerConverter() {
        GmfluxConverter c = new GmfluxConverter();
        c.configure(Map.of(GmfluxConverter.INNER, JsonConverter.class.getName(), "schemas.enable", "true",
                "inner.schemas.enable", "false", GmfluxConfig.RECIPIENTS, KEYS.publicPem.toString(),
                GmfluxConfig.PRIVATE_KEYS, KEYS.privatePem.toString()), false);
        Schema schema = SchemaBuilder.struct().field("id", Schema.INT64_SCHEMA).build();
        Headers headers = new RecordHeaders();
        byte[] sealed = c.fromConnectData("t", headers, schema, new Struct(schema).put("id", 7L));
        SchemaAndValue back = c.toConnectData("t", headers, sealed);
        // inner.schemas.enable=false won: the plaintext was {"id":7}, read back schemaless.
        assertThat(back.schema()).isNull();
        assertThat(back.value()).isEqualTo(Map.of("id", 7L));
        c.close();
    }

    @Test
    void nullStaysNullWithoutAHeader() {
        GmfluxConverter c = converter(GmfluxConfig.RECIPIENTS, KEYS.publicPem.toString(),
                GmfluxConfig.PRIVATE_KEYS, KEYS.privatePem.toString());
        Headers headers = new RecordHeaders();
        assertThat(c.fromConnectData("t", headers, Schema.OPTIONAL_STRING_SCHEMA, null)).isNull();
        assertThat(headers.toArray()).isEmpty();
        assertThat(c.toConnectData("t", headers, null).value()).isNull();
        c.close();
    }

    @Test
    void refusesToBeAKeyConverter() {
        GmfluxConverter c = new GmfluxConverter();
        assertThatThrownBy(() -> c.configure(Map.of(GmfluxConverter.INNER, StringConverter.class.getName(),
                GmfluxConfig.RECIPIENTS, KEYS.publicPem.toString()), true))
                .isInstanceOf(ConfigException.class).hasMessageContaining("values only");
    }

    @Test
    void refusesAConfigurationWithoutKeysOrInnerConverter() {
        assertThatThrownBy(() -> converter()).isInstanceOf(ConfigException.class)
                .hasMessageContaining(GmfluxConfig.RECIPIENTS).hasMessageContaining(GmfluxConfig.PRIVATE_KEYS);
        GmfluxConverter c = new GmfluxConverter();
        assertThatThrownBy(() -> c.configure(Map.of(GmfluxConfig.RECIPIENTS, KEYS.publicPem.toString()), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining(GmfluxConverter.INNER);
    }

    @Test
    void aDirectionWithoutKeysIsRefusedNamingTheProperty() {
        GmfluxConverter writer = converter(GmfluxConfig.RECIPIENTS, KEYS.publicPem.toString());
        Headers headers = new RecordHeaders();
        byte[] sealed = writer.fromConnectData("t", headers, Schema.STRING_SCHEMA, "x");
        assertThatThrownBy(() -> writer.toConnectData("t", headers, sealed)).isInstanceOf(DataException.class)
                .hasMessageContaining(GmfluxConfig.PRIVATE_KEYS);
        GmfluxConverter reader = converter(GmfluxConfig.PRIVATE_KEYS, KEYS.privatePem.toString());
        assertThatThrownBy(() -> reader.fromConnectData("t", new RecordHeaders(), Schema.STRING_SCHEMA, "x"))
                .isInstanceOf(DataException.class).hasMessageContaining(GmfluxConfig.RECIPIENTS);
    }

    @Test
    void theHeaderlessOverloadsRefuseValues() {
        GmfluxConverter c = converter(GmfluxConfig.RECIPIENTS, KEYS.publicPem.toString(),
                GmfluxConfig.PRIVATE_KEYS, KEYS.privatePem.toString());
        assertThatThrownBy(() -> c.fromConnectData("t", Schema.STRING_SCHEMA, "secret"))
                .isInstanceOf(DataException.class).hasMessageContaining("headers");
        assertThatThrownBy(() -> c.toConnectData("t", new byte[] {2, 0, 0, 0, 0}))
                .isInstanceOf(DataException.class).hasMessageContaining("headers");
    }

    @Test
    void aRecordCopiedToAnotherTopicIsRefusedAsADataException() {
        GmfluxConverter c = converter(GmfluxConfig.RECIPIENTS, KEYS.publicPem.toString(),
                GmfluxConfig.PRIVATE_KEYS, KEYS.privatePem.toString());
        Headers headers = new RecordHeaders();
        byte[] sealed = c.fromConnectData("orders", headers, Schema.STRING_SCHEMA, "for orders");
        assertThatThrownBy(() -> c.toConnectData("payments", headers, sealed)).isInstanceOf(DataException.class)
                .hasMessageContaining("payments").cause().isInstanceOf(RecordRejectedException.class);
    }

    @Test
    void withTheKeyConverterValuesAreBoundToTheirKeysAsTheKeySerdeBindsThem() {
        GmfluxKeyConverter keys = new GmfluxKeyConverter();
        keys.configure(Map.of(GmfluxConverter.INNER, StringConverter.class.getName()), true);
        GmfluxConverter values = converter(GmfluxConfig.RECIPIENTS, KEYS.publicPem.toString(),
                GmfluxConfig.PRIVATE_KEYS, KEYS.privatePem.toString());
        Headers headers = new RecordHeaders();
        byte[] key = keys.fromConnectData("accounts", headers, Schema.STRING_SCHEMA, "alice");
        byte[] sealed = values.fromConnectData("accounts", headers, Schema.STRING_SCHEMA, "balance 10");
        assertThat(new String(key, StandardCharsets.UTF_8)).isEqualTo("alice");
        assertThat(sealed[0]).isEqualTo((byte) 0x03); // FORMAT.md §7.3: key-bound
        assertThat(headers.lastHeader("gmflux.dek")).isNotNull();
        assertThat(headers.toArray()).hasSize(1); // the key digest did not stay in the record's headers

        // The serde with its key deserializer reads it ...
        GmfluxKeyDeserializer<String> keyDe = new GmfluxKeyDeserializer<>(new StringDeserializer());
        GmfluxDeserializer<String> de = new GmfluxDeserializer<>(new StringDeserializer());
        de.configure(Map.of(GmfluxConfig.PRIVATE_KEYS, KEYS.privatePem.toString()), false);
        Headers read = new RecordHeaders(headers.toArray());
        assertThat(keyDe.deserialize("accounts", read, key)).isEqualTo("alice");
        assertThat(de.deserialize("accounts", read, sealed)).isEqualTo("balance 10");
        de.close();

        // ... and so does Connect, under the same key only.
        Headers again = new RecordHeaders(headers.toArray());
        assertThat(keys.toConnectData("accounts", again, key).value()).isEqualTo("alice");
        assertThat(values.toConnectData("accounts", again, sealed).value()).isEqualTo("balance 10");
        Headers moved = new RecordHeaders(headers.toArray());
        keys.toConnectData("accounts", moved, "mallory".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> values.toConnectData("accounts", moved, sealed)).isInstanceOf(DataException.class)
                .cause().isInstanceOf(RecordRejectedException.class)
                .satisfies(e -> assertThat(((RecordRejectedException) e).reason())
                        .isEqualTo(RecordRejectedException.Reason.KEY_MISMATCH));
        keys.close();
        values.close();
    }

    @Test
    void theKeyConverterRefusesToConvertValues() {
        assertThatThrownBy(() -> new GmfluxKeyConverter().configure(Map.of(GmfluxConverter.INNER,
                StringConverter.class.getName()), false)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("key.converter");
    }

    @Test
    void describesItsProperties() {
        assertThat(new GmfluxConverter().config().names()).contains(GmfluxConverter.INNER, GmfluxConfig.RECIPIENTS,
                GmfluxConfig.PRIVATE_KEYS, GmfluxConfig.SUITE);
    }
}
