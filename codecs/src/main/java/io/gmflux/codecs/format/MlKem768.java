package io.gmflux.codecs.format;

import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * ML-KEM-768 (FIPS 203) as gmflux uses it, over byte arrays: the 64-byte seed {@code d || z}
 * (FIPS 203 §7.1, the form RFC 9935's PKCS#8 "seed" choice stores), the 1184-byte encapsulation
 * key, the 1088-byte ciphertext and the 32-byte shared secret.
 *
 * <p>The arithmetic is BouncyCastle's, an optional dependency of gmflux-codecs, reached only
 * through {@link MlKem768Bc}. This class has no BouncyCastle type in any signature or body, so it
 * links without BouncyCastle; every entry point calls {@link #require()} first, so a caller
 * without BouncyCastle gets a {@link NoSuchAlgorithmException} saying what to add, never a
 * {@code NoClassDefFoundError}. Stateless and thread-safe.
 */
final class MlKem768 {

    static final int SEED_LENGTH = 64;
    static final int PUBLIC_KEY_LENGTH = 1184;
    static final int CIPHERTEXT_LENGTH = 1088;
    static final int SECRET_LENGTH = 32;

    private static final String PROBE = "org.bouncycastle.crypto.kems.MLKEMGenerator";
    private static volatile Boolean available;

    private MlKem768() {
    }

    /** Whether BouncyCastle's ML-KEM is on the class path. */
    static boolean isAvailable() {
        Boolean a = available;
        if (a == null) {
            try {
                Class.forName(PROBE, false, MlKem768.class.getClassLoader());
                a = Boolean.TRUE;
            } catch (ClassNotFoundException | LinkageError e) {
                a = Boolean.FALSE;
            }
            available = a;
        }
        return a;
    }

    /** Fails with a message naming the missing dependency unless BouncyCastle's ML-KEM is present. */
    static void require() throws NoSuchAlgorithmException {
        if (!isAvailable()) {
            throw new NoSuchAlgorithmException("ML-KEM-768 needs BouncyCastle on the class path "
                    + "(org.bouncycastle:bcprov-jdk18on 1.87 or later, an optional dependency of gmflux-codecs)");
        }
    }

    /** A fresh 64-byte seed {@code d || z}. */
    static byte[] generateSeed(SecureRandom random) throws NoSuchAlgorithmException {
        require();
        return MlKem768Bc.generateSeed(random);
    }

    /** The encapsulation key of the seed (FIPS 203 ML-KEM.KeyGen_internal). */
    static byte[] publicKey(byte[] seed) throws GeneralSecurityException {
        require();
        checkSeed(seed);
        return MlKem768Bc.publicKey(seed);
    }

    /** The 2400-byte expanded decapsulation key of the seed (to check PKCS#8 "both" encodings). */
    static byte[] expandedPrivateKey(byte[] seed) throws GeneralSecurityException {
        require();
        checkSeed(seed);
        return MlKem768Bc.expandedPrivateKey(seed);
    }

    /** Checks an encapsulation key: its length and FIPS 203 §7.2's modulus check. */
    static void checkPublicKey(byte[] ek) throws GeneralSecurityException {
        require();
        if (ek.length != PUBLIC_KEY_LENGTH) {
            throw new InvalidKeyException("an ML-KEM-768 public key has " + PUBLIC_KEY_LENGTH + " bytes, not "
                    + ek.length);
        }
        if (!MlKem768Bc.passesModulusCheck(ek)) {
            throw new InvalidKeyException("not an ML-KEM-768 public key: its coefficients are not reduced mod q");
        }
    }

    /** {@code ct || ss}: a fresh encapsulation (1088 bytes) followed by its 32-byte shared secret. */
    static byte[] encapsulate(byte[] ek, SecureRandom random) throws GeneralSecurityException {
        checkPublicKey(ek);
        return MlKem768Bc.encapsulate(ek, random);
    }

    /**
     * The shared secret of {@code ct}. ML-KEM rejects implicitly: a ciphertext that was altered or
     * meant for another key gives an unrelated secret, which then fails to unwrap the file key.
     */
    static byte[] decapsulate(byte[] seed, byte[] ct) throws GeneralSecurityException {
        require();
        checkSeed(seed);
        if (ct.length != CIPHERTEXT_LENGTH) {
            throw new GeneralSecurityException("an ML-KEM-768 ciphertext has " + CIPHERTEXT_LENGTH + " bytes, not "
                    + ct.length);
        }
        return MlKem768Bc.decapsulate(seed, ct);
    }

    private static void checkSeed(byte[] seed) throws InvalidKeyException {
        if (seed.length != SEED_LENGTH) {
            throw new InvalidKeyException("an ML-KEM-768 seed has " + SEED_LENGTH + " bytes, not " + seed.length);
        }
    }
}
