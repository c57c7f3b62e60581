package io.gmflux.codecs.sm9;

/**
 * How SM9 public-key encryption computes and checks C3, the tag over C2.
 *
 * <p>{@link #STANDARD} is GB/T 38635.2 / GM/T 0044.4 §7: C3 = SM3(C2 ‖ K2), the form the standard's
 * Annex D example, BouncyCastle and gmsm produce. {@link #GMSSL_HMAC_SM3} is what GmSSL 3.x's
 * {@code sm9_encrypt} and {@code gmssl sm9encrypt} compute instead: C3 = HMAC-SM3(K2, C2)
 * (known upstream as GmSSL issues #1489 and #1707, gmsm issue #193). The two are not
 * interchangeable, and a cipher checks only the one it was built with, so a ciphertext of the other
 * kind is rejected as forged rather than silently accepted.
 */
public enum Sm9MacMode {

    /** C3 = SM3(C2 ‖ K2) (GB/T 38635.2, GM/T 0044.4 §5.4.5, §7). */
    STANDARD,

    /**
     * C3 = HMAC-SM3(K2, C2), as GmSSL 3.x computes it, with GmSSL's other limits: the stream (XOR)
     * mode only, at most {@value Sm9Cipher#GMSSL_MAX_PLAINTEXT} bytes of plaintext, and the
     * all-zero KDF rule applied to K1 ‖ K2 as a whole (so a K1 of zeros, which the standard refuses
     * and GmSSL accepts, decrypts).
     */
    GMSSL_HMAC_SM3
}
