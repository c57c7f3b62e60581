package io.gmflux.codecs.sm4;

import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;

/**
 * One direction (encrypt or decrypt) of one SM4 mode of operation, in progress over a message
 * that arrives in pieces: the shape that the JCA provider, the stream format and the benchmarks
 * drive, whatever the mode.
 *
 * <p>Use: any number of {@link #update} calls, then one {@link #doFinal}. After {@code doFinal}
 * (or {@link #reset()}) the object is back in its initial state, with the same key and IV. An
 * {@code update} or {@code doFinal} that throws an unchecked exception for a bad argument
 * (an output range too small, say) changes no state.
 *
 * <p>Thread safety: not thread-safe; one message at a time. Buffers: the caller owns every array;
 * input and output may be the same array at the same offset (in place).
 *
 * <p>Sealed: the modes of this package are the implementations ({@link Sm4AeadCipher} for GCM and CCM, a
 * package-private base for the others).
 */
public sealed interface Sm4Cipher permits Sm4AeadCipher, Sm4ModeCipher {

    /**
     * Processes {@code len} bytes and writes the output that is ready.
     *
     * @return the number of bytes written to {@code out}, at most {@link #updateOutputSize(int) updateOutputSize(len)}
     * @throws IndexOutOfBoundsException if an input or output range does not fit its array
     */
    int update(byte[] in, int inOff, int len, byte[] out, int outOff);

    /**
     * Processes the last {@code len} bytes, finishes the message (padding, tag) and resets.
     *
     * @return the number of bytes written, at most {@link #finalOutputSize(int) finalOutputSize(len)}
     * @throws IllegalBlockSizeException if a mode without padding ends on a partial block
     * @throws BadPaddingException if decrypted padding is malformed, or (as
     *     {@link javax.crypto.AEADBadTagException}) an AEAD tag does not verify; then no plaintext is written
     */
    int doFinal(byte[] in, int inOff, int len, byte[] out, int outOff)
            throws IllegalBlockSizeException, BadPaddingException;

    /** An upper bound on what {@code update(len)} writes, given what is buffered now. */
    int updateOutputSize(int len);

    /** An upper bound on what {@code doFinal(len)} writes, given what is buffered now. */
    int finalOutputSize(int len);

    /** Whether this object encrypts. */
    boolean isEncrypting();

    /** Drops buffered data and returns to the initial state (same key and IV). */
    void reset();

    /** Zeroes key material and buffers; the object must not be used afterwards. Idempotent. */
    void destroy();
}
