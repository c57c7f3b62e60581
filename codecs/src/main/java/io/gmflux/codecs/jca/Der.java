package io.gmflux.codecs.jca;

import java.io.IOException;
import java.util.Arrays;

/**
 * The little DER (ITU-T X.690) that algorithm parameters need: OCTET STRING, a small INTEGER and
 * SEQUENCE, with definite lengths. Decoding is strict (exact lengths, minimal encodings, no
 * trailing bytes), so a parameter blob has exactly one reading. Stateless and thread-safe.
 */
final class Der {

    static final int INTEGER = 0x02;
    static final int OCTET_STRING = 0x04;
    static final int SEQUENCE = 0x30;

    private Der() {
    }

    /** Tag, length and contents. */
    static byte[] encode(int tag, byte[] contents) {
        int n = contents.length;
        int lengthBytes = n < 0x80 ? 1 : n < 0x100 ? 2 : n < 0x10000 ? 3 : n < 0x1000000 ? 4 : 5;
        byte[] out = new byte[1 + lengthBytes + n];
        out[0] = (byte) tag;
        if (lengthBytes == 1) {
            out[1] = (byte) n;
        } else {
            out[1] = (byte) (0x80 | (lengthBytes - 1));
            for (int i = 0; i < lengthBytes - 1; i++) {
                out[1 + lengthBytes - 1 - i] = (byte) (n >>> (8 * i));
            }
        }
        System.arraycopy(contents, 0, out, 1 + lengthBytes, n);
        return out;
    }

    /** A non-negative INTEGER below 2^31 in its minimal two's-complement form. */
    static byte[] encodeInteger(int value) {
        if (value < 0) {
            throw new IllegalArgumentException("negative INTEGER " + value);
        }
        int len = 1;
        while (len < 4 && (value >>> (8 * len - 1)) != 0) {
            len++;
        }
        byte[] c = new byte[len];
        for (int i = 0; i < len; i++) {
            c[len - 1 - i] = (byte) (value >>> (8 * i));
        }
        return encode(INTEGER, c);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** A cursor over DER input. */
    static final class Reader {
        private final byte[] in;
        private int pos;
        private final int end;

        Reader(byte[] in) {
            this(in, 0, in.length);
        }

        private Reader(byte[] in, int pos, int end) {
            this.in = in;
            this.pos = pos;
            this.end = end;
        }

        boolean hasMore() {
            return pos < end;
        }

        /** Reads one element with tag {@code tag} and returns its contents. */
        byte[] read(int tag) throws IOException {
            int[] range = next(tag);
            return Arrays.copyOfRange(in, range[0], range[1]);
        }

        /** Reads a constructed element with tag {@code tag} and returns a reader over its contents. */
        Reader enter(int tag) throws IOException {
            int[] range = next(tag);
            return new Reader(in, range[0], range[1]);
        }

        /** Reads a non-negative INTEGER below 2^31. */
        int readInteger() throws IOException {
            byte[] c = read(INTEGER);
            if (c.length == 0 || c.length > 5 || (c[0] & 0x80) != 0 || (c.length > 1 && c[0] == 0 && (c[1] & 0x80) == 0)
                    || (c.length == 5 && c[0] != 0)) {
                throw new IOException("INTEGER out of range or not minimally encoded");
            }
            long v = 0;
            for (byte b : c) {
                v = (v << 8) | (b & 0xff);
            }
            if (v > Integer.MAX_VALUE) {
                throw new IOException("INTEGER out of range");
            }
            return (int) v;
        }

        /** Fails unless all input has been read. */
        void expectEnd() throws IOException {
            if (pos != end) {
                throw new IOException("trailing bytes after DER element");
            }
        }

        private int[] next(int tag) throws IOException {
            if (end - pos < 2) {
                throw new IOException("truncated DER element");
            }
            if ((in[pos] & 0xff) != tag) {
                throw new IOException(String.format("expected DER tag 0x%02x, got 0x%02x", tag, in[pos] & 0xff));
            }
            int first = in[pos + 1] & 0xff;
            int p = pos + 2;
            long len;
            if (first < 0x80) {
                len = first;
            } else {
                int n = first & 0x7f;
                if (n == 0 || n > 4 || end - p < n) {
                    throw new IOException("unsupported or truncated DER length");
                }
                len = 0;
                for (int i = 0; i < n; i++) {
                    len = (len << 8) | (in[p++] & 0xff);
                }
                if (len < 0x80 || (n > 1 && len < (1L << (8 * (n - 1))))) {
                    throw new IOException("DER length not minimally encoded");
                }
            }
            if (len > end - p) {
                throw new IOException("DER length " + len + " exceeds the input");
            }
            pos = p + (int) len;
            return new int[] {p, pos};
        }
    }
}
