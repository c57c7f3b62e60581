package io.gmflux.codecs.sm2;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.codecs.sm3.Sm3Kdf;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * SM2 public-key encryption (GB/T 32918.4-2016 §6.1, §7.1) with SM3 and the SM3 KDF.
 *
 * <p>Encryption: k random, C1 = [k]G, (x2, y2) = [k]P_B, t = KDF(x2 || y2, |M|) (again with a new
 * k if t is all zero), C2 = M xor t, C3 = SM3(x2 || M || y2). The output is C1 || C3 || C2 by
 * default, C1 || C2 || C3 when asked ({@link Sm2CiphertextLayout}); C1 is uncompressed. For the
 * GM/T 0009 DER form see {@link Sm2CiphertextEncoding}.
 *
 * <p>Decryption checks that C1 is a point of the curve before any operation with the private key,
 * computes [d]C1 in constant time, rejects an all-zero t, and compares C3 in constant time; any
 * failure is an {@link Sm2DecryptionException} and no plaintext is released. C1 may be compressed
 * (33 bytes) on input.
 *
 * <p>The message must not be empty: with klen = 0 the standard's all-zero check on t (§6.1 A5) is
 * undefined. Not thread-safe (it owns scratch state): use one per thread.
 */
public final class Sm2Cipher {

    private final SecureRandom random;
    /** Prepared keys for repeat recipients, or null (opt-in). */
    private final Sm2PreparedKeyCache cache;
    private final PointArithmetic pa = new PointArithmetic();
    private final byte[] kBytes = new byte[32];
    private final long[] k = new long[4];
    private final Sm3 sm3 = new Sm3();
    /** x2 || y2 of the current operation; zeroed when it ends. */
    private final byte[] shared = new byte[64];
    /** The recomputed C3 when decrypting (public once compared). */
    private final byte[] u = new byte[32];

    /** A cipher drawing k from a new {@link SecureRandom}. */
    public Sm2Cipher() {
        this(new SecureRandom());
    }

    public Sm2Cipher(SecureRandom random) {
        this.random = Objects.requireNonNull(random, "random");
        this.cache = null;
    }

    /**
     * A cipher drawing k from {@code random} that encrypts to plain public keys through
     * {@code cache}: a recipient met again is served from its prepared table (see
     * {@link Sm2PreparedKeyCache}). The output is the same as without the cache.
     *
     * @throws NullPointerException naming the null argument
     */
    public Sm2Cipher(SecureRandom random, Sm2PreparedKeyCache cache) {
        this.random = Objects.requireNonNull(random, "random");
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /** Encrypts {@code message} (non-empty) to {@code key}; returns C1 || C3 || C2. */
    public byte[] encrypt(Sm2PublicKey key, byte[] message) {
        return encrypt(key, message, Sm2CiphertextLayout.C1C3C2);
    }

    /** Encrypts {@code message} (non-empty) to {@code key} in the given layout. */
    public byte[] encrypt(Sm2PublicKey key, byte[] message, Sm2CiphertextLayout layout) {
        Sm2PreparedPublicKey prepared = cache == null ? null : cache.lookup(Objects.requireNonNull(key, "key"));
        return encrypt(key, prepared == null ? null : prepared.table, message, layout, null);
    }

    /**
     * Encrypts {@code message} (non-empty) to a prepared key; returns C1 || C3 || C2. Same output
     * distribution as {@link #encrypt(Sm2PublicKey, byte[])}, faster per message.
     */
    public byte[] encrypt(Sm2PreparedPublicKey key, byte[] message) {
        return encrypt(key, message, Sm2CiphertextLayout.C1C3C2);
    }

    /** Encrypts {@code message} (non-empty) to a prepared key in the given layout. */
    public byte[] encrypt(Sm2PreparedPublicKey key, byte[] message, Sm2CiphertextLayout layout) {
        Objects.requireNonNull(key, "key");
        return encrypt(key.publicKey(), key.table, message, layout, null);
    }

    /** Test-only: encryption with a caller-chosen k (the standards' examples fix k; never reuse a k). */
    byte[] encryptWithFixedK(Sm2PublicKey key, byte[] message, Sm2CiphertextLayout layout, byte[] fixedK) {
        return encrypt(key, null, message, layout, fixedK);
    }

    private byte[] encrypt(Sm2PublicKey key, long[] keyTable, byte[] message, Sm2CiphertextLayout layout, byte[] fixedK) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(layout, "layout");
        if (message.length == 0) {
            throw new IllegalArgumentException("message must not be empty (GB/T 32918.4 needs klen > 0)");
        }
        int len = message.length;
        byte[] out = new byte[65 + 32 + len];
        boolean c3First = layout == Sm2CiphertextLayout.C1C3C2;
        try {
            byte[] t;
            do {
                if (fixedK != null) {
                    Sm2Curve.toLimbs(k, fixedK, 0);
                } else {
                    SharedPoint.drawScalar(random, kBytes, k);
                }
                SharedPoint.encapsulate(pa, key, keyTable, k, out, 0, shared);
                t = Sm3Kdf.derive(shared, len); // A5
            } while (isAllZero(t) && fixedK == null);
            if (isAllZero(t)) {
                throw new IllegalArgumentException("the fixed k gives an all-zero KDF output");
            }
            Bytes.xor(message, 0, t, 0, out, c3First ? 97 : 65, len); // A6
            Bytes.wipe(t);
            hashC3(message, out, c3First ? 65 : 65 + len); // A7
            return out;
        } finally {
            Arrays.fill(k, 0);
            Arrays.fill(shared, (byte) 0);
        }
    }

