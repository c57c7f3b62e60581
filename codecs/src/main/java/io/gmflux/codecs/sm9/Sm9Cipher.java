package io.gmflux.codecs.sm9;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.codecs.sm3.Sm3Kdf;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Ecb;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Padding;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Objects;

/**
 * SM9 public-key encryption (GM/T 0044.4 §7 / GB/T 38635.2) to an identity under a master public
 * key, in the KDF stream mode or the SM4-ECB block mode ({@link Sm9CipherMode}).
 *
 * <p>Encryption: Q = [H1(ID ‖ 03)]P1 + Ppub-e, r random, C1 = [r]Q, w = g^r with
 * g = e(Ppub-e, P2), K = KDF(C1 ‖ w ‖ ID, klen) = K1 ‖ K2 (K2 32 bytes; a new r if K1 is all zero),
 * C2 = M xor K1 (stream) or SM4-ECB-PKCS#7(K1, M) (block), C3 = SM3(C2 ‖ K2). The raw ciphertext
 * is C1 ‖ C3 ‖ C2 with C1 = x ‖ y (64 bytes, the standard's and BouncyCastle's concatenation);
 * {@link Sm9CiphertextEncoding} gives the GM/T 0044 DER form.
 *
 * <p>Decryption: C1 checked to be a point of G1, w = e(C1, de), K as above, C3 checked in constant
 * time before anything is decrypted.
 *
 * <p>Precomputation: the master key's table for g and the P1 table make encryption pairing-free;
 * decryption evaluates de's cached lines. [r]Q is constant-time in r; g^r is constant-time in r.
 * In the stream mode an empty message is allowed (K1 is empty; the all-zero rule applies to
 * non-empty K1 only). Not thread-safe (one per thread, like the SecureRandom it holds).
 */
public final class Sm9Cipher {

    private static final int K2_LENGTH = 32;
    private static final int SM4_KEY_LENGTH = 16;

    private final Sm9CipherMode mode;
    private final SecureRandom random;

    public Sm9Cipher(Sm9CipherMode mode) {
        this(mode, new SecureRandom());
    }

    public Sm9Cipher(Sm9CipherMode mode, SecureRandom random) {
        this.mode = Objects.requireNonNull(mode, "mode");
        this.random = Objects.requireNonNull(random, "random");
    }

    public Sm9CipherMode mode() {
        return mode;
    }

    /** Encrypts {@code message} to {@code id} (hid 0x03); returns C1 ‖ C3 ‖ C2. */
    public byte[] encrypt(Sm9EncryptMasterPublicKey master, byte[] id, byte[] message) {
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(message, "message");
        while (true) {
            byte[] r = ScalarN.random(random);
            byte[] c = encrypt(master, id, message, r);
            Bytes.wipe(r);
            if (c != null) {
                return c;
            }
        }
    }

    /** One attempt with a given r (the standard's example; tests only); null if K1 is all zero. */
    byte[] encrypt(Sm9EncryptMasterPublicKey master, byte[] id, byte[] message, byte[] r) {
        Workspace w = Workspace.get();
        // A1, A3: C1 = [r]Q_B = [r·H1(ID_B ‖ 03)]P1 + [r]Ppub-e
        byte[] c1Bytes = Sm9Ops.coordinates(Sm9Ops.recipientMultiple(master, id, Sm9EncryptMasterPrivateKey.HID_ENCRYPT, r, w));
        long[] g = new long[Fq12.SIZE];
        master.gTable().multiply(g, 0, r, w);                                             // A4-A5
        byte[] k = kdf(c1Bytes, g, id, k1Length(message.length));                         // A6
        java.util.Arrays.fill(g, 0L);
        int k1Len = k.length - K2_LENGTH;
        if (k1Len > 0 && allZero(k, k1Len)) {
            Bytes.wipe(k);
            return null;
        }
        byte[] c2;
        if (mode == Sm9CipherMode.STREAM) {
            c2 = new byte[message.length];
            Bytes.xor(message, 0, k, 0, c2, 0, message.length);
        } else {
            c2 = sm4(true, k, message);
        }
        byte[] c3 = mac(c2, k, k1Len);                                                    // A7
        Bytes.wipe(k);
        return Sm9Ops.concat(c1Bytes, c3, c2);                                            // A8
    }

