package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.format.KeyServiceKey;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.keyservice.InMemoryKeyService;
import io.gmflux.codecs.keyservice.InMemoryKeyServiceProvider;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The serde with DEKs wrapped by a key service, configured by properties, without a broker. */
class KeyServiceSerdeTest {

    private static final TestKeys ALICE = TestKeys.create("ks-alice");
    private static final byte[] PLAIN = "pay carol 100".getBytes(StandardCharsets.UTF_8);

    private final String instance = "serde-" + UUID.randomUUID();
    private final InMemoryKeyService service = new InMemoryKeyService("memory", "orders");

    KeyServiceSerdeTest() {
        InMemoryKeyServiceProvider.INSTANCES.put(instance, service);
    }

    @AfterEach
    void forget() {
        InMemoryKeyServiceProvider.INSTANCES.remove(instance);
    }

    /** Key-service properties plus {@code more} (name, value pairs). */
    static Map<String, Object> serviceProps(String instance, Object... more) {
        Map<String, Object> p = new HashMap<>();
        p.put(GmfluxConfig.KEY_SERVICE, "memory");
        p.put(InMemoryKeyServiceProvider.INSTANCE, instance);
        p.put(GmfluxConfig.KEY_SERVICE_RETRY_BACKOFF_MS, "1");
        for (int i = 0; i < more.length; i += 2) {
            p.put((String) more[i], more[i + 1]);
        }
        return p;
    }

    private GmfluxSerializer<byte[]> serializer(Object... more) {
        GmfluxSerializer<byte[]> s = new GmfluxSerializer<>();
        Map<String, Object> p = serviceProps(instance, GmfluxConfig.KEY_SERVICE_ALIAS, "orders");
        p.putAll(serviceProps(instance, more));
        s.configure(p, false);
        return s;
    }

    private GmfluxDeserializer<byte[]> deserializer(Object... more) {
        GmfluxDeserializer<byte[]> d = new GmfluxDeserializer<>();
        d.configure(serviceProps(instance, more), false);
        return d;
    }

    /** The key the first key-service stanza of a record's header names. */
    static String kekIdOf(Headers headers) throws Exception {
        DekHeader h = DekHeader.parse(headers.lastHeader(DekHeader.NAME).value(), DekHeader.MAX_STANZAS);
        for (RecipientStanza s : h.expandStanzas()) {
            if (s.type() == RecipientStanza.TYPE_KEY_SERVICE) {
                return new String(KeyServiceKey.of(s).kekId(), StandardCharsets.UTF_8);
            }
        }
        throw new AssertionError("no key-service stanza");
    }

    @Test
    void aKeyServiceAloneWrapsAndUnwrapsTheDek() throws Exception {
        try (GmfluxSerializer<byte[]> ser = serializer(); GmfluxDeserializer<byte[]> de = deserializer()) {
            Headers h = new RecordHeaders();
            byte[] sealed = ser.serialize("orders", h, PLAIN);
            assertThat(kekIdOf(h)).isEqualTo("orders/v1");
            assertThat(de.deserialize("orders", h, sealed)).isEqualTo(PLAIN);
            assertThat(de.deserialize("orders", h, sealed)).isEqualTo(PLAIN);
            assertThat(service.unwraps.get()).isOne(); // the unwrapped DEK is cached
        }
    }

    @Test
    void publicKeyRecipientsAndTheKeyServiceTogetherEachReadAlone() throws Exception {
        Headers h = new RecordHeaders();
        byte[] sealed;
        try (GmfluxSerializer<byte[]> ser = serializer(GmfluxConfig.RECIPIENTS, ALICE.publicPem.toString())) {
            sealed = ser.serialize("orders", h, PLAIN);
        }
        try (GmfluxDeserializer<byte[]> de = Configured.deserializer(ALICE)) {
            assertThat(de.deserialize("orders", h, sealed)).isEqualTo(PLAIN);
        }
        try (GmfluxDeserializer<byte[]> de = deserializer()) {
            assertThat(de.deserialize("orders", h, sealed)).isEqualTo(PLAIN);
        }
        assertThat(service.unwraps.get()).isOne();
    }

