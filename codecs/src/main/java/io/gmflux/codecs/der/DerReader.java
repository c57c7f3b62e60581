package io.gmflux.codecs.der;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;

/**
 * A strict reader of DER (X.690 §10): definite, minimally encoded lengths; minimal INTEGERs;
 * single-octet identifiers (tag numbers below 31, which is every tag gmflux's formats use).
 * Anything else is a {@link DerFormatException} naming what was wrong and at which offset, never an
 * {@code ArrayIndexOutOfBoundsException}.
 *
 * <p>A reader walks the elements of one level in order; {@link #readSequence()} returns a reader
 * over the contents of a nested SEQUENCE. Call {@link #expectEnd()} when a level must hold nothing
 * more. Not thread-safe. The reader does not copy the input; returned values are fresh arrays.
 */
public final class DerReader {

    private final byte[] buf;
    private final int base;
    private final int end;
    private int pos;

    /** A reader over the whole array. */
    public DerReader(byte[] der) {
        this(Objects.requireNonNull(der, "der"), 0, der.length);
    }

    private DerReader(byte[] buf, int from, int to) {
        this.buf = buf;
        this.base = from;
        this.pos = from;
        this.end = to;
    }

    /**
     * Parses {@code der} as exactly one element with tag {@code tag}, with nothing after it, and
     * returns a reader over that element's contents.
     */
    public static DerReader single(byte[] der, int tag) throws DerFormatException {
        DerReader top = new DerReader(der);
        DerReader inner = top.readConstructed(tag);
        top.expectEnd();
        return inner;
    }

    /** Whether any element remains at this level. */
    public boolean hasMore() {
        return pos < end;
    }

    /** The identifier octet of the next element, or -1 at the end of this level. */
    public int peekTag() {
        return pos < end ? buf[pos] & 0xff : -1;
    }

    /** Fails unless this level has been read to its end. */
    public void expectEnd() throws DerFormatException {
        if (pos != end) {
            throw new DerFormatException((end - pos) + " unexpected trailing byte(s) at offset " + (pos - base));
        }
    }

    /** Reads a SEQUENCE and returns a reader over its contents. */
    public DerReader readSequence() throws DerFormatException {
        return readConstructed(DerTag.SEQUENCE);
    }

    /** Reads an element with the given identifier octet and returns a reader over its contents. */
    public DerReader readConstructed(int tag) throws DerFormatException {
        int len = header(tag);
        DerReader inner = new DerReader(buf, pos, pos + len);
        pos += len;
        return inner;
    }

    /** Reads an element with the given identifier octet and returns its contents. */
    public byte[] readPrimitive(int tag) throws DerFormatException {
        int len = header(tag);
        byte[] v = Arrays.copyOfRange(buf, pos, pos + len);
        pos += len;
        return v;
    }

    /** Reads the next element whatever its tag and returns its complete encoding (tag, length, contents). */
    public byte[] readRawElement() throws DerFormatException {
        int start = pos;
        if (pos >= end) {
            throw new DerFormatException("expected an element at offset " + (pos - base) + ", found the end");
        }
        // Not "pos += header(..)": Java reads pos before header() advances it past the tag and length.
        int contentLength = header(buf[pos] & 0xff);
        pos += contentLength;
        return Arrays.copyOfRange(buf, start, pos);
    }

    /** Reads an INTEGER of any size. */
    public BigInteger readBigInteger() throws DerFormatException {
        return new BigInteger(integerContents());
    }

    /** Reads an INTEGER that must fit in an {@code int}. */
    public int readInt() throws DerFormatException {
        int at = pos - base;
        BigInteger v = readBigInteger();
        if (v.bitLength() > 31) {
            throw new DerFormatException("INTEGER at offset " + at + " does not fit in 32 bits");
        }
        return v.intValue();
    }

    /**
     * Reads a non-negative INTEGER as an unsigned big-endian value left-padded to {@code size} bytes.
     *
     * @throws DerFormatException if it is negative or does not fit in {@code size} bytes
     */
    public byte[] readUnsignedInteger(int size) throws DerFormatException {
        int at = pos - base;
        byte[] c = integerContents();
        if ((c[0] & 0x80) != 0) {
            throw new DerFormatException("INTEGER at offset " + at + " is negative");
        }
        int skip = c[0] == 0 && c.length > 1 ? 1 : 0;
        int len = c.length - skip;
        if (len > size) {
            throw new DerFormatException("INTEGER at offset " + at + " is longer than " + size + " bytes");
        }
        byte[] out = new byte[size];
        System.arraycopy(c, skip, out, size - len, len);
        return out;
    }

    /** Reads an OCTET STRING. */
    public byte[] readOctetString() throws DerFormatException {
        return readPrimitive(DerTag.OCTET_STRING);
    }

