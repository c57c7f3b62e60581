package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.keyservice.pkcs11.SoftHsm;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;

/**
 * DEKs wrapped by an AES-256 KEK on a SoftHSM2 token (the {@code pkcs11} key service), end to end on
 * the embedded broker, configured by properties only: a consumer with the token reads, a consumer
 * with another token (logged in, but without the key) fails naming partition and offset.
 */
class Pkcs11TopicTest {

    private static final String ALIAS = "kafka-orders";

    private static Map<String, Object> withToken(SoftHsm hsm, String token, Object... more) throws Exception {
        Map<String, Object> p = new HashMap<>();
        p.put(GmfluxConfig.KEY_SERVICE, "pkcs11");
        p.put("gmflux.key.service.pkcs11.config", hsm.config(token).toString());
        p.put("gmflux.key.service.pkcs11.pin.file", hsm.pinFile().toString());
        p.put(GmfluxConfig.KEY_SERVICE_RETRY_BACKOFF_MS, "1");
        for (int i = 0; i < more.length; i += 2) {
            p.put((String) more[i], more[i + 1]);
        }
        return p;
    }

    private static void send(SoftHsm hsm, String topic, List<String> values) throws Exception {
        try (KafkaProducer<byte[], byte[]> p = Clients.producer(withToken(hsm, "kek",
                GmfluxConfig.KEY_SERVICE_ALIAS, ALIAS))) {
            List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
            for (String v : values) {
                records.add(new ProducerRecord<>(topic, v.getBytes(StandardCharsets.UTF_8)));
            }
            Clients.sendAll(p, records);
        }
    }

    @Test
    void aConsumerWithTheTokenReadsAndOneWithoutTheKeyFailsNamingPartitionAndOffset() throws Exception {
        SoftHsm hsm = SoftHsm.tokens();
        hsm.createKek("kek", ALIAS);
        String topic = Clients.topic("pkcs11");
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            sent.add("order " + i + " for carol");
        }
        send(hsm, topic, sent.subList(0, 10));
        // Rotation at the token: a new version of the alias wraps the next producer's DEKs.
        hsm.createKek("kek", ALIAS + "#v2");
        send(hsm, topic, sent.subList(10, 20));

        try (KafkaConsumer<byte[], byte[]> raw = Clients.consumer(
                Map.of("value.deserializer", ByteArrayDeserializer.class.getName()))) {
            List<String> kekIds = new ArrayList<>();
            for (ConsumerRecord<byte[], byte[]> r : Clients.readAll(raw, topic, sent.size())) {
                assertThat(new String(r.value(), StandardCharsets.ISO_8859_1)).doesNotContain("order");
                kekIds.add(KeyServiceSerdeTest.kekIdOf(r.headers()));
            }
            assertThat(kekIds).hasSize(sent.size());
            assertThat(kekIds.subList(0, 10)).containsOnly(ALIAS);
            assertThat(kekIds.subList(10, 20)).containsOnly(ALIAS + "#v2");
        }

        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(withToken(hsm, "kek"))) {
            assertThat(Clients.readAll(c, topic, sent.size()))
                    .extracting(r -> new String(r.value(), StandardCharsets.UTF_8)).containsExactlyElementsOf(sent);
        }

        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(withToken(hsm, "other",
                GmfluxConfig.KEY_SERVICE_RETRIES, "0"))) {
            c.subscribe(List.of(topic));
            RecordDeserializationException e = pollUntilFailure(c);
            assertThat(e.topicPartition().topic()).isEqualTo(topic);
            assertThat(e.topicPartition().partition()).isZero();
            assertThat(e.offset()).isZero();
            assertThat(e.getCause()).hasMessageContaining("topic " + topic).hasMessageContaining("KEY_NOT_FOUND")
                    .hasMessageContaining("key service pkcs11");
            // Every record is refused, not only the first.
            c.seek(e.topicPartition(), 15);
            assertThat(pollUntilFailure(c).offset()).isEqualTo(15);
        }
    }

    @Test
    void aWrongPinFailsTheClientsConstructionWithoutShowingThePin() throws Exception {
        SoftHsm hsm = SoftHsm.tokens();
        String wrong = "97979797";
        Map<String, Object> props = withToken(hsm, "pin",
                "gmflux.key.service.pkcs11.pin.file", hsm.pinFile("kafka-wrong.pin", wrong).toString());
        GmfluxDeserializer<byte[]> d = new GmfluxDeserializer<>();
        assertThatThrownBy(() -> d.configure(props, false)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("gmflux.key.service=pkcs11").hasMessageContaining("UNAVAILABLE")
                .hasMessageContaining("PIN incorrect").hasMessageContaining("kafka-wrong.pin")
                .hasMessageNotContaining(wrong);
    }

    private static RecordDeserializationException pollUntilFailure(KafkaConsumer<byte[], byte[]> c) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                assertThat(c.poll(Duration.ofMillis(200))).as("records released without the key").isEmpty();
            } catch (RecordDeserializationException e) {
                return e;
            }
        }
        throw new AssertionError("no RecordDeserializationException within 30 s");
    }
}
