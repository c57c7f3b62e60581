package io.gmflux.kafka.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.kafka.Clients;
import io.gmflux.kafka.Configured;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.SharedBroker;
import io.gmflux.kafka.TestKeys;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.Disposable;
import reactor.core.publisher.BaseSubscriber;

class GmfluxReceiverTest {

    private static final TestKeys ALICE = TestKeys.create("alice");

    /** Counts the values it reads, to see how far the consumer ran ahead of demand. */
    public static final class CountingDeserializer implements Deserializer<String> {
        static final AtomicLong READ = new AtomicLong();
        private final StringDeserializer strings = new StringDeserializer();

        @Override
        public String deserialize(String topic, byte[] data) {
            READ.incrementAndGet();
            return strings.deserialize(topic, data);
        }

        @Override
        public String deserialize(String topic, Headers headers, byte[] data) {
            return deserialize(topic, data);
        }
    }

    private static void produce(String topic, int from, int to) {
        try (KafkaProducer<String, String> p = new KafkaProducer<>(Clients.producerProps(Configured.props(
                GmfluxConfig.RECIPIENTS, ALICE.publicPem.toString(),
                GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName(),
                "key.serializer", StringSerializer.class.getName())))) {
            List<ProducerRecord<String, String>> records = new ArrayList<>();
            for (int i = from; i < to; i++) {
                records.add(new ProducerRecord<>(topic, "k" + i, "v" + i));
            }
            Clients.sendAll(p, records);
        }
    }

    private static Map<String, Object> consumerProps(String group, Object... more) {
        Map<String, Object> p = Clients.consumerProps(Configured.props(GmfluxConfig.PRIVATE_KEYS, ALICE.privatePem.toString(),
                GmfluxConfig.INNER_DESERIALIZER, StringDeserializer.class.getName(),
                "key.deserializer", StringDeserializer.class.getName(), ConsumerConfig.GROUP_ID_CONFIG, group));
        p.putAll(Configured.props("unused", "", more));
        return p;
    }

