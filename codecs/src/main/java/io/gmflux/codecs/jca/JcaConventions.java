package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.InvalidParameterSpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * The JCA's conventions, written once for every SPI of this package: how a {@link Key} becomes
 * key bytes, which opmodes encrypt, where a missing IV comes from, how parameters convert, and
 * how key wrapping maps onto encryption. Stateless and thread-safe.
 */
final class JcaConventions {

    private JcaConventions() {
    }

    /** Holds the default SecureRandom until first use (SecureRandom is thread-safe). */
    private static final class DefaultRandom {
        static final SecureRandom INSTANCE = new SecureRandom();
    }

    /**
     * The raw bytes of a secret key of exactly {@code length} bytes, as a fresh array the caller
     * must wipe. Any algorithm name is accepted (as BouncyCastle does): only the bytes matter.
     */
    static byte[] keyBytes(Key key, String algorithm, int length) throws InvalidKeyException {
        byte[] k = keyBytes(key, algorithm);
        if (k.length != length) {
            int bits = k.length * 8;
            Bytes.wipe(k);
            throw new InvalidKeyException(algorithm + " requires a " + length * 8 + " bit key, got " + bits + " bits");
        }
        return k;
    }

    /** The raw bytes of a secret key of any length, as a fresh array the caller must wipe. */
    static byte[] keyBytes(Key key, String algorithm) throws InvalidKeyException {
        if (key == null) {
            throw new InvalidKeyException("key is null");
        }
        if (!(key instanceof SecretKey)) {
            throw new InvalidKeyException(algorithm + " needs a SecretKey, got " + key.getClass().getName());
        }
        byte[] k = key.getEncoded();
        if (k == null) {
            throw new InvalidKeyException(algorithm + " needs a key with an encoding (format " + key.getFormat() + ")");
        }
        return k;
    }

    /** Whether an opmode encrypts (ENCRYPT, WRAP) or decrypts (DECRYPT, UNWRAP). */
    static boolean isEncrypt(int opmode) {
        switch (opmode) {
            case Cipher.ENCRYPT_MODE:
            case Cipher.WRAP_MODE:
                return true;
            case Cipher.DECRYPT_MODE:
            case Cipher.UNWRAP_MODE:
                return false;
            default:
                throw new InvalidParameterException("unknown opmode " + opmode);
        }
    }

    /** {@code length} bytes from {@code random}, or from a default SecureRandom if it is null. */
    static byte[] randomBytes(SecureRandom random, int length) {
        byte[] b = new byte[length];
        (random != null ? random : DefaultRandom.INSTANCE).nextBytes(b);
        return b;
    }

    /** {@code params} as a spec of {@code type}, or null if they do not convert. */
    static <T extends AlgorithmParameterSpec> T specOf(AlgorithmParameters params, Class<T> type) {
        try {
            return params.getParameterSpec(type);
        } catch (InvalidParameterSpecException e) {
            return null;
        }
    }

    /**
     * The IV of {@code params} for a cipher that takes only an {@link IvParameterSpec}: null for null
     * parameters (the cipher then makes or demands its own IV), else the spec or a refusal naming
     * {@code algorithm}.
     */
    static javax.crypto.spec.IvParameterSpec ivSpecOf(AlgorithmParameters params, String algorithm)
            throws InvalidAlgorithmParameterException {
        if (params == null) {
            return null;
        }
        javax.crypto.spec.IvParameterSpec spec = specOf(params, javax.crypto.spec.IvParameterSpec.class);
        if (spec == null) {
            throw new InvalidAlgorithmParameterException(
                    "cannot use parameters " + params.getAlgorithm() + " for " + algorithm);
        }
        return spec;
    }

    /** An initialised AlgorithmParameters of {@code provider}'s service {@code algorithm}. */
    static AlgorithmParameters parameters(Provider provider, String algorithm, AlgorithmParameterSpec spec) {
        try {
            AlgorithmParameters p = AlgorithmParameters.getInstance(algorithm, provider);
            p.init(spec);
            return p;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            // Our own service refusing our own spec is a bug, not a caller's error.
            throw new ProviderException("cannot build " + algorithm + " parameters", e);
        }
    }

    /** One whole encryption or decryption, for key wrapping. */
    @FunctionalInterface
    interface OneShot {
        byte[] apply(byte[] data) throws IllegalBlockSizeException, BadPaddingException;
    }

    /** Wraps a key: encrypts its encoding. */
    static byte[] wrap(OneShot encrypt, Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] encoded = key == null ? null : key.getEncoded();
        if (encoded == null) {
            throw new InvalidKeyException("cannot wrap a key without an encoding");
        }
        try {
            return encrypt.apply(encoded);
        } catch (BadPaddingException e) {
            throw new IllegalBlockSizeException(e.getMessage());
        } finally {
            Bytes.wipe(encoded);
        }
    }

    /** Unwraps a key: decrypts and rebuilds it from its encoding (RAW, X.509 or PKCS#8). */
    static Key unwrap(OneShot decrypt, byte[] wrapped, String algorithm, int type)
            throws InvalidKeyException, NoSuchAlgorithmException {
        byte[] encoded;
        try {
            encoded = decrypt.apply(wrapped);
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new InvalidKeyException("cannot unwrap: " + e.getMessage(), e);
        }
        try {
            switch (type) {
                case Cipher.SECRET_KEY:
                    return new SecretKeySpec(encoded, algorithm);
                case Cipher.PUBLIC_KEY:
                    return KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(encoded));
                case Cipher.PRIVATE_KEY:
                    return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(encoded));
                default:
                    throw new InvalidKeyException("unknown key type " + type);
            }
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeyException("cannot rebuild the unwrapped key: " + e.getMessage(), e);
        } finally {
            Bytes.wipe(encoded);
        }
    }

    /** Refuses parameters for a primitive that takes none. */
    static void requireNoParameters(AlgorithmParameterSpec params, String algorithm)
            throws InvalidAlgorithmParameterException {
        if (params != null) {
            throw new InvalidAlgorithmParameterException(algorithm + " takes no parameters, got "
                    + params.getClass().getName());
        }
    }
}
