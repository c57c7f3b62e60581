package io.gmflux.codecs.kex;

import io.gmflux.codecs.bytes.Bytes;

/**
 * The outcome of a key encapsulation (SM2-KEM, SM9-KEM): the encapsulation to send and the shared
 * secret to keep. Holds the two arrays it is given; the accessors return fresh copies the caller
 * owns (and should wipe the secret's). Not thread-safe.
 */
public abstract class KemEncapsulation {

    private final byte[] encapsulation;
    private final byte[] sharedSecret;

    /** Takes ownership of both arrays. */
    protected KemEncapsulation(byte[] encapsulation, byte[] sharedSecret) {
        this.encapsulation = encapsulation;
        this.sharedSecret = sharedSecret;
    }

    /** The encapsulation to send (a fresh copy). */
    public byte[] encapsulation() {
        return encapsulation.clone();
    }

    /** The shared secret (a fresh copy the caller should wipe). */
    public byte[] sharedSecret() {
        return sharedSecret.clone();
    }

    /** Zeroes the stored shared secret. */
    public void destroy() {
        Bytes.wipe(sharedSecret);
    }
}
