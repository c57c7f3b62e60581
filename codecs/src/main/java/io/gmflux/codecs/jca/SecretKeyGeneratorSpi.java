package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * KeyGenerator "SM4", "HMACSM3", "ZUC-128", "ZUC-256": uniformly random RAW keys from a
 * SecureRandom (the caller's, or a default one). Key sizes outside the algorithm's range are
 * refused ({@link InvalidParameterException}); BouncyCastle would hand out, say, a 256-bit "SM4"
 * key that no SM4 cipher accepts. Sizes that are not whole bytes round up, as in BouncyCastle.
 * Not thread-safe.
 */
final class SecretKeyGeneratorSpi extends KeyGeneratorSpi {

    private final String algorithm;
    private final int minBits;
    private final int maxBits;
    private int bits;
    private SecureRandom random;

    /**
     * @param algorithm the algorithm name of generated keys
     * @param defaultBits the key size without an explicit init
     */
    SecretKeyGeneratorSpi(String algorithm, int defaultBits, int minBits, int maxBits) {
        this.algorithm = algorithm;
        this.bits = defaultBits;
        this.minBits = minBits;
        this.maxBits = maxBits;
    }

    @Override
    protected void engineInit(SecureRandom random) {
        this.random = random;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException(algorithm + " key generation takes no parameters");
    }

    @Override
    protected void engineInit(int keysize, SecureRandom random) {
        if (keysize < minBits || keysize > maxBits) {
            throw new InvalidParameterException(algorithm + " key size must be "
                    + (minBits == maxBits ? minBits : "at least " + minBits) + " bits, got " + keysize);
        }
        this.bits = keysize;
        this.random = random;
    }

    @Override
    protected SecretKey engineGenerateKey() {
        byte[] k = JcaConventions.randomBytes(random, (bits + 7) / 8);
        try {
            return new SecretKeySpec(k, algorithm);
        } finally {
            Bytes.wipe(k);
        }
    }
}