    /** Decrypts C1 || C3 || C2. */
    public byte[] decrypt(Sm2PrivateKey key, byte[] ciphertext) throws Sm2DecryptionException {
        return decrypt(key, ciphertext, Sm2CiphertextLayout.C1C3C2);
    }

    /**
     * Decrypts a ciphertext in the given layout.
     *
     * @throws Sm2DecryptionException if the ciphertext is malformed, truncated, has an invalid C1, an
     *     all-zero KDF output or a wrong C3
     */
    public byte[] decrypt(Sm2PrivateKey key, byte[] ciphertext, Sm2CiphertextLayout layout) throws Sm2DecryptionException {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(ciphertext, "ciphertext");
        Objects.requireNonNull(layout, "layout");
        int c1Len = c1Length(ciphertext);
        int len = ciphertext.length - c1Len - 32;
        boolean c3First = layout == Sm2CiphertextLayout.C1C3C2;
        // B1-B3 (C1 is validated before the private key is used); the rest in its own small method
        // (see unmaskAndCheck)
        SharedPoint.decapsulate(pa, key, ciphertext, 0, c1Len, shared);
        try {
            return unmaskAndCheck(ciphertext, c3First ? c1Len + 32 : c1Len, c3First ? c1Len : c1Len + len, len);
        } finally {
            Arrays.fill(shared, (byte) 0);
        }
    }

    /**
     * The length of C1 from its format byte, checking that C1, C3 and a non-empty C2 fit.
     *
     * @throws Sm2DecryptionException if the ciphertext is empty, too short or C1's format is unknown
     */
    private static int c1Length(byte[] ciphertext) throws Sm2DecryptionException {
        if (ciphertext.length == 0) {
            throw new Sm2DecryptionException("empty ciphertext");
        }
        int c1Len = PointEncoding.encodedLength(ciphertext[0]);
        if (c1Len < 0) {
            throw new Sm2DecryptionException(String.format("C1 has an unsupported format byte 0x%02x", ciphertext[0] & 0xFF));
        }
        if (ciphertext.length - c1Len - 32 <= 0) {
            throw new Sm2DecryptionException("ciphertext of " + ciphertext.length + " bytes is too short for C1, C3 and a non-empty C2");
        }
        return c1Len;
    }

    /**
     * B4-B6 from x2 || y2 in {@link #shared}: t = KDF(x2 || y2, klen), M' = C2 xor t, u = SM3(x2 || M' ||
     * y2) compared with C3 in constant time; M' is released only if they match.
     *
     * <p>Why this is a method of its own, with one hash helper shared with encryption: C2 of JDK
     * 17.0.15 crashed (SIGSEGV in PhaseIdealLoop::identical_backtoback_ifs, split-if) compiling the
     * earlier one-method decrypt, whose inlined graph held the KDF, the XOR, the three SM3 updates,
     * the C3 comparison and the wipes with their back-to-back range checks on the same arrays. Kept
     * apart, each compilation unit stays small.
     */
    private byte[] unmaskAndCheck(byte[] ciphertext, int c2Off, int c3Off, int len) throws Sm2DecryptionException {
        byte[] t = Sm3Kdf.derive(shared, len); // B4
        if (isAllZero(t)) {
            throw new Sm2DecryptionException("KDF output is all zero");
        }
        byte[] message = new byte[len];
        Bytes.xor(ciphertext, c2Off, t, 0, message, 0, len); // B5
        Arrays.fill(t, (byte) 0);
        hashC3(message, u, 0); // B6
        if (!Bytes.constantTimeEquals(u, 0, ciphertext, c3Off, 32)) {
            Arrays.fill(message, (byte) 0);
            throw new Sm2DecryptionException("C3 does not match: wrong key or modified ciphertext");
        }
        return message;
    }

    /** C3 = SM3(x2 || M || y2) (GB/T 32918.4 §6.1 A7, §7.1 B6) with x2 || y2 in {@link #shared}, into out[off, off + 32). */
    private void hashC3(byte[] message, byte[] out, int off) {
        Sm3 h = sm3;
        h.update(shared, 0, 32);
        h.update(message, 0, message.length);
        h.update(shared, 32, 32);
        h.digest(out, off);
    }

    /** Whether every byte is zero; constant time in the contents. */
    static boolean isAllZero(byte[] t) {
        int acc = 0;
        for (byte b : t) {
            acc |= b;
        }
        return acc == 0;
    }
}
