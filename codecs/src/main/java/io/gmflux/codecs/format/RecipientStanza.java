package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;
import java.util.Objects;

/**
 * One recipient stanza of a stream header (FORMAT.md §5): a type byte and an opaque body holding
 * the KEM encapsulation and the wrapped file key. Immutable and thread-safe; the body is copied
 * in and out.
 */
public final class RecipientStanza {

    /** Stanza type of an SM2 recipient. */
    public static final int TYPE_SM2 = 0x01;
    /** Stanza type of an SM9 recipient. */
    public static final int TYPE_SM9 = 0x02;
    /** Stanza type of an ML-KEM-768 recipient. */
    public static final int TYPE_MLKEM768 = 0x03;
    /** Stanza type of a hybrid SM2 + ML-KEM-768 recipient. */
    public static final int TYPE_SM2_MLKEM768 = 0x04;
    /** Stanza type of an RSA-OAEP-SHA256 recipient. */
    public static final int TYPE_RSA_OAEP = 0x05;
    /** Stanza type of a passphrase. */
    public static final int TYPE_PASSPHRASE = 0x06;
    /** Stanza type of a key held by a key service (KMS or HSM). */
    public static final int TYPE_KEY_SERVICE = 0x07;

    /** Length of the key id that starts every public-key stanza body. */
    public static final int KEY_ID_LENGTH = 8;

    private final int type;
    private final byte[] body;

    public RecipientStanza(int type, byte[] body) {
        if (type < 0 || type > 0xff) {
            throw new IllegalArgumentException("stanza type must fit in a byte: " + type);
        }
        Objects.requireNonNull(body, "body");
        if (body.length > StreamHeader.MAX_STANZA_BODY) {
            throw new IllegalArgumentException("stanza body of " + body.length + " bytes exceeds "
                    + StreamHeader.MAX_STANZA_BODY);
        }
        this.type = type;
        this.body = body.clone();
    }

    public int type() {
        return type;
    }

    /** A copy of the body. */
    public byte[] body() {
        return body.clone();
    }

    int bodyLength() {
        return body.length;
    }

    byte[] bodyRef() {
        return body;
    }

    /** The key id of a public-key stanza (its first 8 body bytes), or null if the body is shorter. */
    public byte[] keyId() {
        return body.length >= KEY_ID_LENGTH ? Arrays.copyOf(body, KEY_ID_LENGTH) : null;
    }

    /** Whether this stanza's key id equals {@code keyId}, in constant time. */
    boolean hasKeyId(byte[] keyId) {
        return body.length >= KEY_ID_LENGTH && Bytes.constantTimeEquals(body, 0, keyId, 0, KEY_ID_LENGTH);
    }

    /** A readable name of a stanza type, for {@code inspect} and messages. */
    public static String typeName(int type) {
        switch (type) {
            case TYPE_SM2: return "sm2";
            case TYPE_SM9: return "sm9";
            case TYPE_MLKEM768: return "mlkem768";
            case TYPE_SM2_MLKEM768: return "sm2+mlkem768";
            case TYPE_RSA_OAEP: return "rsa-oaep";
            case TYPE_PASSPHRASE: return "passphrase";
            case TYPE_KEY_SERVICE: return "key-service";
            default: return "unknown(0x" + Integer.toHexString(type) + ")";
        }
    }

    @Override
    public String toString() {
        return "RecipientStanza[" + typeName(type) + ", " + body.length + " bytes]";
    }
}
