package io.gmflux.codecs.sm2;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.HmacSm3;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import javax.security.auth.Destroyable;

/**
 * An SM2 private key d in [1, n - 2] (GB/T 32918.1 §6.1) with its public key [d]G and the per-key
 * value (1 + d)^-1 mod n that every signature needs (GB/T 32918.2 §6.1 A6), computed once here.
 *
 * <p>Thread-safe for reading; {@link #destroy()} zeroes the secret values, after which every use
 * fails with {@link IllegalStateException}. For PKCS#8 DER/PEM see {@link Sm2KeyEncoding}.
 */
public final class Sm2PrivateKey implements Destroyable {

    /** d, plain limbs (for constant-time [d]P). */
    final long[] d = new long[4];
    /** d in Montgomery form mod n (for signing). */
    final long[] dMontN = new long[4];
    /** (1 + d)^-1 mod n in Montgomery form mod n. */
    final long[] inverseOnePlusD = new long[4];
    private final Sm2PublicKey publicKey;
    /** HMAC-SM3 keyed with d, made on first use: the template nonces copy (see {@link #nonceMac()}). */
    private volatile HmacSm3 nonceMac;
    private volatile boolean destroyed;

    private Sm2PrivateKey(long[] scalar) {
        System.arraycopy(scalar, 0, d, 0, 4);
        Montgomery256 fn = Sm2Curve.FN;
        fn.toMontgomery(dMontN, d);
        long[] t = {1, 0, 0, 0};
        fn.add(t, t, d); // 1 + d <= n - 1: no wrap, never 0
        Sm2Curve.N_INVERSE.invert(t, 0, t, 0);
        fn.toMontgomery(inverseOnePlusD, t);
        Arrays.fill(t, 0);
        PointArithmetic pa = new PointArithmetic();
        JacobianPoint q = new JacobianPoint();
        pa.mulBase(q, d);
        long[] x = new long[4];
        long[] y = new long[4];
        pa.toAffine(x, y, q);
        publicKey = new Sm2PublicKey(x, y);
        pa.wipe();
        q.wipe();
    }

    /**
     * The key with scalar d (32 bytes, big-endian).
     *
     * @throws InvalidKeyException if d is not 32 bytes or not in [1, n - 2]
     * @throws NullPointerException if {@code d} is null
     */
    public static Sm2PrivateKey fromBytes(byte[] d) throws InvalidKeyException {
        Objects.requireNonNull(d, "d");
        if (d.length != 32) {
            throw new InvalidKeyException("SM2 private key must be 32 bytes, got " + d.length);
        }
        long[] s = new long[4];
        Sm2Curve.toLimbs(s, d, 0);
        try {
            if (!inRange(s)) {
                throw new InvalidKeyException("SM2 private key must be in [1, n-2]");
            }
            return new Sm2PrivateKey(s);
        } finally {
            Arrays.fill(s, 0);
        }
    }

    /** A fresh random key from {@code random} (rejection sampling of 32-byte strings). */
    public static Sm2PrivateKey generate(SecureRandom random) {
        Objects.requireNonNull(random, "random");
        byte[] b = new byte[32];
        long[] s = new long[4];
        try {
            do {
                random.nextBytes(b);
                Sm2Curve.toLimbs(s, b, 0);
            } while (!inRange(s));
            return new Sm2PrivateKey(s);
        } finally {
            Bytes.wipe(b);
            Arrays.fill(s, 0);
        }
    }

    private static boolean inRange(long[] s) {
        return Sm2Curve.isZeroMask(s) == 0 & Sm2Curve.lessThan(s, Sm2Curve.N_MINUS_1);
    }

    /** d as 32 bytes big-endian (a fresh array the caller should wipe). */
    public byte[] toBytes() {
        checkNotDestroyed();
        byte[] out = new byte[32];
        Sm2Curve.toBytes(d, out, 0);
        return out;
    }

    /** The public key [d]G. Remains usable after {@link #destroy()}. */
    public Sm2PublicKey publicKey() {
        return publicKey;
    }

    /**
     * HMAC-SM3 keyed with d's 32 bytes, for {@link HedgedNonce}: made once per key (two SM3
     * compressions), then only copied ({@link HmacSm3#forSameKey()}), never fed a message, so
     * threads share it. Two threads racing on the first use each make an equal one. Destroyed with
     * the key.
     */
    HmacSm3 nonceMac() {
        HmacSm3 mac = nonceMac;
        if (mac == null) {
            byte[] key = new byte[32];
            Sm2Curve.toBytes(d, key, 0);
            mac = new HmacSm3(key);
            Bytes.wipe(key);
            nonceMac = mac;
        }
        return mac;
    }

    void checkNotDestroyed() {
        if (destroyed) {
            throw new IllegalStateException("SM2 private key has been destroyed");
        }
    }

    /** Zeroes d and the derived secret values. */
    @Override
    public void destroy() {
        destroyed = true;
        Arrays.fill(d, 0);
        Arrays.fill(dMontN, 0);
        Arrays.fill(inverseOnePlusD, 0);
        HmacSm3 mac = nonceMac;
        if (mac != null) {
            mac.destroy();
        }
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public String toString() {
        return "Sm2PrivateKey[public " + publicKey + "]";
    }
}
