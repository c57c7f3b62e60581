package io.gmflux.bench.peers;

import com.tencent.kona.crypto.spec.SM2KeyAgreementParamSpec;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.security.MessageDigest;

/**
 * Tencent Kona's SM2, SM3 and SM4 through one of its JCA providers, each object initialised once
 * where the JCA allows (its fastest use). Kona ships three providers: {@code KonaCrypto} (pure
 * Java) and two over its native library, {@code KonaCrypto-Native} and
 * {@code KonaCrypto-NativeOneShot}; which of them implements an operation, and which is fastest,
 * varies (the one-shot provider's SM4 ECB/CBC/CTR fail to initialise in 1.0.19), so the report tries
 * each and keeps the fastest that works. Signing and verifying use two separate {@link Signature}
 * objects: the native provider misbehaved when one object was initialised for signing and then
 * for verifying.
 *
 * <p>Not thread-safe: one instance per measuring thread.
 */
public final class KonaOps {

    /** The provider classes, native ones first. */
    public static final List<String> PROVIDERS = List.of(
            "com.tencent.kona.crypto.KonaCryptoNativeOneShotProvider",
            "com.tencent.kona.crypto.KonaCryptoNativeProvider",
            "com.tencent.kona.crypto.KonaCryptoProvider");

    private static final byte[] ID_A = "ALICE123@YAHOO.COM".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] ID_B = "BILL456@YAHOO.COM".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final Provider provider;
    private final SecureRandom random = new SecureRandom();
    private final byte[] msg64 = new byte[64];
    private final byte[] key = new byte[16];
    private final byte[] iv = new byte[16];
    private final byte[] gcmIv = new byte[12];
    private final byte[] aad = new byte[16];
    private final SecretKeySpec sm4Key;
    private long ivCounter;

    /** Loads the provider {@code className}; throws if it (or its native library) does not load. */
    public KonaOps(String className) throws ReflectiveOperationException {
        this.provider = (Provider) Class.forName(className).getDeclaredConstructor().newInstance();
        SplittableRandom r = new SplittableRandom(42);
        r.nextBytes(msg64);
        r.nextBytes(key);
        r.nextBytes(iv);
        r.nextBytes(gcmIv);
        r.nextBytes(aad);
        sm4Key = new SecretKeySpec(key, "SM4");
    }

    /**
     * The provider {@code className}, or when that is null the first of {@link #PROVIDERS} that
     * loads here.
     */
    public static KonaOps load(String className) throws ReflectiveOperationException {
        if (className != null) {
            return new KonaOps(className);
        }
        ReflectiveOperationException last = null;
        for (String c : PROVIDERS) {
            try {
                return new KonaOps(c);
            } catch (ReflectiveOperationException | LinkageError e) {
                last = e instanceof ReflectiveOperationException r ? r : new ReflectiveOperationException(e);
            }
        }
        throw last;
    }

    /** The provider itself. */
    public Provider provider() {
        return provider;
    }

    /** The provider's name: {@code KonaCrypto}, {@code KonaCrypto-Native}, {@code KonaCrypto-NativeOneShot}. */
    public String providerName() {
        return provider.getName();
    }

    private KeyPairGenerator keyGen() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("SM2", provider);
        g.initialize(256, random);
        return g;
    }

    public Call sm2Keygen() throws Exception {
        KeyPairGenerator g = keyGen();
        return g::generateKeyPair;
    }

    public Call sm2Sign() throws Exception {
        KeyPair pair = keyGen().generateKeyPair();
        Signature s = Signature.getInstance("SM2", provider);
        s.initSign(pair.getPrivate(), random);
        Signature v = Signature.getInstance("SM2", provider);
        v.initVerify(pair.getPublic());
        Call sign = () -> {
            s.update(msg64);
            return s.sign();
        };
        v.update(msg64);
        check(v.verify((byte[]) sign.call()), "Kona SM2 signature does not verify");
        return sign;
    }

    public Call sm2Verify() throws Exception {
        KeyPair pair = keyGen().generateKeyPair();
        Signature s = Signature.getInstance("SM2", provider);
        s.initSign(pair.getPrivate(), random);
        s.update(msg64);
        byte[] sig = s.sign();
        Signature v = Signature.getInstance("SM2", provider);
        v.initVerify(pair.getPublic());
        return () -> {
            v.update(msg64);
            return check(v.verify(sig), "Kona SM2 verify returned false");
        };
    }

    public Call sm2Encrypt() throws Exception {
        KeyPair pair = keyGen().generateKeyPair();
        Cipher c = Cipher.getInstance("SM2", provider);
        c.init(Cipher.ENCRYPT_MODE, pair.getPublic(), random);
        Cipher d = Cipher.getInstance("SM2", provider);
        d.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        check(Arrays.equals(d.doFinal(c.doFinal(msg64)), msg64), "Kona SM2 encryption does not round-trip");
        return () -> c.doFinal(msg64);
    }

    public Call sm2Decrypt() throws Exception {
        KeyPair pair = keyGen().generateKeyPair();
        Cipher c = Cipher.getInstance("SM2", provider);
        c.init(Cipher.ENCRYPT_MODE, pair.getPublic(), random);
        byte[] ct = c.doFinal(msg64);
        Cipher d = Cipher.getInstance("SM2", provider);
        d.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        check(Arrays.equals(d.doFinal(ct), msg64), "Kona SM2 decryption is wrong");
        return () -> d.doFinal(ct);
    }

    /** Both sides of one exchange with fresh ephemeral keys (Kona's JCA agreement has no confirmation values). */
    public Call sm2Exchange() throws Exception {
        KeyPairGenerator g = keyGen();
        KeyPair alice = g.generateKeyPair();
        KeyPair bob = g.generateKeyPair();
        Call exchange = () -> {
            KeyPair ephA = g.generateKeyPair();
            KeyPair ephB = g.generateKeyPair();
            KeyAgreement b = KeyAgreement.getInstance("SM2", provider);
            b.init(ephB.getPrivate(), spec(ID_B, bob, ID_A, alice, false), random);
            b.doPhase(ephA.getPublic(), true);
            byte[] kb = b.generateSecret();
            KeyAgreement a = KeyAgreement.getInstance("SM2", provider);
            a.init(ephA.getPrivate(), spec(ID_A, alice, ID_B, bob, true), random);
            a.doPhase(ephB.getPublic(), true);
            byte[] ka = a.generateSecret();
            check(Arrays.equals(ka, kb), "Kona key exchange disagrees");
            return ka;
        };
        exchange.call();
        return exchange;
    }

    private static SM2KeyAgreementParamSpec spec(byte[] id, KeyPair own, byte[] peerId, KeyPair peer, boolean initiator) {
        return new SM2KeyAgreementParamSpec(id, (ECPrivateKey) own.getPrivate(), (ECPublicKey) own.getPublic(),
                peerId, (ECPublicKey) peer.getPublic(), initiator, 16);
    }

    public Call sm3(int size) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SM3", provider);
        byte[] m = message(size);
        byte[] out = new byte[32];
        return () -> {
            md.update(m, 0, m.length);
            md.digest(out, 0, 32);
            return out;
        };
    }

    public Call hmacSm3(int size) throws Exception {
        Mac mac = Mac.getInstance("HmacSM3", provider);
        mac.init(new SecretKeySpec(new byte[32], "HmacSM3"));
        byte[] m = message(size);
        byte[] out = new byte[32];
        return () -> {
            mac.update(m, 0, m.length);
            mac.doFinal(out, 0);
            return out;
        };
    }

    /** {@code "ECB"}, {@code "CBC"} (decryption) or {@code "CTR"}, no padding, on {@code size} bytes. */
    public Call sm4(String mode, int size) throws Exception {
        Cipher c = Cipher.getInstance("SM4/" + mode + "/NoPadding", provider);
        if (mode.equals("ECB")) {
            c.init(Cipher.ENCRYPT_MODE, sm4Key);
        } else {
            c.init(mode.equals("CBC") ? Cipher.DECRYPT_MODE : Cipher.ENCRYPT_MODE, sm4Key, new IvParameterSpec(iv));
        }
        byte[] m = message(size);
        byte[] out = new byte[size + 16];
        Call call = () -> c.doFinal(m, 0, m.length, out, 0);
        check(((Integer) call.call()) == size && ((Integer) call.call()) == size, "Kona SM4 " + mode + " output length");
        return call;
    }

    /** SM4-GCM sealing with a fresh 12-byte IV and 16 bytes of AAD per message, 16-byte tag. */
    public Call sm4Gcm(int size) throws Exception {
        Cipher c = Cipher.getInstance("SM4/GCM/NoPadding", provider);
        byte[] m = message(size);
        byte[] out = new byte[size + 16];
        Call call = () -> {
            c.init(Cipher.ENCRYPT_MODE, sm4Key, new GCMParameterSpec(128, nextGcmIv()));
            c.updateAAD(aad);
            return c.doFinal(m, 0, m.length, out, 0);
        };
        check(((Integer) call.call()) == size + 16, "Kona SM4-GCM output length");
        return call;
    }

    private byte[] nextGcmIv() {
        long n = ++ivCounter;
        for (int i = 0; i < 8; i++) {
            gcmIv[11 - i] = (byte) (n >>> (8 * i));
        }
        return gcmIv;
    }

    private static byte[] message(int size) {
        byte[] m = new byte[size];
        new SplittableRandom(size).nextBytes(m);
        return m;
    }

    private static boolean check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
        return true;
    }
}
