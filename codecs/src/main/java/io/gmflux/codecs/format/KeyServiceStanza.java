package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Hex;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;

/**
 * The body of a key-service stanza (type 0x07, FORMAT.md §5): {@code key_id(8) || u8(ls) ||
 * service_type(ls) || u8(lk) || kek_id(lk) || u16(lw) || service_wrapped(lw) || wrapped(48)}, where
 * {@code service_wrapped} is a fresh 32-byte secret {@code ss} wrapped by the key service under
 * {@code kek_id} with {@link #context} as its associated data, and {@code wrapped} is §5's wrap of
 * the file key under {@code ss}. Immutable; package-private, shared by
 * {@link KeyServiceRecipient} and {@link KeyServiceIdentity}.
 */
final class KeyServiceStanza {

    /** Length of the secret the key service wraps. */
    static final int SECRET_LENGTH = 32;
    /** Longest service type name. */
    static final int MAX_SERVICE_TYPE = 32;

    private static final byte[] CONTEXT = StreamKeys.ascii("gmflux/v1 key service");
    private static final int FIXED = RecipientStanza.KEY_ID_LENGTH + 1 + 1 + 2 + KeyWrap.WRAPPED_LENGTH;

    final byte[] keyId;
    final String serviceType;
    final byte[] kekId;
    final byte[] serviceWrapped;
    /** Everything between key_id and wrapped: §5's {@code enc}. */
    final byte[] enc;
    final byte[] wrapped;

    private KeyServiceStanza(byte[] keyId, String serviceType, byte[] kekId, byte[] serviceWrapped, byte[] enc,
            byte[] wrapped) {
        this.keyId = keyId;
        this.serviceType = serviceType;
        this.kekId = kekId;
        this.serviceWrapped = serviceWrapped;
        this.enc = enc;
        this.wrapped = wrapped;
    }

    /** {@code SM3("gmflux/v1 key id" || u8(ls) || service_type || kek_id)[0..8)}. */
    static byte[] keyId(String serviceType, byte[] kekId) {
        byte[] t = typeBytes(serviceType);
        return KeyWrap.keyId(StreamKeys.concat(new byte[] {(byte) t.length}, t, kekId));
    }

    /** What the key service authenticates: {@code "gmflux/v1 key service" || u8(0x07) || key_id || salt}. */
    static byte[] context(byte[] keyId, byte[] salt) {
        return StreamKeys.concat(CONTEXT, new byte[] {(byte) RecipientStanza.TYPE_KEY_SERVICE}, keyId, salt);
    }

    /** The service-wrapped secret may take at most this many bytes, so the body fits a stanza. */
    static int maxServiceWrapped(String serviceType, byte[] kekId) {
        return Math.min(0xffff, StreamHeader.MAX_STANZA_BODY - FIXED - typeBytes(serviceType).length - kekId.length);
    }

    static byte[] enc(String serviceType, byte[] kekId, byte[] serviceWrapped) {
        byte[] t = typeBytes(serviceType);
        int lw = serviceWrapped.length;
        return StreamKeys.concat(new byte[] {(byte) t.length}, t, new byte[] {(byte) kekId.length}, kekId,
                new byte[] {(byte) (lw >>> 8), (byte) lw}, serviceWrapped);
    }

    static RecipientStanza toStanza(byte[] keyId, byte[] enc, byte[] wrapped) {
        return new RecipientStanza(RecipientStanza.TYPE_KEY_SERVICE, StreamKeys.concat(keyId, enc, wrapped));
    }

    /** Parses a type-0x07 body; any length or field out of place is refused. */
    static KeyServiceStanza parse(RecipientStanza stanza) throws GeneralSecurityException {
        byte[] b = stanza.bodyRef();
        int k = RecipientStanza.KEY_ID_LENGTH;
        if (b.length < FIXED + 2) {
            throw new GeneralSecurityException("key-service stanza of " + b.length + " bytes is too short");
        }
        int ls = b[k] & 0xff;
        if (ls == 0 || ls > MAX_SERVICE_TYPE || k + 1 + ls + 1 > b.length) {
            throw new GeneralSecurityException("key-service stanza: service type of " + ls + " bytes");
        }
        String type = new String(b, k + 1, ls, StandardCharsets.US_ASCII);
        if (!validType(type)) {
            throw new GeneralSecurityException("key-service stanza: service type is not printable ASCII");
        }
        int p = k + 1 + ls;
        int lk = b[p] & 0xff;
        if (lk == 0 || p + 1 + lk + 2 > b.length) {
            throw new GeneralSecurityException("key-service stanza: key id of " + lk + " bytes");
        }
        byte[] kekId = Arrays.copyOfRange(b, p + 1, p + 1 + lk);
        p += 1 + lk;
        int lw = ((b[p] & 0xff) << 8) | (b[p + 1] & 0xff);
        p += 2;
        if (lw == 0 || p + lw + KeyWrap.WRAPPED_LENGTH != b.length) {
            throw new GeneralSecurityException("key-service stanza: " + lw + " wrapped bytes in a body of " + b.length);
        }
        return new KeyServiceStanza(Arrays.copyOf(b, k), type, kekId, Arrays.copyOfRange(b, p, p + lw),
                Arrays.copyOfRange(b, k, p + lw), Arrays.copyOfRange(b, p + lw, b.length));
    }

    /** {@code kek_id} in hex, for messages. */
    String kekIdHex() {
        return Hex.encode(kekId);
    }

    static byte[] typeBytes(String serviceType) {
        if (!validType(serviceType)) {
            throw new IllegalArgumentException("a key service type is 1-" + MAX_SERVICE_TYPE
                    + " printable ASCII characters: '" + serviceType + "'");
        }
        return serviceType.getBytes(StandardCharsets.US_ASCII);
    }

    private static boolean validType(String serviceType) {
        return !serviceType.isEmpty() && serviceType.length() <= MAX_SERVICE_TYPE
                && serviceType.chars().allMatch(c -> c > 0x20 && c < 0x7f);
    }
}
