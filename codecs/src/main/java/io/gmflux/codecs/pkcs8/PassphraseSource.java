package io.gmflux.codecs.pkcs8;

/**
 * Where a reader of an {@code ENCRYPTED PRIVATE KEY} gets the passphrase, asked only when the key
 * text turns out to be encrypted (a prompt, an environment variable, a file). Each call returns a
 * fresh array that the caller owns and wipes after use.
 */
@FunctionalInterface
public interface PassphraseSource {

    /**
     * The passphrase, as a fresh array the caller wipes.
     *
     * @throws IllegalArgumentException (or another unchecked exception) if there is none to give,
     *     with a message saying how to give one
     */
    char[] passphrase();
}
