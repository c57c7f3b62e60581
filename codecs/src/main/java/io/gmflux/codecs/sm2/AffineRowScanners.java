package io.gmflux.codecs.sm2;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;

/**
 * The choice of the {@link AffineRowScanner} that {@link PointArithmetic} uses, made once per JVM when that class
 * initialises: the Vector API scanner of {@code gmflux-codecs-vector} ({@value #VECTOR_SCANNER}, found by class
 * name) if its constructor accepts this JVM and CPU and it agrees with the scalar loop on a public table, else the
 * scalar loop. The system property {@value #PROPERTY}: absent or {@code true}, try; {@code false}, never.
 *
 * <p>Why a simple rule rather than the timed warm-up of SM4's engine choice: the vector scan is nothing but array
 * loads, lanewise AND and OR with a broadcast scalar mask, and stores, whose Java fallback (before C2 compiles
 * the scan, or where an operation is not intrinsic) loops over the lanes without any branch or index that
 * depends on their values, so it is constant time even uncompiled; and the constructor refuses where the
 * 256-bit shape it uses is not the CPU's (a preferred long vector narrower than 256 bits), which is where the
 * fallback would stay slow. What remains is the interval before C2 compiles it, during which it is slower than
 * the scalar loop: a one-off cost per JVM, measured in bench/results/sm2-speed.md. Results never change: the
 * scanner is used only after it has given the scalar loop's output for every entry of rows of 16 and 32 entries.
 *
 * <p>Thread-safe: the JVM-wide choice is a class-initialisation constant; tests build others.
 */
final class AffineRowScanners {

    static final String VECTOR_SCANNER = "io.gmflux.codecs.sm2.vector.VectorAffineRowScanner";
    static final String PROPERTY = "gmflux.sm2.vector";
    static final AffineRowScanner SCALAR = new ScalarAffineRowScanner();

    /** The scanner in use and its name, which for the scalar loop says why no other was taken. */
    record Choice(AffineRowScanner scanner, String name) {
    }

    private static final class JvmWide {
        static final Choice INSTANCE = choose(System.getProperty(PROPERTY, "true"), VECTOR_SCANNER);
    }

    private AffineRowScanners() {
    }

    static Choice jvmWide() {
        return JvmWide.INSTANCE;
    }

    /**
     * The scanner to use when {@code mode} is the value of {@value #PROPERTY} and {@code className} the
     * implementation to try.
     */
    static Choice choose(String mode, String className) {
        if ("false".equalsIgnoreCase(mode)) {
            return scalar("disabled by " + PROPERTY + "=false");
        }
        if (!"true".equalsIgnoreCase(mode)) {
            return scalar("unknown " + PROPERTY + "=" + mode + " (expected true or false)");
        }
        Class<? extends AffineRowScanner> type;
        try {
            // loading without initialising tells a missing jar or a too old JDK at once
            type = Class.forName(className, false, AffineRowScanners.class.getClassLoader())
                    .asSubclass(AffineRowScanner.class);
        } catch (ClassNotFoundException e) {
            return scalar("gmflux-codecs-vector not on the class path");
        } catch (LinkageError | ClassCastException e) {
            // e.g. UnsupportedClassVersionError on a JDK older than the implementation's
            return scalar(e.toString());
        }
        AffineRowScanner candidate;
        try {
            candidate = type.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            return scalar(cause instanceof UnsupportedOperationException ? cause.getMessage() : cause.toString());
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return scalar(e.toString());
        }
        String disagreement;
        try {
            disagreement = disagreement(candidate);
        } catch (RuntimeException | LinkageError e) {
            disagreement = e.toString();
        }
        if (disagreement != null) {
            return scalar(candidate.name() + " disagrees with the scalar scan: " + disagreement);
        }
        return new Choice(candidate, candidate.name());
    }

    private static Choice scalar(String why) {
        return new Choice(SCALAR, ScalarAffineRowScanner.NAME + " (vector scan not used: " + why + ")");
    }

    /**
     * Where {@code candidate} differs from the scalar loop on a public table (rows of 16 and 32 entries at
     * aligned and odd offsets, every d), or null if nowhere; also checks that it leaves the table as it was.
     */
    static String disagreement(AffineRowScanner candidate) {
        long[] table = new long[3 + 2 * 32 * 8];
        long state = 0x5EED_5CA9_0000_0001L;
        for (int i = 0; i < table.length; i++) {
            state += 0x9E3779B97F4A7C15L; // SplitMix64: public, every bit pattern
            long z = (state ^ (state >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            table[i] = z ^ (z >>> 31);
        }
        long[] original = table.clone();
        long[] sx = new long[4];
        long[] sy = new long[4];
        long[] ex = new long[4];
        long[] ey = new long[4];
        for (int perRow : new int[] {16, 32}) {
            for (int rowOffset : new int[] {0, 3, perRow * 8}) {
                for (int d = 0; d <= perRow; d++) {
                    SCALAR.scan(table, rowOffset, perRow, d, ex, ey);
                    Arrays.fill(sx, 0x0BAD);
                    Arrays.fill(sy, 0x0BAD);
                    candidate.scan(table, rowOffset, perRow, d, sx, sy);
                    if (!Arrays.equals(sx, ex) || !Arrays.equals(sy, ey)) {
                        return "perRow " + perRow + ", row offset " + rowOffset + ", d " + d;
                    }
                }
            }
        }
        return Arrays.equals(table, original) ? null : "it wrote to the table";
    }
}
