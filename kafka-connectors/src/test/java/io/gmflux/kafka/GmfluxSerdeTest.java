package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

/** GmfluxSerde in a Kafka Streams application against the embedded broker, configured by properties. */
class GmfluxSerdeTest {

    private static final TestKeys ALICE = TestKeys.create("alice");

    @Test
    void aStreamsApplicationReadsAndWritesEncryptedTopicsThroughTheDefaultValueSerde() throws Exception {
        String in = Clients.topic("streams-in");
        String out = Clients.topic("streams-out");
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "gmflux-serde-" + UUID.randomUUID());
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, SharedBroker.bootstrap());
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.ByteArraySerde.class.getName());
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, GmfluxSerde.class.getName());
        p.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("gmflux-streams").toString());
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
        p.put("consumer.auto.offset.reset", "earliest");
        p.put(GmfluxConfig.RECIPIENTS, ALICE.publicPem.toString());
        p.put(GmfluxConfig.PRIVATE_KEYS, ALICE.privatePem.toString());
        p.put(GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName());
        p.put(GmfluxConfig.INNER_DESERIALIZER, StringDeserializer.class.getName());
        StreamsBuilder b = new StreamsBuilder();
        b.<byte[], String>stream(in).mapValues(v -> v.toUpperCase(java.util.Locale.ROOT)).to(out);
        try (KafkaProducer<byte[], String> producer = Clients.producer(Configured.props(
                GmfluxConfig.RECIPIENTS, ALICE.publicPem.toString(),
                GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName()));
                KafkaStreams streams = new KafkaStreams(b.build(), p)) {
            streams.start();
            for (int i = 0; i < 10; i++) {
                producer.send(new ProducerRecord<>(in, "event " + i));
            }
            producer.flush();
            try (KafkaConsumer<byte[], String> c = Clients.consumer(Configured.props(
                    GmfluxConfig.PRIVATE_KEYS, ALICE.privatePem.toString(),
                    GmfluxConfig.INNER_DESERIALIZER, StringDeserializer.class.getName()))) {
                List<String> got = new ArrayList<>();
                Clients.readAll(c, out, 10).forEach(r -> got.add(r.value()));
                List<String> expected = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    expected.add("EVENT " + i);
                }
                assertThat(got).containsExactlyElementsOf(expected);
            }
            streams.close(Duration.ofSeconds(10));
            streams.cleanUp();
        }
        // What Streams wrote is ciphertext on the topic.
        try (KafkaConsumer<byte[], byte[]> raw = Clients.consumer(Map.of("value.deserializer",
                ByteArrayDeserializer.class.getName()))) {
            for (ConsumerRecord<byte[], byte[]> r : Clients.readAll(raw, out, 10)) {
                assertThat(new String(r.value(), StandardCharsets.ISO_8859_1)).doesNotContain("EVENT");
                assertThat(r.headers().lastHeader("gmflux.dek")).isNotNull();
            }
        }
    }
}
