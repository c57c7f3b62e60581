package io.gmflux.kafka.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxSerializer;
import io.gmflux.kafka.RecordRejectedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * A Kafka record's value and its {@code gmflux.dek} header (format v2) through
 * {@link GmfluxDeserializer}. An input is the header's length (2 bytes, big-endian), the header,
 * then the value. Only {@link RecordRejectedException} may come out, and a value that is returned
 * must be one the seeds' producer wrote ({@link #VALUES}) to the fuzz key.
 */
class RecordFuzzTest {

    static final String TOPIC = "fuzz";
    static final String DEK_HEADER = "gmflux.dek";
    static final Sm2PrivateKey KEY = key();
    static final List<byte[]> VALUES = List.of(new byte[0], "v".getBytes(), "a record value, thirty-one b..".getBytes(),
            new byte[3000]);
    private static final GmfluxDeserializer<byte[]> DESERIALIZER = deserializer();

    @FuzzTest(maxDuration = "")
    void record(byte[] input) {
        if (input.length < 2) {
            return;
        }
        int headerLength = Math.min(((input[0] & 0xff) << 8) | (input[1] & 0xff), input.length - 2);
        RecordHeaders headers = new RecordHeaders();
        headers.add(DEK_HEADER, Arrays.copyOfRange(input, 2, 2 + headerLength));
        byte[] value = Arrays.copyOfRange(input, 2 + headerLength, input.length);
        byte[] out;
        try {
            out = DESERIALIZER.deserialize(TOPIC, headers, value);
        } catch (RecordRejectedException expected) {
            return;
        } catch (RuntimeException e) {
            throw new AssertionError("undocumented exception", e);
        }
        for (byte[] v : VALUES) {
            if (Arrays.equals(v, out)) {
                return;
            }
        }
        throw new AssertionError("returned a " + out.length + "-byte value that was never produced");
    }

    /** Writes the seeds (records the serializer makes for {@link #VALUES}); run from kafka-connectors with the test classpath. */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of("src/test/resources/io/gmflux/kafka/fuzz/RecordFuzzTestInputs/record");
        Files.createDirectories(dir);
        try (GmfluxSerializer<byte[]> s = new GmfluxSerializer<>()) {
            s.configure(Map.of(GmfluxConfig.RECIPIENTS, Sm2KeyEncoding.toPem(KEY.publicKey())), false);
            int i = 0;
            for (byte[] v : VALUES) {
                RecordHeaders headers = new RecordHeaders();
                byte[] value = s.serialize(TOPIC, headers, v);
                Header h = headers.lastHeader(DEK_HEADER);
                byte[] seed = new byte[2 + h.value().length + value.length];
                seed[0] = (byte) (h.value().length >>> 8);
                seed[1] = (byte) h.value().length;
                System.arraycopy(h.value(), 0, seed, 2, h.value().length);
                System.arraycopy(value, 0, seed, 2 + h.value().length, value.length);
                if (!Arrays.equals(deserializer().deserialize(TOPIC, headers, value), v)) {
                    throw new AssertionError("seed " + i + " does not read back");
                }
                Files.write(dir.resolve("seed-" + i++), seed);
            }
        }
    }

    private static GmfluxDeserializer<byte[]> deserializer() {
        GmfluxDeserializer<byte[]> d = new GmfluxDeserializer<>();
        d.configure(Map.of(GmfluxConfig.PRIVATE_KEYS, Sm2KeyEncoding.toPem(KEY)), false);
        return d;
    }

    private static Sm2PrivateKey key() {
        byte[] d = new byte[32];
        for (int i = 0; i < 32; i++) {
            d[i] = (byte) (0x71 + i);
        }
        try {
            return Sm2PrivateKey.fromBytes(d);
        } catch (InvalidKeyException e) {
            throw new AssertionError(e);
        }
    }
}
