package io.gmflux.codecs.arith;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * {@link UnsignedProducts#multiplyHigh} against BigInteger on edge and random operands, in whichever version this JVM
 * loaded: from target/classes the Java 17 base (checked here), from the multi-release jar on Java 18+ the
 * {@code Math.unsignedMultiplyHigh} version (codecs-vector's UnsignedProductsIT runs {@link #agreesWithBigInteger()}
 * there).
 */
public class UnsignedProductsTest {

    private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

    /** Words at the sign and 32-bit boundaries, and the limbs of SM2's p (the operands of its field products). */
    private static final long[] EDGES = {0, 1, 2, 3, -1, -2, Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE,
        Long.MAX_VALUE - 1, 0xFFFFFFFFL, 0x100000000L, 0xFFFFFFFF00000000L, 0x8000000080000000L, 0x7FFFFFFF7FFFFFFFL,
        0xFFFFFFFEFFFFFFFFL, 0x0000000100000001L, 0x00000000FFFFFFFFL << 1, 0xAAAAAAAAAAAAAAAAL,
        0x5555555555555555L};

    @Test
    public void agreesWithBigInteger() {
        for (long a : EDGES) {
            for (long b : EDGES) {
                check(a, b);
            }
        }
        SplittableRandom rnd = new SplittableRandom(0x18_2026_1202L);
        for (int i = 0; i < 300_000; i++) {
            long a = rnd.nextLong();
            long b = rnd.nextLong();
            // also one operand with a fixed top bit, so that every sign combination is frequent
            check(a, b);
            check(a | Long.MIN_VALUE, b & Long.MAX_VALUE);
        }
    }

    /** The base version from a class directory or on Java 17, the versioned one from the jar on Java 18+. */
    @Test
    void theLoadedVersionMatchesWhereTheClassComesFrom() throws Exception {
        Path where = Path.of(UnsignedProducts.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        boolean versioned = false;
        if (Files.isRegularFile(where) && Runtime.version().feature() >= 18) {
            try (JarFile jar = new JarFile(where.toFile())) {
                versioned = "true".equals(jar.getManifest().getMainAttributes().getValue("Multi-Release"))
                        && jar.getEntry("META-INF/versions/18/io/gmflux/codecs/arith/UnsignedProducts.class") != null;
            }
        }
        assertThat(UnsignedProducts.implementation()).as("loaded from " + where)
                .isEqualTo(versioned ? "unsigned" : "signed-corrected");
    }

    private static void check(long a, long b) {
        BigInteger expected = unsigned(a).multiply(unsigned(b)).shiftRight(64);
        assertThat(unsigned(UnsignedProducts.multiplyHigh(a, b)))
                .as("high(%016x * %016x)", a, b).isEqualTo(expected);
    }

    private static BigInteger unsigned(long x) {
        BigInteger v = BigInteger.valueOf(x);
        return x < 0 ? v.add(TWO_64) : v;
    }
}
