package io.gmflux.codecs.arith;

/**
 * The high 64 bits of the unsigned 128-bit product of two 64-bit words, for the limb arithmetic of SM2 and SM9.
 *
 * <p>This is the Java 17 form: the signed high product corrected by the operands' signs. The codecs jar is
 * multi-release: on Java 18 and later {@code META-INF/versions/18} holds a twin of this class that calls
 * {@code Math.unsignedMultiplyHigh} (source: {@code src/main/java18}), one multiplication with no corrections.
 * Both forms are branch-free with no table, so constant-time; stateless and thread-safe.
 */
public final class UnsignedProducts {

    private UnsignedProducts() {
    }

    /** The high word of the unsigned product a * b (both operands read as unsigned). */
    public static long multiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    /** Which form this class is: "signed-corrected" here, "unsigned" in the Java 18 version (for tests). */
    static String implementation() {
        return "signed-corrected";
    }
}
