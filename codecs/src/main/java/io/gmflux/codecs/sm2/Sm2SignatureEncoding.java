package io.gmflux.codecs.sm2;

import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerTag;
import io.gmflux.codecs.der.DerWriter;
import java.security.SignatureException;
import java.util.Arrays;
import java.util.Objects;

/**
 * Conversions between the raw signature {@code r || s} (32 + 32 bytes, big-endian) and the DER form
 * {@code SEQUENCE { INTEGER r, INTEGER s }} of GB/T 35276 / GM/T 0009 §7.3. DER is read strictly
 * (minimal lengths and integers, no negative values, no trailing bytes). Stateless and thread-safe.
 */
public final class Sm2SignatureEncoding {

    private Sm2SignatureEncoding() {
    }

    /** DER for the raw 64-byte signature. */
    public static byte[] toDer(byte[] raw) {
        Objects.requireNonNull(raw, "raw");
        if (raw.length != Sm2Signer.SIGNATURE_LENGTH) {
            throw new IllegalArgumentException("raw signature must be 64 bytes, got " + raw.length);
        }
        byte[] r = Arrays.copyOfRange(raw, 0, 32);
        byte[] s = Arrays.copyOfRange(raw, 32, 64);
        return new DerWriter().sequence(w -> w.unsignedInteger(r).unsignedInteger(s)).toByteArray();
    }

    /**
     * The raw 64-byte signature for a DER one.
     *
     * @throws SignatureException if the DER is malformed, or r or s is negative or longer than 32 bytes
     */
    public static byte[] toRaw(byte[] der) throws SignatureException {
        Objects.requireNonNull(der, "der");
        try {
            DerReader seq = DerReader.single(der, DerTag.SEQUENCE);
            byte[] r = seq.readUnsignedInteger(32);
            byte[] s = seq.readUnsignedInteger(32);
            seq.expectEnd();
            byte[] out = new byte[64];
            System.arraycopy(r, 0, out, 0, 32);
            System.arraycopy(s, 0, out, 32, 32);
            return out;
        } catch (DerFormatException e) {
            throw new SignatureException("malformed SM2 DER signature: " + e.getMessage(), e);
        }
    }
}
