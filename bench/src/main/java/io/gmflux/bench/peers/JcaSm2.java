package io.gmflux.bench.peers;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import io.gmflux.codecs.jca.GmfluxProvider;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * SM2 through a JCA provider, as a JCA user runs it: a {@code KeyPairGenerator} on {@code sm2p256v1},
 * {@code Signature "SM3withSM2"} (default user ID) and {@code Cipher "SM2"}, each object initialised
 * once and used for every call (so a provider's per-key precomputation, BouncyCastle's wNAF tables
 * kept in the key's point or gmflux's prepared-key caches, serves every call, as it does for a user
 * who keeps a key). {@link #bouncyCastle()}: {@code KeyPairGenerator "EC"}, which BouncyCastle resolves
 * through {@code CustomNamedCurves} (its fixed 256-bit field arithmetic); BouncyCastle has no JCA SM2
 * key agreement. {@link #gmflux()}: gmflux's provider, {@code KeyPairGenerator "SM2"}.
 *
 * <p>Not thread-safe: one instance per measuring thread.
 */
public final class JcaSm2 {

    private final Provider bc;
    private final String keyPairAlgorithm;
    private final SecureRandom random = new SecureRandom();
    private final byte[] msg64 = new byte[64];

    private JcaSm2(Provider provider, String keyPairAlgorithm) {
        this.bc = provider;
        this.keyPairAlgorithm = keyPairAlgorithm;
        new SplittableRandom(42).nextBytes(msg64);
    }

    /** BouncyCastle's provider. */
    public static JcaSm2 bouncyCastle() {
        return new JcaSm2(new BouncyCastleProvider(), "EC");
    }

    /** gmflux's provider ({@link GmfluxProvider}, default configuration). */
    public static JcaSm2 gmflux() {
        return new JcaSm2(new GmfluxProvider(), "SM2");
    }

    /** The provider's name, for messages. */
    private String name() {
        return bc.getName();
    }

    private KeyPairGenerator keyGen() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(keyPairAlgorithm, bc);
        g.initialize(new ECGenParameterSpec("sm2p256v1"), random);
        return g;
    }

    public Call keygen() throws Exception {
        KeyPairGenerator g = keyGen();
        return g::generateKeyPair;
    }

    public Call sign() throws Exception {
        KeyPair pair = keyGen().generateKeyPair();
        Signature s = Signature.getInstance("SM3withSM2", bc);
        s.initSign(pair.getPrivate(), random);
        Call sign = () -> {
            s.update(msg64);
            return s.sign();
        };
        Signature v = Signature.getInstance("SM3withSM2", bc);
        v.initVerify(pair.getPublic());
        v.update(msg64);
        check(v.verify((byte[]) sign.call()), name() + " JCA SM2 signature does not verify");
        return sign;
    }

    public Call verify() throws Exception {
        KeyPair pair = keyGen().generateKeyPair();
        Signature s = Signature.getInstance("SM3withSM2", bc);
        s.initSign(pair.getPrivate(), random);
        s.update(msg64);
        byte[] sig = s.sign();
        Signature v = Signature.getInstance("SM3withSM2", bc);
        v.initVerify(pair.getPublic());
        return () -> {
            v.update(msg64);
            return check(v.verify(sig), name() + " JCA SM2 verify returned false");
        };
    }

    public Call encrypt() throws Exception {
        KeyPair pair = keyGen().generateKeyPair();
        Cipher c = Cipher.getInstance("SM2", bc);
        c.init(Cipher.ENCRYPT_MODE, pair.getPublic(), random);
        Cipher d = Cipher.getInstance("SM2", bc);
        d.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        check(Arrays.equals(d.doFinal(c.doFinal(msg64)), msg64), name() + " JCA SM2 encryption does not round-trip");
        return () -> c.doFinal(msg64);
    }

    public Call decrypt() throws Exception {
        KeyPair pair = keyGen().generateKeyPair();
        Cipher c = Cipher.getInstance("SM2", bc);
        c.init(Cipher.ENCRYPT_MODE, pair.getPublic(), random);
        byte[] ct = c.doFinal(msg64);
        Cipher d = Cipher.getInstance("SM2", bc);
        d.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        check(Arrays.equals(d.doFinal(ct), msg64), name() + " JCA SM2 decryption is wrong");
        return () -> d.doFinal(ct);
    }

    private static boolean check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
        return true;
    }
}
