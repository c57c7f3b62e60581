package io.gmflux.examples.cli;

import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2SignatureEncoding;
import io.gmflux.codecs.sm2.Sm2Signer;
import io.gmflux.codecs.sm9.Sm9SignPrivateKey;
import io.gmflux.codecs.sm9.Sm9Signer;
import java.security.SecureRandom;

/**
 * What {@code gmflux sign} signs with: a message taken in pieces ({@link MessageInput.Sink}), then
 * its detached DER signature (SM3withSM2's {@code SEQUENCE { r, s }} or SM9's
 * {@code SEQUENCE { h, S }}, as GmSSL writes them). Not thread-safe.
 */
interface DetachedSigner extends MessageInput.Sink {

    /** The DER signature of the message given so far. */
    byte[] signDer();

    /** SM3withSM2 with the signer ID {@code id}. */
    static DetachedSigner sm2(Sm2PrivateKey key, byte[] id) {
        Sm2Signer signer = new Sm2Signer(key, id, new SecureRandom());
        return new DetachedSigner() {
            @Override
            public void update(byte[] b, int off, int len) {
                signer.update(b, off, len);
            }

            @Override
            public byte[] signDer() {
                return Sm2SignatureEncoding.toDer(signer.sign());
            }
        };
    }

    /** SM9 (GM/T 0044.2) with a user's signing key. */
    static DetachedSigner sm9(Sm9SignPrivateKey key) {
        Sm9Signer signer = new Sm9Signer(key, new SecureRandom());
        return new DetachedSigner() {
            @Override
            public void update(byte[] b, int off, int len) {
                signer.update(b, off, len);
            }

            @Override
            public byte[] signDer() {
                return signer.signDer();
            }
        };
    }
}
