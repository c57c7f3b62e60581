package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.HkdfSm3;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;

/**
 * The wrapping of the file key that every recipient type shares (FORMAT.md §5): a single-use
 * SM4-GCM key derived from the KEM shared secret, the stream salt, the stanza type and the
 * encapsulation. Stateless and thread-safe.
 */
final class KeyWrap {

    /** Length of a wrapped file key: 32 bytes and a 16-byte tag. */
    static final int WRAPPED_LENGTH = StreamKeys.FILE_KEY_LENGTH + 16;

    private static final byte[] WRAP = StreamKeys.ascii("gmflux/v1 wrap");
    private static final byte[] KEY_ID = StreamKeys.ascii("gmflux/v1 key id");
    private static final byte[] ZERO_NONCE = new byte[12];

    private KeyWrap() {
    }

    /** {@code SM3("gmflux/v1 key id" || publicKeyEncoding)[0..8)}. */
    static byte[] keyId(byte[] publicKeyEncoding) {
        Sm3 d = new Sm3();
        d.update(KEY_ID);
        d.update(publicKeyEncoding);
        return Arrays.copyOf(d.digest(), RecipientStanza.KEY_ID_LENGTH);
    }

    static byte[] wrap(byte[] fileKey, byte[] salt, byte[] sharedSecret, int type, byte[] keyId, byte[] enc) {
        Sm4Engine e = engine(salt, sharedSecret, type, enc);
        try {
            return Sm4Gcm.seal(e, ZERO_NONCE, aad(type, keyId), fileKey);
        } finally {
            e.destroy();
        }
    }

    /** The file key, or null if the wrapped key does not authenticate under this shared secret. */
    static byte[] unwrap(byte[] wrapped, byte[] salt, byte[] sharedSecret, int type, byte[] keyId, byte[] enc) {
        Sm4Engine e = engine(salt, sharedSecret, type, enc);
        try {
            return Sm4Gcm.open(e, ZERO_NONCE, aad(type, keyId), wrapped);
        } catch (AEADBadTagException wrongKey) {
            return null;
        } finally {
            e.destroy();
        }
    }

    private static Sm4Engine engine(byte[] salt, byte[] sharedSecret, int type, byte[] enc) {
        byte[] info = StreamKeys.concat(WRAP, new byte[] {(byte) type}, enc);
        byte[] k = HkdfSm3.derive(salt, sharedSecret, info, 16);
        try {
            // Always constant-time: one wrap per stanza, so the slower engine costs nothing that shows.
            return Sm4.newConstantTimeEngine(k);
        } finally {
            Bytes.wipe(k);
        }
    }

    private static byte[] aad(int type, byte[] keyId) {
        return StreamKeys.concat(new byte[] {(byte) type}, keyId);
    }
}
