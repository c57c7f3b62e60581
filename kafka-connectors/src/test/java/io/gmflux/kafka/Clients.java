package io.gmflux.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Producers, consumers and topics on the shared broker, configured the way a user would. */
public final class Clients {

    private static final AtomicInteger TOPICS = new AtomicInteger();

    private Clients() {
    }

    /** A fresh topic name with {@code partitions} partitions and the given topic configs. */
    public static String topic(String prefix, int partitions, Map<String, String> configs) {
        String name = prefix + "-" + TOPICS.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 8);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", SharedBroker.bootstrap()))) {
            admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1).configs(configs))).all().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot create topic " + name, e);
        }
        return name;
    }

    public static String topic(String prefix) {
        return topic(prefix, 1, Map.of());
    }

    /** Producer properties with GmfluxSerializer as value serializer and {@code extra} on top. */
    public static Map<String, Object> producerProps(Map<String, Object> extra) {
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedBroker.bootstrap());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, GmfluxSerializer.class.getName());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        // Seen with the embedded 4.4.0 broker: two producers created seconds apart were given the same
        // producer id, and the second one's batches failed with OutOfOrderSequenceException until they
        // expired. The tests that do not test idempotence turn it off; EmbeddedKafkaTest turns it on.
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000);
        p.putAll(extra);
        return p;
    }

    public static Map<String, Object> consumerProps(Map<String, Object> extra) {
        Map<String, Object> p = new HashMap<>();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, SharedBroker.bootstrap());
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, GmfluxDeserializer.class.getName());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "g-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        p.putAll(extra);
        return p;
    }

    public static <V> KafkaProducer<byte[], V> producer(Map<String, Object> extra) {
        return new KafkaProducer<>(producerProps(extra));
    }

    public static <V> KafkaConsumer<byte[], V> consumer(Map<String, Object> extra) {
        return new KafkaConsumer<>(consumerProps(extra));
    }

    /**
     * Sends every record, then waits for each acknowledgement: a failed send fails the test with the
     * broker's reason instead of showing up later as a missing record.
     */
    public static <K, V> void sendAll(org.apache.kafka.clients.producer.Producer<K, V> producer,
            List<org.apache.kafka.clients.producer.ProducerRecord<K, V>> records) {
        List<java.util.concurrent.Future<org.apache.kafka.clients.producer.RecordMetadata>> acks = new ArrayList<>();
        for (org.apache.kafka.clients.producer.ProducerRecord<K, V> r : records) {
            acks.add(producer.send(r));
        }
        producer.flush();
        for (int i = 0; i < acks.size(); i++) {
            try {
                acks.get(i).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } catch (ExecutionException e) {
                throw new AssertionError("record " + i + " was not acknowledged: " + e.getCause(), e.getCause());
            }
        }
    }

    /** Polls {@code topic} from the beginning until {@code count} records arrived (or 60 s passed). */
    public static <V> List<ConsumerRecord<byte[], V>> readAll(KafkaConsumer<byte[], V> consumer, String topic, int count) {
        consumer.subscribe(List.of(topic));
        List<ConsumerRecord<byte[], V>> out = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (out.size() < count && System.nanoTime() < deadline) {
            consumer.poll(Duration.ofMillis(200)).forEach(out::add);
        }
        return out;
    }
}
