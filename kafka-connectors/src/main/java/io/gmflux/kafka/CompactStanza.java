package io.gmflux.kafka;

import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.sm2.Sm2Kem;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import java.security.InvalidKeyException;
import java.util.Arrays;

/**
 * A recipient stanza as a {@code gmflux.dek} header carries it (FORMAT.md §7.1): the stanza of §5
 * with the SM2 ephemeral point C1 of types 0x01 (SM2) and 0x04 (SM2 + ML-KEM-768) compressed to
 * 33 bytes ({@code 02/03 || x}, GB/T 32918.1 §4.2.9); other types are §5's bytes unchanged.
 *
 * <pre>
 *   §5 body    key_id(8) || C1 = 04 || x || y (65) || rest
 *   wire body  key_id(8) || C1 = 02/03 || x  (33) || rest      (rest: wrapped(48), or ct(1088) || wrapped(48))
 * </pre>
 *
 * <p>A reader {@linkplain #expand expands} the wire body back to §5's, so the wrapping key binds the
 * uncompressed C1 exactly as in a stream, and a C1 that is not a point of the curve is refused
 * before any decapsulation ({@link DekHeader#expandStanzas()}). Compression is one-to-one on points (x below p,
 * one prefix per y), so each §5 stanza has exactly one wire form. Stateless and thread-safe.
 */
final class CompactStanza {

    /** Offset of C1 in the bodies of both forms: after the key id. */
    static final int C1_OFFSET = RecipientStanza.KEY_ID_LENGTH;
    static final int COMPRESSED_C1 = 33;
    static final int UNCOMPRESSED_C1 = Sm2Kem.ENCAPSULATION_LENGTH;
    /** How many bytes compression saves per stanza of a type {@linkplain #hasSm2Point with an SM2 point}. */
    static final int SAVED = UNCOMPRESSED_C1 - COMPRESSED_C1;

    private CompactStanza() {
    }

    /** Whether a stanza type's body carries an SM2 C1 after its key id. */
    static boolean hasSm2Point(int type) {
        return type == RecipientStanza.TYPE_SM2 || type == RecipientStanza.TYPE_SM2_MLKEM768;
    }

    /**
     * The wire body of {@code stanza} (a fresh array).
     *
     * @throws IllegalArgumentException if a stanza of an SM2 type does not hold a valid uncompressed C1
     */
    static byte[] compress(RecipientStanza stanza) {
        byte[] body = stanza.body();
        if (!hasSm2Point(stanza.type())) {
            return body;
        }
        if (body.length < C1_OFFSET + UNCOMPRESSED_C1 || body[C1_OFFSET] != 0x04) {
            throw new IllegalArgumentException(RecipientStanza.typeName(stanza.type())
                    + " stanza without an uncompressed C1 after its key id");
        }
        byte[] c1;
        try {
            c1 = Sm2PublicKey.fromEncoded(Arrays.copyOfRange(body, C1_OFFSET, C1_OFFSET + UNCOMPRESSED_C1))
                    .toCompressed();
        } catch (InvalidKeyException e) {
            throw new IllegalArgumentException(RecipientStanza.typeName(stanza.type()) + " stanza: " + e.getMessage(), e);
        }
        byte[] wire = new byte[body.length - SAVED];
        System.arraycopy(body, 0, wire, 0, C1_OFFSET);
        System.arraycopy(c1, 0, wire, C1_OFFSET, COMPRESSED_C1);
        System.arraycopy(body, C1_OFFSET + UNCOMPRESSED_C1, wire, C1_OFFSET + COMPRESSED_C1,
                body.length - C1_OFFSET - UNCOMPRESSED_C1);
        return wire;
    }

    /**
     * The §5 stanza of the wire body {@code wire[off, off + len)} of a stanza of {@code type}, the
     * {@code index}-th of its header (for messages). Costs one square root mod p for an SM2 type.
     *
     * @throws StreamException.Malformed if an SM2 type's C1 has another format byte than 02 or 03,
     *     an x not below p, or an x with no point on the curve, or the body is too short or too long
     */
    static RecipientStanza expand(int type, byte[] wire, int off, int len, int index) throws StreamException.Malformed {
        if (!hasSm2Point(type)) {
            return new RecipientStanza(type, Arrays.copyOfRange(wire, off, off + len));
        }
        String what = "gmflux.dek header: stanza " + index + " (" + RecipientStanza.typeName(type) + ")";
        if (len < C1_OFFSET + COMPRESSED_C1 || len + SAVED > DekHeader.MAX_STANZA_BODY) {
            throw new StreamException.Malformed(what + " of " + len + " bytes cannot hold a key id and a compressed C1");
        }
        int format = wire[off + C1_OFFSET] & 0xff;
        if (format != 0x02 && format != 0x03) {
            throw new StreamException.Malformed(what + ": C1 must be compressed (02 or 03), its format byte is "
                    + String.format("0x%02x", format));
        }
        byte[] c1;
        try {
            c1 = Sm2PublicKey.fromEncoded(Arrays.copyOfRange(wire, off + C1_OFFSET,
                    off + C1_OFFSET + COMPRESSED_C1)).toUncompressed();
        } catch (InvalidKeyException e) {
            throw new StreamException.Malformed(what + ": C1 is not a point of sm2p256v1 (" + e.getMessage() + ")");
        }
        byte[] body = new byte[len + SAVED];
        System.arraycopy(wire, off, body, 0, C1_OFFSET);
        System.arraycopy(c1, 0, body, C1_OFFSET, UNCOMPRESSED_C1);
        System.arraycopy(wire, off + C1_OFFSET + COMPRESSED_C1, body, C1_OFFSET + UNCOMPRESSED_C1,
                len - C1_OFFSET - COMPRESSED_C1);
        return new RecipientStanza(type, body);
    }
}
