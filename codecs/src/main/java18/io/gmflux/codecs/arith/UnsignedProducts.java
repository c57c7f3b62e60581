package io.gmflux.codecs.arith;

/**
 * The high 64 bits of the unsigned 128-bit product of two 64-bit words, for the limb arithmetic of SM2 and SM9.
 *
 * <p>The Java 18+ version of the multi-release jar ({@code META-INF/versions/18}): {@code Math.unsignedMultiplyHigh},
 * one multiplication (an intrinsic on x86-64 and AArch64). The base version in {@code src/main/java} has the same
 * contract. Branch-free with no table, so constant-time; stateless and thread-safe.
 */
public final class UnsignedProducts {

    private UnsignedProducts() {
    }

    /** The high word of the unsigned product a * b (both operands read as unsigned). */
    public static long multiplyHigh(long a, long b) {
        return Math.unsignedMultiplyHigh(a, b);
    }

    /** Which form this class is: "unsigned" here, "signed-corrected" in the base version (for tests). */
    static String implementation() {
        return "unsigned";
    }
}
