package io.gmflux.codecs.sm9;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.HmacSm3;
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
 * g = e(Ppub-e, P2), K = KDF(C1 ‖ w ‖ ID, klen) = K1 ‖ K2 (K2 32 bytes; a new r if K1 is all zero, or in the GmSSL mode all of K),
 * C2 = M xor K1 (stream) or SM4-ECB-PKCS#7(K1, M) (block), C3 = SM3(C2 ‖ K2) ({@link Sm9MacMode#STANDARD},
 * the default) or HMAC-SM3(K2, C2) ({@link Sm9MacMode#GMSSL_HMAC_SM3}). The raw ciphertext
 * is C1 ‖ C3 ‖ C2 with C1 = x ‖ y (64 bytes, the standard's and BouncyCastle's concatenation);
 * {@link Sm9CiphertextEncoding} gives the GM/T 0044 DER form.
 *
 * <p>Decryption: C1 checked to be a point of G1, w = e(C1, de), K as above, C3 checked in constant
 * time before anything is decrypted. A cipher checks C3 only under its own {@link Sm9MacMode}: a
 * ciphertext made under the other one is rejected like a forgery, never decrypted by a fallback.
 *
 * <p>GmSSL compatibility ({@link Sm9MacMode#GMSSL_HMAC_SM3}): GmSSL 3.x deviates from GB/T 38635.2
 * in its {@code sm9_encrypt}: C3 = HMAC-SM3(K2, C2) with K2 of 32 bytes; only the stream (XOR,
 * EnType 0) mode; at most {@value #GMSSL_MAX_PLAINTEXT} bytes of plaintext; and a KDF output is
 * refused only when all of K1 ‖ K2 is zero, so GmSSL emits (for about 1 in 256 one-byte messages)
 * ciphertexts whose K1 is zero. This mode mirrors exactly that: it refuses SM4-ECB and longer
 * messages with {@link Sm9GmsslLimitException} (and longer ciphertexts with
 * {@link Sm9DecryptionException}), and applies the all-zero rule to K1 ‖ K2 both ways.
 *
 * <p>Precomputation: the master key's table for g and the P1 table make encryption pairing-free;
 * decryption evaluates de's cached lines. [r]Q is constant-time in r; g^r is constant-time in r.
 * In the stream mode an empty message is allowed (K1 is empty; the all-zero rule applies to
 * non-empty K1 only). Not thread-safe (one per thread, like the SecureRandom it holds).
 */
public final class Sm9Cipher {

    /** GmSSL's SM9_MAX_PLAINTEXT_SIZE: the longest message its sm9_encrypt and sm9_decrypt take. */
    public static final int GMSSL_MAX_PLAINTEXT = 255;

    private static final int K2_LENGTH = 32;
    private static final int SM4_KEY_LENGTH = 16;

    private final Sm9CipherMode mode;
    private final Sm9MacMode macMode;
    private final SecureRandom random;

    /** A cipher with the standard C3 ({@link Sm9MacMode#STANDARD}). */
    public Sm9Cipher(Sm9CipherMode mode) {
        this(mode, Sm9MacMode.STANDARD, new SecureRandom());
    }

    /** A cipher with the standard C3 ({@link Sm9MacMode#STANDARD}). */
    public Sm9Cipher(Sm9CipherMode mode, SecureRandom random) {
        this(mode, Sm9MacMode.STANDARD, random);
    }

    /** @throws Sm9GmsslLimitException for {@link Sm9MacMode#GMSSL_HMAC_SM3} with SM4-ECB */
    public Sm9Cipher(Sm9CipherMode mode, Sm9MacMode macMode) {
        this(mode, macMode, new SecureRandom());
    }

    /** @throws Sm9GmsslLimitException for {@link Sm9MacMode#GMSSL_HMAC_SM3} with SM4-ECB */
    public Sm9Cipher(Sm9CipherMode mode, Sm9MacMode macMode, SecureRandom random) {
        this.mode = Objects.requireNonNull(mode, "mode");
        this.macMode = Objects.requireNonNull(macMode, "macMode");
        this.random = Objects.requireNonNull(random, "random");
        if (macMode == Sm9MacMode.GMSSL_HMAC_SM3 && mode != Sm9CipherMode.STREAM) {
            throw new Sm9GmsslLimitException("GmSSL's SM9 encryption has only the stream (XOR) mode, not " + mode);
        }
    }

    public Sm9CipherMode mode() {
        return mode;
    }

    public Sm9MacMode macMode() {
        return macMode;
    }

    /**
     * Encrypts {@code message} to {@code id} (hid 0x03); returns C1 ‖ C3 ‖ C2.
     *
     * @throws Sm9GmsslLimitException in {@link Sm9MacMode#GMSSL_HMAC_SM3} for a message longer than
     *     {@value #GMSSL_MAX_PLAINTEXT} bytes
     */
    public byte[] encrypt(Sm9EncryptMasterPublicKey master, byte[] id, byte[] message) {
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(message, "message");
        if (macMode == Sm9MacMode.GMSSL_HMAC_SM3 && message.length > GMSSL_MAX_PLAINTEXT) {
            throw new Sm9GmsslLimitException("GmSSL's SM9 encryption takes at most " + GMSSL_MAX_PLAINTEXT
                    + " bytes of plaintext, got " + message.length);
        }
        while (true) {
            byte[] r = ScalarN.random(random);
            byte[] c = encrypt(master, id, message, r);
            Bytes.wipe(r);
            if (c != null) {
                return c;
            }
        }
    }

    /** One attempt with a given r (the standard's example; tests only); null if the all-zero rule refuses K. */
    byte[] encrypt(Sm9EncryptMasterPublicKey master, byte[] id, byte[] message, byte[] r) {
        Workspace w = Workspace.get();
        // A1, A3: C1 = [r]Q_B = [r·H1(ID_B ‖ 03)]P1 + [r]Ppub-e
        byte[] c1Bytes = Sm9Ops.coordinates(Sm9Ops.recipientMultiple(master, id, Sm9EncryptMasterPrivateKey.HID_ENCRYPT, r, w));
        long[] g = new long[Fq12.SIZE];
        master.gTable().multiply(g, 0, r, w);                                             // A4-A5
        byte[] k = kdf(c1Bytes, g, id, k1Length(message.length));                         // A6
        java.util.Arrays.fill(g, 0L);
        int k1Len = k.length - K2_LENGTH;
        if (kdfOutputRefused(k, k1Len)) {
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
        if (macMode == Sm9MacMode.GMSSL_HMAC_SM3 && ciphertext.length - 96 > GMSSL_MAX_PLAINTEXT) {
            throw new Sm9DecryptionException("SM9 ciphertext: C2 of " + (ciphertext.length - 96)
                    + " bytes is longer than GmSSL's " + GMSSL_MAX_PLAINTEXT + "-byte maximum");
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
            if (kdfOutputRefused(k, k1Len)) {
                throw new Sm9DecryptionException("SM9 ciphertext: " + (macMode == Sm9MacMode.STANDARD ? "K1" : "K")
                        + " is all zero");
            }
            byte[] u = mac(c2, k, k1Len);                                                 // B5
            if (!Bytes.constantTimeEquals(u, c3)) {
                throw new Sm9DecryptionException("SM9 ciphertext: C3 does not match (MAC mode " + macMode + ")");
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

    /** MAC(K2, C2): SM3(C2 ‖ K2) (GM/T 0044.4 §5.4.5), or HMAC-SM3(K2, C2) in the GmSSL mode. */
    private byte[] mac(byte[] c2, byte[] k, int k2Off) {
        if (macMode == Sm9MacMode.GMSSL_HMAC_SM3) {
            byte[] k2 = java.util.Arrays.copyOfRange(k, k2Off, k2Off + K2_LENGTH);
            HmacSm3 hmac = new HmacSm3(k2);
            Bytes.wipe(k2);
            hmac.update(c2);
            byte[] tag = hmac.doFinal();
            hmac.destroy();
            return tag;
        }
        Sm3 sm3 = new Sm3();
        sm3.update(c2);
        sm3.update(k, k2Off, K2_LENGTH);
        return sm3.digest();
    }

    /** The all-zero rule: the standard's on K1 (non-empty), GmSSL's on all of K1 ‖ K2. */
    private boolean kdfOutputRefused(byte[] k, int k1Len) {
        return macMode == Sm9MacMode.STANDARD ? k1Len > 0 && allZero(k, k1Len) : allZero(k, k.length);
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
