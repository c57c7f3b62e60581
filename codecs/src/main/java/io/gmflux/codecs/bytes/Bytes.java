package io.gmflux.codecs.bytes;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/**
 * Big-endian word access to byte arrays through {@link VarHandle} views (one bounds check,
 * one load on HotSpot), argument checks shared by every primitive, and constant-time helpers.
 *
 * <p>Stateless and thread-safe.
 */
public final class Bytes {

    private static final VarHandle INT_BE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_BE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Bytes() {
    }

    public static int getIntBE(byte[] b, int off) {
        return (int) INT_BE.get(b, off);
    }

    /**
     * Stores {@code v} big-endian with one int-wide (VarHandle) store: for hot loops writing into
     * buffers that live longer than the loop. For a short array allocated nearby and read back
     * byte-wise in the same method (a digest, a MAC, a counter, a nonce), use
     * {@link #putIntBEByBytes}: C2 of JDK 17.0.15 has been seen to miss such wide stores into a
     * fresh array and read its zero initial value instead (README "Known issues", {@code Sm3.store}).
     * Every call site of the wide putters is named, with its reason, in the allow-list that
     * {@code WideStoreRuleTest} checks.
     */
    public static void putIntBE(byte[] b, int off, int v) {
        INT_BE.set(b, off, v);
    }

    /**
     * Stores {@code v} big-endian as four byte stores, the same width as the byte-wise reads that
     * follow it (see {@link #putIntBE} for when this matters).
     *
     * @throws IndexOutOfBoundsException if fewer than 4 bytes fit at {@code off}
     */
    public static void putIntBEByBytes(byte[] b, int off, int v) {
        java.util.Objects.checkFromIndexSize(off, 4, b.length);
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    /** {@link #putIntBEByBytes} for a long: eight byte stores, big-endian. */
    public static void putLongBEByBytes(byte[] b, int off, long v) {
        java.util.Objects.checkFromIndexSize(off, 8, b.length);
        putIntBEByBytes(b, off, (int) (v >>> 32));
        putIntBEByBytes(b, off + 4, (int) v);
    }

    public static long getLongBE(byte[] b, int off) {
        return (long) LONG_BE.get(b, off);
    }

    public static void putLongBE(byte[] b, int off, long v) {
        LONG_BE.set(b, off, v);
    }

    public static int getIntLE(byte[] b, int off) {
        return (int) INT_LE.get(b, off);
    }

    public static void putIntLE(byte[] b, int off, int v) {
        INT_LE.set(b, off, v);
    }

    public static long getLongLE(byte[] b, int off) {
        return (long) LONG_LE.get(b, off);
    }

    public static void putLongLE(byte[] b, int off, long v) {
        LONG_LE.set(b, off, v);
    }

    /**
     * Checks that {@code [off, off + len)} lies inside {@code b}, with a message naming the argument.
     *
     * @throws NullPointerException if {@code b} is null
     * @throws IndexOutOfBoundsException if the range does not fit
     */
    public static void checkRange(byte[] b, int off, int len, String name) {
        Objects.requireNonNull(b, name);
        if (off < 0 || len < 0 || off > b.length - len) {
            throw new IndexOutOfBoundsException(
                    name + ": range [" + off + ", " + off + " + " + len + ") out of bounds for length " + b.length);
        }
    }

    /** Compares two byte ranges in time that depends only on {@code len}. */
    public static boolean constantTimeEquals(byte[] a, int aOff, byte[] b, int bOff, int len) {
        int diff = 0;
        for (int i = 0; i < len; i++) {
            diff |= a[aOff + i] ^ b[bOff + i];
        }
        return diff == 0;
    }

    /** Compares two arrays in time that depends only on their lengths. */
    public static boolean constantTimeEquals(byte[] a, byte[] b) {
        if (a.length != b.length) {
            return false;
        }
        return constantTimeEquals(a, 0, b, 0, a.length);
    }

    /** {@code out[outOff+i] = a[aOff+i] ^ b[bOff+i]} for {@code len} bytes; ranges may overlap exactly. */
    public static void xor(byte[] a, int aOff, byte[] b, int bOff, byte[] out, int outOff, int len) {
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            putLongLE(out, outOff + i, getLongLE(a, aOff + i) ^ getLongLE(b, bOff + i));
        }
        for (; i < len; i++) {
            out[outOff + i] = (byte) (a[aOff + i] ^ b[bOff + i]);
        }
    }

    /** Overwrites a secret with zeros; null-tolerant. */
    public static void wipe(byte[] secret) {
        if (secret != null) {
            Arrays.fill(secret, (byte) 0);
        }
    }

    /** Overwrites a secret with zeros; null-tolerant. */
    public static void wipe(int[] secret) {
        if (secret != null) {
            Arrays.fill(secret, 0);
        }
    }

    /** Overwrites a secret with zeros; null-tolerant. */
    public static void wipe(long[] secret) {
        if (secret != null) {
            Arrays.fill(secret, 0L);
        }
    }
}
