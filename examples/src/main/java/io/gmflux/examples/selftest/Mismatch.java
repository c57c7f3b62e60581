package io.gmflux.examples.selftest;

import io.gmflux.codecs.bytes.Hex;
import java.util.Arrays;

/** Builds the one-line reasons that checks return. Stateless. */
final class Mismatch {

    private Mismatch() {
    }

    /** {@code null} if equal, else "what differs: expected ..., got ...". */
    static String of(String what, byte[] expected, byte[] actual) {
        if (Arrays.equals(expected, actual)) {
            return null;
        }
        return what + " differs: expected " + abbreviate(expected) + ", got " + abbreviate(actual);
    }

    /** {@code null} if equal, else the reason, for 32-bit values such as EIA3 MACs. */
    static String of(String what, int expected, int actual) {
        return expected == actual ? null
                : what + " differs: expected " + String.format("%08x", expected) + ", got " + String.format("%08x", actual);
    }

    /** The first non-null reason, or {@code null}. */
    static String first(String... reasons) {
        for (String r : reasons) {
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    private static String abbreviate(byte[] b) {
        if (b == null) {
            return "null";
        }
        String hex = Hex.encode(b);
        return hex.length() <= 40 ? hex : hex.substring(0, 32) + "... (" + b.length + " bytes)";
    }
}