    /**
     * Decrypts C1 ‖ C3 ‖ C2 with {@code key} (whose identity is the ID hashed into K).
     *
     * @throws Sm9DecryptionException if the ciphertext is rejected (no plaintext is returned)
     */
    public byte[] decrypt(Sm9EncryptPrivateKey key, byte[] ciphertext) throws Sm9DecryptionException {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(ciphertext, "ciphertext");
        if (ciphertext.length < 64 + 32 || (mode == Sm9CipherMode.SM4_ECB && (ciphertext.length - 96) % 16 != 0)) {
            throw new Sm9DecryptionException("SM9 ciphertext too short or of a wrong length for " + mode);
        }
        Workspace w = Workspace.get();
        long[] c1 = new long[8];
        if (!Sm9Codec.decodeG1Coordinates(c1, 0, ciphertext, 0)) {                        // B1
            throw new Sm9DecryptionException("SM9 ciphertext: C1 is not a point of G1");
        }
        byte[] c1Bytes = java.util.Arrays.copyOf(ciphertext, 64);
        byte[] c3 = java.util.Arrays.copyOfRange(ciphertext, 64, 96);
        byte[] c2 = java.util.Arrays.copyOfRange(ciphertext, 96, ciphertext.length);
        long[] wv = Sm9Ops.pair(c1, key.lines(), w);                                      // B2
        int k1Len = mode == Sm9CipherMode.STREAM ? c2.length : SM4_KEY_LENGTH;
        byte[] k = kdf(c1Bytes, wv, key.id(), k1Len);                                     // B3
        java.util.Arrays.fill(wv, 0L);
        try {
            if (k1Len > 0 && allZero(k, k1Len)) {
                throw new Sm9DecryptionException("SM9 ciphertext: K1 is all zero");
            }
            byte[] u = mac(c2, k, k1Len);                                                 // B5
            if (!Bytes.constantTimeEquals(u, c3)) {
                throw new Sm9DecryptionException("SM9 ciphertext: C3 does not match");
            }
            if (mode == Sm9CipherMode.STREAM) {                                           // B4
                byte[] m = new byte[c2.length];
                Bytes.xor(c2, 0, k, 0, m, 0, c2.length);
                return m;
            }
            try {
                return sm4(false, k, c2);
            } catch (IllegalStateException e) {
                throw new Sm9DecryptionException("SM9 ciphertext: bad SM4 padding", e);
            }
        } finally {
            Bytes.wipe(k);
        }
    }

    private int k1Length(int messageLength) {
        return mode == Sm9CipherMode.STREAM ? messageLength : SM4_KEY_LENGTH;
    }

    /** KDF(C1 ‖ w ‖ ID, k1Len + 32). */
    private static byte[] kdf(byte[] c1, long[] w, byte[] id, int k1Len) {
        byte[] z = Sm9Ops.concat(c1, Sm9Codec.encodeGt(w, 0), id);
        byte[] k = Sm3Kdf.derive(z, k1Len + K2_LENGTH);
        Bytes.wipe(z);
        return k;
    }

    /** MAC(K2, C2) = SM3(C2 ‖ K2) (GM/T 0044.4 §5.4.5). */
    private static byte[] mac(byte[] c2, byte[] k, int k2Off) {
        Sm3 sm3 = new Sm3();
        sm3.update(c2);
        sm3.update(k, k2Off, K2_LENGTH);
        return sm3.digest();
    }

    private static boolean allZero(byte[] k, int len) {
        int acc = 0;
        for (int i = 0; i < len; i++) {
            acc |= k[i];
        }
        return acc == 0;
    }

    /** SM4-ECB with PKCS#7 under K1 = k[0, 16); IllegalStateException on bad padding. */
    private static byte[] sm4(boolean encrypt, byte[] k, byte[] in) {
        Sm4Engine engine = Sm4.newConstantTimeEngine(java.util.Arrays.copyOf(k, SM4_KEY_LENGTH));
        Sm4Cipher c = encrypt ? Sm4Ecb.encryptor(engine, Sm4Padding.PKCS7) : Sm4Ecb.decryptor(engine, Sm4Padding.PKCS7);
        try {
            byte[] out = new byte[c.finalOutputSize(in.length)];
            int n = c.doFinal(in, 0, in.length, out, 0);
            return n == out.length ? out : java.util.Arrays.copyOf(out, n);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        } finally {
            c.destroy();
        }
    }
}
