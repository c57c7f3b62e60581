package io.gmflux.codecs.sm4;

import java.security.GeneralSecurityException;
import javax.crypto.AEADBadTagException;

/**
 * The one-shot {@code seal}/{@code open} that {@link Sm4Gcm} and {@link Sm4Ccm} offer, written
 * once over {@link Sm4AeadCipher}. Each call consumes (and destroys) the cipher it is given; the
 * callers have checked the arguments for null.
 */
final class Sm4AeadOneShot {

    private Sm4AeadOneShot() {
    }

    /** Returns {@code ciphertext || tag}. */
    static byte[] seal(Sm4AeadCipher cipher, byte[] aad, byte[] plaintext) {
        try {
            cipher.updateAad(aad, 0, aad.length);
            byte[] out = new byte[plaintext.length + cipher.tagLength()];
            cipher.doFinal(plaintext, 0, plaintext.length, out, 0);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AEAD encryption cannot fail on valid arguments", e);
        } finally {
            cipher.destroy();
        }
    }

    /** Returns the plaintext of {@code ciphertext || tag}, or throws without releasing any. */
    static byte[] open(Sm4AeadCipher cipher, byte[] aad, byte[] ciphertextAndTag) throws AEADBadTagException {
        try {
            cipher.updateAad(aad, 0, aad.length);
            byte[] out = new byte[Math.max(0, ciphertextAndTag.length - cipher.tagLength())];
            cipher.doFinal(ciphertextAndTag, 0, ciphertextAndTag.length, out, 0);
            return out;
        } catch (AEADBadTagException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("an AEAD reports only bad tags", e);
        } finally {
            cipher.destroy();
        }
    }
}
