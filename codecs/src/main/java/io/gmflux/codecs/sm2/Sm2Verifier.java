package io.gmflux.codecs.sm2;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.Sm3;
import java.security.SignatureException;
import java.util.Objects;

/**
 * SM2 signature verification with SM3 (GB/T 32918.2 §7.1): r, s in [1, n - 1];
 * e = SM3(Z_A || M); t = (r + s) mod n != 0; (x1, y1) = [s]G + [t]P_A; accept iff
 * (e + x1) mod n = r.
 *
 * <p>Everything here is public (key, message, signature), so the joint multiplication is variable
 * time: it reads table entries by digit, skips zero digits and branches on special cases.
 * The constructor precomputes a table of multiples of the key (d·2^(16j)·P, 15 KiB, about the
 * cost of five verifications). Once the key has proven to be reused ({@value #COMB_AFTER}
 * verifications by one verifier, or {@value VerificationCombs#NEW_VERIFIERS} verifiers made) it
 * moves to a width-8 comb of the key ({@link PublicMultiplier}: 264 KiB, about the cost of 130
 * verifications to build, then no doublings), kept in a process-wide store of at most
 * {@value VerificationCombs#MAX_KEYS} keys from which later verifiers of that key start. Keep a
 * verifier per key rather than one per signature. A message is given whole
 * ({@link #verify(byte[], byte[])}) or in pieces ({@link #update(byte[], int, int)} then
 * {@link #verify(byte[])}). Not thread-safe (it owns scratch state): use one per thread.
 */
public final class Sm2Verifier {

    private final Sm2PublicKey key;
    private final byte[] za;
    /** Verifications after which a verifier moves to the key's comb. */
    static final int COMB_AFTER = 128;

    /** d·2^(16j)·P_A, built when no comb of the key is held (public data). */
    private long[] table;
    /** The key's width-8 comb once the key has proven to be reused, else null. */
    private long[] comb;
    private int verifications;
    private PublicMultiplier multiplier;
    private final Sm3 sm3 = new Sm3();
    private final PointArithmetic pa = new PointArithmetic();
    private final JacobianPoint sum = new JacobianPoint();
    private final byte[] digest = new byte[32];
    private final long[] e = new long[4];
    private final long[] r = new long[4];
    private final long[] s = new long[4];
    private final long[] t = new long[4];
    private final long[] x1 = new long[4];
    private final long[] y1 = new long[4];
    /** Whether Z_A and part of a streamed message are in {@link #sm3}. */
    private boolean streaming;

    /** A verifier with the default user ID "1234567812345678". */
    public Sm2Verifier(Sm2PublicKey key) {
        this(key, IdentityHash.defaultUserId());
    }

    /** A verifier for {@code userId} (at most 8191 bytes). */
    public Sm2Verifier(Sm2PublicKey key, byte[] userId) {
        this.key = Objects.requireNonNull(key, "key");
        this.za = IdentityHash.za(userId, key);
        useComb(VerificationCombs.forNewVerifier(key));
        if (comb == null) {
            this.table = pa.publicTable(key.x, key.y);
        }
    }

    private void useComb(long[] keyComb) {
        if (keyComb != null) {
            comb = keyComb;
            table = null;
            multiplier = new PublicMultiplier(pa);
        }
    }

    /**
     * Whether {@code signature} (raw {@code r || s}, 64 bytes) is valid for {@code message}. A
     * signature of the wrong length, or with r or s outside [1, n - 1], is invalid (false).
     */
    public boolean verify(byte[] message, byte[] signature) {
        Objects.requireNonNull(message, "message");
        return verify(message, 0, message.length, signature);
    }

    /**
     * As {@link #verify(byte[], byte[])} for {@code message[off, off+len)}.
     *
     * @throws IllegalStateException if a streamed message ({@link #update}) is pending
     */
    public boolean verify(byte[] message, int off, int len, byte[] signature) {
        Bytes.checkRange(message, off, len, "message");
        Objects.requireNonNull(signature, "signature");
        if (streaming) {
            throw new IllegalStateException("a streamed message is pending: call verify(signature) or reset() first");
        }
        sm3.update(za);
        sm3.update(message, off, len);
        return verifyDigested(signature);
    }

