package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import java.security.SecureRandom;
import javax.security.auth.DestroyFailedException;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.SecretWithEncapsulation;
import org.bouncycastle.crypto.generators.MLKEMKeyPairGenerator;
import org.bouncycastle.crypto.kems.MLKEMExtractor;
import org.bouncycastle.crypto.kems.MLKEMGenerator;
import org.bouncycastle.crypto.params.MLKEMKeyGenerationParameters;
import org.bouncycastle.crypto.params.MLKEMParameters;
import org.bouncycastle.crypto.params.MLKEMPrivateKeyParameters;
import org.bouncycastle.crypto.params.MLKEMPublicKeyParameters;

/**
 * The one class of gmflux-codecs that references BouncyCastle (its lightweight ML-KEM API, in
 * {@code org.bouncycastle.crypto.kems} since 1.80). Loaded only through {@link MlKem768}, after
 * it has checked that BouncyCastle is present. Arguments are checked there. Stateless and
 * thread-safe.
 */
final class MlKem768Bc {

    private MlKem768Bc() {
    }

    static byte[] generateSeed(SecureRandom random) {
        MLKEMKeyPairGenerator g = new MLKEMKeyPairGenerator();
        g.init(new MLKEMKeyGenerationParameters(random, MLKEMParameters.ml_kem_768));
        AsymmetricCipherKeyPair kp = g.generateKeyPair();
        MLKEMPrivateKeyParameters priv = (MLKEMPrivateKeyParameters) kp.getPrivate();
        try {
            return priv.getSeed();
        } finally {
            priv.destroy();
        }
    }

    static byte[] publicKey(byte[] seed) {
        MLKEMPrivateKeyParameters priv = new MLKEMPrivateKeyParameters(MLKEMParameters.ml_kem_768, seed);
        try {
            return priv.getPublicKey();
        } finally {
            priv.destroy();
        }
    }

    static byte[] expandedPrivateKey(byte[] seed) {
        MLKEMPrivateKeyParameters priv = new MLKEMPrivateKeyParameters(MLKEMParameters.ml_kem_768, seed);
        try {
            return priv.getParametersWithFormat(MLKEMPrivateKeyParameters.EXPANDED_KEY).getEncoded();
        } finally {
            priv.destroy();
        }
    }

    /** FIPS 203 §7.2 encapsulation-key check; BouncyCastle runs it when it encapsulates. */
    static boolean passesModulusCheck(byte[] ek) {
        try {
            destroy(new MLKEMGenerator(new SecureRandom()).generateEncapsulated(
                    new MLKEMPublicKeyParameters(MLKEMParameters.ml_kem_768, ek)));
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    static byte[] encapsulate(byte[] ek, SecureRandom random) {
        SecretWithEncapsulation s = new MLKEMGenerator(random).generateEncapsulated(
                new MLKEMPublicKeyParameters(MLKEMParameters.ml_kem_768, ek));
        byte[] ss = s.getSecret();
        try {
            return StreamKeys.concat(s.getEncapsulation(), ss);
        } finally {
            Bytes.wipe(ss);
            destroy(s);
        }
    }

    static byte[] decapsulate(byte[] seed, byte[] ct) {
        MLKEMPrivateKeyParameters priv = new MLKEMPrivateKeyParameters(MLKEMParameters.ml_kem_768, seed);
        try {
            return new MLKEMExtractor(priv).extractSecret(ct);
        } finally {
            priv.destroy();
        }
    }

    private static void destroy(SecretWithEncapsulation s) {
        try {
            s.destroy();
        } catch (DestroyFailedException ignored) {
            // BouncyCastle's implementation zeroes its arrays and does not fail
        }
    }
}
