package io.gmflux.bench.kafka;

import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxSerializer;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * One 1 KiB record through {@code GmfluxSerializer} then {@code GmfluxDeserializer} (SM4-GCM, one
 * SM2 recipient, the {@code ByteBuffer} overload as Kafka 4's fetcher calls it). Uses only API
 * that every record format version has, so {@link RecordFormatCompare} can load it against any
 * build. Not thread-safe.
 */
public final class LayerRound implements IntSupplier {

    private static final String TOPIC = "bench-record-layer";

    private final GmfluxSerializer<byte[]> serializer = new GmfluxSerializer<>();
    private final GmfluxDeserializer<byte[]> deserializer = new GmfluxDeserializer<>();
    private final byte[][] values = new byte[64][1024];
    private int next;

    /**
     * @param signed whether the producer signs its DEK headers and the consumer requires it
     *     ({@code gmflux.producer.key} / {@code gmflux.trusted.producers}; builds without them ignore both)
     */
    public LayerRound(boolean signed) {
        SplittableRandom rnd = new SplittableRandom(0x6b61666bL);
        for (byte[] v : values) {
            rnd.nextBytes(v);
        }
        Sm2KeyPair key = Sm2KeyPair.generate();
        // The property names are the same in every version (compile-time constants here).
        Map<String, Object> p = new HashMap<>(Map.of("gmflux.recipients", Sm2KeyEncoding.toPem(key.publicKey())));
        Map<String, Object> c = new HashMap<>(Map.of("gmflux.private.keys", Sm2KeyEncoding.toPem(key.privateKey())));
        if (signed) {
            Sm2KeyPair producer = Sm2KeyPair.generate();
            p.put("gmflux.producer.key", Sm2KeyEncoding.toPem(producer.privateKey()));
            c.put("gmflux.trusted.producers", Sm2KeyEncoding.toPem(producer.publicKey()));
        }
        serializer.configure(p, false);
        deserializer.configure(c, false);
    }

    @Override
    public int getAsInt() {
        RecordHeaders h = new RecordHeaders();
        byte[] sealed = serializer.serialize(TOPIC, h, values[next++ & 63]);
        return deserializer.deserialize(TOPIC, h, ByteBuffer.wrap(sealed)).length;
    }
}
