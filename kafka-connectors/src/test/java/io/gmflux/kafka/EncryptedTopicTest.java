package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** Encrypted topics end to end against the embedded broker. */
class EncryptedTopicTest {

    private static final TestKeys ALICE = TestKeys.create("alice");

    @Test
    void stringValuesRoundTripAndAreCiphertextOnTheTopic() throws Exception {
        String topic = Clients.topic("strings");
        List<String> sent = new ArrayList<>();
        try (KafkaProducer<byte[], String> p = Clients.producer(Map.of(
                GmfluxConfig.RECIPIENTS, ALICE.publicPem.toString(),
                GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName()))) {
            for (int i = 0; i < 50; i++) {
                String v = "order " + i + " total " + (i * 17);
                sent.add(v);
                p.send(new ProducerRecord<>(topic, v)).get();
            }
        }
        try (KafkaConsumer<byte[], String> c = Clients.consumer(Map.of(
                GmfluxConfig.PRIVATE_KEYS, ALICE.privatePem.toString(),
                GmfluxConfig.INNER_DESERIALIZER, StringDeserializer.class.getName()))) {
            List<ConsumerRecord<byte[], String>> got = Clients.readAll(c, topic, sent.size());
            assertThat(got).extracting(ConsumerRecord::value).containsExactlyElementsOf(sent);
        }
    }
}
