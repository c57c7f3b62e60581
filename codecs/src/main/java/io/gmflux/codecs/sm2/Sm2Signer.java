package io.gmflux.codecs.sm2;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.Sm3;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * SM2 signature generation with SM3 (GB/T 32918.2 §6.1): e = SM3(Z_A || M), k hedged,
 * (x1, y1) = [k]G, r = (e + x1) mod n, s = (1 + d)^-1 (k - r·d) mod n.
 *
 * <p>Nonces: k is HMAC-SM3 keyed with d over 32 fresh bytes of the signer's {@link SecureRandom}
 * and e, redrawn (a counter byte) until in [1, n-1] (see {@code HedgedNonce}), so a random
 * generator whose state repeats (a VM snapshot restored twice, a CRaC checkpoint, a seeded
 * SHA1PRNG) no longer repeats k across different messages; with a working generator the signatures
 * are distributed as with a purely random k. Signers fed by a {@link Sm2NoncePool} take
 * k precomputed before the message is known: those k depend on the pool's generator alone (see the
 * pool's javadoc for what cloning a process does to them); only a nonce the signer computes itself
 * (the pool empty) is hedged.
 *
 * <p>Z_A (for the key and user ID) is computed once per signer and (1 + d)^-1 once per key. [k]G
 * is a constant-time fixed-base multiplication and the scalar arithmetic mod n is branch-free;
 * the only branches are the standard's retries (r = 0, r + k = n, s = 0), which happen with
 * negligible probability.
 *
 * <p>A message is given whole ({@link #sign(byte[])}) or in pieces ({@link #update(byte[], int, int)}
 * then {@link #sign()}), which is how the JCA signature uses it.
 *
 * <p>Not thread-safe (it owns scratch state): use one per thread. The key must not be destroyed
 * while the signer is used.
 */
public final class Sm2Signer {

    /** Length of the raw {@code r || s} signature. */
    public static final int SIGNATURE_LENGTH = 64;

    private final Sm2PrivateKey key;
    private final byte[] za;
    private final SecureRandom random;
    /** Where (k, x1) come from when not null (bulk signing), else computed per signature. */
    private final Sm2NoncePool pool;
    private final Sm3 sm3 = new Sm3();
    private final PointArithmetic pa = new PointArithmetic();
    private final HedgedNonce hedged = new HedgedNonce();
    private final JacobianPoint kg = new JacobianPoint();
    private final byte[] digest = new byte[32];
    private final long[] e = new long[4];
    private final long[] k = new long[4];
    private final long[] x1 = new long[4];
    private final long[] zInverse = new long[4];
    private final long[] r = new long[4];
    private final long[] s = new long[4];
    private final long[] t = new long[4];
    /** Whether Z_A and part of a streamed message are in {@link #sm3}. */
    private boolean streaming;

    /** A signer with the default user ID "1234567812345678" and a new {@link SecureRandom}. */
    public Sm2Signer(Sm2PrivateKey key) {
        this(key, IdentityHash.defaultUserId(), new SecureRandom());
    }

    /**
     * A signer for {@code userId} (at most 8191 bytes) drawing k from {@code random}.
     *
     * @throws NullPointerException naming the null argument
     * @throws IllegalArgumentException if the user ID is too long
     */
    public Sm2Signer(Sm2PrivateKey key, byte[] userId, SecureRandom random) {
        this.key = Objects.requireNonNull(key, "key");
        this.random = Objects.requireNonNull(random, "random");
        this.pool = null;
        key.checkNotDestroyed();
        this.za = IdentityHash.za(userId, key.publicKey());
    }

    /**
     * A signer for {@code userId} (at most 8191 bytes) that takes its nonces k, with [k]G already
     * computed, from {@code pool}: each signature then costs a hash and a few operations mod n. The
     * signatures are distributed exactly as those of the other constructors. The pool may be shared
     * with other signers and threads; once it is destroyed, signing fails with
     * {@link IllegalStateException}.
     *
     * @throws NullPointerException naming the null argument
     * @throws IllegalArgumentException if the user ID is too long
     */
    public Sm2Signer(Sm2PrivateKey key, byte[] userId, Sm2NoncePool pool) {
        this.key = Objects.requireNonNull(key, "key");
        this.pool = Objects.requireNonNull(pool, "pool");
        this.random = null;
        key.checkNotDestroyed();
        this.za = IdentityHash.za(userId, key.publicKey());
    }

    /** Signs {@code message}; returns the raw 64-byte {@code r || s}. */
    public byte[] sign(byte[] message) {
        Objects.requireNonNull(message, "message");
        return sign(message, 0, message.length);
    }

    /**
     * Signs {@code message[off, off+len)}; returns the raw 64-byte {@code r || s}.
     *
     * @throws IllegalStateException if a streamed message ({@link #update}) is pending
     */
    public byte[] sign(byte[] message, int off, int len) {
        Bytes.checkRange(message, off, len, "message");
        requireNotStreaming();
        byte[] out = new byte[SIGNATURE_LENGTH];
        signDigest(digest(message, off, len), null, out);
        return out;
    }

    /** Appends {@code message[off, off+len)} to the streamed message that {@link #sign()} signs. */
    public void update(byte[] message, int off, int len) {
        Bytes.checkRange(message, off, len, "message");
        startStream();
        sm3.update(message, off, len);
    }

    /** Appends one byte to the streamed message. */
    public void update(byte b) {
        startStream();
        sm3.update(b);
    }

    /**
     * Signs the message streamed through {@link #update} since the last {@code sign()} (possibly
     * empty) and starts a new one; returns the raw 64-byte {@code r || s}.
     */
    public byte[] sign() {
        startStream();
        streaming = false;
        sm3.digest(digest, 0);
        byte[] out = new byte[SIGNATURE_LENGTH];
        signDigest(digest, null, out);
        return out;
    }

    /** Drops a streamed message that has not been signed. */
    public void reset() {
        sm3.reset();
        streaming = false;
    }

    private void startStream() {
        if (!streaming) {
            sm3.update(za);
            streaming = true;
        }
    }

    private void requireNotStreaming() {
        if (streaming) {
            throw new IllegalStateException("a streamed message is pending: call sign() or reset() first");
        }
    }

    /** Signs {@code message}; returns {@code SEQUENCE { INTEGER r, INTEGER s }} (GM/T 0009). */
    public byte[] signDer(byte[] message) {
        return Sm2SignatureEncoding.toDer(sign(message));
    }

    /**
     * Signs with a caller-chosen k. Test-only: the standards' worked examples fix k; a fixed or
     * reused k reveals the private key.
     */
    byte[] signWithFixedK(byte[] message, byte[] fixedK) {
        requireNotStreaming();
        byte[] out = new byte[SIGNATURE_LENGTH];
        signDigest(digest(message, 0, message.length), fixedK, out);
        return out;
    }

    /** e = SM3(Z_A || M), GB/T 32918.2 §6.1 A1-A2. */
    private byte[] digest(byte[] message, int off, int len) {
        sm3.update(za);
        sm3.update(message, off, len);
        sm3.digest(digest, 0);
        return digest;
    }

    private void signDigest(byte[] eBytes, byte[] fixedK, byte[] out) {
        key.checkNotDestroyed();
        Montgomery256 fn = Sm2Curve.FN;
        Sm2Curve.toLimbs(e, eBytes, 0);
        fn.reduce(e, e);
        try {
            while (true) {
                // A3-A4 done ahead of time when the pool has an entry; its x1 is already mod n
                boolean pooled = fixedK == null && pool != null && pool.take(k, x1);
                if (!pooled) {
                    if (fixedK != null) {
                        Sm2Curve.toLimbs(k, fixedK, 0);
                    } else {
                        hedged.derive(k, key, e, pool != null ? pool.random() : random); // A3
                    }
                    pa.mulBase(kg, k); // A4
                    affineX(x1, kg);
                    fn.reduce(x1, x1);
                }
                fn.add(r, e, x1); // A5: r = (e + x1) mod n
                fn.add(t, r, k);
                if ((Sm2Curve.isZeroMask(r) | Sm2Curve.isZeroMask(t)) != 0) {
                    continue; // r = 0 or r + k = n: new k
                }
                // A6: s = (1 + d)^-1 (k - r d); Montgomery products of a plain and a Montgomery factor are plain
                fn.mul(t, r, key.dMontN);
                fn.sub(t, k, t);
                fn.mul(s, t, key.inverseOnePlusD);
                if (Sm2Curve.isZeroMask(s) != 0) {
                    continue;
                }
                Sm2Curve.toBytes(r, out, 0);
                Sm2Curve.toBytes(s, out, 32);
                return;
            }
        } finally {
            Arrays.fill(k, 0);
            Arrays.fill(t, 0);
            Arrays.fill(x1, 0);
            Arrays.fill(zInverse, 0);
            kg.wipe();
        }
    }

    /** x = X / Z^2 of the Jacobian point p (not infinity); y is not needed. Constant time. */
    private void affineX(long[] x, JacobianPoint p) {
        pa.invert(zInverse, p.z);
        Sm2FieldP f = Sm2Curve.FP;
        f.sqr(zInverse, zInverse);
        f.mul(x, p.x, zInverse);
    }
}
