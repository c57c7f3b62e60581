package io.gmflux.codecs.zuc;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/**
 * What {@link Zuc128Mac} and {@link Zuc256Mac} share once keyed: byte-oriented input into one
 * {@link ZucMacAccumulator}, the tag as big-endian words, reset and destroy. Mutable, not
 * thread-safe; {@link #destroy()} zeroes the state.
 */
abstract sealed class ZucMacStream permits Zuc128Mac, Zuc256Mac {

    final ZucMacAccumulator mac;
    final int[] tag;
    private boolean destroyed;

    ZucMacStream(ZucMacAccumulator mac, int tagWords) {
        this.mac = mac;
        this.tag = new int[tagWords];
    }

    public void update(byte b) {
        checkLive();
        mac.update(b);
    }

    /** @throws NullPointerException if {@code in} is null */
    public void update(byte[] in) {
        Objects.requireNonNull(in, "in");
        update(in, 0, in.length);
    }

    /**
     * @throws NullPointerException if {@code in} is null
     * @throws IndexOutOfBoundsException if the range does not fit
     */
    public void update(byte[] in, int off, int len) {
        Bytes.checkRange(in, off, len, "in");
        checkLive();
        mac.update(in, off, len);
    }

    /** The tag of everything since the last reset (big-endian 32-bit words); then resets. */
    public byte[] doFinal() {
        checkLive();
        mac.finish(tag);
        byte[] out = toBytes(tag);
        mac.reset();
        return out;
    }

    /** Discards the message so far; the key and IV stay. */
    public void reset() {
        checkLive();
        mac.reset();
    }

    /** Zeroes key-dependent state; later calls throw {@link IllegalStateException}. */
    public void destroy() {
        mac.destroy();
        Bytes.wipe(tag);
        destroyed = true;
    }

    /** The words big-endian, byte by byte (a fresh short array: see {@code Bytes.putIntBEByBytes}); zeroes the words. */
    static byte[] toBytes(int[] words) {
        byte[] out = new byte[4 * words.length];
        for (int i = 0; i < words.length; i++) {
            Bytes.putIntBEByBytes(out, 4 * i, words[i]);
            words[i] = 0;
        }
        return out;
    }

    private void checkLive() {
        if (destroyed) {
            throw new IllegalStateException(getClass().getSimpleName() + " has been destroyed");
        }
    }
}
