package io.gmflux.kafka.connect;

import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import io.gmflux.kafka.GmfluxKeyDeserializer;
import io.gmflux.kafka.GmfluxKeySerializer;
import io.gmflux.kafka.GmfluxSerializer;
import io.gmflux.kafka.RecordRejectedException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Seals and opens one field of a record as a field envelope (FORMAT.md §8): the field's bytes
 * sealed as a key-bound record of gmflux's record format (§7.3, version 0x03) whose "topic" is the
 * field's context {@code topic + "/" + path} and whose "record key" is the canonical form of the
 * Connect record's key ({@link #keyForm}), with the {@code gmflux.dek} header carried inside the
 * envelope; the string form is its Base64. Sealing, key binding and opening are
 * {@link GmfluxSerializer}'s, {@link GmfluxKeySerializer}'s and their deserializers', configured
 * with the same {@code gmflux.*} properties. This is the API that restores a field outside Kafka
 * Connect (a value read back from a database column, say); {@link EncryptFields} and
 * {@link DecryptFields} use it inside Connect.
 *
 * <p>Thread-safe.
 */
public final class FieldCipher implements AutoCloseable {

    /** The envelope's version byte. */
    public static final byte VERSION = 0x01;
    /** The largest header an envelope holds (its length is a u16). */
    public static final int MAX_HEADER_LENGTH = 0xffff;
    /** The version byte of a key-bound record value (FORMAT.md §7.3), the only kind an envelope holds. */
    static final byte KEY_BOUND_VALUE = 0x03;

    private static final String DEK_HEADER = "gmflux.dek";

    private final GmfluxSerializer<byte[]> serializer;
    private final GmfluxKeySerializer<byte[]> keySerializer;
    private final GmfluxDeserializer<byte[]> deserializer;
    private final GmfluxKeyDeserializer<byte[]> keyDeserializer;

    private FieldCipher(GmfluxSerializer<byte[]> serializer, GmfluxDeserializer<byte[]> deserializer) {
        this.serializer = serializer;
        this.keySerializer = serializer == null ? null : new GmfluxKeySerializer<>(new ByteArraySerializer());
        this.deserializer = deserializer;
        this.keyDeserializer = deserializer == null ? null : new GmfluxKeyDeserializer<>(new ByteArrayDeserializer());
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
     * The bytes a field is bound to as its "record key" (FORMAT.md §8): {@code 0x00} for no binding,
     * {@code 0x01} for a null key, {@code 0x02 || UTF-8} for a string key (numbers and booleans by
     * their Java text), and {@code 0x03 || bytes} for a byte-array key. Other keys (structs, maps)
     * have no canonical bytes and are refused: bind them with {@code bind.key=false}.
     */
    public static byte[] keyForm(Object recordKey, boolean bind) {
        if (!bind) {
            return new byte[] {0x00};
        } else if (recordKey == null) {
            return new byte[] {0x01};
        } else if (recordKey instanceof String || recordKey instanceof Number || recordKey instanceof Boolean) {
            return prefixed((byte) 0x02, String.valueOf(recordKey).getBytes(StandardCharsets.UTF_8));
        } else if (recordKey instanceof byte[] b) {
            return prefixed((byte) 0x03, b);
        } else if (recordKey instanceof ByteBuffer bb) {
            byte[] b = new byte[bb.remaining()];
            bb.duplicate().get(b);
            return prefixed((byte) 0x03, b);
        }
        throw new IllegalArgumentException("a record key of type " + recordKey.getClass().getSimpleName()
                + " has no canonical bytes to bind a field to; set bind.key=false");
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

    /** The envelope (Base64) of {@code fieldBytes} for {@code path} of a record of {@code topic} whose key has {@code keyForm}. */
    public String seal(String topic, String path, byte[] keyForm, byte[] fieldBytes) {
        if (serializer == null) {
            throw new IllegalStateException("this FieldCipher opens only; " + GmfluxConfig.RECIPIENTS + " seals");
        }
        String context = context(topic, path);
        Headers headers = new RecordHeaders();
        keySerializer.serialize(context, headers, keyForm);
        byte[] value = serializer.serialize(context, headers, fieldBytes);
        byte[] header = headers.lastHeader(DEK_HEADER).value();
        if (header.length > MAX_HEADER_LENGTH) {
            throw new SerializationException("field " + context + ": the " + DEK_HEADER + " header is "
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
     * The field's bytes, once the envelope authenticated for this topic and path and its key binding
     * matched {@code keyForm}. Failures are {@link RecordRejectedException}s naming the context
     * ({@code KEY_MISMATCH}: sealed for another record key, or with another {@code bind.key}).
     */
    public byte[] open(String topic, String path, byte[] keyForm, String envelope) {
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
        if (in.length <= 3 + headerLength || in[3 + headerLength] != KEY_BOUND_VALUE) {
            throw notEnvelope(context, in.length <= 3 + headerLength ? "header length " + headerLength
                    + " leaves no value" : "its record value is not key-bound");
        }
        Headers headers = new RecordHeaders();
        headers.add(new RecordHeader(DEK_HEADER, Arrays.copyOfRange(in, 3, 3 + headerLength)));
        keyDeserializer.deserialize(context, headers, keyForm);
        return deserializer.deserialize(context, headers, Arrays.copyOfRange(in, 3 + headerLength, in.length));
    }

    private static RecordRejectedException notEnvelope(String context, String why) {
        return new RecordRejectedException(RecordRejectedException.Reason.NOT_GMFLUX, "field " + context
                + ": not a gmflux field envelope (" + why + ")");
    }

    @Override
    public void close() {
        if (serializer != null) {
            serializer.close();
            keySerializer.close();
        }
        if (deserializer != null) {
            deserializer.close();
            keyDeserializer.close();
        }
    }
}
