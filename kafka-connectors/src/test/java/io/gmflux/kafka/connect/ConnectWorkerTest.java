package io.gmflux.kafka.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gmflux.kafka.Clients;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxSerializer;
import io.gmflux.kafka.SharedBroker;
import io.gmflux.kafka.TestKeys;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.connect.cli.ConnectStandalone;
import org.apache.kafka.tools.consumer.ConsoleConsumer;
import org.apache.kafka.tools.consumer.ConsoleConsumerOptions;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.runtime.Connect;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.runtime.standalone.StandaloneHerder;
import org.apache.kafka.connect.storage.StringConverter;
import org.apache.kafka.connect.util.ConnectorTaskId;
import org.apache.kafka.connect.util.FutureCallback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Kafka Connect standalone worker (Kafka's own runtime, in this JVM) on the embedded broker,
 * with the minimal file connectors of this package: whole values through {@link GmfluxConverter},
 * fields through {@link EncryptFields}/{@link DecryptFields}, and misconfigured converters.
 */
class ConnectWorkerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    private static Connect<StandaloneHerder> connect;
    private static TestKeys keys;
    private static TestKeys other;
    private static TestKeys producer;

    @BeforeAll
    static void startWorker() throws IOException {
        keys = TestKeys.create("connect");
        other = TestKeys.create("connect-other");
        producer = TestKeys.create("connect-producer");
        Map<String, String> worker = new HashMap<>();
        worker.put("bootstrap.servers", SharedBroker.bootstrap());
        worker.put("key.converter", StringConverter.class.getName());
        worker.put("value.converter", StringConverter.class.getName());
        worker.put("offset.storage.file.filename", dir.resolve("offsets").toString());
        worker.put("offset.flush.interval.ms", "500");
        worker.put("listeners", "http://127.0.0.1:0");
        worker.put("plugin.discovery", "service_load");
        // See Clients.producerProps: the embedded broker and idempotent producers created close together.
        worker.put("producer.enable.idempotence", "false");
        worker.put("producer.linger.ms", "5");
        connect = new ConnectStandalone().startConnect(worker);
    }

    @AfterAll
    static void stopWorker() {
        if (connect != null) {
            connect.stop();
            connect.awaitStop();
        }
    }

    @Test
    void linesGoThroughAnEncryptedTopicByteForByte() throws Exception {
        String marker = "secret-" + UUID.randomUUID();
        List<String> lines = List.of("first line " + marker, "", "zweite Zeile \u00e4\u00f6\u00fc \u56fd\u5bc6 " + marker,
                "{\"not\":\"parsed\"} " + marker, "last");
        Path in = dir.resolve("lines-in.txt");
        Files.writeString(in, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        String topic = Clients.topic("connect-lines");

        start("lines-source", Map.of("connector.class", LinesSourceConnector.class.getName(), "file", in.toString(),
                "topic", topic, "value.converter", GmfluxConverter.class.getName(),
                "value.converter.inner", StringConverter.class.getName(),
                "value.converter." + GmfluxConfig.RECIPIENTS, keys.publicPem.toString(),
                "value.converter." + GmfluxConfig.PRODUCER_KEY, producer.privatePem.toString(),
                "key.converter", GmfluxKeyConverter.class.getName(),
                "key.converter.inner", StringConverter.class.getName()));

        List<ConsumerRecord<byte[], byte[]>> raw = rawRecords(topic, lines.size());
        assertThat(raw).hasSize(lines.size());
        for (ConsumerRecord<byte[], byte[]> r : raw) {
            assertThat(r.headers().lastHeader("gmflux.dek")).isNotNull();
            assertThat(r.value()[0]).isEqualTo((byte) 0x03); // bound to its (null) key, FORMAT.md §7.3
            assertThat(contains(r.value(), marker.getBytes(StandardCharsets.UTF_8))).isFalse();
            assertThat(contains(r.value(), "line".getBytes(StandardCharsets.UTF_8))).isFalse();
        }
        // The serde reads what Connect wrote.
        GmfluxDeserializer<String> serde = new GmfluxDeserializer<>(new StringDeserializer());
        serde.configure(Map.of(GmfluxConfig.PRIVATE_KEYS, keys.privatePem.toString(),
                GmfluxConfig.TRUSTED_PRODUCERS, producer.publicPem.toString()), false);
        List<String> read = new ArrayList<>();
        for (ConsumerRecord<byte[], byte[]> r : raw) {
            read.add(serde.deserialize(topic, r.headers(), r.value()));
        }
        serde.close();
        assertThat(read).containsExactlyElementsOf(lines);
        // So does Kafka's console consumer, configured by properties only.
        assertThat(consoleConsumer(topic, lines.size())).containsExactlyElementsOf(lines);

        Path out = dir.resolve("lines-out.txt");
        Map<String, String> sink = new HashMap<>(sink(topic, out, GmfluxConfig.PRIVATE_KEYS, keys.privatePem.toString()));
        sink.put("value.converter." + GmfluxConfig.TRUSTED_PRODUCERS, producer.publicPem.toString());
        sink.put("key.converter", GmfluxKeyConverter.class.getName());
        sink.put("key.converter.inner", StringConverter.class.getName());
        start("lines-sink", sink);
        awaitLines(out, lines.size());
        assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(in));
    }

    @Test
    void connectReadsWhatTheSerdeWrote() throws Exception {
        String topic = Clients.topic("connect-from-serde");
        List<String> lines = List.of("written by a producer", "with GmfluxSerializer", "\u56fd\u5bc6");
        GmfluxSerializer<String> ser = new GmfluxSerializer<>(new StringSerializer());
        try (KafkaProducer<byte[], String> producer = new KafkaProducer<>(Clients.producerProps(Map.of()), null,
                ser)) {
            ser.configure(Map.of(GmfluxConfig.RECIPIENTS, keys.publicPem.toString()), false);
            List<ProducerRecord<byte[], String>> records = new ArrayList<>();
            for (String l : lines) {
                records.add(new ProducerRecord<>(topic, l));
            }
            Clients.sendAll(producer, records);
        }
        Path out = dir.resolve("serde-out.txt");
        start("serde-sink", sink(topic, out, GmfluxConfig.PRIVATE_KEYS, keys.privatePem.toString()));
        awaitLines(out, lines.size());
        assertThat(Files.readString(out, StandardCharsets.UTF_8)).isEqualTo(String.join("\n", lines) + "\n");
    }

    @Test
    void encryptFieldsLeavesTheRestInClearAndDecryptFieldsRestoresIt() throws Exception {
        String ssn = "078-05-" + (1000 + (int) (Math.random() * 8999));
        List<String> lines = List.of(
                "{\"id\":1,\"name\":\"Ada\",\"ssn\":\"" + ssn + "\",\"card\":{\"number\":\"4111111111111111\",\"exp\":\"12/29\"}}",
                "{\"id\":2,\"name\":\"Grace\",\"ssn\":null,\"card\":{\"number\":\"5500005555555559\",\"exp\":\"01/30\"}}",
                "{\"id\":3,\"name\":\"Hedy\",\"ssn\":\"" + ssn + "\"}");
        Path in = dir.resolve("json-in.txt");
        Files.writeString(in, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        String topic = Clients.topic("connect-fields");

        Map<String, String> source = new HashMap<>(Map.of("connector.class", LinesSourceConnector.class.getName(),
                "file", in.toString(), "topic", topic, "json", "true",
                "value.converter", JsonConverter.class.getName(), "value.converter.schemas.enable", "false"));
        source.put("transforms", "encrypt");
        source.put("transforms.encrypt.type", EncryptFields.class.getName());
        source.put("transforms.encrypt.fields", "ssn,card.number");
        source.put("transforms.encrypt." + GmfluxConfig.RECIPIENTS, keys.publicPem.toString());
        start("fields-source", source);

        List<ConsumerRecord<byte[], byte[]>> raw = rawRecords(topic, lines.size());
        assertThat(raw).hasSize(lines.size());
        for (int i = 0; i < raw.size(); i++) {
            String text = new String(raw.get(i).value(), StandardCharsets.UTF_8);
            assertThat(text).doesNotContain(ssn).doesNotContain("4111111111111111").doesNotContain("5500005555555559");
            JsonNode record = JSON.readTree(text);
            JsonNode original = JSON.readTree(lines.get(i));
            assertThat(record.get("name")).isEqualTo(original.get("name"));
            assertThat(record.get("id")).isEqualTo(original.get("id"));
            if (original.get("ssn").isNull()) {
                assertThat(record.get("ssn").isNull()).isTrue();
            } else {
                assertThat(record.get("ssn").isTextual()).isTrue();
            }
            if (original.has("card")) {
                assertThat(record.get("card").get("exp")).isEqualTo(original.get("card").get("exp"));
                assertThat(record.get("card").get("number").asText()).isNotEqualTo(original.get("card").get("number").asText());
            }
        }

        Path out = dir.resolve("json-out.txt");
        Map<String, String> sink = new HashMap<>(Map.of("connector.class", LinesSinkConnector.class.getName(),
                "topics", topic, "file", out.toString(),
                "value.converter", JsonConverter.class.getName(), "value.converter.schemas.enable", "false"));
        sink.put("transforms", "decrypt");
        sink.put("transforms.decrypt.type", DecryptFields.class.getName());
        sink.put("transforms.decrypt.fields", "ssn,card.number");
        sink.put("transforms.decrypt." + GmfluxConfig.PRIVATE_KEYS, keys.privatePem.toString());
        start("fields-sink", sink);
        awaitLines(out, lines.size());
        List<String> written = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertThat(written).hasSize(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            assertThat(JSON.readTree(written.get(i))).isEqualTo(JSON.readTree(lines.get(i)));
        }
    }

    @Test
    void aConverterWithoutRecipientsFailsTheTaskAndWritesNothing() throws Exception {
        String topic = Clients.topic("connect-no-recipients");
        Path in = dir.resolve("unsent.txt");
        Files.writeString(in, "must not reach the topic\n", StandardCharsets.UTF_8);
        String trace = awaitFailure("no-recipients", Map.of("connector.class", LinesSourceConnector.class.getName(),
                "file", in.toString(), "topic", topic, "value.converter", GmfluxConverter.class.getName(),
                "value.converter.inner", StringConverter.class.getName()));
        assertThat(trace).contains(GmfluxConfig.RECIPIENTS);
        assertThat(rawRecords(topic, 1, Duration.ofSeconds(2))).isEmpty();
    }

    @Test
    void aConverterWithAPrivateKeyAsRecipientFailsTheTaskAndWritesNothing() throws Exception {
        String topic = Clients.topic("connect-bad-key");
        Path in = dir.resolve("unsent-bad-key.txt");
        Files.writeString(in, "must not reach the topic either\n", StandardCharsets.UTF_8);
        String trace = awaitFailure("bad-key", Map.of("connector.class", LinesSourceConnector.class.getName(),
                "file", in.toString(), "topic", topic, "value.converter", GmfluxConverter.class.getName(),
                "value.converter.inner", StringConverter.class.getName(),
                "value.converter." + GmfluxConfig.RECIPIENTS, keys.privatePem.toString()));
        assertThat(trace).contains(GmfluxConfig.RECIPIENTS);
        assertThat(rawRecords(topic, 1, Duration.ofSeconds(2))).isEmpty();
    }

    @Test
    void aSinkWithTheWrongPrivateKeyFailsTheTaskAndWritesNothingInClear() throws Exception {
        String topic = Clients.topic("connect-wrong-key");
        GmfluxSerializer<String> ser = new GmfluxSerializer<>(new StringSerializer());
        try (KafkaProducer<byte[], String> producer = new KafkaProducer<>(Clients.producerProps(Map.of()), null,
                ser)) {
            ser.configure(Map.of(GmfluxConfig.RECIPIENTS, keys.publicPem.toString()), false);
            Clients.sendAll(producer, List.of(new ProducerRecord<>(topic, "for the right key only")));
        }
        Path out = dir.resolve("wrong-key-out.txt");
        String trace = awaitFailure("wrong-key-sink", sink(topic, out, GmfluxConfig.PRIVATE_KEYS,
                other.privatePem.toString()));
        assertThat(trace).contains("no configured private").contains(topic);
        assertThat(out).doesNotExist();
    }

    private static List<String> consoleConsumer(String topic, int count) throws Exception {
        String[] args = {"--bootstrap-server", SharedBroker.bootstrap(), "--topic", topic, "--from-beginning",
            "--max-messages", String.valueOf(count), "--timeout-ms", "20000",
            "--value-deserializer", GmfluxDeserializer.class.getName(),
            "--formatter-property", "value.deserializer." + GmfluxConfig.PRIVATE_KEYS + "=" + keys.privatePem,
            "--formatter-property", "value.deserializer." + GmfluxConfig.TRUSTED_PRODUCERS + "=" + producer.publicPem,
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
        return captured.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static Map<String, String> sink(String topic, Path out, String keyProperty, String key) {
        return Map.of("connector.class", LinesSinkConnector.class.getName(), "topics", topic, "file", out.toString(),
                "value.converter", GmfluxConverter.class.getName(),
                "value.converter.inner", StringConverter.class.getName(), "value.converter." + keyProperty, key);
    }

    private static void start(String name, Map<String, String> config) throws Exception {
        Map<String, String> c = new HashMap<>(config);
        c.put("name", name);
        c.put("tasks.max", "1");
        FutureCallback<org.apache.kafka.connect.runtime.Herder.Created<
                org.apache.kafka.connect.runtime.rest.entities.ConnectorInfo>> done = new FutureCallback<>();
        connect.herder().putConnectorConfig(name, c, false, done);
        done.get(30, TimeUnit.SECONDS);
    }

    /** Starts the connector and waits for its task to fail; returns the failure's trace. */
    private static String awaitFailure(String name, Map<String, String> config) throws Exception {
        start(name, config);
        ConnectorTaskId id = new ConnectorTaskId(name, 0);
        String[] trace = new String[1];
        await("task " + id + " to fail", () -> {
            try {
                ConnectorStateInfo.TaskState s = connect.herder().taskStatus(id);
                trace[0] = s.trace();
                return "FAILED".equals(s.state());
            } catch (RuntimeException notYet) {
                return false;
            }
        });
        return trace[0];
    }

    private static List<ConsumerRecord<byte[], byte[]>> rawRecords(String topic, int count) {
        return rawRecords(topic, count, Duration.ofSeconds(60));
    }

    private static List<ConsumerRecord<byte[], byte[]>> rawRecords(String topic, int count, Duration wait) {
        Map<String, Object> props = Clients.consumerProps(Map.of("value.deserializer",
                ByteArrayDeserializer.class.getName()));
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(props)) {
            c.subscribe(List.of(topic));
            long deadline = System.nanoTime() + wait.toNanos();
            while (out.size() < count && System.nanoTime() < deadline) {
                c.poll(Duration.ofMillis(200)).forEach(out::add);
            }
        }
        return out;
    }

    private static void awaitLines(Path file, int lines) {
        await(lines + " lines in " + file, () -> {
            try {
                return Files.exists(file) && Files.readAllLines(file, StandardCharsets.UTF_8).size() >= lines;
            } catch (IOException e) {
                return false;
            }
        });
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
