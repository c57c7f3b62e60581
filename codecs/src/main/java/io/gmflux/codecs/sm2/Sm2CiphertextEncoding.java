package io.gmflux.codecs.sm2;

import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerTag;
import io.gmflux.codecs.der.DerWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * The GM/T 0009-2012 §7.2 / GB/T 35276 DER form of an SM2 ciphertext,
 * {@code SEQUENCE { INTEGER x1, INTEGER y1, OCTET STRING hash (C3, 32 bytes), OCTET STRING
 * ciphertext (C2) }}, and conversion between the raw layouts. DER is read strictly. Stateless and
 * thread-safe.
 */
public final class Sm2CiphertextEncoding {

    private Sm2CiphertextEncoding() {
    }

    /**
     * DER for a raw ciphertext in {@code layout} with an uncompressed C1.
     *
     * @throws Sm2DecryptionException if the raw ciphertext is too short or C1 is not uncompressed
     */
    public static byte[] toDer(byte[] raw, Sm2CiphertextLayout layout) throws Sm2DecryptionException {
        byte[] c = toC1C3C2(raw, layout);
        byte[] x = Arrays.copyOfRange(c, 1, 33);
        byte[] y = Arrays.copyOfRange(c, 33, 65);
        byte[] c3 = Arrays.copyOfRange(c, 65, 97);
        byte[] c2 = Arrays.copyOfRange(c, 97, c.length);
        return new DerWriter().sequence(w -> w.unsignedInteger(x).unsignedInteger(y).octetString(c3).octetString(c2)).toByteArray();
    }

    /**
     * The raw ciphertext in {@code layout} (uncompressed C1) for a DER one. The point itself is
     * checked when decrypting.
     *
     * @throws Sm2DecryptionException if the DER is malformed, a coordinate is negative or longer than
     *     32 bytes, the hash is not 32 bytes or the ciphertext is empty
     */
    public static byte[] fromDer(byte[] der, Sm2CiphertextLayout layout) throws Sm2DecryptionException {
        Objects.requireNonNull(der, "der");
        Objects.requireNonNull(layout, "layout");
        try {
            DerReader seq = DerReader.single(der, DerTag.SEQUENCE);
            byte[] x = seq.readUnsignedInteger(32);
            byte[] y = seq.readUnsignedInteger(32);
            byte[] c3 = seq.readOctetString();
            byte[] c2 = seq.readOctetString();
            seq.expectEnd();
            if (c3.length != 32) {
                throw new Sm2DecryptionException("C3 must be 32 bytes, got " + c3.length);
            }
            if (c2.length == 0) {
                throw new Sm2DecryptionException("C2 is empty");
            }
            byte[] out = new byte[97 + c2.length];
            out[0] = 0x04;
            System.arraycopy(x, 0, out, 1, 32);
            System.arraycopy(y, 0, out, 33, 32);
            if (layout == Sm2CiphertextLayout.C1C3C2) {
                System.arraycopy(c3, 0, out, 65, 32);
                System.arraycopy(c2, 0, out, 97, c2.length);
            } else {
                System.arraycopy(c2, 0, out, 65, c2.length);
                System.arraycopy(c3, 0, out, 65 + c2.length, 32);
            }
            return out;
        } catch (DerFormatException e) {
            throw new Sm2DecryptionException("malformed GM/T 0009 SM2 ciphertext: " + e.getMessage(), e);
        }
    }

    /**
     * The same ciphertext in the other layout ({@code from} C1C3C2 gives C1C2C3 and back); C1 may be
     * compressed or uncompressed and stays as it is.
     */
    public static byte[] convert(byte[] raw, Sm2CiphertextLayout from, Sm2CiphertextLayout to) throws Sm2DecryptionException {
        Objects.requireNonNull(raw, "raw");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        int c1Len = c1Length(raw);
        if (from == to) {
            return raw.clone();
        }
        int c2Len = raw.length - c1Len - 32;
        byte[] out = new byte[raw.length];
        System.arraycopy(raw, 0, out, 0, c1Len);
        if (from == Sm2CiphertextLayout.C1C3C2) {
            System.arraycopy(raw, c1Len + 32, out, c1Len, c2Len);
            System.arraycopy(raw, c1Len, out, c1Len + c2Len, 32);
        } else {
            System.arraycopy(raw, c1Len + c2Len, out, c1Len, 32);
            System.arraycopy(raw, c1Len, out, c1Len + 32, c2Len);
        }
        return out;
    }

    private static byte[] toC1C3C2(byte[] raw, Sm2CiphertextLayout layout) throws Sm2DecryptionException {
        Objects.requireNonNull(raw, "raw");
        Objects.requireNonNull(layout, "layout");
        if (c1Length(raw) != PointEncoding.UNCOMPRESSED_LENGTH) {
            throw new Sm2DecryptionException("the DER form needs an uncompressed C1");
        }
        return convert(raw, layout, Sm2CiphertextLayout.C1C3C2);
    }

    private static int c1Length(byte[] raw) throws Sm2DecryptionException {
        int c1Len = raw.length == 0 ? -1 : PointEncoding.encodedLength(raw[0]);
        if (c1Len < 0 || raw.length <= c1Len + 32) {
            throw new Sm2DecryptionException("not an SM2 ciphertext: " + raw.length + " bytes, C1 format "
                    + (raw.length == 0 ? "missing" : String.format("0x%02x", raw[0] & 0xFF)));
        }
        return c1Len;
    }
}
