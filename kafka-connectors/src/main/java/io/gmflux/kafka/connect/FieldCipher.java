package io.gmflux.kafka.connect;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxSerializer;
import io.gmflux.kafka.RecordRejectedException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Seals and opens one field of a record as a field envelope (FORMAT.md §8): the field's bytes,
 * preceded by a digest of the record key, sealed as a record of gmflux's record format (§7) whose
 * "topic" is the field's context {@code topic + "/" + path}, with the {@code gmflux.dek} header
 * carried inside the envelope; the string form is its Base64. The record format and its keys are
 * {@link GmfluxSerializer}'s and {@link GmfluxDeserializer}'s, configured with the same
 * {@code gmflux.*} properties. This is the API that restores a field outside Kafka Connect (a
 * value read back from a database column, say); {@link EncryptFields} and {@link DecryptFields}
 * use it inside Connect.
 *
 * <p>Thread-safe.
 */
public final class FieldCipher implements AutoCloseable {

    /** The envelope's version byte. */
    public static final byte VERSION = 0x01;
    /** The largest header an envelope holds (its length is a u16). */
    public static final int MAX_HEADER_LENGTH = 0xffff;
    /** Bytes of the record-key digest sealed ahead of the field's bytes. */
    public static final int KEY_DIGEST_LENGTH = 16;

    private static final byte[] KEY_LABEL = "gmflux/kafka/field/v1 key".getBytes(StandardCharsets.US_ASCII);
    private static final String DEK_HEADER = "gmflux.dek";

    private final GmfluxSerializer<byte[]> serializer;
    private final GmfluxDeserializer<byte[]> deserializer;

    private FieldCipher(GmfluxSerializer<byte[]> serializer, GmfluxDeserializer<byte[]> deserializer) {
        this.serializer = serializer;
        this.deserializer = deserializer;
    }

    /** A sealing cipher: {@code gmflux.recipients} is required, as for {@link GmfluxSerializer}. */
    public static FieldCipher forSealing(Map<String, ?> gmfluxConfigs) {
        GmfluxSerializer<byte[]> s = new GmfluxSerializer<>(new ByteArraySerializer());
        s.configure(gmfluxConfigs, false);
        return new FieldCipher(s, null);
    }

    /** An opening cipher: {@code gmflux.private.keys} is required, as for {@link GmfluxDeserializer}. */
    public static FieldCipher forOpening(Map<String, ?> gmfluxConfigs) {
        GmfluxDeserializer<byte[]> d = new GmfluxDeserializer<>(new ByteArrayDeserializer());
        d.configure(gmfluxConfigs, false);
        return new FieldCipher(null, d);
    }

    /**
     * The digest that binds a field to its record's key: {@code SM3(label || form)[0, 16)} where
     * form is {@code 0x00} for no binding, {@code 0x01} for a null key, {@code 0x02 || UTF-8} for a
     * string key (numbers and booleans by their decimal/{@code true}/{@code false} text), and
     * {@code 0x03 || bytes} for a byte-array key. Other keys (structs, maps) have no canonical
     * bytes and are refused: bind them with {@code bind.key=false}.
     */
    public static byte[] keyDigest(Object recordKey, boolean bind) {
        byte[] form;
        if (!bind) {
            form = new byte[] {0x00};
        } else if (recordKey == null) {
            form = new byte[] {0x01};
        } else if (recordKey instanceof String || recordKey instanceof Number || recordKey instanceof Boolean) {
            form = prefixed((byte) 0x02, String.valueOf(recordKey).getBytes(StandardCharsets.UTF_8));
        } else if (recordKey instanceof byte[] b) {
            form = prefixed((byte) 0x03, b);
        } else if (recordKey instanceof ByteBuffer bb) {
            byte[] b = new byte[bb.remaining()];
            bb.duplicate().get(b);
            form = prefixed((byte) 0x03, b);
        } else {
            throw new IllegalArgumentException("a record key of type " + recordKey.getClass().getSimpleName()
                    + " has no canonical bytes to bind a field to; set bind.key=false");
        }
        Sm3 d = new Sm3();
        d.update(KEY_LABEL);
        d.update(form);
        return Arrays.copyOf(d.digest(), KEY_DIGEST_LENGTH);
    }

