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
    private final PointArithmetic pa = new PointArithmetic();
    private final byte[] kBytes = new byte[32];
    private final long[] k = new long[4];

    /** A cipher drawing k from a new {@link SecureRandom}. */
    public Sm2Cipher() {
        this(new SecureRandom());
    }

    public Sm2Cipher(SecureRandom random) {
        this.random = Objects.requireNonNull(random, "random");
    }

    /** Encrypts {@code message} (non-empty) to {@code key}; returns C1 || C3 || C2. */
    public byte[] encrypt(Sm2PublicKey key, byte[] message) {
        return encrypt(key, message, Sm2CiphertextLayout.C1C3C2);
    }

    /** Encrypts {@code message} (non-empty) to {@code key} in the given layout. */
    public byte[] encrypt(Sm2PublicKey key, byte[] message, Sm2CiphertextLayout layout) {
        return encrypt(key, null, message, layout, null);
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
        int c2Off = 97;
        int c3Off = 65;
        if (layout != Sm2CiphertextLayout.C1C3C2) {
            c2Off = 65;
            c3Off = 65 + len;
        }
        byte[] x2y2 = new byte[64]; // per call
        try {
            byte[] t;
            do {
                if (fixedK != null) {
                    Sm2Curve.toLimbs(k, fixedK, 0);
                } else {
                    SharedPoint.drawScalar(random, kBytes, k);
                }
                SharedPoint.encapsulate(pa, key, keyTable, k, out, 0, x2y2);
                t = Sm3Kdf.derive(x2y2, len); // A5
            } while (isAllZero(t) && fixedK == null);
            if (isAllZero(t)) {
                throw new IllegalArgumentException("the fixed k gives an all-zero KDF output");
            }
            Bytes.xor(message, 0, t, 0, out, c2Off, len); // A6
            Bytes.wipe(t);
            Sm3 h = new Sm3();
            h.update(x2y2, 0, 32);
            h.update(message);
            h.update(x2y2, 32, 32);
            h.digest(out, c3Off); // A7
            return out;
        } finally {
            Arrays.fill(k, 0);
            Bytes.wipe(x2y2);
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
        if (ciphertext.length == 0) {
            throw new Sm2DecryptionException("empty ciphertext");
        }
        int c1Len = PointEncoding.encodedLength(ciphertext[0]);
        if (c1Len < 0) {
            throw new Sm2DecryptionException(String.format("C1 has an unsupported format byte 0x%02x", ciphertext[0] & 0xFF));
        }
        int len = ciphertext.length - c1Len - 32;
        if (len <= 0) {
            throw new Sm2DecryptionException("ciphertext of " + ciphertext.length + " bytes is too short for C1, C3 and a non-empty C2");
        }
        int c2Off = c1Len + 32;
        int c3Off = c1Len;
        if (layout != Sm2CiphertextLayout.C1C3C2) {
            c2Off = c1Len;
            c3Off = c1Len + len;
        }
        byte[] shared = new byte[64]; // per call: x2 || y2
        try {
            SharedPoint.decapsulate(pa, key, ciphertext, 0, c1Len, shared);
            byte[] t = Sm3Kdf.derive(shared, len); // B4
            if (isAllZero(t)) {
                throw new Sm2DecryptionException("KDF output is all zero");
            }
            byte[] message = new byte[len];
            Bytes.xor(ciphertext, c2Off, t, 0, message, 0, len); // B5
            Bytes.wipe(t);
            Sm3 h = new Sm3();
            h.update(shared, 0, 32);
            h.update(message);
            h.update(shared, 32, 32);
            byte[] u = h.digest(); // B6
            if (!Bytes.constantTimeEquals(u, 0, ciphertext, c3Off, 32)) {
                Bytes.wipe(message);
                throw new Sm2DecryptionException("C3 does not match: wrong key or modified ciphertext");
            }
            return message;
        } finally {
            Bytes.wipe(shared);
        }
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