    /** Reads a BIT STRING whose length is a whole number of bytes (no unused bits) and returns those bytes. */
    public byte[] readBitString() throws DerFormatException {
        int at = pos - base;
        byte[] c = readPrimitive(DerTag.BIT_STRING);
        if (c.length == 0) {
            throw new DerFormatException("BIT STRING at offset " + at + " has no unused-bits octet");
        }
        if (c[0] != 0) {
            throw new DerFormatException("BIT STRING at offset " + at + " has " + c[0] + " unused bits, expected 0");
        }
        return Arrays.copyOfRange(c, 1, c.length);
    }

    /** Reads a NULL. */
    public void readNull() throws DerFormatException {
        int at = pos - base;
        if (readPrimitive(DerTag.NULL).length != 0) {
            throw new DerFormatException("NULL at offset " + at + " has contents");
        }
    }

    /** Reads an OBJECT IDENTIFIER in dotted form ("1.2.156.10197.1.301"). */
    public String readOid() throws DerFormatException {
        int at = pos - base;
        byte[] c = readPrimitive(DerTag.OBJECT_IDENTIFIER);
        if (c.length == 0) {
            throw new DerFormatException("OBJECT IDENTIFIER at offset " + at + " is empty");
        }
        StringBuilder sb = new StringBuilder();
        long arc = 0;
        boolean first = true;
        for (int i = 0; i < c.length; i++) {
            int b = c[i] & 0xff;
            if (arc == 0 && b == 0x80) {
                throw new DerFormatException("OBJECT IDENTIFIER at offset " + at + " has a non-minimal arc");
            }
            if (arc > (Long.MAX_VALUE >>> 7)) {
                throw new DerFormatException("OBJECT IDENTIFIER at offset " + at + " has an arc that is too large");
            }
            arc = (arc << 7) | (b & 0x7f);
            if ((b & 0x80) == 0) {
                if (first) {
                    int top = arc < 40 ? 0 : arc < 80 ? 1 : 2;
                    sb.append(top).append('.').append(arc - 40L * top);
                    first = false;
                } else {
                    sb.append('.').append(arc);
                }
                arc = 0;
            } else if (i == c.length - 1) {
                throw new DerFormatException("OBJECT IDENTIFIER at offset " + at + " ends inside an arc");
            }
        }
        return sb.toString();
    }

    /** Reads an element with the given identifier, or returns null if the next element has another tag. */
    public DerReader readOptionalConstructed(int tag) throws DerFormatException {
        return peekTag() == tag ? readConstructed(tag) : null;
    }

    private byte[] integerContents() throws DerFormatException {
        int at = pos - base;
        byte[] c = readPrimitive(DerTag.INTEGER);
        if (c.length == 0) {
            throw new DerFormatException("INTEGER at offset " + at + " is empty");
        }
        if (c.length > 1 && ((c[0] == 0 && (c[1] & 0x80) == 0) || (c[0] == (byte) 0xff && (c[1] & 0x80) != 0))) {
            throw new DerFormatException("INTEGER at offset " + at + " is not minimally encoded");
        }
        return c;
    }

    /** Consumes the identifier and length octets; returns the contents length; pos is then at the contents. */
    private int header(int tag) throws DerFormatException {
        int at = pos - base;
        if (pos >= end) {
            throw new DerFormatException("expected tag 0x" + Integer.toHexString(tag) + " at offset " + at + ", found the end");
        }
        int t = buf[pos] & 0xff;
        if (t != tag) {
            throw new DerFormatException("expected tag 0x" + Integer.toHexString(tag) + " at offset " + at
                    + ", found 0x" + Integer.toHexString(t));
        }
        if ((t & 0x1f) == 0x1f) {
            throw new DerFormatException("multi-octet tag at offset " + at + " is not supported");
        }
        pos++;
        if (pos >= end) {
            throw new DerFormatException("missing length at offset " + (pos - base));
        }
        int first = buf[pos++] & 0xff;
        int len;
        if (first < 0x80) {
            len = first;
        } else if (first == 0x80) {
            throw new DerFormatException("indefinite length at offset " + at + " is not DER");
        } else {
            int n = first & 0x7f;
            if (n > 4) {
                throw new DerFormatException("length of " + n + " octets at offset " + at + " is too large");
            }
            if (end - pos < n) {
                throw new DerFormatException("length octets run past the end at offset " + at);
            }
            long l = 0;
            for (int i = 0; i < n; i++) {
                l = (l << 8) | (buf[pos++] & 0xff);
            }
            if (l < 0x80 || (n > 1 && (l >>> (8 * (n - 1))) == 0)) {
                throw new DerFormatException("length at offset " + at + " is not minimally encoded");
            }
            if (l > Integer.MAX_VALUE) {
                throw new DerFormatException("length at offset " + at + " is too large");
            }
            len = (int) l;
        }
        if (len > end - pos) {
            throw new DerFormatException("element at offset " + at + " claims " + len + " bytes but only "
                    + (end - pos) + " remain");
        }
        return len;
    }
}
