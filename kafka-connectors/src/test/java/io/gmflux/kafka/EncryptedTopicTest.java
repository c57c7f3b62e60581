package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.connect.json.JsonDeserializer;
import org.apache.kafka.connect.json.JsonSerializer;
import org.apache.kafka.tools.consumer.ConsoleConsumer;
import org.apache.kafka.tools.consumer.ConsoleConsumerOptions;
import org.junit.jupiter.api.Test;

/** Encrypted topics end to end against the embedded broker, configured by properties only. */
class EncryptedTopicTest {

    private static final TestKeys ALICE = TestKeys.create("alice");
    private static final TestKeys NEW_KEY = TestKeys.create("alice-2027");
    private static final TestKeys PRODUCER = TestKeys.create("orders-producer");

    private static Map<String, Object> sendTo(TestKeys k, Object... more) {
        return Configured.props(GmfluxConfig.RECIPIENTS, k.publicPem.toString(), more);
    }

    private static Map<String, Object> readWith(TestKeys k, Object... more) {
        return Configured.props(GmfluxConfig.PRIVATE_KEYS, k.privatePem.toString(), more);
    }

    private static KafkaConsumer<byte[], byte[]> rawConsumer() {
        return Clients.consumer(Map.of("value.deserializer", ByteArrayDeserializer.class.getName()));
    }

    private static KafkaProducer<byte[], byte[]> rawProducer() {
        return Clients.producer(Map.of("value.serializer", ByteArraySerializer.class.getName()));
    }

