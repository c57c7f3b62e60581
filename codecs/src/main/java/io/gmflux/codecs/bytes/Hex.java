package io.gmflux.codecs.bytes;

/** Lowercase hexadecimal encoding and decoding. Stateless and thread-safe. */
public final class Hex {

    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex() {
    }

    public static String encode(byte[] b) {
        return encode(b, 0, b.length);
    }

    public static String encode(byte[] b, int off, int len) {
        char[] out = new char[len * 2];
        for (int i = 0; i < len; i++) {
            int v = b[off + i] & 0xff;
            out[2 * i] = DIGITS[v >>> 4];
            out[2 * i + 1] = DIGITS[v & 0xf];
        }
        return new String(out);
    }

    /**
     * Decodes hex digits (either case); whitespace is not accepted.
     *
     * @throws IllegalArgumentException on an odd length or a non-hex character
     */
    public static byte[] decode(CharSequence s) {
        int n = s.length();
        if ((n & 1) != 0) {
            throw new IllegalArgumentException("hex string has odd length " + n);
        }
        byte[] out = new byte[n / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((digit(s, 2 * i) << 4) | digit(s, 2 * i + 1));
        }
        return out;
    }

    private static int digit(CharSequence s, int i) {
        int d = Character.digit(s.charAt(i), 16);
        if (d < 0) {
            throw new IllegalArgumentException("not a hex digit at index " + i + ": '" + s.charAt(i) + "'");
        }
        return d;
    }
}
