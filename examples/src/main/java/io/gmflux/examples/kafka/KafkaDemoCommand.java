package io.gmflux.examples.kafka;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxSerializer;
import io.gmflux.kafka.embedded.EmbeddedKafka;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gmflux kafka demo}: starts an embedded Kafka broker (or uses {@code --bootstrap-server}),
 * produces N encrypted records to a new topic with a fresh SM2 key, shows that the bytes on the
 * topic are ciphertext, consumes them decrypted and checks every one, and prints the throughput.
 * {@link #demo} is the same tour for {@code gmflux demo}.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Encrypted produce/consume on an embedded Kafka broker (or --bootstrap-server), with throughput.")
public final class KafkaDemoCommand implements Callable<Integer> {

    private static final String MARKER = "gmflux-demo-order";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"-n", "--records"}, description = "records to produce (default ${DEFAULT-VALUE})")
    int records = 10_000;

    @Option(names = "--size", description = "bytes per record value (default ${DEFAULT-VALUE})")
    int size = 1024;

    @Option(names = "--suite", description = "sm4-gcm (default), sm4-ccm, zuc128, zuc256, sm4-ctr-hmac-sm3, aes-256-gcm")
    String suite = Suite.SM4_GCM.label();

    @Option(names = "--bootstrap-server", paramLabel = "HOST:PORT",
            description = "use this cluster instead of an embedded broker")
    String bootstrapServer;

    @Override
    public Integer call() {
        if (records < 1 || size < MARKER.length() + 16) {
            throw new IllegalArgumentException("--records must be at least 1 and --size at least " + (MARKER.length() + 16));
        }
        demo(spec.commandLine().getOut(), bootstrapServer, records, size, Suite.byLabel(suite));
        return 0;
    }

    /**
     * Runs the demo and prints each step to {@code out}; throws if a record is not ciphertext on
     * the topic or does not come back intact.
     *
     * @param bootstrap a cluster to use, or null to start an embedded broker for the demo
     */
    public static void demo(PrintWriter out, String bootstrap, int records, int size, Suite suite) {
        EmbeddedKafka broker = null;
        try {
            if (bootstrap == null) {
                out.print("Starting an embedded Apache Kafka broker (KRaft, in this JVM)... ");
                out.flush();
                long t0 = System.nanoTime();
                broker = EmbeddedKafka.start();
                bootstrap = broker.bootstrapServers();
                out.printf("%s in %.1f s%n", bootstrap, seconds(System.nanoTime() - t0));
            }
            run(out, bootstrap, records, size, suite);
        } finally {
            if (broker != null) {
                broker.close();
            }
            out.flush();
        }
    }

    private static void run(PrintWriter out, String bootstrap, int records, int size, Suite suite) {
        Sm2KeyPair key = Sm2KeyPair.generate();
        String publicPem = Sm2KeyEncoding.toPem(key.publicKey());
        String privatePem = Sm2KeyEncoding.toPem(key.privateKey());
        String topic = "gmflux-demo-" + UUID.randomUUID().toString().substring(0, 8);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot create topic " + topic + ": " + e.getMessage(), e);
        }
        out.printf("Topic %s; a fresh SM2 key pair; suite %s; %d records of %d bytes%n", topic, suite.label(), records, size);

        Map<String, Object> p = new HashMap<>();
        p.put("bootstrap.servers", bootstrap);
        p.put("key.serializer", StringSerializer.class.getName());
        p.put("value.serializer", GmfluxSerializer.class.getName());
        p.put("linger.ms", 5);
        p.put("batch.size", 256 * 1024);
        p.put(GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName());
        p.put(GmfluxConfig.RECIPIENTS, publicPem);
        p.put(GmfluxConfig.SUITE, suite.label());
        long produced;
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            // The first record waits for metadata, the connection and the DEK's KEM wrap: not timed.
            producer.send(new ProducerRecord<>(topic, "0", value(0, size))).get();
            long t0 = System.nanoTime();
            for (int i = 1; i < records; i++) {
                producer.send(new ProducerRecord<>(topic, Integer.toString(i), value(i, size)));
            }
            producer.flush();
            produced = System.nanoTime() - t0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("cannot produce to " + bootstrap + ": " + e.getCause(), e);
        }
        out.printf("Produced %d encrypted records; after the first, %s%n", records, rate(records - 1, size, produced));

        Map<String, Object> raw = consumerProps(bootstrap, ByteArrayDeserializer.class.getName());
        long leaks = 0;
        int seen = 0;
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(raw)) {
            consumer.subscribe(List.of(topic));
            byte[] marker = MARKER.getBytes(StandardCharsets.US_ASCII);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (seen < records && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    if (seen == 0) {
                        Header dek = r.headers().lastHeader("gmflux.dek");
                        out.printf("On the topic (raw bytes of record %s-%d@%d):%n  value  %s... (%d bytes)%n"
                                + "  header gmflux.dek: %d bytes (the DEK wrapped to the SM2 key)%n",
                                r.topic(), r.partition(), r.offset(),
                                Hex.encode(r.value(), 0, Math.min(32, r.value().length)), r.value().length,
                                dek == null ? 0 : dek.value().length);
                    }
                    if (indexOf(r.value(), marker) >= 0) {
                        leaks++;
                    }
                    seen++;
                }
            }
        }
        if (seen != records || leaks != 0) {
            throw new IllegalStateException("raw read found " + seen + " of " + records + " records, " + leaks
                    + " with plaintext visible");
        }
        out.printf("Checked all %d raw values: none contains the plaintext marker \"%s\"%n", seen, MARKER);

        Map<String, Object> c = consumerProps(bootstrap, GmfluxDeserializer.class.getName());
        c.put(GmfluxConfig.INNER_DESERIALIZER, StringDeserializer.class.getName());
        c.put(GmfluxConfig.PRIVATE_KEYS, privatePem);
        c.put(GmfluxConfig.SUITES, suite.label()); // zuc128 is read only when chosen
        int ok = 0;
        long first = 0;
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (ok < records && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {
                    if (!r.value().equals(value(Integer.parseInt(r.key()), size))) {
                        throw new IllegalStateException("record " + r.key() + " came back changed");
                    }
                    if (ok++ == 0) {
                        first = System.nanoTime(); // after the group join and the DEK's decapsulation
                    }
                }
            }
        }
        long consumed = System.nanoTime() - first;
        if (ok != records) {
            throw new IllegalStateException("decrypted " + ok + " of " + records + " records");
        }
        out.printf("Consumed and decrypted %d records, all intact; after the first, %s%n", ok,
                rate(records - 1, size, consumed));
        out.println("(Rates of a fresh JVM on a broker in the same process: they include the JIT compiling the"
                + " ciphers. Steady-state figures: bench/results/kafka.md.)");
    }

    private static Map<String, Object> consumerProps(String bootstrap, String valueDeserializer) {
        Map<String, Object> c = new HashMap<>();
        c.put("bootstrap.servers", bootstrap);
        c.put("group.id", "gmflux-demo-" + UUID.randomUUID());
        c.put("auto.offset.reset", "earliest");
        c.put("enable.auto.commit", false);
        c.put("key.deserializer", StringDeserializer.class.getName());
        c.put("value.deserializer", valueDeserializer);
        return c;
    }

    /** A record value of exactly {@code size} ASCII bytes, different for every {@code i}. */
    static String value(int i, int size) {
        StringBuilder b = new StringBuilder(size);
        b.append(MARKER).append(" #").append(i).append(' ');
        while (b.length() < size) {
            b.append((char) ('a' + (b.length() * 7 + i) % 26));
        }
        b.setLength(size);
        return b.toString();
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    private static String rate(int records, int size, long nanos) {
        double s = Math.max(seconds(nanos), 1e-9);
        return String.format("%.2f s: %,.0f records/s, %.1f MiB/s", seconds(nanos), records / s,
                records * (double) size / s / (1 << 20));
    }
}
