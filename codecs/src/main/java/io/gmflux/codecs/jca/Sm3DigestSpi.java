package io.gmflux.codecs.jca;

import io.gmflux.codecs.sm3.Sm3;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigestSpi;

/**
 * MessageDigest "SM3" (GB/T 32905) over {@link Sm3}. Cloneable, so {@code MessageDigest.clone()}
 * works (it copies the running state). Not thread-safe.
 */
final class Sm3DigestSpi extends MessageDigestSpi implements Cloneable {

    private Sm3 sm3 = new Sm3();

    @Override
    protected int engineGetDigestLength() {
        return Sm3.DIGEST_LENGTH;
    }

    @Override
    protected void engineUpdate(byte input) {
        sm3.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        sm3.update(input, offset, len);
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        // Sm3 reads direct buffers in bulk; the JDK's default would copy through a temporary array.
        sm3.update(input);
    }

    @Override
    protected byte[] engineDigest() {
        return sm3.digest();
    }

    @Override
    protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
        if (len < Sm3.DIGEST_LENGTH) {
            throw new DigestException("SM3 digest needs 32 bytes, got room for " + len);
        }
        return sm3.digest(buf, offset);
    }

    @Override
    protected void engineReset() {
        sm3.reset();
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        Sm3DigestSpi c = (Sm3DigestSpi) super.clone();
        c.sm3 = sm3.copy();
        return c;
    }
}
