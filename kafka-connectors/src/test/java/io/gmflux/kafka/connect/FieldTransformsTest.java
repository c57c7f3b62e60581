package io.gmflux.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.RecordRejectedException;
import io.gmflux.kafka.TestKeys;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FieldTransformsTest {

    private static final TestKeys KEYS = TestKeys.create("fields");
    private static final TestKeys OTHER = TestKeys.create("fields-other");

    private static final Schema CARD = SchemaBuilder.struct().name("Card")
            .field("number", Schema.STRING_SCHEMA)
            .field("exp", Schema.STRING_SCHEMA).build();
    private static final Schema PERSON = SchemaBuilder.struct().name("Person")
            .field("id", Schema.INT64_SCHEMA)
            .field("ssn", Schema.OPTIONAL_STRING_SCHEMA)
            .field("salary", Decimal.builder(2).optional().build())
            .field("card", CARD).build();

    private final EncryptFields<SourceRecord> encrypt = new EncryptFields<>();
    private final DecryptFields<SourceRecord> decrypt = new DecryptFields<>();

    private void configure(String fields, Object... more) {
        Map<String, Object> e = new HashMap<>(Map.of("fields", fields, GmfluxConfig.RECIPIENTS,
                KEYS.publicPem.toString()));
        Map<String, Object> d = new HashMap<>(Map.of("fields", fields, GmfluxConfig.PRIVATE_KEYS,
                KEYS.privatePem.toString()));
        for (int i = 0; i < more.length; i += 2) {
            e.put((String) more[i], more[i + 1]);
            d.put((String) more[i], more[i + 1]);
        }
        encrypt.configure(e);
        decrypt.configure(d);
    }

    @AfterEach
    void close() {
        encrypt.close();
        decrypt.close();
    }

    private static Struct person(long id, String ssn, String number) {
        return new Struct(PERSON).put("id", id).put("ssn", ssn)
                .put("salary", new java.math.BigDecimal("1234.50"))
                .put("card", new Struct(CARD).put("number", number).put("exp", "12/29"));
    }

    private static SourceRecord record(String topic, Object key, Schema schema, Object value) {
        Schema keySchema = key == null ? null : key instanceof Long ? Schema.INT64_SCHEMA : Schema.STRING_SCHEMA;
        return new SourceRecord(Map.of(), Map.of(), topic, 0, keySchema, key, schema, value);
    }

    @Test
    void structFieldsRoundTripWithTheirSchemasAndTheRestStaysClear() {
        configure("ssn,salary,card.number");
        Struct in = person(1, "078-05-1120", "4111111111111111");
        SourceRecord sealed = encrypt.apply(record("people", "k1", PERSON, in));
        Struct s = (Struct) sealed.value();
        assertThat(s.getInt64("id")).isEqualTo(1L);
        assertThat(s.getStruct("card").getString("exp")).isEqualTo("12/29");
        assertThat(s.getString("ssn")).doesNotContain("078-05-1120");
        assertThat(s.getStruct("card").getString("number")).doesNotContain("4111");
        assertThat(s.schema().field("salary").schema().type()).isEqualTo(Schema.Type.STRING);
        assertThat(s.schema().field("ssn").schema().name()).isEqualTo(FieldJson.ENCRYPTED_SCHEMA_NAME);

        SourceRecord opened = decrypt.apply(sealed);
        assertThat(opened.valueSchema()).isEqualTo(PERSON);
        assertThat(opened.value()).isEqualTo(in);
    }

    @Test
    void aWholeNestedStructCanBeOneEncryptedField() {
        configure("card");
        Struct in = person(15, "078-05-1120", "4111111111111111");
        SourceRecord sealed = encrypt.apply(record("people", 15L, PERSON, in));
        assertThat(((Struct) sealed.value()).getString("card")).doesNotContain("4111");
        SourceRecord opened = decrypt.apply(sealed);
        assertThat(opened.valueSchema()).isEqualTo(PERSON);
        assertThat(opened.value()).isEqualTo(in);
    }

    @Test
    void nullFieldsStayNull() {
        configure("ssn");
        Struct in = person(2, null, "5500005555555559");
        SourceRecord sealed = encrypt.apply(record("people", "k2", PERSON, in));
        assertThat(((Struct) sealed.value()).get("ssn")).isNull();
        assertThat(decrypt.apply(sealed).value()).isEqualTo(in);
    }

    @Test
    void schemalessMapsRoundTripIncludingNestedPaths() {
        configure("ssn,card.number,tags");
        Map<String, Object> card = new LinkedHashMap<>(Map.of("number", "4111111111111111", "exp", "12/29"));
        Map<String, Object> in = new LinkedHashMap<>();
        in.put("id", 3L);
        in.put("ssn", "078-05-1120");
        in.put("card", card);
        in.put("tags", List.of("vip", "eu"));
        SourceRecord sealed = encrypt.apply(record("people", "k3", null, in));
        @SuppressWarnings("unchecked")
        Map<String, Object> s = (Map<String, Object>) sealed.value();
        assertThat(s.get("id")).isEqualTo(3L);
        assertThat(s.get("ssn")).isInstanceOf(String.class).isNotEqualTo("078-05-1120");
        assertThat(s.get("tags")).isInstanceOf(String.class);
        assertThat(decrypt.apply(sealed).value()).isEqualTo(in);
        assertThat(in.get("ssn")).isEqualTo("078-05-1120"); // the input record was not modified
    }

    @Test
    void fieldCipherRestoresAFieldOutsideConnectAsJson() {
        configure("ssn");
        SourceRecord sealed = encrypt.apply(record("people", "k4", PERSON, person(4, "078-05-1120", "4111")));
        String envelope = ((Struct) sealed.value()).getString("ssn");
        try (FieldCipher opener = FieldCipher.forOpening(Map.of(GmfluxConfig.PRIVATE_KEYS, KEYS.privatePem.toString()))) {
            byte[] json = opener.open("people", "ssn", FieldCipher.keyForm("k4", true), envelope);
            assertThatThrownBy(() -> opener.open("people", "ssn", FieldCipher.keyForm("k4", false), envelope))
                    .isInstanceOf(RecordRejectedException.class)
                    .satisfies(e -> assertThat(((RecordRejectedException) e).reason())
                            .isEqualTo(RecordRejectedException.Reason.KEY_MISMATCH));
            assertThat(new String(json, java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("\"078-05-1120\"");
        }
    }

    @Test
    void anEnvelopeHasTheSizeFormat8Gives() {
        configure("ssn");
        Struct sealed = (Struct) encrypt.apply(record("people", "k14", PERSON, person(14, "078-05-1120", "4111"))).value();
        // 3 + 144 (one SM2 stanza, unsigned) + 5 + 32 (key digest) + 16 (tag) + 13 ("078-05-1120" in JSON) = 213 bytes
        assertThat(Base64.getDecoder().decode(sealed.getString("ssn"))).hasSize(213);
        assertThat(sealed.getString("ssn")).hasSize(284);
    }

    @Test
    void aFieldMovedToAnotherFieldIsRefused() {
        configure("ssn,card.number");
        Struct sealed = (Struct) encrypt.apply(record("people", "k5", PERSON, person(5, "078-05-1120", "4111"))).value();
        Struct swapped = new Struct(sealed.schema()).put("id", 5L).put("salary", sealed.get("salary"))
                .put("ssn", sealed.getStruct("card").getString("number"))
                .put("card", new Struct(sealed.schema().field("card").schema())
                        .put("number", sealed.getString("ssn")).put("exp", "12/29"));
        assertRefused(() -> decrypt.apply(record("people", "k5", sealed.schema(), swapped)), "ssn",
                RecordRejectedException.Reason.FAILED_AUTHENTICATION);
    }

    @Test
    void aFieldMovedToARecordWithAnotherKeyIsRefused() {
        configure("ssn");
        Struct a = (Struct) encrypt.apply(record("people", "alice", PERSON, person(6, "111-11-1111", "4111"))).value();
        Struct b = (Struct) encrypt.apply(record("people", "bob", PERSON, person(7, "222-22-2222", "4111"))).value();
        Struct moved = copyWith(b, "ssn", a.getString("ssn"));
        assertRefused(() -> decrypt.apply(record("people", "bob", b.schema(), moved)), "another record key",
                RecordRejectedException.Reason.KEY_MISMATCH);
    }

    @Test
    void withoutKeyBindingAFieldCanMoveBetweenRecordsOfOneTopic() {
        configure("ssn", "bind.key", "false");
        Struct a = (Struct) encrypt.apply(record("people", "alice", PERSON, person(6, "111-11-1111", "4111"))).value();
        Struct b = (Struct) encrypt.apply(record("people", "bob", PERSON, person(7, "222-22-2222", "4111"))).value();
        Struct moved = copyWith(b, "ssn", a.getString("ssn"));
        // What FORMAT.md §8.3 says bind.key=false gives up.
        assertThat(((Struct) decrypt.apply(record("people", "bob", b.schema(), moved)).value()).getString("ssn"))
                .isEqualTo("111-11-1111");
    }

    @Test
    void aFieldCopiedToAnotherTopicIsRefused() {
        configure("ssn");
        SourceRecord sealed = encrypt.apply(record("people", "k8", PERSON, person(8, "078-05-1120", "4111")));
        assertRefused(() -> decrypt.apply(record("customers", "k8", sealed.valueSchema(), sealed.value())), "ssn",
                RecordRejectedException.Reason.FAILED_AUTHENTICATION);
    }

    @Test
    void aChangedEnvelopeIsRefused() {
        configure("ssn");
        Struct sealed = (Struct) encrypt.apply(record("people", "k9", PERSON, person(9, "078-05-1120", "4111"))).value();
        byte[] raw = Base64.getDecoder().decode(sealed.getString("ssn"));
        raw[raw.length - 20] ^= 1; // inside the sealed value
        Struct changed = copyWith(sealed, "ssn", Base64.getEncoder().encodeToString(raw));
        assertRefused(() -> decrypt.apply(record("people", "k9", sealed.schema(), changed)), "ssn",
                RecordRejectedException.Reason.FAILED_AUTHENTICATION);
    }

    @Test
    void anEnvelopeWhoseValueClaimsNoKeyBindingIsRefused() {
        configure("ssn");
        Struct sealed = (Struct) encrypt.apply(record("people", "k17", PERSON, person(17, "078-05-1120", "4111"))).value();
        byte[] raw = Base64.getDecoder().decode(sealed.getString("ssn"));
        int h = ((raw[1] & 0xff) << 8) | (raw[2] & 0xff);
        assertThat(raw[3 + h]).isEqualTo((byte) 0x03);
        raw[3 + h] = 0x02; // the unbound record version of FORMAT.md §7.3
        Struct changed = copyWith(sealed, "ssn", Base64.getEncoder().encodeToString(raw));
        assertRefused(() -> decrypt.apply(record("people", "k17", sealed.schema(), changed)), "not key-bound",
                RecordRejectedException.Reason.NOT_GMFLUX);
    }

    @Test
    void aFieldForAnotherKeyIsRefused() {
        configure("ssn");
        DecryptFields<SourceRecord> wrong = new DecryptFields<>();
        wrong.configure(Map.of("fields", "ssn", GmfluxConfig.PRIVATE_KEYS, OTHER.privatePem.toString()));
        SourceRecord sealed = encrypt.apply(record("people", "k10", PERSON, person(10, "078-05-1120", "4111")));
        assertRefused(() -> wrong.apply(sealed), "ssn", RecordRejectedException.Reason.NO_MATCHING_KEY);
        wrong.close();
    }

    @Test
    void aClearValueWhereAnEnvelopeBelongsIsRefused() {
        configure("ssn");
        Map<String, Object> forged = new HashMap<>(Map.of("id", 11L, "ssn", "078-05-1120"));
        assertThatThrownBy(() -> decrypt.apply(record("people", "k11", null, forged)))
                .isInstanceOf(DataException.class).hasMessageContaining("ssn");
        SourceRecord clearStruct = record("people", "k11", PERSON, person(11, "078-05-1120", "4111"));
        assertThatThrownBy(() -> decrypt.apply(clearStruct)).isInstanceOf(DataException.class)
                .hasMessageContaining("not an encrypted field");
    }

    @Test
    void aMisspeltStructPathIsAnErrorNotAFieldLeftInClear() {
        configure("card.nmuber");
        assertThatThrownBy(() -> encrypt.apply(record("people", "k12", PERSON, person(12, "1", "4111"))))
                .isInstanceOf(DataException.class).hasMessageContaining("card.nmuber");
    }

    @Test
    void structKeysNeedBindKeyFalse() {
        configure("ssn");
        Struct key = new Struct(SchemaBuilder.struct().field("id", Schema.INT64_SCHEMA).build()).put("id", 1L);
        SourceRecord r = new SourceRecord(Map.of(), Map.of(), "people", 0, key.schema(), key, PERSON,
                person(13, "1", "4111"));
        assertThatThrownBy(() -> encrypt.apply(r)).isInstanceOf(DataException.class).hasMessageContaining("bind.key");
    }

    @Test
    void aHeaderTooLargeForAnEnvelopeIsRefusedNotTruncated() throws Exception {
        // 60 ML-KEM-768 stanzas of 1,144 bytes: a gmflux.dek header over the envelope's u16 length.
        List<String> recipients = new java.util.ArrayList<>();
        java.security.SecureRandom random = new java.security.SecureRandom();
        for (int i = 0; i < 60; i++) {
            recipients.add(io.gmflux.codecs.format.MlKem768PrivateKey.generate(random).recipient().toPem());
        }
        EncryptFields<SourceRecord> wide = new EncryptFields<>();
        wide.configure(Map.of("fields", "ssn", GmfluxConfig.RECIPIENTS, String.join(",", recipients)));
        assertThatThrownBy(() -> wide.apply(record("people", "k16", PERSON, person(16, "078-05-1120", "4111"))))
                .isInstanceOf(DataException.class).hasMessageContaining("65535");
        wide.close();
    }

    @Test
    void encryptFieldsNeedsRecipients() {
        assertThatThrownBy(() -> new EncryptFields<SourceRecord>().configure(Map.of("fields", "ssn")))
                .isInstanceOf(org.apache.kafka.common.config.ConfigException.class)
                .hasMessageContaining(GmfluxConfig.RECIPIENTS);
    }

    private static Struct copyWith(Struct s, String field, Object value) {
        Struct out = new Struct(s.schema());
        for (org.apache.kafka.connect.data.Field f : s.schema().fields()) {
            out.put(f, f.name().equals(field) ? value : s.get(f));
        }
        return out;
    }

    private static void assertRefused(Runnable r, String messagePart, RecordRejectedException.Reason reason) {
        assertThatThrownBy(r::run).isInstanceOf(DataException.class).hasMessageContaining(messagePart)
                .cause().isInstanceOf(RecordRejectedException.class)
                .satisfies(c -> assertThat(((RecordRejectedException) c).reason()).isEqualTo(reason));
    }
}
