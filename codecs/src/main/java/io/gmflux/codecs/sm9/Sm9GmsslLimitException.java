package io.gmflux.codecs.sm9;

/**
 * A request that GmSSL-compatible SM9 encryption ({@link Sm9MacMode#GMSSL_HMAC_SM3}) cannot honour
 * because GmSSL could neither produce nor read the result: the SM4-ECB mode, or a plaintext longer
 * than {@value Sm9Cipher#GMSSL_MAX_PLAINTEXT} bytes.
 */
public final class Sm9GmsslLimitException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public Sm9GmsslLimitException(String message) {
        super(message);
    }
}
