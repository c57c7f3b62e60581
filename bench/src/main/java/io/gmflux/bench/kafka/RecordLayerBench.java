package io.gmflux.bench.kafka;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxSerializer;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The record layer alone, without a broker: serialize then deserialize one 1 KiB value (fresh
 * {@code RecordHeaders} per record, as Kafka does; the consumer side reads the value through the
 * {@code ByteBuffer} overload as Kafka 4's fetcher does). {@code recordLayer1k_plain} is the
 * {@code ByteArraySerializer}/{@code ByteArrayDeserializer} pair, so the difference to it is what
 * gmflux adds per record on the client side: the suite's seal and open plus the layer (DEK lease,
 * header, copies). Rows are per suite ({@code suite} parameter) so that {@code -prof gc} shows the
 * bytes allocated per record.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecordLayerBench {

    @Param({"sm4-gcm", "zuc128", "aes-256-gcm"})
    public String suite;

    private static final String TOPIC = "bench-record-layer";

    private GmfluxSerializer<byte[]> serializer;
    private GmfluxDeserializer<byte[]> deserializer;
    private final ByteArraySerializer plainSerializer = new ByteArraySerializer();
    private final ByteArrayDeserializer plainDeserializer = new ByteArrayDeserializer();
    private byte[][] values;
    private int next;

    @Setup
    public void setUp() {
        Suite s = Suite.byLabel(suite);
        Sm2KeyPair key = Sm2KeyPair.generate();
        Map<String, Object> p = new HashMap<>();
        p.put(GmfluxConfig.RECIPIENTS, Sm2KeyEncoding.toPem(key.publicKey()));
        p.put(GmfluxConfig.SUITE, s.label());
        p.put(GmfluxConfig.INNER_SERIALIZER, ByteArraySerializer.class.getName());
        serializer = new GmfluxSerializer<>();
        serializer.configure(p, false);
        Map<String, Object> c = new HashMap<>();
        c.put(GmfluxConfig.PRIVATE_KEYS, Sm2KeyEncoding.toPem(key.privateKey()));
        c.put(GmfluxConfig.SUITES, s.label());
        c.put(GmfluxConfig.INNER_DESERIALIZER, ByteArrayDeserializer.class.getName());
        deserializer = new GmfluxDeserializer<>();
        deserializer.configure(c, false);
        SplittableRandom rnd = new SplittableRandom(0x6b61666bL);
        values = new byte[64][KafkaPipe.VALUE_SIZE];
        for (byte[] v : values) {
            rnd.nextBytes(v);
        }
    }

    @TearDown
    public void tearDown() {
        serializer.close();
        deserializer.close();
    }

    @Benchmark
    public int recordLayer1k_gmflux() {
        RecordHeaders headers = new RecordHeaders();
        byte[] sealed = serializer.serialize(TOPIC, headers, values[next++ & 63]);
        byte[] plain = deserializer.deserialize(TOPIC, headers, ByteBuffer.wrap(sealed));
        return plain.length;
    }

    @Benchmark
    public int recordLayer1k_plain() {
        RecordHeaders headers = new RecordHeaders();
        byte[] raw = plainSerializer.serialize(TOPIC, headers, values[next++ & 63]);
        byte[] plain = plainDeserializer.deserialize(TOPIC, headers, ByteBuffer.wrap(raw));
        return plain.length;
    }
}
