package io.gmflux.codecs.sm9;

import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerWriter;
import java.security.SignatureException;
import java.util.Objects;

/**
 * Conversion between the raw SM9 signature h ‖ 04 ‖ x ‖ y (97 bytes) and the GM/T 0044 DER form
 * that GmSSL emits: {@code SEQUENCE { h OCTET STRING (32 bytes), S BIT STRING (04 ‖ x ‖ y, 65 bytes) }}.
 * Stateless and thread-safe.
 */
public final class Sm9SignatureEncoding {

    private Sm9SignatureEncoding() {
    }

    /**
     * @throws IllegalArgumentException if {@code raw} is not 97 bytes with 04 at offset 32
     */
    public static byte[] toDer(byte[] raw) {
        Objects.requireNonNull(raw, "raw");
        if (raw.length != Sm9Signer.SIGNATURE_LENGTH || raw[32] != 4) {
            throw new IllegalArgumentException("a raw SM9 signature is h (32 bytes) || 04 || x || y");
        }
        byte[] h = java.util.Arrays.copyOf(raw, 32);
        byte[] s = java.util.Arrays.copyOfRange(raw, 32, raw.length);
        return new DerWriter().sequence(b -> b.octetString(h).bitString(s)).toByteArray();
    }

    /**
     * @throws SignatureException if {@code der} is not exactly that structure with a 32-byte h and a
     *     65-byte S starting with 04 (the values themselves are checked by verification)
     */
    public static byte[] fromDer(byte[] der) throws SignatureException {
        Objects.requireNonNull(der, "der");
        try {
            DerReader seq = DerReader.single(der, 0x30);
            byte[] h = seq.readOctetString();
            byte[] s = seq.readBitString();
            seq.expectEnd();
            if (h.length != 32 || s.length != Sm9Codec.G1_LENGTH || s[0] != 4) {
                throw new SignatureException("SM9 signature: h must be 32 bytes and S 04 || x || y");
            }
            byte[] raw = new byte[Sm9Signer.SIGNATURE_LENGTH];
            System.arraycopy(h, 0, raw, 0, 32);
            System.arraycopy(s, 0, raw, 32, s.length);
            return raw;
        } catch (DerFormatException e) {
            throw new SignatureException("malformed SM9 DER signature: " + e.getMessage(), e);
        }
    }
}
