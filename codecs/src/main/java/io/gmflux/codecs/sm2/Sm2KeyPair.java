package io.gmflux.codecs.sm2;

import java.security.SecureRandom;
import java.util.Objects;

/** An SM2 private key and its public key. Immutable; thread-safe as its keys are. */
public final class Sm2KeyPair {

    private final Sm2PrivateKey privateKey;

    private Sm2KeyPair(Sm2PrivateKey privateKey) {
        this.privateKey = privateKey;
    }

    /** A fresh key pair (GB/T 32918.1 §6.1) drawn from {@code random}. */
    public static Sm2KeyPair generate(SecureRandom random) {
        return new Sm2KeyPair(Sm2PrivateKey.generate(Objects.requireNonNull(random, "random")));
    }

    /** A fresh key pair drawn from a new {@link SecureRandom}. */
    public static Sm2KeyPair generate() {
        return generate(new SecureRandom());
    }

    /** The pair of an existing private key. */
    public static Sm2KeyPair of(Sm2PrivateKey privateKey) {
        return new Sm2KeyPair(Objects.requireNonNull(privateKey, "privateKey"));
    }

    public Sm2PrivateKey privateKey() {
        return privateKey;
    }

    public Sm2PublicKey publicKey() {
        return privateKey.publicKey();
    }
}