    private static Map<TopicPartition, OffsetAndMetadata> committed(String group) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", SharedBroker.bootstrap()))) {
            return admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
        }
    }

    private static Collection<MemberDescription> members(String group) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", SharedBroker.bootstrap()))) {
            ConsumerGroupDescription d = admin.describeConsumerGroups(List.of(group)).all().get().get(group);
            return d.members();
        }
    }

    @Test
    void receivesDecryptedValuesAndCommitsAcknowledgedOffsets() throws Exception {
        String topic = Clients.topic("receiver");
        String group = "g-" + UUID.randomUUID();
        produce(topic, 0, 100);
        GmfluxReceiver<String, String> receiver = GmfluxReceiver.create(consumerProps(group), List.of(topic));
        List<String> values = receiver.receive()
                .concatMap(r -> {
                    r.acknowledge();
                    return r.offset() == 99 ? r.commit().thenReturn(r.value()) : reactor.core.publisher.Mono.just(r.value());
                })
                .take(100) // after the commit: take cancels the receiver as the 100th value passes
                .collectList().block(Duration.ofSeconds(60));
        assertThat(values).hasSize(100);
        for (int i = 0; i < 100; i++) {
            assertThat(values.get(i)).isEqualTo("v" + i);
        }
        assertThat(committed(group).get(new TopicPartition(topic, 0)).offset()).isEqualTo(100);
        produce(topic, 100, 105);
        List<String> next = receiver.receive().take(5).map(ReceivedRecord::value).collectList().block(Duration.ofSeconds(60));
        assertThat(next).containsExactly("v100", "v101", "v102", "v103", "v104");
    }

    @Test
    void onCancelCommitsOnlyAcknowledgedOffsetsAndLeavesTheGroup() throws Exception {
        String topic = Clients.topic("receiver-cancel");
        String group = "g-" + UUID.randomUUID();
        produce(topic, 0, 20);
        GmfluxReceiver<String, String> receiver = GmfluxReceiver.create(consumerProps(group), List.of(topic));
        List<String> first = receiver.receive()
                .doOnNext(r -> {
                    if (r.offset() < 5) {
                        r.acknowledge();
                    }
                })
                .take(10).map(ReceivedRecord::value).collectList().block(Duration.ofSeconds(60));
        assertThat(first).hasSize(10);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!members(group).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(members(group)).as("the consumer left the group on cancel").isEmpty();
        assertThat(committed(group).get(new TopicPartition(topic, 0)).offset()).isEqualTo(5);
        // the unacknowledged records 5..9 come again
        List<String> again = receiver.receive().take(3).map(ReceivedRecord::value).collectList().block(Duration.ofSeconds(60));
        assertThat(again).containsExactly("v5", "v6", "v7");
    }

    @Test
    void pausesTheConsumerWhileThereIsNoDemand() throws Exception {
        String topic = Clients.topic("receiver-pause");
        produce(topic, 0, 3000);
        CountingDeserializer.READ.set(0);
        int maxPoll = 50;
        GmfluxReceiver<String, String> receiver = GmfluxReceiver.create(consumerProps("g-" + UUID.randomUUID(),
                GmfluxConfig.INNER_DESERIALIZER, CountingDeserializer.class.getName(),
                ConsumerConfig.MAX_POLL_RECORDS_CONFIG, maxPoll), List.of(topic));
        AtomicInteger received = new AtomicInteger();
        BaseSubscriber<ReceivedRecord<String, String>> slow = new BaseSubscriber<>() {
            @Override
            protected void hookOnSubscribe(Subscription s) {
                s.request(5);
            }

            @Override
            protected void hookOnNext(ReceivedRecord<String, String> r) {
                received.incrementAndGet();
            }
        };
        receiver.receive().subscribe(slow);
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (received.get() < 5 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(1000);
        assertThat(received.get()).isEqualTo(5);
        assertThat(CountingDeserializer.READ.get()).as("records read while paused")
                .isLessThanOrEqualTo(5 + 2L * maxPoll);
        slow.request(Long.MAX_VALUE);
        deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (received.get() < 3000 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        slow.dispose();
        assertThat(received.get()).isEqualTo(3000);
    }

    @Test
    void endsWithTheDeserializationErrorNamingPartitionAndOffset() {
        String topic = Clients.topic("receiver-foreign");
        produce(topic, 0, 2);
        try (KafkaProducer<byte[], byte[]> plain = new KafkaProducer<>(Clients.producerProps(Map.of()),
                new ByteArraySerializer(), new ByteArraySerializer())) {
            plain.send(new ProducerRecord<>(topic, "not encrypted".getBytes(StandardCharsets.UTF_8)));
        }
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        Throwable error = GmfluxReceiver.<String, String>create(consumerProps("g-" + UUID.randomUUID()), List.of(topic))
                .receive().doOnNext(r -> seen.add(r.value())).then().onErrorResume(e -> reactor.core.publisher.Mono.error(e))
                .materialize().block(Duration.ofSeconds(60)).getThrowable();
        assertThat(seen).containsExactly("v0", "v1");
        assertThat(error).isInstanceOfSatisfying(RecordDeserializationException.class, e -> {
            assertThat(e.topicPartition()).isEqualTo(new TopicPartition(topic, 0));
            assertThat(e.offset()).isEqualTo(2);
        });
    }

    @Test
    void twoReceiversOverFourPartitionsGetEveryRecordExactlyOnce() throws Exception {
        String topic = Clients.topic("group", 4, Map.of());
        String group = "g-" + UUID.randomUUID();
        GmfluxReceiver<String, String> receiver = GmfluxReceiver.create(consumerProps(group), List.of(topic));
        Map<String, Integer> seenBy = new ConcurrentHashMap<>();
        List<String> duplicates = Collections.synchronizedList(new ArrayList<>());
        List<Set<Integer>> partitions = List.of(ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet());
        List<Disposable> subs = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            int consumer = c;
            subs.add(receiver.receive().subscribe(r -> {
                if (seenBy.putIfAbsent(r.value(), consumer) != null) {
                    duplicates.add(r.value());
                }
                partitions.get(consumer).add(r.record().partition());
                r.acknowledge();
            }));
        }
        // Wait for a stable group: two members, two partitions each; then produce.
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            Collection<MemberDescription> m = members(group);
            if (m.size() == 2 && m.stream().allMatch(x -> x.assignment().topicPartitions().size() == 2)) {
                break;
            }
            Thread.sleep(100);
        }
        int n = 2000;
        produce(topic, 0, n);
        deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (seenBy.size() < n && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(300); // let late duplicates show up, if any
        subs.forEach(Disposable::dispose);
        assertThat(duplicates).isEmpty();
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < n; i++) {
            expected.add("v" + i);
        }
        assertThat(seenBy.keySet()).isEqualTo(expected);
        assertThat(partitions.get(0)).hasSize(2);
        assertThat(partitions.get(1)).hasSize(2);
        assertThat(partitions.get(0)).doesNotContainAnyElementsOf(partitions.get(1));
    }

    @Test
    void commitsAcknowledgedOffsetsWhenPartitionsAreRevokedSoAJoiningMemberDoesNotRepeatThem() throws Exception {
        String topic = Clients.topic("rebalance", 4, Map.of());
        String group = "g-" + UUID.randomUUID();
        // Periodic commits effectively off: only revocation (or cancel) can commit.
        GmfluxReceiver<String, String> receiver = GmfluxReceiver.<String, String>create(consumerProps(group), List.of(topic))
                .withCommitInterval(Duration.ofHours(1));
        Map<String, Integer> seenBy = new ConcurrentHashMap<>();
        List<String> duplicates = Collections.synchronizedList(new ArrayList<>());
        List<Disposable> subs = new ArrayList<>();
        java.util.function.IntFunction<Disposable> member = id -> receiver.receive().subscribe(r -> {
            if (seenBy.putIfAbsent(r.value(), id) != null) {
                duplicates.add(r.value());
            }
            r.acknowledge();
        });
        subs.add(member.apply(0));
        produce(topic, 0, 400);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (seenBy.size() < 400 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(seenBy).hasSize(400);
        assertThat(committed(group)).isEmpty();
        subs.add(member.apply(1)); // joins: member 0's partitions are revoked, and its acknowledged offsets committed
        deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            Collection<MemberDescription> m = members(group);
            if (m.size() == 2 && m.stream().allMatch(x -> x.assignment().topicPartitions().size() == 2)) {
                break;
            }
            Thread.sleep(100);
        }
        long total = committed(group).values().stream().mapToLong(OffsetAndMetadata::offset).sum();
        assertThat(total).as("offsets committed on revocation").isEqualTo(400);
        produce(topic, 400, 800);
        deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (seenBy.size() < 800 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(300);
        subs.forEach(Disposable::dispose);
        assertThat(duplicates).isEmpty();
        assertThat(seenBy).hasSize(800);
        assertThat(seenBy.values()).contains(0, 1);
    }

    @Test
    void canSkipUndecryptableRecordsThroughAHandler() throws Exception {
        String topic = Clients.topic("receiver-skip");
        String group = "g-" + UUID.randomUUID();
        produce(topic, 0, 2);
        try (KafkaProducer<byte[], byte[]> plain = new KafkaProducer<>(Clients.producerProps(Map.of()),
                new ByteArraySerializer(), new ByteArraySerializer())) {
            plain.send(new ProducerRecord<>(topic, "not encrypted".getBytes(StandardCharsets.UTF_8)));
        }
        produce(topic, 2, 4);
        List<Long> skipped = Collections.synchronizedList(new ArrayList<>());
        GmfluxReceiver<String, String> receiver = GmfluxReceiver.<String, String>create(consumerProps(group), List.of(topic))
                .skippingUndeserializable(e -> skipped.add(e.offset()));
        List<String> values = receiver.receive()
                .concatMap(r -> {
                    r.acknowledge();
                    return r.value().equals("v3") ? r.commit().thenReturn(r.value()) : reactor.core.publisher.Mono.just(r.value());
                })
                .take(4).collectList().block(Duration.ofSeconds(60));
        assertThat(values).containsExactly("v0", "v1", "v2", "v3");
        assertThat(skipped).containsExactly(2L);
        assertThat(committed(group).get(new TopicPartition(topic, 0)).offset()).isEqualTo(5);
    }
}
