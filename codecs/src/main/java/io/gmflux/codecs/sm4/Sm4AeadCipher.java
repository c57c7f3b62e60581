package io.gmflux.codecs.sm4;

/**
 * An SM4 AEAD (GCM, CCM) in progress. Associated data is supplied with {@link #updateAad} before the
 * first {@link #update}; the tag is appended to the ciphertext by {@code doFinal} when encrypting and
 * expected at the end of the input when decrypting.
 *
 * <p>Decryption releases no plaintext before the tag has verified: {@code update} buffers and
 * returns 0, {@code doFinal} verifies in constant time and only then writes the plaintext, or
 * throws {@link javax.crypto.AEADBadTagException} and writes nothing.
 *
 * <p>Sealed: {@link Sm4Gcm} and {@link Sm4Ccm} are the implementations.
 */
public sealed interface Sm4AeadCipher extends Sm4Cipher permits Sm4Gcm, Sm4Ccm {

    /**
     * Adds associated data.
     *
     * @throws IllegalStateException if called after the first {@code update} of the message
     */
    void updateAad(byte[] aad, int off, int len);

    /** The tag length in bytes. */
    int tagLength();
}
