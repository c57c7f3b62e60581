package io.gmflux.codecs.sm4;

/** Padding of the block modes ECB and CBC. */
public enum Sm4Padding {

    /** No padding: the message must be a whole number of 16-byte blocks. */
    NONE,

    /**
     * PKCS#7 (RFC 5652 §6.3; JCA calls it PKCS5Padding): 1 to 16 bytes, each holding the number of
     * padding bytes, always added. Decryption checks every padding byte without branching on their
     * values and reports only "bad padding".
     */
    PKCS7
}
