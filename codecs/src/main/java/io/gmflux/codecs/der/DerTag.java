package io.gmflux.codecs.der;

/** The universal tags gmflux reads and writes (X.690 §8), as single identifier octets. */
public final class DerTag {

    public static final int INTEGER = 0x02;
    public static final int BIT_STRING = 0x03;
    public static final int OCTET_STRING = 0x04;
    public static final int NULL = 0x05;
    public static final int OBJECT_IDENTIFIER = 0x06;
    public static final int UTF8_STRING = 0x0c;
    public static final int SEQUENCE = 0x30;
    public static final int SET = 0x31;

    private DerTag() {
    }

    /** The identifier octet of a constructed, context-specific tag {@code [n]} (explicit tagging), n < 31. */
    public static int contextConstructed(int n) {
        checkNumber(n);
        return 0xa0 | n;
    }

    /** The identifier octet of a primitive, context-specific tag {@code [n]} (implicit tagging), n < 31. */
    public static int contextPrimitive(int n) {
        checkNumber(n);
        return 0x80 | n;
    }

    private static void checkNumber(int n) {
        if (n < 0 || n > 30) {
            throw new IllegalArgumentException("tag number must be in [0, 30], got " + n);
        }
    }
}
