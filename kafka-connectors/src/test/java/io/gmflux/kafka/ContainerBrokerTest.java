package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The encrypted round trip on a Testcontainers {@link KafkaContainer}, where a Docker engine exists
 * (skipped, never failed, where none does: the embedded broker covers the rest). The image is
 * {@code apache/kafka:<kafka.version>} unless {@code -Dgmflux.kafka.image=...} names another.
 */
class ContainerBrokerTest {

    private static final TestKeys ALICE = TestKeys.create("alice");

    @Test
    void roundTripsOnAKafkaContainer() {
        assumeTrue(DockerClientFactory.instance().isDockerAvailable(), "no Docker engine here: container path skipped");
        String image = System.getProperty("gmflux.kafka.image", "apache/kafka:4.4.0");
        try (KafkaContainer kafka = new KafkaContainer(DockerImageName.parse(image))) {
            kafka.start();
            Map<String, Object> p = Clients.producerProps(Configured.props(GmfluxConfig.RECIPIENTS, ALICE.publicPem.toString(),
                    GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName()));
            p.put("bootstrap.servers", kafka.getBootstrapServers());
            try (KafkaProducer<byte[], String> producer = new KafkaProducer<>(p)) {
                for (int i = 0; i < 10; i++) {
                    producer.send(new ProducerRecord<>("container-topic", "record " + i));
                }
            }
            Map<String, Object> c = new HashMap<>(Clients.consumerProps(Configured.props(GmfluxConfig.PRIVATE_KEYS,
                    ALICE.privatePem.toString(), GmfluxConfig.INNER_DESERIALIZER, StringDeserializer.class.getName())));
            c.put("bootstrap.servers", kafka.getBootstrapServers());
            List<String> got = new ArrayList<>();
            try (KafkaConsumer<byte[], String> consumer = new KafkaConsumer<>(c)) {
                consumer.subscribe(List.of("container-topic"));
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (got.size() < 10 && System.nanoTime() < deadline) {
                    for (ConsumerRecord<byte[], String> r : consumer.poll(Duration.ofMillis(200))) {
                        got.add(r.value());
                    }
                }
            }
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                expected.add("record " + i);
            }
            assertThat(got).containsExactlyElementsOf(expected);
        }
    }
}