    @Test
    void stringValuesRoundTripAndAreCiphertextOnTheTopic() throws Exception {
        String topic = Clients.topic("strings");
        List<String> sent = new ArrayList<>();
        try (KafkaProducer<byte[], String> p = Clients.producer(sendTo(ALICE,
                GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName()))) {
            List<ProducerRecord<byte[], String>> records = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                String v = "order " + i + " total " + (i * 17);
                sent.add(v);
                records.add(new ProducerRecord<>(topic, ("k" + i).getBytes(StandardCharsets.UTF_8), v));
            }
            Clients.sendAll(p, records);
        }
        try (KafkaConsumer<byte[], String> c = Clients.consumer(readWith(ALICE,
                GmfluxConfig.INNER_DESERIALIZER, StringDeserializer.class.getName()))) {
            List<ConsumerRecord<byte[], String>> got = Clients.readAll(c, topic, sent.size());
            assertThat(got).extracting(ConsumerRecord::value).containsExactlyElementsOf(sent);
            assertThat(new String(got.get(3).key(), StandardCharsets.UTF_8)).isEqualTo("k3");
        }
        try (KafkaConsumer<byte[], byte[]> raw = rawConsumer()) {
            for (ConsumerRecord<byte[], byte[]> r : Clients.readAll(raw, topic, sent.size())) {
                String onDisk = new String(r.value(), StandardCharsets.ISO_8859_1);
                assertThat(onDisk).doesNotContain("order").doesNotContain("total");
                assertThat(r.headers().lastHeader("gmflux.dek")).isNotNull();
            }
        }
    }

    @Test
    void byteArrayValuesOfRandomLengthsRoundTripWithUserHeadersKept() {
        String topic = Clients.topic("bytes", 3, Map.of());
        SplittableRandom rnd = new SplittableRandom(0xb17e5L);
        Map<String, byte[]> sent = new HashMap<>();
        try (KafkaProducer<byte[], byte[]> p = Clients.producer(sendTo(ALICE, GmfluxConfig.SUITE, "zuc128"))) {
            List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                byte[] v = new byte[rnd.nextInt(0, 5000)];
                rnd.nextBytes(v);
                sent.put("r" + i, v);
                RecordHeaders h = new RecordHeaders();
                h.add("trace-id", ("t" + i).getBytes(StandardCharsets.UTF_8));
                records.add(new ProducerRecord<>(topic, null, ("r" + i).getBytes(StandardCharsets.UTF_8), v, h));
            }
            Clients.sendAll(p, records);
        }
        // zuc128's 32-bit tag is read only when the consumer lists it (gmflux.suites)
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(readWith(ALICE, GmfluxConfig.SUITES, "zuc128"))) {
            List<ConsumerRecord<byte[], byte[]>> got = Clients.readAll(c, topic, sent.size());
            assertThat(got).hasSize(sent.size());
            for (ConsumerRecord<byte[], byte[]> r : got) {
                String k = new String(r.key(), StandardCharsets.UTF_8);
                assertThat(r.value()).as(k).isEqualTo(sent.get(k));
                assertThat(new String(r.headers().lastHeader("trace-id").value(), StandardCharsets.UTF_8))
                        .isEqualTo("t" + k.substring(1));
            }
        }
    }

    @Test
    void jsonValuesRoundTripThroughKafkasJsonSerde() throws Exception {
        String topic = Clients.topic("json");
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> sent = new ArrayList<>();
        try (KafkaProducer<byte[], JsonNode> p = Clients.producer(sendTo(ALICE,
                GmfluxConfig.INNER_SERIALIZER, JsonSerializer.class.getName(), GmfluxConfig.SUITE, "sm4-ccm"))) {
            List<ProducerRecord<byte[], JsonNode>> records = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                JsonNode n = json.readTree("{\"id\":" + i + ",\"item\":\"widget-" + i + "\",\"price\":" + (i + 0.5)
                        + ",\"tags\":[\"a\",\"b\"]}");
                sent.add(n);
                records.add(new ProducerRecord<>(topic, n));
            }
            Clients.sendAll(p, records);
        }
        try (KafkaConsumer<byte[], JsonNode> c = Clients.consumer(readWith(ALICE,
                GmfluxConfig.INNER_DESERIALIZER, JsonDeserializer.class.getName()))) {
            assertThat(Clients.readAll(c, topic, sent.size())).extracting(ConsumerRecord::value)
                    .containsExactlyElementsOf(sent);
        }
    }

    @Test
    void rotatesDeksMidStreamAndTheConsumerUnwrapsEachOnce() {
        String topic = Clients.topic("rotation");
        GmfluxSerializer<byte[]> serializer = new GmfluxSerializer<>();
        serializer.configure(sendTo(ALICE, GmfluxConfig.ROTATE_RECORDS, "25"), false);
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(Clients.producerProps(Map.of()),
                new ByteArraySerializer(), serializer)) {
            List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                records.add(new ProducerRecord<>(topic, ("v" + i).getBytes(StandardCharsets.UTF_8)));
            }
            Clients.sendAll(p, records);
        }
        GmfluxDeserializer<byte[]> deserializer = new GmfluxDeserializer<>();
        deserializer.configure(readWith(ALICE), false);
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Clients.consumerProps(Map.of()),
                new ByteArrayDeserializer(), deserializer)) {
            List<ConsumerRecord<byte[], byte[]>> got = Clients.readAll(c, topic, 100);
            Set<String> dekHeaders = new HashSet<>();
            for (int i = 0; i < 100; i++) {
                assertThat(new String(got.get(i).value(), StandardCharsets.UTF_8)).isEqualTo("v" + i);
                dekHeaders.add(new String(got.get(i).headers().lastHeader("gmflux.dek").value(), StandardCharsets.ISO_8859_1));
            }
            assertThat(dekHeaders).hasSize(4);
            assertThat(deserializer.dekUnwraps()).isEqualTo(4);
        }
    }

    @Test
    void aConsumerHoldingOnlyARetiredKeyGetsAnErrorNamingTheMissingKeyId() {
        String topic = Clients.topic("retired", 1, Map.of());
        try (KafkaProducer<byte[], byte[]> before = Clients.producer(sendTo(ALICE))) {
            before.send(new ProducerRecord<>(topic, "old-1".getBytes(StandardCharsets.UTF_8)));
            before.send(new ProducerRecord<>(topic, "old-2".getBytes(StandardCharsets.UTF_8)));
        }
        try (KafkaProducer<byte[], byte[]> after = Clients.producer(sendTo(NEW_KEY))) {
            after.send(new ProducerRecord<>(topic, "new-1".getBytes(StandardCharsets.UTF_8)));
        }
        // Holds only the new key: the records of the retired one fail, naming its key id, partition and offset.
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(readWith(NEW_KEY))) {
            c.subscribe(List.of(topic));
            RecordDeserializationException e = pollUntilFailure(c);
            assertThat(e.topicPartition().topic()).isEqualTo(topic);
            assertThat(e.topicPartition().partition()).isZero();
            assertThat(e.offset()).isZero();
            assertThat(e.getCause()).hasMessageContaining("topic " + topic)
                    .hasMessageContaining("sm2:" + ALICE.keyIdHex).hasMessageContaining(GmfluxConfig.PRIVATE_KEYS);
            c.seek(e.topicPartition(), 2);
            List<ConsumerRecord<byte[], byte[]>> rest = pollSome(c, 1);
            assertThat(new String(rest.get(0).value(), StandardCharsets.UTF_8)).isEqualTo("new-1");
        }
        // Holding both, the old and new records all read.
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(Configured.props(GmfluxConfig.PRIVATE_KEYS,
                NEW_KEY.privatePem + "," + ALICE.privatePem))) {
            assertThat(Clients.readAll(c, topic, 3)).extracting(r -> new String(r.value(), StandardCharsets.UTF_8))
                    .containsExactly("old-1", "old-2", "new-1");
        }
    }

    @Test
    void aRecordCopiedToAnotherTopicFailsAuthentication() {
        String source = Clients.topic("payments");
        String copy = Clients.topic("payments-copy");
        try (KafkaProducer<byte[], byte[]> p = Clients.producer(sendTo(ALICE))) {
            p.send(new ProducerRecord<>(source, "pay carol 100".getBytes(StandardCharsets.UTF_8)));
        }
        try (KafkaConsumer<byte[], byte[]> raw = rawConsumer(); KafkaProducer<byte[], byte[]> rp = rawProducer()) {
            ConsumerRecord<byte[], byte[]> r = Clients.readAll(raw, source, 1).get(0);
            rp.send(new ProducerRecord<>(copy, null, r.key(), r.value(), r.headers()));
        }
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(readWith(ALICE))) {
            c.subscribe(List.of(copy));
            RecordDeserializationException e = pollUntilFailure(c);
            assertThat(e.topicPartition().topic()).isEqualTo(copy);
            assertThat(e.offset()).isZero();
            assertThat(e.getCause()).hasMessageContaining("topic " + copy).hasMessageContaining("failed authentication");
        }
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(readWith(ALICE))) {
            assertThat(new String(Clients.readAll(c, source, 1).get(0).value(), StandardCharsets.UTF_8))
                    .isEqualTo("pay carol 100");
        }
    }

    @Test
    void aConsumerTrustingItsProducerRefusesARecordMintedByAnyoneElse() {
        String topic = Clients.topic("signed-orders");
        try (KafkaProducer<byte[], byte[]> genuine = Clients.producer(sendTo(ALICE,
                        GmfluxConfig.PRODUCER_KEY, PRODUCER.privatePem.toString()));
                KafkaProducer<byte[], byte[]> forger = Clients.producer(sendTo(ALICE))) {
            genuine.send(new ProducerRecord<>(topic, "pay carol 100".getBytes(StandardCharsets.UTF_8)));
            genuine.flush();
            // Anyone with Alice's public key and write access to the topic can mint a record for her.
            forger.send(new ProducerRecord<>(topic, "pay mallory 9999".getBytes(StandardCharsets.UTF_8)));
            forger.flush();
            genuine.send(new ProducerRecord<>(topic, "pay dave 5".getBytes(StandardCharsets.UTF_8)));
        }
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(readWith(ALICE,
                GmfluxConfig.TRUSTED_PRODUCERS, PRODUCER.publicText))) {
            c.subscribe(List.of(topic));
            assertThat(new String(pollSome(c, 1).get(0).value(), StandardCharsets.UTF_8)).isEqualTo("pay carol 100");
            RecordDeserializationException e = pollUntilFailure(c);
            assertThat(e.offset()).isEqualTo(1);
            assertThat(e.getCause()).isInstanceOf(RecordRejectedException.class)
                    .hasMessageContaining("topic " + topic).hasMessageContaining("not signed");
            assertThat(((RecordRejectedException) e.getCause()).reason())
                    .isEqualTo(RecordRejectedException.Reason.UNTRUSTED_PRODUCER);
            c.seek(e.topicPartition(), 2);
            assertThat(new String(pollSome(c, 1).get(0).value(), StandardCharsets.UTF_8)).isEqualTo("pay dave 5");
        }
    }

    @Test
    void aBoundValueMovedUnderAnotherKeyIsRefused() {
        String topic = Clients.topic("balances");
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(Clients.producerProps(sendTo(ALICE,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, GmfluxKeySerializer.class.getName(),
                GmfluxConfig.INNER_KEY_SERIALIZER, StringSerializer.class.getName())))) {
            p.send(new ProducerRecord<>(topic, "acct-1", "balance 100".getBytes(StandardCharsets.UTF_8)));
            p.send(new ProducerRecord<>(topic, "acct-2", "balance 0".getBytes(StandardCharsets.UTF_8)));
        }
        try (KafkaConsumer<byte[], byte[]> raw = rawConsumer(); KafkaProducer<byte[], byte[]> rp = rawProducer()) {
            ConsumerRecord<byte[], byte[]> one = Clients.readAll(raw, topic, 2).get(0);
            // A writer re-keys acct-1's value as acct-2's (on a compacted topic it would replace it).
            rp.send(new ProducerRecord<>(topic, null, "acct-2".getBytes(StandardCharsets.UTF_8), one.value(),
                    one.headers()));
        }
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(Clients.consumerProps(readWith(ALICE,
                "key.deserializer", GmfluxKeyDeserializer.class.getName(),
                GmfluxConfig.INNER_KEY_DESERIALIZER, StringDeserializer.class.getName())))) {
            c.subscribe(List.of(topic));
            List<ConsumerRecord<String, byte[]>> good = new ArrayList<>();
            RecordDeserializationException moved = null;
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (moved == null && System.nanoTime() < deadline) {
                try {
                    c.poll(Duration.ofMillis(200)).forEach(good::add);
                } catch (RecordDeserializationException e) {
                    moved = e;
                }
            }
            assertThat(good).extracting(r -> r.key() + "=" + new String(r.value(), StandardCharsets.UTF_8))
                    .containsExactly("acct-1=balance 100", "acct-2=balance 0");
            assertThat(good.get(0).headers().lastHeader("gmflux.key.digest")).isNull();
            assertThat(moved).as("the moved record is refused").isNotNull();
            assertThat(moved.offset()).isEqualTo(2);
            assertThat(((RecordRejectedException) moved.getCause()).reason())
                    .isEqualTo(RecordRejectedException.Reason.KEY_MISMATCH);
        }
    }

    @Test
    void aTamperedValueOrDekHeaderIsRejectedAndGenuineRecordsAroundItStillRead() {
        String topic = Clients.topic("ledger");
        try (KafkaProducer<byte[], byte[]> p = Clients.producer(sendTo(ALICE))) {
            for (String v : new String[] {"a", "b", "c", "d"}) {
                p.send(new ProducerRecord<>(topic, v.getBytes(StandardCharsets.UTF_8)));
            }
        }
        assertTamperRejected(topic);
    }

    /** Appends edited copies of record 1 of {@code topic} (offsets 4 to 6), then reads them all. */
    private void assertTamperRejected(String topic) {
        try (KafkaConsumer<byte[], byte[]> raw = rawConsumer(); KafkaProducer<byte[], byte[]> rp = rawProducer()) {
            List<ConsumerRecord<byte[], byte[]>> rs = Clients.readAll(raw, topic, 4);
            ConsumerRecord<byte[], byte[]> r = rs.get(1);
            byte[] value = r.value().clone();
            value[value.length - 20] ^= 0x40;
            rp.send(new ProducerRecord<>(topic, null, r.key(), value, r.headers())); // offset 4: value edited
            byte[] dek = r.headers().lastHeader("gmflux.dek").value().clone();
            dek[dek.length - 5] ^= 0x01;
            RecordHeaders h = new RecordHeaders();
            for (Header x : r.headers()) {
                h.add(x.key(), x.key().equals("gmflux.dek") ? dek : x.value());
            }
            rp.send(new ProducerRecord<>(topic, null, r.key(), r.value(), h)); // offset 5: header edited
            rp.send(new ProducerRecord<>(topic, null, r.key(), r.value(), r.headers())); // offset 6: a genuine replay
        }
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(readWith(ALICE))) {
            c.subscribe(List.of(topic));
            List<ConsumerRecord<byte[], byte[]>> good = pollSome(c, 4);
            assertThat(good).extracting(x -> new String(x.value(), StandardCharsets.UTF_8)).containsExactly("a", "b", "c", "d");
            RecordDeserializationException valueEdit = pollUntilFailure(c);
            assertThat(valueEdit.offset()).isEqualTo(4);
            assertThat(valueEdit.getCause()).hasMessageContaining("failed authentication");
            c.seek(valueEdit.topicPartition(), 5);
            RecordDeserializationException headerEdit = pollUntilFailure(c);
            assertThat(headerEdit.offset()).isEqualTo(5);
            c.seek(headerEdit.topicPartition(), 6);
            // A byte-identical replay on the same topic authenticates: Kafka-level deduplication is the
            // producer's idempotence, not the cipher's (FORMAT.md §7).
            assertThat(new String(pollSome(c, 1).get(0).value(), StandardCharsets.UTF_8)).isEqualTo("b");
        }
    }

    @Test
    void tombstonesStayNullAndSurviveCompaction() throws Exception {
        String topic = Clients.topic("compacted", 1, Map.of("cleanup.policy", "compact", "segment.ms", "100",
                "min.cleanable.dirty.ratio", "0.001", "delete.retention.ms", "3600000", "min.compaction.lag.ms", "0"));
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(Clients.producerProps(sendTo(ALICE,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName())))) {
            p.send(new ProducerRecord<>(topic, "k1", "v1-old".getBytes(StandardCharsets.UTF_8))).get();
            p.send(new ProducerRecord<>(topic, "k2", "v2".getBytes(StandardCharsets.UTF_8))).get();
            p.send(new ProducerRecord<>(topic, "k1", "v1-new".getBytes(StandardCharsets.UTF_8))).get();
            p.send(new ProducerRecord<>(topic, "k2", null)).get();
            // Later records roll the segment (segment.ms) so the cleaner may compact the earlier ones. Under
            // load the four records can land in two segments, the tombstone in the one still active: wait
            // until the cleaner has left one record for each of k1 and k2, not merely removed the first.
            long deadline = System.nanoTime() + Duration.ofSeconds(40).toNanos();
            int filler = 0;
            boolean compacted = false;
            while (!compacted && System.nanoTime() < deadline) {
                Thread.sleep(300);
                p.send(new ProducerRecord<>(topic, "filler", ("f" + filler++).getBytes(StandardCharsets.UTF_8))).get();
                Map<String, Integer> left = recordsPerKey(topic);
                compacted = left.getOrDefault("k1", 0) == 1 && left.getOrDefault("k2", 0) == 1;
            }
            assertThat(compacted).as("the cleaner compacted k1 and k2 within 40 s").isTrue();
        }
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(Clients.consumerProps(readWith(ALICE,
                "key.deserializer", StringDeserializer.class.getName())))) {
            c.subscribe(List.of(topic));
            Map<String, List<ConsumerRecord<String, byte[]>>> byKey = new HashMap<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (System.nanoTime() < deadline && (byKey.get("k2") == null || byKey.get("k1") == null)) {
                for (ConsumerRecord<String, byte[]> r : c.poll(Duration.ofMillis(200))) {
                    byKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(r);
                }
            }
            assertThat(byKey.get("k1")).extracting(r -> new String(r.value(), StandardCharsets.UTF_8)).containsExactly("v1-new");
            assertThat(byKey.get("k2")).hasSize(1);
            assertThat(byKey.get("k2").get(0).value()).isNull();
            assertThat(byKey.get("k2").get(0).headers().lastHeader("gmflux.dek")).isNull();
        }
    }

    /** How many records of each key are still in partition 0 of {@code topic}, read to its end. */
    private static Map<String, Integer> recordsPerKey(String topic) {
        try (KafkaConsumer<byte[], byte[]> raw = rawConsumer()) {
            org.apache.kafka.common.TopicPartition tp = new org.apache.kafka.common.TopicPartition(topic, 0);
            raw.assign(List.of(tp));
            raw.seekToBeginning(List.of(tp));
            long end = raw.endOffsets(List.of(tp)).get(tp);
            Map<String, Integer> counts = new HashMap<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (raw.position(tp) < end && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> r : raw.poll(Duration.ofMillis(200))) {
                    counts.merge(r.key() == null ? "" : new String(r.key(), StandardCharsets.UTF_8), 1, Integer::sum);
                }
            }
            return counts;
        }
    }

    @Test
    void kafkasConsoleConsumerDecryptsWithPropertiesOnly() throws Exception {
        String topic = Clients.topic("console");
        try (KafkaProducer<byte[], String> p = Clients.producer(sendTo(ALICE,
                GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName(),
                GmfluxConfig.PRODUCER_KEY, PRODUCER.privatePem.toString()))) {
            for (int i = 0; i < 5; i++) {
                p.send(new ProducerRecord<>(topic, "console line " + i));
            }
        }
        String[] args = {"--bootstrap-server", SharedBroker.bootstrap(), "--topic", topic, "--from-beginning",
            "--max-messages", "5", "--timeout-ms", "20000",
            "--value-deserializer", GmfluxDeserializer.class.getName(),
            "--formatter-property", "value.deserializer." + GmfluxConfig.PRIVATE_KEYS + "=" + ALICE.privatePem,
            "--formatter-property", "value.deserializer." + GmfluxConfig.TRUSTED_PRODUCERS + "=" + PRODUCER.publicPem,
            "--formatter-property", "value.deserializer." + GmfluxConfig.INNER_DESERIALIZER + "="
                    + StringDeserializer.class.getName()};
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            ConsoleConsumer.run(new ConsoleConsumerOptions(args));
        } finally {
            System.setOut(original);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8).lines())
                .containsExactly("console line 0", "console line 1", "console line 2", "console line 3", "console line 4");
    }

    static RecordDeserializationException pollUntilFailure(KafkaConsumer<byte[], byte[]> c) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                c.poll(Duration.ofMillis(200));
            } catch (RecordDeserializationException e) {
                return e;
            }
        }
        throw new AssertionError("no RecordDeserializationException within 30 s");
    }

    static List<ConsumerRecord<byte[], byte[]>> pollSome(KafkaConsumer<byte[], byte[]> c, int n) {
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (out.size() < n && System.nanoTime() < deadline) {
            c.poll(Duration.ofMillis(200)).forEach(out::add);
        }
        assertThat(out).hasSizeGreaterThanOrEqualTo(n);
        return out.subList(0, n);
    }
}