    @Test
    void aKeyServiceWithoutAnAliasOrWithAnUnknownNameIsAConfigError() {
        GmfluxSerializer<byte[]> s = new GmfluxSerializer<>();
        assertThatThrownBy(() -> s.configure(serviceProps(instance), false)).isInstanceOf(ConfigException.class)
                .hasMessageContaining(GmfluxConfig.KEY_SERVICE_ALIAS);
        GmfluxDeserializer<byte[]> d = new GmfluxDeserializer<>();
        assertThatThrownBy(() -> d.configure(serviceProps(instance, GmfluxConfig.KEY_SERVICE, "vault"), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining(GmfluxConfig.KEY_SERVICE + "=vault")
                .hasMessageContaining("memory");
    }

    @Test
    void serviceDownFailsTheSendNamingAliasAndReasonAfterItsRetries() {
        service.down(true);
        try (GmfluxSerializer<byte[]> ser = serializer(GmfluxConfig.KEY_SERVICE_RETRIES, "2")) {
            Headers h = new RecordHeaders();
            assertThatThrownBy(() -> ser.serialize("orders", h, PLAIN)).isInstanceOf(SerializationException.class)
                    .hasMessageContaining("alias orders").hasMessageContaining("UNAVAILABLE")
                    .hasMessageContaining("topic orders");
            assertThat(h.lastHeader(DekHeader.NAME)).isNull();
            assertThat(service.resolves.get()).isEqualTo(3);
        }
    }

    @Test
    void aBriefOutageIsBridgedByRetries() throws Exception {
        service.downFor(2);
        try (GmfluxSerializer<byte[]> ser = serializer(GmfluxConfig.KEY_SERVICE_RETRIES, "3");
                GmfluxDeserializer<byte[]> de = deserializer()) {
            Headers h = new RecordHeaders();
            byte[] sealed = ser.serialize("orders", h, PLAIN);
            service.downFor(1);
            assertThat(de.deserialize("orders", h, sealed)).isEqualTo(PLAIN);
        }
    }

    @Test
    void aDisabledKeyFailsTheSendAndIsNotRetried() {
        service.disable("orders/v1");
        try (GmfluxSerializer<byte[]> ser = serializer()) {
            assertThatThrownBy(() -> ser.serialize("orders", new RecordHeaders(), PLAIN))
                    .isInstanceOf(SerializationException.class).hasMessageContaining("alias orders")
                    .hasMessageContaining("KEY_DISABLED");
            assertThat(service.wraps.get()).isOne();
        }
    }

    @Test
    void serviceDownWhenReadingIsAKeyServiceRefusalThatIsNotRemembered() throws Exception {
        Headers h = new RecordHeaders();
        byte[] sealed;
        try (GmfluxSerializer<byte[]> ser = serializer()) {
            sealed = ser.serialize("orders", h, PLAIN);
        }
        try (GmfluxDeserializer<byte[]> de = deserializer(GmfluxConfig.KEY_SERVICE_RETRIES, "1")) {
            service.down(true);
            assertThatThrownBy(() -> de.deserialize("orders", h, sealed))
                    .isInstanceOfSatisfying(RecordRejectedException.class, e -> assertThat(e.reason())
                            .isEqualTo(RecordRejectedException.Reason.KEY_SERVICE_FAILED))
                    .hasMessageContaining("topic orders").hasMessageContaining("UNAVAILABLE")
                    .hasMessageContaining("key service memory");
            service.down(false);
            service.disable("orders/v1");
            assertThatThrownBy(() -> de.deserialize("orders", h, sealed)).hasMessageContaining("KEY_DISABLED");
            service.enable("orders/v1");
            assertThat(de.deserialize("orders", h, sealed)).isEqualTo(PLAIN);
        }
    }

    @Test
    void rotationAtTheServiceReachesNewDeksAndOldRecordsStillRead() throws Exception {
        try (GmfluxSerializer<byte[]> ser = serializer(GmfluxConfig.ROTATE_RECORDS, "1",
                GmfluxConfig.KEY_SERVICE_RESOLVE_TTL_MS, "0"); GmfluxDeserializer<byte[]> de = deserializer()) {
            Headers before = new RecordHeaders();
            byte[] old = ser.serialize("orders", before, PLAIN);
            service.rotate("orders");
            Headers after = new RecordHeaders();
            byte[] fresh = ser.serialize("orders", after, PLAIN);
            assertThat(kekIdOf(before)).isEqualTo("orders/v1");
            assertThat(kekIdOf(after)).isEqualTo("orders/v2");
            assertThat(de.deserialize("orders", after, fresh)).isEqualTo(PLAIN);
            assertThat(de.deserialize("orders", before, old)).isEqualTo(PLAIN);
        }
    }

    @Test
    void aResolvedAliasIsReusedWithinItsTtl() throws Exception {
        try (GmfluxSerializer<byte[]> ser = serializer(GmfluxConfig.ROTATE_RECORDS, "1")) {
            Headers first = new RecordHeaders();
            ser.serialize("orders", first, PLAIN);
            service.rotate("orders");
            Headers second = new RecordHeaders();
            ser.serialize("orders", second, PLAIN);
            assertThat(kekIdOf(second)).isEqualTo(kekIdOf(first)).isEqualTo("orders/v1");
            assertThat(service.resolves.get()).isOne();
            assertThat(service.wraps.get()).isEqualTo(2);
        }
    }

    @Test
    void aRecordWrappedForAnotherServiceTypeIsNoMatchingKey() throws Exception {
        Headers h = new RecordHeaders();
        byte[] sealed;
        try (GmfluxSerializer<byte[]> ser = serializer()) {
            sealed = ser.serialize("orders", h, PLAIN);
        }
        String other = "other-" + UUID.randomUUID();
        InMemoryKeyService vault = new InMemoryKeyService("vault", "orders");
        InMemoryKeyServiceProvider.INSTANCES.put(other, vault);
        try (GmfluxDeserializer<byte[]> de = new GmfluxDeserializer<>()) {
            de.configure(serviceProps(other), false);
            assertThatThrownBy(() -> de.deserialize("orders", h, sealed))
                    .isInstanceOfSatisfying(RecordRejectedException.class, e -> assertThat(e.reason())
                            .isEqualTo(RecordRejectedException.Reason.NO_MATCHING_KEY));
            assertThat(vault.unwraps.get()).isZero();
        } finally {
            InMemoryKeyServiceProvider.INSTANCES.remove(other);
        }
    }

    @Test
    void aDekIdRewrittenInTheHeaderIsRefusedAndTheRepeatCostsNoServiceCall() throws Exception {
        Headers h = new RecordHeaders();
        byte[] sealed;
        try (GmfluxSerializer<byte[]> ser = serializer()) {
            sealed = ser.serialize("orders", h, PLAIN);
        }
        byte[] forged = h.lastHeader(DekHeader.NAME).value().clone();
        forged[DekHeader.DEK_ID_OFFSET] ^= 1; // the stanza was wrapped with the genuine DEK id as its salt
        Headers fh = new RecordHeaders();
        fh.add(DekHeader.NAME, forged);
        try (GmfluxDeserializer<byte[]> de = deserializer()) {
            for (int i = 0; i < 3; i++) {
                assertThatThrownBy(() -> de.deserialize("orders", fh, sealed))
                        .isInstanceOfSatisfying(RecordRejectedException.class, e -> assertThat(e.reason())
                                .isEqualTo(RecordRejectedException.Reason.NO_MATCHING_KEY));
            }
            assertThat(service.unwraps.get()).isOne(); // the service refused the context once; then remembered
            assertThat(de.deserialize("orders", h, sealed)).isEqualTo(PLAIN);
        }
    }

    @Test
    void aHeaderNamingAKeyTheServiceDoesNotKnowIsRememberedAndCostsOneServiceCall() throws Exception {
        String elsewhere = "elsewhere-" + UUID.randomUUID();
        InMemoryKeyServiceProvider.INSTANCES.put(elsewhere, new InMemoryKeyService("memory", "ghost"));
        Headers h = new RecordHeaders();
        byte[] sealed;
        try (GmfluxSerializer<byte[]> ser = new GmfluxSerializer<>()) {
            ser.configure(serviceProps(elsewhere, GmfluxConfig.KEY_SERVICE_ALIAS, "ghost"), false);
            sealed = ser.serialize("orders", h, PLAIN);
        } finally {
            InMemoryKeyServiceProvider.INSTANCES.remove(elsewhere);
        }
        try (GmfluxDeserializer<byte[]> de = deserializer()) {
            for (int i = 0; i < 3; i++) {
                assertThatThrownBy(() -> de.deserialize("orders", h, sealed))
                        .isInstanceOfSatisfying(RecordRejectedException.class, e -> assertThat(e.reason())
                                .isEqualTo(RecordRejectedException.Reason.KEY_SERVICE_FAILED))
                        .hasMessageContaining("KEY_NOT_FOUND");
            }
            assertThat(service.unwraps.get()).isOne();
        }
    }

    @Test
    void theConverterTakesTheSameProperties() {
        io.gmflux.kafka.connect.GmfluxConverter c = new io.gmflux.kafka.connect.GmfluxConverter();
        Map<String, Object> p = serviceProps(instance, GmfluxConfig.KEY_SERVICE_ALIAS, "orders",
                io.gmflux.kafka.connect.GmfluxConverter.INNER, org.apache.kafka.connect.converters.ByteArrayConverter.class.getName());
        c.configure(p, false);
        Headers h = new RecordHeaders();
        byte[] sealed = c.fromConnectData("orders", h, null, PLAIN);
        assertThat(sealed).isNotEqualTo(PLAIN);
        assertThat(c.toConnectData("orders", h, sealed).value()).isEqualTo(PLAIN);
        assertThat(List.of(service.wraps.get(), service.unwraps.get())).containsExactly(1, 1);
        c.close();
    }
}
