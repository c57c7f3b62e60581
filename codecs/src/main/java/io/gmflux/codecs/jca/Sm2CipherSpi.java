package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm2.Sm2Cipher;
import io.gmflux.codecs.sm2.Sm2CiphertextLayout;
import io.gmflux.codecs.sm2.Sm2DecryptionException;
import io.gmflux.codecs.sm2.Sm2PreparedKeyCache;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;

/**
 * Cipher "SM2" (GB/T 32918.4 with SM3): encryption to a public key, decryption with the private
 * key, one message per {@code doFinal}. The output is {@code C1 || C3 || C2} with C1 uncompressed
 * (the 2016 standard's order) unless the mode says otherwise: {@code "SM2/C1C3C2/NoPadding"},
 * {@code "SM2/C1C2C3/NoPadding"}, and {@code NONE} (= C1C3C2), the mode names BouncyCastle 1.87
 * accepts.
 *
 * <p><b>Difference from BouncyCastle:</b> BouncyCastle's plain {@code Cipher.getInstance("SM2")}
 * writes and reads C1C2C3 (the 2010 draft's order); ours writes and reads C1C3C2. Name the mode
 * explicitly ({@code "SM2/C1C3C2/NoPadding"}) to get the same bytes from both.
 *
 * <p>{@code update} only buffers (nothing is released before {@code doFinal}, which checks C3 first
 * when decrypting). An empty message is refused ({@link IllegalBlockSizeException}: the standard's
 * KDF check is undefined for klen = 0). A ciphertext that is malformed, has an invalid C1 or a
 * wrong C3 fails with {@link BadPaddingException}. Key wrapping (WRAP/UNWRAP) encrypts the key's
 * encoding. Not thread-safe (JCA engines are not).
 *
 * <p>Speed: encryption goes through one provider-wide {@link Sm2PreparedKeyCache}, so a public key
 * encrypted to a second time (by any instance) gets a comb table of its multiples and from then on
 * costs no doublings (same output distribution; at most {@value #PREPARED_KEYS} tables of 52 KiB are
 * kept, least recently used first out).
 */
final class Sm2CipherSpi extends CipherSpi {

    /** Recipients whose tables the provider keeps. */
    static final int PREPARED_KEYS = 8;

    /** Prepared recipients shared by every encrypting instance (thread-safe, public data only). */
    static final Sm2PreparedKeyCache PREPARED = new Sm2PreparedKeyCache(PREPARED_KEYS);

    private Sm2CiphertextLayout layout = Sm2CiphertextLayout.C1C3C2;
    private boolean encrypt;
    private Sm2PublicKey publicKey;
    private Sm2PrivateKey privateKey;
    private Sm2Cipher cipher;
    private byte[] buffer = new byte[0];
    private int buffered;

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        switch (mode == null ? "" : mode.toUpperCase(Locale.ROOT)) {
            case "NONE":
            case "C1C3C2":
                layout = Sm2CiphertextLayout.C1C3C2;
                break;
            case "C1C2C3":
                layout = Sm2CiphertextLayout.C1C2C3;
                break;
            default:
                throw new NoSuchAlgorithmException("SM2 modes are C1C3C2 (or NONE) and C1C2C3, got " + mode);
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (padding == null || !padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException("SM2 takes NoPadding only, got " + padding);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    /**
     * Encryption: exactly input + 97 (65-byte C1, 32-byte C3). Decryption: an upper bound, input - 65
     * (C1 may be compressed, 33 bytes); the plaintext of an uncompressed-C1 ciphertext is 32 bytes
     * shorter.
     */
    @Override
    protected int engineGetOutputSize(int inputLen) {
        long total = (long) buffered + inputLen;
        long out = encrypt ? total + 97 : Math.max(0, total - 65);
        return (int) Math.min(Integer.MAX_VALUE, out);
    }

    @Override
    protected byte[] engineGetIV() {
        return null;
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return null;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        boolean enc = JcaConventions.isEncrypt(opmode);
        if (enc) {
            publicKey = Sm2JcaKeys.publicKey(key);
            privateKey = null;
            cipher = new Sm2Cipher(random != null ? random : new SecureRandom(), PREPARED);
        } else {
            privateKey = Sm2JcaKeys.privateKey(key);
            if (privateKey.isDestroyed()) {
                throw new InvalidKeyException("SM2 private key has been destroyed");
            }
            publicKey = null;
            cipher = new Sm2Cipher(random != null ? random : new SecureRandom());
        }
        encrypt = enc;
        clear();
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        JcaConventions.requireNoParameters(params, "SM2");
        engineInit(opmode, key, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params != null) {
            throw new InvalidAlgorithmParameterException("SM2 takes no parameters");
        }
        engineInit(opmode, key, random);
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        append(input, inputOffset, inputLen);
        return new byte[0];
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset) {
        append(input, inputOffset, inputLen);
        return 0;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        append(input, inputOffset, inputLen);
        byte[] whole = Arrays.copyOf(buffer, buffered);
        try {
            return run(whole);
        } finally {
            Bytes.wipe(whole);
            clear();
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        // checked before anything is consumed, so the caller can retry with a larger buffer
        int needed = engineGetOutputSize(input == null ? 0 : inputLen);
        if (output.length - outputOffset < needed) {
            throw new ShortBufferException("SM2 needs up to " + needed + " bytes of output, " + (output.length - outputOffset) + " given");
        }
        // input may overlap output: engineDoFinal copies it before writing anything
        byte[] result = engineDoFinal(input, inputOffset, inputLen);
        try {
            if (output.length - outputOffset < result.length) {
                throw new ShortBufferException("SM2 needs " + result.length + " bytes of output, "
                        + (output.length - outputOffset) + " given");
            }
            System.arraycopy(result, 0, output, outputOffset, result.length);
            return result.length;
        } finally {
            Bytes.wipe(result);
        }
    }

    private byte[] run(byte[] data) throws IllegalBlockSizeException, BadPaddingException {
        if (cipher == null) {
            throw new IllegalStateException("SM2 cipher not initialised");
        }
        if (encrypt) {
            if (data.length == 0) {
                throw new IllegalBlockSizeException("SM2 cannot encrypt an empty message (GB/T 32918.4 needs klen > 0)");
            }
            return cipher.encrypt(publicKey, data, layout);
        }
        try {
            return cipher.decrypt(privateKey, data, layout);
        } catch (Sm2DecryptionException e) {
            BadPaddingException bad = new BadPaddingException("SM2 decryption failed: " + e.getMessage());
            bad.initCause(e);
            throw bad;
        } catch (IllegalStateException e) {
            throw new IllegalStateException("SM2 private key has been destroyed", e);
        }
    }

    private void append(byte[] input, int off, int len) {
        if (input == null || len == 0) {
            return;
        }
        Bytes.checkRange(input, off, len, "input");
        if (cipher == null) {
            throw new IllegalStateException("SM2 cipher not initialised");
        }
        if (buffer.length - buffered < len) {
            byte[] bigger = Arrays.copyOf(buffer, Math.max(buffered + len, buffer.length * 2));
            Bytes.wipe(buffer);
            buffer = bigger;
        }
        System.arraycopy(input, off, buffer, buffered, len);
        buffered += len;
    }

    private void clear() {
        Bytes.wipe(buffer);
        buffered = 0;
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        return JcaConventions.wrap(this::run, key);
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        return JcaConventions.unwrap(this::run, wrappedKey, wrappedKeyAlgorithm, wrappedKeyType);
    }

    /** For {@link Cipher#getOutputSize}: no block structure, the key size is the curve's. */
    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        return 256;
    }
}
