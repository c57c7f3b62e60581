package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.keyservice.InMemoryKeyService;
import io.gmflux.codecs.keyservice.InMemoryKeyServiceProvider;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Topics whose DEKs a key service wraps, end to end on the embedded broker, configured by properties only. */
class KeyServiceTopicTest {

    private final String instance = "topic-" + UUID.randomUUID();
    private final InMemoryKeyService service = new InMemoryKeyService("memory", "orders");

    KeyServiceTopicTest() {
        InMemoryKeyServiceProvider.INSTANCES.put(instance, service);
    }

    @AfterEach
    void forget() {
        InMemoryKeyServiceProvider.INSTANCES.remove(instance);
    }

    private Map<String, Object> producing(Object... more) {
        Map<String, Object> p = KeyServiceSerdeTest.serviceProps(instance, GmfluxConfig.KEY_SERVICE_ALIAS, "orders",
                GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName());
        p.putAll(KeyServiceSerdeTest.serviceProps(instance, more));
        return p;
    }

    private Map<String, Object> consuming(Object... more) {
        Map<String, Object> p = KeyServiceSerdeTest.serviceProps(instance,
                GmfluxConfig.INNER_DESERIALIZER, StringDeserializer.class.getName());
        p.putAll(KeyServiceSerdeTest.serviceProps(instance, more));
        return p;
    }

    private static void send(KafkaProducer<byte[], String> p, String topic, String... values) {
        Clients.sendAll(p, java.util.Arrays.stream(values).map(v -> new ProducerRecord<byte[], String>(topic, v)).toList());
    }

    private static List<ConsumerRecord<byte[], byte[]>> raw(String topic, int n) {
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(Map.of("value.deserializer",
                ByteArrayDeserializer.class.getName()))) {
            return Clients.readAll(c, topic, n);
        }
    }

    @Test
    void rotationAtTheServiceReachesNewRecordsAndOldRecordsStillRead() throws Exception {
        String topic = Clients.topic("ks-rotation");
        try (KafkaProducer<byte[], String> p = Clients.producer(producing(GmfluxConfig.ROTATE_RECORDS, "1",
                GmfluxConfig.KEY_SERVICE_RESOLVE_TTL_MS, "0"))) {
            send(p, topic, "before-1", "before-2");
            service.rotate("orders");
            send(p, topic, "after-1", "after-2");
        }
        List<ConsumerRecord<byte[], byte[]>> onTopic = raw(topic, 4);
        assertThat(onTopic).hasSize(4);
        assertThat(onTopic).extracting(r -> KeyServiceSerdeTest.kekIdOf(r.headers()))
                .containsExactly("orders/v1", "orders/v1", "orders/v2", "orders/v2");
        for (ConsumerRecord<byte[], byte[]> r : onTopic) {
            assertThat(new String(r.value(), StandardCharsets.ISO_8859_1)).doesNotContain("before").doesNotContain("after");
        }
        try (KafkaConsumer<byte[], String> c = Clients.consumer(consuming())) {
            assertThat(Clients.readAll(c, topic, 4)).extracting(ConsumerRecord::value)
                    .containsExactly("before-1", "before-2", "after-1", "after-2");
        }
        // Without the key service (a consumer holding no key) nothing reads.
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(Map.of(GmfluxConfig.FOREIGN_RECORDS, "pass"))) {
            c.subscribe(List.of(topic));
            RecordDeserializationException e = EncryptedTopicTest.pollUntilFailure(c);
            assertThat(e.getCause()).isInstanceOfSatisfying(RecordRejectedException.class,
                    r -> assertThat(r.reason()).isEqualTo(RecordRejectedException.Reason.NO_MATCHING_KEY));
        }
    }

    @Test
    void serviceDownOrKeyDisabledFailsTheSendAndNothingReachesTheTopic() {
        String topic = Clients.topic("ks-down");
        try (KafkaProducer<byte[], String> p = Clients.producer(producing(GmfluxConfig.KEY_SERVICE_RETRIES, "2"))) {
            service.down(true);
            assertThatThrownBy(() -> p.send(new ProducerRecord<>(topic, "secret order")))
                    .isInstanceOf(SerializationException.class).hasMessageContaining("alias orders")
                    .hasMessageContaining("UNAVAILABLE");
            service.down(false);
            service.disable("orders/v1");
            assertThatThrownBy(() -> p.send(new ProducerRecord<>(topic, "secret order")))
                    .isInstanceOf(SerializationException.class).hasMessageContaining("alias orders")
                    .hasMessageContaining("KEY_DISABLED");
            p.flush();
        }
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(Map.of("value.deserializer",
                ByteArrayDeserializer.class.getName()))) {
            TopicPartition tp = new TopicPartition(topic, 0);
            assertThat(c.endOffsets(List.of(tp))).containsEntry(tp, 0L);
        }
    }

    @Test
    void consumerFailureNamesPartitionOffsetAndTheRecordReadsOnceTheServiceIsBack() throws Exception {
        String topic = Clients.topic("ks-consume", 2, Map.of());
        try (KafkaProducer<byte[], String> p = Clients.producer(producing())) {
            Clients.sendAll(p, List.of(new ProducerRecord<>(topic, 1, null, "first"),
                    new ProducerRecord<>(topic, 1, null, "second")));
        }
        service.disable("orders/v1");
        try (KafkaConsumer<byte[], String> c = Clients.consumer(consuming(GmfluxConfig.KEY_SERVICE_RETRIES, "1"))) {
            c.subscribe(List.of(topic));
            RecordDeserializationException e = pollUntilFailure(c);
            assertThat(e.topicPartition()).isEqualTo(new TopicPartition(topic, 1));
            assertThat(e.offset()).isZero();
            assertThat(e.getMessage()).contains("partition " + topic + "-1").contains("offset 0");
            assertThat(e.getCause()).isInstanceOfSatisfying(RecordRejectedException.class,
                    r -> assertThat(r.reason()).isEqualTo(RecordRejectedException.Reason.KEY_SERVICE_FAILED))
                    .hasMessageContaining("topic " + topic).hasMessageContaining("KEY_DISABLED")
                    .hasMessageContaining("key service memory");
            service.enable("orders/v1");
            service.down(true);
            c.seek(e.topicPartition(), 0);
            RecordDeserializationException down = pollUntilFailure(c);
            assertThat(down.offset()).isZero();
            assertThat(down.getCause()).hasMessageContaining("UNAVAILABLE");
            service.down(false);
            c.seek(e.topicPartition(), 0);
            List<String> got = new java.util.ArrayList<>();
            long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
            while (got.size() < 2 && System.nanoTime() < deadline) {
                c.poll(java.time.Duration.ofMillis(200)).forEach(r -> got.add(r.value()));
            }
            assertThat(got).containsExactly("first", "second");
        }
    }

    private static RecordDeserializationException pollUntilFailure(KafkaConsumer<byte[], String> c) {
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                c.poll(java.time.Duration.ofMillis(200));
            } catch (RecordDeserializationException e) {
                return e;
            }
        }
        throw new AssertionError("no RecordDeserializationException within 30 s");
    }
}
