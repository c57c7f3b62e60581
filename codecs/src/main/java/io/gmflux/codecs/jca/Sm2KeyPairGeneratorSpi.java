package io.gmflux.codecs.jca;

import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.KeyPair;
import java.security.KeyPairGeneratorSpi;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;

/**
 * KeyPairGenerator "SM2" (GB/T 32918.1 §6.1): key pairs on sm2p256v1 as {@link Sm2EcPublicKey} and
 * {@link Sm2EcPrivateKey}. Usable without {@code initialize}; accepts a key size of 256, an
 * {@link ECGenParameterSpec} naming sm2p256v1 (or its OID 1.2.156.10197.1.301), or an
 * {@link ECParameterSpec} equal to it. Difference from BouncyCastle 1.87: its "SM2" generator, used
 * without {@code initialize}, makes keys on a 239-bit X9.62 curve (its default EC key size), not on
 * sm2p256v1; ours always makes sm2p256v1 keys. Not thread-safe (JCA engines are not).
 */
final class Sm2KeyPairGeneratorSpi extends KeyPairGeneratorSpi {

    private SecureRandom random;

    @Override
    public void initialize(int keysize, SecureRandom random) {
        if (keysize != 256) {
            throw new InvalidParameterException("SM2 keys are 256 bits (sm2p256v1), got " + keysize);
        }
        this.random = random;
    }

    @Override
    public void initialize(AlgorithmParameterSpec params, SecureRandom random) throws InvalidAlgorithmParameterException {
        if (params instanceof ECGenParameterSpec) {
            String name = ((ECGenParameterSpec) params).getName();
            if (!Sm2EcParameters.NAME.equalsIgnoreCase(name) && !Sm2EcParameters.OID.equals(name)) {
                throw new InvalidAlgorithmParameterException("SM2 keys are on sm2p256v1, got curve " + name);
            }
        } else if (params instanceof ECParameterSpec) {
            if (!Sm2EcParameters.isSm2((ECParameterSpec) params)) {
                throw new InvalidAlgorithmParameterException("SM2 keys are on sm2p256v1, got other EC parameters");
            }
        } else if (params != null) {
            throw new InvalidAlgorithmParameterException("SM2 takes an ECGenParameterSpec(\"sm2p256v1\"), got "
                    + params.getClass().getName());
        }
        this.random = random;
    }

    @Override
    public KeyPair generateKeyPair() {
        Sm2KeyPair pair = random == null ? Sm2KeyPair.generate() : Sm2KeyPair.generate(random);
        return new KeyPair(new Sm2EcPublicKey(pair.publicKey()), new Sm2EcPrivateKey(pair.privateKey()));
    }
}