    private static byte[] prefixed(byte tag, byte[] b) {
        byte[] out = new byte[1 + b.length];
        out[0] = tag;
        System.arraycopy(b, 0, out, 1, b.length);
        return out;
    }

    /** The field's context, the "topic" its record key is derived for (FORMAT.md §8). */
    public static String context(String topic, String path) {
        return topic + "/" + path;
    }

    /** The envelope (Base64) of {@code fieldBytes} for {@code path} of a record of {@code topic} with key digest {@code keyDigest}. */
    public String seal(String topic, String path, byte[] keyDigest, byte[] fieldBytes) {
        if (serializer == null) {
            throw new IllegalStateException("this FieldCipher opens only; " + GmfluxConfig.RECIPIENTS + " seals");
        }
        byte[] plain = new byte[KEY_DIGEST_LENGTH + fieldBytes.length];
        System.arraycopy(keyDigest, 0, plain, 0, KEY_DIGEST_LENGTH);
        System.arraycopy(fieldBytes, 0, plain, KEY_DIGEST_LENGTH, fieldBytes.length);
        Headers headers = new RecordHeaders();
        byte[] value = serializer.serialize(context(topic, path), headers, plain);
        Bytes.wipe(plain);
        byte[] header = headers.lastHeader(DEK_HEADER).value();
        if (header.length > MAX_HEADER_LENGTH) {
            throw new SerializationException("field " + context(topic, path) + ": the " + DEK_HEADER + " header is "
                    + header.length + " bytes, more than a field envelope's " + MAX_HEADER_LENGTH + "; name fewer or"
                    + " smaller recipients in " + GmfluxConfig.RECIPIENTS);
        }
        byte[] out = new byte[3 + header.length + value.length];
        out[0] = VERSION;
        out[1] = (byte) (header.length >>> 8);
        out[2] = (byte) header.length;
        System.arraycopy(header, 0, out, 3, header.length);
        System.arraycopy(value, 0, out, 3 + header.length, value.length);
        return Base64.getEncoder().encodeToString(out);
    }

    /**
     * The field's bytes, once the envelope authenticated for this topic and path and its key digest
     * matched. Failures are {@link RecordRejectedException}s naming the context.
     */
    public byte[] open(String topic, String path, byte[] keyDigest, String envelope) {
        if (deserializer == null) {
            throw new IllegalStateException("this FieldCipher seals only; " + GmfluxConfig.PRIVATE_KEYS + " opens");
        }
        String context = context(topic, path);
        byte[] in;
        try {
            in = Base64.getDecoder().decode(envelope);
        } catch (IllegalArgumentException e) {
            throw notEnvelope(context, "not Base64");
        }
        if (in.length < 3 || in[0] != VERSION) {
            throw notEnvelope(context, in.length < 3 ? in.length + " bytes" : "version byte " + (in[0] & 0xff));
        }
        int headerLength = ((in[1] & 0xff) << 8) | (in[2] & 0xff);
        if (in.length < 3 + headerLength) {
            throw notEnvelope(context, "header length " + headerLength + " past the end");
        }
        Headers headers = new RecordHeaders(new Header[] {new org.apache.kafka.common.header.internals.RecordHeader(
                DEK_HEADER, Arrays.copyOfRange(in, 3, 3 + headerLength))});
        byte[] plain = deserializer.deserialize(context, headers, Arrays.copyOfRange(in, 3 + headerLength, in.length));
        if (plain.length < KEY_DIGEST_LENGTH
                || !MessageDigest.isEqual(Arrays.copyOf(plain, KEY_DIGEST_LENGTH), keyDigest)) {
            Bytes.wipe(plain);
            throw new RecordRejectedException(RecordRejectedException.Reason.FAILED_AUTHENTICATION, "field "
                    + context + ": sealed for another record key (moved from another record, or bind.key differs)");
        }
        byte[] out = Arrays.copyOfRange(plain, KEY_DIGEST_LENGTH, plain.length);
        Bytes.wipe(plain);
        return out;
    }

    private static RecordRejectedException notEnvelope(String context, String why) {
        return new RecordRejectedException(RecordRejectedException.Reason.NOT_GMFLUX, "field " + context
                + ": not a gmflux field envelope (" + why + ")");
    }

    @Override
    public void close() {
        if (serializer != null) {
            serializer.close();
        }
        if (deserializer != null) {
            deserializer.close();
        }
    }
}
