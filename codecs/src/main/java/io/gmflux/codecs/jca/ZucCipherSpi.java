package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.CipherSpi;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * Cipher "ZUC-128" and "ZUC-256": the stream ciphers, with the output of BouncyCastle's provider and
 * the misuse checks of the JDK's ChaCha20. In encrypt mode, {@code doFinal} ends the keystream:
 * further {@code update}/{@code doFinal} throw {@link IllegalStateException} until the cipher is
 * initialised again, and an encryption init with the key and IV of the previous init is refused with
 * {@link InvalidKeyException} (a repeated keystream gives away the XOR of two plaintexts;
 * BouncyCastle restarts the same keystream instead). In decrypt mode {@code doFinal} restarts the
 * keystream for the same key and IV, so one init can decrypt the same message again. A random IV is
 * drawn when encryption starts without one. Only the previous init is remembered: alternating two
 * IVs under one key, or the same key and IV in two Cipher objects, is not detected. Unlike
 * BouncyCastle, which stops a keystream after 2,047 words (ZUC-128) or 625 words (ZUC-256), messages
 * of any length are processed. Not thread-safe.
 */
final class ZucCipherSpi extends CipherSpi {

    private static final byte[] EMPTY = new byte[0];

    private final Provider provider;
    private final ZucVariant variant;
    private final OverlapScratch scratch = new OverlapScratch();

    private byte[] key;
    private byte[] iv;
    private ZucVariant.Keystream keystream;
    private boolean encrypting;
    /** Set by a decryption's doFinal: the keystream restarts before the next byte. */
    private boolean restart;
    /** Set by an encryption's doFinal: nothing more until a new init. */
    private boolean needsReinit;

    ZucCipherSpi(Provider provider, ZucVariant variant) {
        this.provider = provider;
        this.variant = variant;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("ECB") && !mode.equalsIgnoreCase("NONE")) {
            throw new NoSuchAlgorithmException(variant.algorithm + " is a stream cipher: no mode " + mode);
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException(variant.algorithm + " takes NoPadding only, not " + padding);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        return inputLen;
    }

    @Override
    protected byte[] engineGetIV() {
        return iv == null ? null : iv.clone();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return iv == null ? null : JcaConventions.parameters(provider, variant.algorithm, new IvParameterSpec(iv));
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        Bytes.wipe(JcaConventions.keyBytes(key, variant.algorithm, variant.keyLength));
        return variant.keyLength * 8;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        engineInit(opmode, key, JcaConventions.ivSpecOf(params, variant.algorithm), random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean encrypt = JcaConventions.isEncrypt(opmode);
        byte[] newIv;
        if (params == null) {
            if (!encrypt) {
                throw new InvalidAlgorithmParameterException(variant.algorithm + " decryption needs an IV");
            }
            newIv = JcaConventions.randomBytes(random, variant.defaultIvLength);
        } else if (params instanceof IvParameterSpec) {
            newIv = ((IvParameterSpec) params).getIV();
            variant.checkIv(newIv);
        } else {
            throw new InvalidAlgorithmParameterException(
                    variant.algorithm + " takes an IvParameterSpec, not " + params.getClass().getName());
        }
        byte[] newKey = JcaConventions.keyBytes(key, variant.algorithm, variant.keyLength);
        if (encrypt && this.key != null && Bytes.constantTimeEquals(newKey, this.key) && Arrays.equals(newIv, iv)) {
            Bytes.wipe(newKey);
            throw new InvalidKeyException("Matching key and IV from previous initialization");
        }
        ZucVariant.Keystream ks;
        try {
            ks = variant.openKeystream(newKey, newIv);
        } catch (IllegalArgumentException e) {
            Bytes.wipe(newKey);
            throw new InvalidAlgorithmParameterException(e.getMessage(), e);
        }
        clearState();
        this.key = newKey;
        iv = newIv;
        keystream = ks;
        encrypting = encrypt;
        restart = false;
        needsReinit = false;
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        if (inputLen == 0) {
            requireKeystream();
            return EMPTY;
        }
        byte[] out = new byte[inputLen];
        xor(input, inputOffset, inputLen, out, 0);
        return out;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkSpace(output, outputOffset, inputLen);
        xor(input, inputOffset, inputLen, output, outputOffset);
        return inputLen;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen) {
        byte[] out = engineUpdate(input, inputOffset, inputLen);
        endMessage();
        return out;
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        int n = engineUpdate(input, inputOffset, inputLen, output, outputOffset);
        endMessage();
        return n;
    }

    private void endMessage() {
        if (encrypting) {
            needsReinit = true;
        } else {
            restart = true;
        }
    }

    private void xor(byte[] in, int inOff, int len, byte[] out, int outOff) {
        ZucVariant.Keystream ks = requireKeystream();
        if (len == 0) {
            return;
        }
        if (OverlapScratch.overlapsShifted(in, inOff, len, out, outOff, 0)) {
            try {
                ks.xor(scratch.copy(in, inOff, len), 0, len, out, outOff);
            } finally {
                scratch.wipe(len);
            }
            return;
        }
        ks.xor(in, inOff, len, out, outOff);
    }

    private ZucVariant.Keystream requireKeystream() {
        if (keystream == null) {
            throw new IllegalStateException("Cipher not initialized");
        }
        if (needsReinit) {
            throw new IllegalStateException("Must use either a different key or IV for " + variant.algorithm + " encryption");
        }
        if (restart) {
            keystream.destroy();
            keystream = variant.openKeystream(key, iv);
            restart = false;
        }
        return keystream;
    }

    private static void checkSpace(byte[] output, int outputOffset, int needed) throws ShortBufferException {
        if (output == null || outputOffset < 0 || output.length - outputOffset < needed) {
            throw new ShortBufferException("output buffer too short: need " + needed + " bytes");
        }
    }

    private void clearState() {
        if (keystream != null) {
            keystream.destroy();
            keystream = null;
        }
        Bytes.wipe(key);
        key = null;
        iv = null;
    }
}
