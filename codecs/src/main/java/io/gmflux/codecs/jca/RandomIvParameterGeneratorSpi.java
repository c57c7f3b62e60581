package io.gmflux.codecs.jca;

import java.security.AlgorithmParameterGeneratorSpi;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * AlgorithmParameterGenerator "SM4", "SM4-GCM", "SM4-CCM": fresh random IVs as BouncyCastle makes
 * them (16 bytes for SM4; a 12-byte nonce with a 16-byte tag for GCM and a 12-byte tag for CCM).
 * The size given to {@code init(int)} is ignored, as in BouncyCastle: the IV length is fixed by
 * the mode. Not thread-safe.
 */
final class RandomIvParameterGeneratorSpi extends AlgorithmParameterGeneratorSpi {

    private final Provider provider;
    private final String algorithm;
    private final int ivLength;
    private final int tagLength;
    private SecureRandom random;

    /**
     * @param algorithm the AlgorithmParameters service of {@code provider} to fill
     * @param tagLength the tag length in bytes, or 0 for a bare IV
     */
    RandomIvParameterGeneratorSpi(Provider provider, String algorithm, int ivLength, int tagLength) {
        this.provider = provider;
        this.algorithm = algorithm;
        this.ivLength = ivLength;
        this.tagLength = tagLength;
    }

    @Override
    protected void engineInit(int size, SecureRandom random) {
        this.random = random;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec genParamSpec, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException(algorithm + " parameter generation takes no parameter spec");
    }

    @Override
    protected AlgorithmParameters engineGenerateParameters() {
        byte[] iv = JcaConventions.randomBytes(random, ivLength);
        AlgorithmParameterSpec spec = tagLength == 0 ? new IvParameterSpec(iv) : new GCMParameterSpec(tagLength * 8, iv);
        return JcaConventions.parameters(provider, algorithm, spec);
    }
}
