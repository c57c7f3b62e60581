package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.Pbkdf2HmacSm3;
import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;
import javax.security.auth.Destroyable;

/**
 * SecretKeyFactory "PBKDF2WITHHMACSM3": PBKDF2 (RFC 8018 §5.2) with HMAC-SM3 over the UTF-8
 * encoding of the password, as BouncyCastle's provider computes it, through {@link Pbkdf2HmacSm3}.
 * Takes a {@link PBEKeySpec} with a salt, an iteration count and a key length in bits; unlike
 * BouncyCastle it accepts an empty password (RFC 8018 allows one) and refuses key lengths that are
 * not whole bytes instead of truncating them. Thread-safe (stateless).
 */
final class Pbkdf2HmacSm3KeyFactorySpi extends SecretKeyFactorySpi {

    /** BouncyCastle's algorithm name for the derived keys. */
    static final String KEY_ALGORITHM = "PBKDF2";

    @Override
    protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
        if (!(keySpec instanceof PBEKeySpec)) {
            throw new InvalidKeySpecException("PBKDF2WithHmacSM3 needs a PBEKeySpec, got "
                    + (keySpec == null ? "null" : keySpec.getClass().getName()));
        }
        PBEKeySpec spec = (PBEKeySpec) keySpec;
        byte[] salt = spec.getSalt();
        if (salt == null || salt.length == 0) {
            throw new InvalidKeySpecException("PBKDF2WithHmacSM3 needs a salt");
        }
        if (spec.getIterationCount() < 1) {
            throw new InvalidKeySpecException("iteration count must be positive, got " + spec.getIterationCount());
        }
        if (spec.getKeyLength() < 8 || spec.getKeyLength() % 8 != 0) {
            throw new InvalidKeySpecException("key length must be a positive multiple of 8 bits, got "
                    + spec.getKeyLength());
        }
        char[] password = spec.getPassword();
        try {
            byte[] derived = Pbkdf2HmacSm3.derive(password, salt, spec.getIterationCount(), spec.getKeyLength() / 8);
            return new DerivedKey(password, salt, spec.getIterationCount(), derived);
        } catch (IllegalArgumentException e) {
            throw new InvalidKeySpecException(e.getMessage(), e);
        } finally {
            Arrays.fill(password, '\0');
        }
    }

    @Override
    protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec) throws InvalidKeySpecException {
        if (key instanceof PBEKey && keySpec != null && keySpec.isAssignableFrom(PBEKeySpec.class)) {
            PBEKey k = (PBEKey) key;
            char[] password = k.getPassword();
            byte[] encoded = k.getEncoded();
            try {
                return new PBEKeySpec(password, k.getSalt(), k.getIterationCount(), encoded.length * 8);
            } finally {
                Arrays.fill(password, '\0');
                Bytes.wipe(encoded);
            }
        }
        throw new InvalidKeySpecException("cannot express " + (key == null ? "null" : key.getClass().getName())
                + " as " + keySpec);
    }

    @Override
    protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
        if (key instanceof DerivedKey) {
            return key;
        }
        if (key instanceof PBEKey && key.getAlgorithm() != null && key.getAlgorithm().toUpperCase(java.util.Locale.ROOT).startsWith("PBKDF2")) {
            try {
                return engineGenerateSecret(engineGetKeySpec(key, PBEKeySpec.class));
            } catch (InvalidKeySpecException e) {
                throw new InvalidKeyException(e.getMessage(), e);
            }
        }
        throw new InvalidKeyException("not a PBKDF2 key: " + (key == null ? "null" : key.getAlgorithm()));
    }

    /** A derived key that remembers its password, salt and iteration count, as PBEKey requires. */
    static final class DerivedKey implements PBEKey, Destroyable {

        private static final long serialVersionUID = 1L;

        private final char[] password;
        private final byte[] salt;
        private final int iterations;
        private final byte[] key;
        private volatile boolean destroyed;

        /** Takes copies of password and salt; takes ownership of {@code key}. */
        DerivedKey(char[] password, byte[] salt, int iterations, byte[] key) {
            this.password = password.clone();
            this.salt = salt.clone();
            this.iterations = iterations;
            this.key = key;
        }

        @Override
        public String getAlgorithm() {
            return KEY_ALGORITHM;
        }

        @Override
        public String getFormat() {
            return "RAW";
        }

        @Override
        public byte[] getEncoded() {
            checkLive();
            return key.clone();
        }

        @Override
        public char[] getPassword() {
            checkLive();
            return password.clone();
        }

        @Override
        public byte[] getSalt() {
            return salt.clone();
        }

        @Override
        public int getIterationCount() {
            return iterations;
        }

        @Override
        public void destroy() {
            destroyed = true;
            Bytes.wipe(key);
            Arrays.fill(password, '\0');
        }

        @Override
        public boolean isDestroyed() {
            return destroyed;
        }

        private void checkLive() {
            if (destroyed) {
                throw new IllegalStateException("key has been destroyed");
            }
        }
    }
}
