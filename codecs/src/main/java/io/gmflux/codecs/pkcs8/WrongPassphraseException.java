package io.gmflux.codecs.pkcs8;

import java.security.InvalidKeyException;

/**
 * An encrypted private key did not decrypt under the passphrase given: the passphrase is wrong, or
 * the encrypted bytes were altered. The two are not told apart (bad padding and a plaintext that is
 * not a PrivateKeyInfo give this same exception and message), and nothing decrypted is returned.
 */
public final class WrongPassphraseException extends InvalidKeyException {

    private static final long serialVersionUID = 1L;

    public WrongPassphraseException() {
        super("wrong passphrase, or the encrypted private key was altered");
    }
}
