package io.gmflux.codecs.fuzz;

import java.util.Arrays;
import java.util.List;

/**
 * The property every fuzz target checks: the parser either returns or throws one of the typed
 * exceptions its contract names. Anything else (an unchecked exception, an error such as
 * {@link OutOfMemoryError}, a checked exception of another type) is rethrown as an
 * {@link AssertionError} with the original as its cause, which Jazzer records as a finding.
 */
public final class FuzzProperty {

    /** A parser call that may throw anything. */
    @FunctionalInterface
    public interface Call {
        void run() throws Throwable;
    }

    private FuzzProperty() {
    }

    /** Runs {@code call}, accepting only exceptions that are instances of one of {@code allowed}. */
    @SafeVarargs
    public static void onlyThrows(Call call, Class<? extends Throwable>... allowed) {
        try {
            call.run();
        } catch (Throwable t) {
            for (Class<? extends Throwable> c : allowed) {
                if (c.isInstance(t)) {
                    return;
                }
            }
            throw new AssertionError("undocumented exception (allowed: " + Arrays.toString(allowed) + ")", t);
        }
    }

    /** Fails unless {@code released} is a prefix of one of {@code known}. */
    public static void releasedPrefixOfKnown(byte[] released, int length, List<byte[]> known) {
        for (byte[] k : known) {
            if (length <= k.length && Arrays.equals(released, 0, length, k, 0, length)) {
                return;
            }
        }
        throw new AssertionError("released " + length + " bytes that no genuine plaintext starts with");
    }

    /** Fails unless {@code plain} equals one of {@code known}. */
    public static void releasedKnown(byte[] plain, List<byte[]> known) {
        for (byte[] k : known) {
            if (Arrays.equals(plain, k)) {
                return;
            }
        }
        throw new AssertionError("released a " + plain.length + "-byte plaintext that was never encrypted");
    }
}
