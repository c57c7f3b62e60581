package io.gmflux.bench.kafka;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxSerializer;
import io.gmflux.kafka.embedded.EmbeddedKafka;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * One producer and one consumer on a topic of their own, plaintext or through gmflux's serializer
 * with one suite: the unit the Kafka benchmarks time. Producer and consumer settings are the same
 * for every variant, so the only difference between them is the serializer.
 *
 * <p>Not thread-safe except as {@link #produce}/{@link #consume} document.
 */
final class KafkaPipe implements AutoCloseable {

    /** Bytes per record value. */
    static final int VALUE_SIZE = 1024;

    private static EmbeddedKafka broker;

    /** The one broker of this JVM, started on first use; {@link #stopSharedBroker()} stops it and deletes its data. */
    static synchronized String sharedBroker() {
        if (broker == null) {
            broker = EmbeddedKafka.start();
        }
        return broker.bootstrapServers();
    }

    /** Stops the shared broker, if any (the next {@link #sharedBroker()} starts a fresh one). */
    static synchronized void stopSharedBroker() {
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }

    final String name;
    private final String topic;
    private final KafkaProducer<byte[], byte[]> producer;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final byte[][] values;

    /**
     * @param suite the gmflux suite, or null for plaintext
     */
    KafkaPipe(String name, String bootstrap, Suite suite) {
        this(name, bootstrap, suite, false, EngineChoice.TABLE);
    }

    /**
     * @param suite the gmflux suite
     * @param engine the SM4 engine ({@code gmflux.engine}) of producer and consumer
     */
    KafkaPipe(String name, String bootstrap, Suite suite, EngineChoice engine) {
        this(name, bootstrap, suite, false, engine);
    }

    KafkaPipe(String name, String bootstrap, Suite suite, boolean framed) {
        this(name, bootstrap, suite, framed, EngineChoice.TABLE);
    }

    private KafkaPipe(String name, String bootstrap, Suite suite, boolean framed, EngineChoice engine) {
        this(name, bootstrap, suite, framed, engine, Batching.LATENCY);
    }

    /** How producer and consumer batch records; the same for every pipe of a run. */
    enum Batching {
        /** {@code linger.ms=5}, {@code fetch.min.bytes=1}: the settings of the Kafka bar's first figures. */
        LATENCY(5, 1),
        /**
         * {@code linger.ms=50}, {@code fetch.min.bytes=256 KiB}, {@code fetch.max.wait.ms=50}: batches fill to
         * {@code batch.size} and fetches wait for 256 KiB, so batch sizes do not follow the timing (with
         * {@link #LATENCY}, a slower or descheduled pipe sends and fetches smaller batches, whose fixed costs
         * spread over fewer records).
         */
        FULL(50, 256 * 1024);

        final int lingerMs;
        final int fetchMinBytes;

        Batching(int lingerMs, int fetchMinBytes) {
            this.lingerMs = lingerMs;
            this.fetchMinBytes = fetchMinBytes;
        }
    }

    /**
     * @param suite the gmflux suite, or null for plaintext
     * @param framed plaintext only: records shaped like gmflux's (see {@link FramedPlaintext}), no cryptography
     * @param engine the SM4 engine of the SM4 suites
     * @param batching the producer's and consumer's batching
     */
    KafkaPipe(String name, String bootstrap, Suite suite, boolean framed, EngineChoice engine, Batching batching) {
        this.name = name;
        this.topic = "bench-" + name + "-" + UUID.randomUUID().toString().substring(0, 8);
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        } catch (Exception e) {
            throw new IllegalStateException("cannot create topic " + topic, e);
        }
        Map<String, Object> p = new HashMap<>();
        p.put("bootstrap.servers", bootstrap);
        p.put("key.serializer", ByteArraySerializer.class.getName());
        p.put("linger.ms", batching.lingerMs);
        p.put("batch.size", 256 * 1024);
        p.put("acks", "all");
        Map<String, Object> c = new HashMap<>();
        c.put("bootstrap.servers", bootstrap);
        c.put("key.deserializer", ByteArrayDeserializer.class.getName());
        c.put("group.id", "bench-" + UUID.randomUUID());
        c.put("enable.auto.commit", false);
        c.put("max.poll.records", 2000);
        c.put("fetch.min.bytes", batching.fetchMinBytes);
        if (batching == Batching.FULL) {
            c.put("fetch.max.wait.ms", 50);
        }
        c.put("fetch.max.bytes", 8 << 20);
        c.put("max.partition.fetch.bytes", 8 << 20);
        if (suite == null && framed) {
            p.put("value.serializer", FramedPlaintext.Serializer.class.getName());
            c.put("value.deserializer", FramedPlaintext.Deserializer.class.getName());
        } else if (suite == null) {
            p.put("value.serializer", ByteArraySerializer.class.getName());
            c.put("value.deserializer", ByteArrayDeserializer.class.getName());
        } else {
            Sm2KeyPair key = Sm2KeyPair.generate();
            p.put("value.serializer", GmfluxSerializer.class.getName());
            p.put(GmfluxConfig.RECIPIENTS, Sm2KeyEncoding.toPem(key.publicKey()));
            p.put(GmfluxConfig.SUITE, suite.label());
            p.put(GmfluxConfig.ENGINE, engine.label());
            c.put(GmfluxConfig.ENGINE, engine.label());
            c.put("value.deserializer", GmfluxDeserializer.class.getName());
            c.put(GmfluxConfig.PRIVATE_KEYS, Sm2KeyEncoding.toPem(key.privateKey()));
            c.put(GmfluxConfig.SUITES, suite.label());
        }
        producer = new KafkaProducer<>(p);
        consumer = new KafkaConsumer<>(c);
        TopicPartition tp = new TopicPartition(topic, 0);
        consumer.assign(List.of(tp));
        consumer.seekToEnd(List.of(tp));
        consumer.position(tp);
        // A small pool of distinct random values, so neither compression nor caching flatters anyone.
        SplittableRandom rnd = new SplittableRandom(0x6b61666bL);
        values = new byte[64][VALUE_SIZE];
        for (byte[] v : values) {
            rnd.nextBytes(v);
        }
    }

    /** Sends {@code n} records (asynchronously; {@link KafkaProducer} is thread-safe). */
    void produce(long n) {
        for (long i = 0; i < n; i++) {
            producer.send(new ProducerRecord<>(topic, values[(int) (i & 63)]));
        }
        producer.flush();
    }

    /**
     * Polls until {@code n} records arrived (call from one thread at a time); returns the sum of
     * their value lengths, which the caller checks or hands to a Blackhole.
     */
    long consume(long n) {
        long got = 0;
        long bytes = 0;
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (got < n) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + ": only " + got + " of " + n + " records in 5 minutes");
            }
            for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
                bytes += r.value().length;
                got++;
            }
        }
        if (got != n || bytes != n * VALUE_SIZE) {
            throw new IllegalStateException(name + ": " + got + " records, " + bytes + " bytes; expected " + n
                    + " of " + VALUE_SIZE + " bytes");
        }
        return bytes;
    }

    @Override
    public void close() {
        producer.close();
        consumer.close();
    }
}
