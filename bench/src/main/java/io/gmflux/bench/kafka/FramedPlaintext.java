package io.gmflux.bench.kafka;

import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxSerializer;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * A benchmark control: records shaped exactly like gmflux's SM4-GCM records (a value of
 * 21 + |P| + 16 bytes and a {@code gmflux.dek} header as long as the one an SM2 recipient gives)
 * but without any cryptography: the value is the plaintext copied after 21 zero bytes, with 16 zero
 * bytes after it. Comparing it with plain records isolates what the record format costs Kafka
 * (bigger records, one header per record, one more copy each way), which no speed-up of the
 * primitives can remove.
 */
final class FramedPlaintext {

    static final String HEADER = "gmflux.dek";
    static final int PREFIX = 21;
    static final int TAG = 16;
    /** The length of a real {@code gmflux.dek} header for one SM2 recipient, measured once. */
    static final int HEADER_LENGTH = realHeaderLength();

    private FramedPlaintext() {
    }

    private static int realHeaderLength() {
        Sm2KeyPair key = Sm2KeyPair.generate();
        try (GmfluxSerializer<byte[]> s = new GmfluxSerializer<>()) {
            s.configure(Map.of(GmfluxConfig.RECIPIENTS, Sm2KeyEncoding.toPem(key.publicKey())), false);
            RecordHeaders h = new RecordHeaders();
            s.serialize("t", h, new byte[1]);
            return h.lastHeader(HEADER).value().length;
        }
    }

    /** Copies the value into a gmflux-shaped frame and adds a header of a real header's length. */
    public static final class Serializer implements org.apache.kafka.common.serialization.Serializer<byte[]> {
        private final byte[] header = new byte[HEADER_LENGTH];

        @Override
        public byte[] serialize(String topic, byte[] data) {
            throw new UnsupportedOperationException("needs headers");
        }

        @Override
        public byte[] serialize(String topic, Headers headers, byte[] data) {
            if (data == null) {
                return null;
            }
            byte[] out = new byte[PREFIX + data.length + TAG];
            System.arraycopy(data, 0, out, PREFIX, data.length);
            headers.add(HEADER, header.clone());
            return out;
        }
    }

    /** Reads the header (as gmflux's deserializer does) and copies the plaintext out of the frame. */
    public static final class Deserializer implements org.apache.kafka.common.serialization.Deserializer<byte[]> {
        @Override
        public byte[] deserialize(String topic, byte[] data) {
            throw new UnsupportedOperationException("needs headers");
        }

        @Override
        public byte[] deserialize(String topic, Headers headers, byte[] data) {
            if (data == null) {
                return null;
            }
            Header h = headers.lastHeader(HEADER);
            if (h == null || h.value().length != HEADER_LENGTH) {
                throw new IllegalStateException("framed record without its header");
            }
            return Arrays.copyOfRange(data, PREFIX, data.length - TAG);
        }

        /** As gmflux's deserializer: reads the fetched buffer in place, one copy of the plaintext. */
        @Override
        public byte[] deserialize(String topic, Headers headers, ByteBuffer data) {
            if (data == null) {
                return null;
            }
            Header h = headers.lastHeader(HEADER);
            if (h == null || h.value().length != HEADER_LENGTH) {
                throw new IllegalStateException("framed record without its header");
            }
            byte[] out = new byte[data.remaining() - PREFIX - TAG];
            data.duplicate().position(data.position() + PREFIX).get(out);
            return out;
        }
    }
}