    /** Appends {@code message[off, off+len)} to the streamed message that {@link #verify(byte[])} checks. */
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
     * Whether the raw {@code r || s} {@code signature} is valid for the message streamed through
     * {@link #update} since the last check (possibly empty); starts a new message either way.
     */
    public boolean verify(byte[] signature) {
        Objects.requireNonNull(signature, "signature");
        startStream();
        streaming = false;
        return verifyDigested(signature);
    }

    /** Drops a streamed message that has not been checked. */
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

    /** Z_A || M is in {@link #sm3}; finishes the digest (resetting sm3) and checks the signature. */
    private boolean verifyDigested(byte[] signature) {
        sm3.digest(digest, 0);
        if (signature.length != Sm2Signer.SIGNATURE_LENGTH) {
            return false;
        }
        Sm2Curve.toLimbs(r, signature, 0);
        Sm2Curve.toLimbs(s, signature, 32);
        // B1, B2: r, s in [1, n-1]
        if (Sm2Curve.isZeroMask(r) != 0 || Sm2Curve.isZeroMask(s) != 0
                || !Sm2Curve.lessThan(r, Sm2Curve.N) || !Sm2Curve.lessThan(s, Sm2Curve.N)) {
            return false;
        }
        Montgomery256 fn = Sm2Curve.FN;
        Sm2Curve.toLimbs(e, digest, 0);
        fn.reduce(e, e);
        fn.add(t, r, s); // B5
        if (Sm2Curve.isZeroMask(t) != 0) {
            return false;
        }
        if (comb != null) { // B6
            multiplier.mulAdd(sum, s, t, comb);
        } else {
            pa.mulBaseAddPublic(sum, s, t, table);
            if (++verifications == COMB_AFTER) {
                useComb(VerificationCombs.get(key));
            }
        }
        if (Sm2Curve.isZeroMask(sum.z) != 0) {
            return false;
        }
        // B7 without an inversion: (e + x1) mod n = r  <=>  x1 = c or x1 = c + n (when below p),
        // c = (r - e) mod n; and x1 = X / Z^2 is checked as X = x1·Z^2 (mod p)
        fn.sub(x1, r, e); // c
        Sm2FieldP fp = Sm2Curve.FP;
        fp.sqr(y1, sum.z);
        fp.mul(t, x1, y1);
        if (Sm2Curve.equalMask(t, sum.x) != 0) {
            return true;
        }
        if (!Sm2Curve.lessThan(x1, P_MINUS_N)) {
            return false;
        }
        addN(x1);
        fp.mul(t, x1, y1);
        return Sm2Curve.equalMask(t, sum.x) != 0;
    }

    /** p - n: a value c below it has a second representative c + n below p. */
    private static final long[] P_MINUS_N = {0xAC440BF6C62ABEDCL, 0x8DFC2093DE39FAD5L, 0, 0};

    /** a += n as 256-bit integers (a < p - n, so no overflow). */
    private static void addN(long[] a) {
        long carry = 0;
        for (int i = 0; i < 4; i++) {
            long x = a[i];
            long y = Sm2Curve.N[i];
            long sum = x + y + carry;
            carry = ((x & y) | ((x | y) & ~sum)) >>> 63;
            a[i] = sum;
        }
    }

    /**
     * Whether the DER signature {@code SEQUENCE { INTEGER r, INTEGER s }} is valid for
     * {@code message}.
     *
     * @throws SignatureException if the DER is malformed (wrong lengths, trailing bytes, negative or
     *     oversized integers)
     */
    public boolean verifyDer(byte[] message, byte[] derSignature) throws SignatureException {
        return verify(message, Sm2SignatureEncoding.toRaw(derSignature));
    }
}
