package io.gmflux.codecs.der;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.Objects;

/**
 * Writes DER (X.690 §10) element by element. Constructed elements are written through a nested
 * writer: {@code w.sequence(s -> s.integer(r).integer(s))}. Not thread-safe; cheap to create.
 */
public final class DerWriter {

    /** Writes the contents of one constructed element. */
    @FunctionalInterface
    public interface Contents {
        void write(DerWriter w);
    }

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** The encoding written so far. */
    public byte[] toByteArray() {
        return out.toByteArray();
    }

    /** Writes a SEQUENCE whose contents {@code body} writes. */
    public DerWriter sequence(Contents body) {
        return constructed(DerTag.SEQUENCE, body);
    }

    /** Writes a constructed element with the given identifier octet (e.g. {@link DerTag#contextConstructed}). */
    public DerWriter constructed(int tag, Contents body) {
        DerWriter inner = new DerWriter();
        body.write(inner);
        return primitive(tag, inner.toByteArray());
    }

    /** Writes an element with the given identifier octet and contents. */
    public DerWriter primitive(int tag, byte[] contents) {
        Objects.requireNonNull(contents, "contents");
        out.write(tag);
        writeLength(contents.length);
        out.write(contents, 0, contents.length);
        return this;
    }

    /** Writes an already-encoded element as it is. */
    public DerWriter raw(byte[] element) {
        out.write(element, 0, element.length);
        return this;
    }

    public DerWriter integer(BigInteger v) {
        return primitive(DerTag.INTEGER, v.toByteArray());
    }

    public DerWriter integer(long v) {
        return integer(BigInteger.valueOf(v));
    }

    /** Writes an unsigned big-endian magnitude (leading zeros allowed in the input) as a minimal INTEGER. */
    public DerWriter unsignedInteger(byte[] magnitude) {
        int i = 0;
        while (i < magnitude.length - 1 && magnitude[i] == 0) {
            i++;
        }
        boolean pad = magnitude.length == 0 || (magnitude[i] & 0x80) != 0;
        int len = magnitude.length - i;
        byte[] c = new byte[Math.max(1, len + (pad ? 1 : 0))];
        if (len > 0) {
            System.arraycopy(magnitude, i, c, c.length - len, len);
        }
        return primitive(DerTag.INTEGER, c);
    }

    public DerWriter octetString(byte[] v) {
        return primitive(DerTag.OCTET_STRING, v);
    }

    /** Writes a BIT STRING holding whole bytes (no unused bits). */
    public DerWriter bitString(byte[] v) {
        byte[] c = new byte[v.length + 1];
        System.arraycopy(v, 0, c, 1, v.length);
        return primitive(DerTag.BIT_STRING, c);
    }

    public DerWriter nullValue() {
        return primitive(DerTag.NULL, new byte[0]);
    }

    /** Writes an OBJECT IDENTIFIER given in dotted form. */
    public DerWriter oid(String dotted) {
        String[] parts = dotted.split("\\.");
        if (parts.length < 2) {
            throw new IllegalArgumentException("OID needs at least two arcs: " + dotted);
        }
        long top = Long.parseLong(parts[0]);
        long second = Long.parseLong(parts[1]);
        if (top > 2 || top < 0 || second < 0 || (top < 2 && second >= 40)) {
            throw new IllegalArgumentException("invalid OID: " + dotted);
        }
        ByteArrayOutputStream c = new ByteArrayOutputStream();
        writeArc(c, top * 40 + second);
        for (int i = 2; i < parts.length; i++) {
            long arc = Long.parseLong(parts[i]);
            if (arc < 0) {
                throw new IllegalArgumentException("invalid OID: " + dotted);
            }
            writeArc(c, arc);
        }
        return primitive(DerTag.OBJECT_IDENTIFIER, c.toByteArray());
    }

    private static void writeArc(ByteArrayOutputStream c, long arc) {
        int groups = 1;
        while (groups < 10 && (arc >>> (7 * groups)) != 0) {
            groups++;
        }
        for (int g = groups - 1; g >= 0; g--) {
            int b = (int) ((arc >>> (7 * g)) & 0x7f);
            c.write(g == 0 ? b : b | 0x80);
        }
    }

    private void writeLength(int len) {
        if (len < 0x80) {
            out.write(len);
            return;
        }
        int n = 4 - Integer.numberOfLeadingZeros(len) / 8;
        out.write(0x80 | n);
        for (int i = n - 1; i >= 0; i--) {
            out.write(len >>> (8 * i));
        }
    }
}
