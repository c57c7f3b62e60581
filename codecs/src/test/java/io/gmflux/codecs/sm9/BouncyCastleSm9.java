package io.gmflux.codecs.sm9;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.params.SM9EncMasterPrivateKeyParameters;
import org.bouncycastle.crypto.params.SM9SigMasterPrivateKeyParameters;

/** BouncyCastle 1.87 SM9 objects for gmflux keys (the test oracle), and seeded randomness. */
final class BouncyCastleSm9 {

    static {
        // The standard reuses one user key for the KEM and encryption; BouncyCastle refuses unless told.
        System.setProperty("org.bouncycastle.sm9.allow_multi_use", "true");
    }

    private BouncyCastleSm9() {
    }

    /** A deterministic SecureRandom for reproducible tests. */
    static SecureRandom seeded(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        return new SecureRandom() {
            private static final long serialVersionUID = 1L;

            @Override
            public void nextBytes(byte[] bytes) {
                r.nextBytes(bytes);
            }
        };
    }

    static SM9SigMasterPrivateKeyParameters signMaster(Sm9SignMasterPrivateKey k) {
        return new SM9SigMasterPrivateKeyParameters(new BigInteger(1, k.toBytes()));
    }

    static SM9EncMasterPrivateKeyParameters encryptMaster(Sm9EncryptMasterPrivateKey k) {
        return new SM9EncMasterPrivateKeyParameters(new BigInteger(1, k.toBytes()));
    }

    /** A random identity of 0..40 bytes (empty included: SM9 allows any length). */
    static byte[] randomId(SplittableRandom rnd, int minLength) {
        byte[] id = new byte[minLength + rnd.nextInt(41 - minLength)];
        rnd.nextBytes(id);
        return id;
    }
}
