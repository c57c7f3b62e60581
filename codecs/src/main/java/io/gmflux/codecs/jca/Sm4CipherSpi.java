package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm4.Sm4AeadCipher;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import io.gmflux.codecs.sm4.Sm4Padding;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * Cipher "SM4" (every mode of {@link Sm4Mode}), "SM4-GCM" and "SM4-CCM": the one adapter from the
 * JCA's {@link CipherSpi} to {@link Sm4Cipher}. Modes differ only in {@link Sm4Mode}; the
 * buffering, output sizing, short-buffer checks and parameter handling live here once.
 *
 * <p>Behaviour follows BouncyCastle's provider where the JCA leaves room (default
 * {@code SM4/ECB/PKCS5Padding}; a random IV drawn when encryption starts without one, 16 bytes, or
 * 12 for GCM and CCM; {@code getIV}/{@code getParameters} return it), and the JDK's AES-GCM where
 * safety is at stake: in the modes whose keystream an IV fixes (CTR, OFB, CFB, GCM, CCM), after an
 * encryption's {@code doFinal} the object must be initialised again ({@link IllegalStateException}
 * until then), and an encryption init with the key and IV of the previous encryption is refused with
 * an {@link InvalidAlgorithmParameterException}. Only the previous encryption is remembered:
 * alternating two IVs, or one IV in two Cipher objects, is not detected. Decryption is unaffected. GCM/CCM decryption releases no plaintext before the
 * tag has verified ({@code update} returns nothing; {@code doFinal} returns all of it).
 *
 * <p>Not thread-safe, as every {@code CipherSpi}. A new init under the same key keeps the expanded
 * key (and, for GCM in the same direction and tag length, the GHASH table); a new key destroys the
 * previous engine and mode state, zeroing them. SM4 runs on the engine the provider was built with
 * ({@link GmfluxProvider.Sm4Implementation}).
 */
final class Sm4CipherSpi extends CipherSpi {

    private static final byte[] EMPTY = new byte[0];

    private final Provider provider;
    private final GmfluxProvider.Sm4Implementation engines;
    private final Sm4Mode fixedMode;
    private final OverlapScratch scratch = new OverlapScratch();

    private Sm4Mode mode;
    /** The padding named in the transformation, or null for the default (PKCS#7 where allowed). */
    private Sm4Padding padding;

    private Sm4Engine engine;
    /** The key {@link #engine} was expanded from. */
    private byte[] engineKey;
    private Sm4Cipher cipher;
    private Sm4AeadCipher aead;
    private boolean encrypting;
    private byte[] iv;
    private int tagLength;

    /** For CTR with a short IV: bytes left before the counter would carry into the IV (BouncyCastle's SIC limit). */
    private long counterBytesLeft;
    private long counterBytesLimit;

    /** The key and IV of the last encryption init in a mode that refuses their reuse. */
    private byte[] lastEncryptionKey;
    private byte[] lastEncryptionIv;
    /** Set by doFinal of such an encryption: nothing more until a new init. */
    private boolean needsReinit;

    /**
     * @param provider the provider whose AlgorithmParameters {@link #engineGetParameters} returns
     * @param engines the SM4 engine to expand keys into
     * @param fixedMode the mode of "SM4-GCM"/"SM4-CCM", or null for "SM4" (mode from the transformation)
     */
    Sm4CipherSpi(Provider provider, GmfluxProvider.Sm4Implementation engines, Sm4Mode fixedMode) {
        this.provider = provider;
        this.engines = engines;
        this.fixedMode = fixedMode;
        this.mode = fixedMode != null ? fixedMode : Sm4Mode.ECB;
    }

    @Override
    protected void engineSetMode(String modeName) throws NoSuchAlgorithmException {
        Sm4Mode m = Sm4Mode.forName(modeName);
        if (m == null || (fixedMode != null && m != fixedMode)) {
            throw new NoSuchAlgorithmException("SM4 mode not supported: " + modeName);
        }
        mode = m;
        if (padding == Sm4Padding.PKCS7 && !m.allowsPadding()) {
            throw new NoSuchAlgorithmException(m + " mode takes NoPadding only");
        }
    }

    @Override
    protected void engineSetPadding(String paddingName) throws NoSuchPaddingException {
        switch (paddingName.toUpperCase(Locale.ROOT)) {
            case "NOPADDING":
                padding = Sm4Padding.NONE;
                break;
            case "PKCS5PADDING":
            case "PKCS7PADDING":
                if (!mode.allowsPadding()) {
                    throw new NoSuchPaddingException(mode + " mode takes NoPadding only, not " + paddingName);
                }
                padding = Sm4Padding.PKCS7;
                break;
            default:
                throw new NoSuchPaddingException("Padding not supported: " + paddingName);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return Sm4Engine.BLOCK_SIZE;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        Sm4Cipher c = requireCipher();
        return Math.max(c.updateOutputSize(inputLen), c.finalOutputSize(inputLen));
    }

    @Override
    protected byte[] engineGetIV() {
        return iv == null ? null : iv.clone();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        if (iv == null) {
            return null;
        }
        AlgorithmParameterSpec spec = mode.isAead() ? new GCMParameterSpec(tagLength * 8, iv) : new IvParameterSpec(iv);
        String name = mode == Sm4Mode.GCM ? "SM4-GCM" : mode == Sm4Mode.CCM ? "SM4-CCM" : "SM4";
        return JcaConventions.parameters(provider, name, spec);
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] k = JcaConventions.keyBytes(key, "SM4", Sm4Engine.KEY_SIZE);
        Bytes.wipe(k);
        return Sm4Engine.KEY_SIZE * 8;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            // The JCA's init(opmode, key) has no parameter exception to throw (JDK and BouncyCastle do the same).
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        AlgorithmParameterSpec spec = null;
        if (params != null) {
            spec = mode.isAead() ? JcaConventions.specOf(params, GCMParameterSpec.class) : null;
            if (spec == null) {
                spec = JcaConventions.specOf(params, IvParameterSpec.class);
            }
            if (spec == null) {
                throw new InvalidAlgorithmParameterException("cannot use parameters " + params.getAlgorithm()
                        + " for SM4/" + mode + ": they convert to neither GCMParameterSpec nor IvParameterSpec");
            }
        }
        engineInit(opmode, key, spec, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean encrypt = JcaConventions.isEncrypt(opmode);
        Sm4Mode m = mode;
        byte[] newIv = null;
        int newTag = 0;
        if (params == null) {
            if (m.usesIv()) {
                if (!encrypt) {
                    throw new InvalidAlgorithmParameterException("SM4/" + m + " decryption needs an IV");
                }
                newIv = JcaConventions.randomBytes(random, m.defaultIvLength());
            }
            newTag = m.isAead() ? m.defaultTagLength() : 0;
        } else if (params instanceof GCMParameterSpec) {
            if (!m.isAead()) {
                throw new InvalidAlgorithmParameterException("GCMParameterSpec needs GCM or CCM mode, not " + m);
            }
            GCMParameterSpec g = (GCMParameterSpec) params;
            m.checkTagLength(g.getTLen());
            newIv = g.getIV();
            newTag = g.getTLen() / 8;
        } else if (params instanceof IvParameterSpec) {
            if (m.isAead() && params.getClass() != IvParameterSpec.class) {
                // A subclass (BouncyCastle's AEADParameterSpec, say) may carry a tag length or
                // associated data that this provider cannot read; ignoring them would be silent harm.
                throw new InvalidAlgorithmParameterException(params.getClass().getName()
                        + " is not supported for SM4/" + m + ": use GCMParameterSpec and Cipher.updateAAD");
            }
            newIv = ((IvParameterSpec) params).getIV();
            newTag = m.isAead() ? m.defaultTagLength() : 0;
        } else {
            throw new InvalidAlgorithmParameterException(
                    "SM4/" + m + " takes IvParameterSpec or GCMParameterSpec, not " + params.getClass().getName());
        }
        if (newIv != null) {
            m.checkIv(newIv);
        }

        byte[] k = JcaConventions.keyBytes(key, "SM4", Sm4Engine.KEY_SIZE);
        try {
            if (encrypt && m.refusesIvReuse() && lastEncryptionKey != null
                    && Bytes.constantTimeEquals(k, lastEncryptionKey) && Arrays.equals(newIv, lastEncryptionIv)) {
                throw new InvalidAlgorithmParameterException("Cannot reuse iv for " + m + " encryption");
            }
            // The usual JCA pattern is one init per message under the same key: keep the expanded key
            // and, for GCM, the GHASH table (Sm4Gcm.resetWithIv) instead of rebuilding them.
            boolean sameKey = engine != null && Bytes.constantTimeEquals(k, engineKey);
            Sm4Engine newEngine = sameKey ? engine : engines.newEngine(k);
            Sm4Cipher newCipher;
            try {
                if (sameKey && cipher instanceof Sm4Gcm && encrypting == encrypt && tagLength == newTag) {
                    ((Sm4Gcm) cipher).resetWithIv(newIv);
                    newCipher = cipher;
                } else {
                    Sm4Padding p = m.allowsPadding() ? (padding != null ? padding : Sm4Padding.PKCS7) : Sm4Padding.NONE;
                    newCipher = m.open(newEngine, encrypt, newIv, newTag, p);
                }
            } catch (IllegalArgumentException e) {
                if (!sameKey) {
                    newEngine.destroy();
                }
                throw new InvalidAlgorithmParameterException(e.getMessage(), e);
            }

            if (cipher != null && cipher != newCipher) {
                cipher.destroy();
            }
            if (!sameKey) {
                if (engine != null) {
                    engine.destroy();
                }
                Bytes.wipe(engineKey);
                engineKey = k.clone();
                engine = newEngine;
            }
            cipher = newCipher;
            aead = m.isAead() ? (Sm4AeadCipher) newCipher : null;
            encrypting = encrypt;
            iv = newIv;
            tagLength = newTag;
            needsReinit = false;
            counterBytesLimit = m == Sm4Mode.CTR ? counterLimit(newIv.length) : Long.MAX_VALUE;
            counterBytesLeft = counterBytesLimit;
            if (encrypt && m.refusesIvReuse()) {
                Bytes.wipe(lastEncryptionKey);
                lastEncryptionKey = k.clone();
                lastEncryptionIv = newIv.clone();
            }
        } finally {
            Bytes.wipe(k);
        }
    }

    /** Bytes a CTR message may have before an IV of ivLength bytes would be changed by the counter. */
    private static long counterLimit(int ivLength) {
        int counterBits = 8 * (Sm4Engine.BLOCK_SIZE - ivLength);
        // 16 bytes per block, 2^counterBits blocks; 2^60 bytes and beyond is "unlimited" here.
        return counterBits >= 59 || counterBits == 0 ? Long.MAX_VALUE : 16L << counterBits;
    }

    @Override
    protected void engineUpdateAAD(byte[] src, int offset, int len) {
        Sm4AeadCipher a = requireAead();
        a.updateAad(src, offset, len);
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        Sm4Cipher c = requireReady();
        byte[] out = sized(c.updateOutputSize(inputLen));
        int n = update(c, input, inputOffset, inputLen, out, 0);
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        Sm4Cipher c = requireReady();
        checkSpace(output, outputOffset, c.updateOutputSize(inputLen));
        return update(c, input, inputOffset, inputLen, output, outputOffset);
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        Sm4Cipher c = requireReady();
        byte[] out = sized(c.finalOutputSize(inputLen));
        int n = doFinal(c, input, inputOffset, inputLen, out, 0);
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        Sm4Cipher c = requireReady();
        checkSpace(output, outputOffset, c.finalOutputSize(inputLen));
        return doFinal(c, input, inputOffset, inputLen, output, outputOffset);
    }

    private int update(Sm4Cipher c, byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (in == null) {
            // The JCA allows update(null) meaning "no input".
            in = EMPTY;
            inOff = 0;
            len = 0;
        }
        countCounterBytes(len);
        // The output of one call is at most len plus one held-back block.
        if (OverlapScratch.overlapsShifted(in, inOff, len, out, outOff, Sm4Engine.BLOCK_SIZE)) {
            try {
                return c.update(scratch.copy(in, inOff, len), 0, len, out, outOff);
            } finally {
                scratch.wipe(len);
            }
        }
        return c.update(in, inOff, len, out, outOff);
    }

    private int doFinal(Sm4Cipher c, byte[] in, int inOff, int len, byte[] out, int outOff)
            throws IllegalBlockSizeException, BadPaddingException {
        if (in == null) {
            in = EMPTY;
            inOff = 0;
            len = 0;
        }
        countCounterBytes(len);
        boolean detached = OverlapScratch.overlapsShifted(in, inOff, len, out, outOff, Sm4Engine.BLOCK_SIZE);
        if (detached) {
            in = scratch.copy(in, inOff, len);
            inOff = 0;
        }
        boolean done = false;
        try {
            int n = c.doFinal(in, inOff, len, out, outOff);
            done = true;
            return n;
        } finally {
            if (detached) {
                scratch.wipe(len);
            }
            counterBytesLeft = counterBytesLimit;
            if (!done) {
                // A failed doFinal (bad padding, bad tag, partial block) still ends the message, as in the JDK.
                c.reset();
            } else if (encrypting && mode.refusesIvReuse()) {
                needsReinit = true;
            }
        }
    }

    /** Refuses CTR input that would carry the counter into a short IV (BouncyCastle's SIC check). */
    private void countCounterBytes(int len) {
        if (counterBytesLimit != Long.MAX_VALUE) {
            if (len > counterBytesLeft) {
                throw new IllegalStateException("Counter in CTR mode out of range: an IV of " + iv.length
                        + " bytes allows " + counterBytesLimit + " bytes per message");
            }
            counterBytesLeft -= len;
        }
    }

    private static byte[] sized(int n) {
        return n == 0 ? EMPTY : new byte[n];
    }

    private static void checkSpace(byte[] output, int outputOffset, int needed) throws ShortBufferException {
        if (output == null || outputOffset < 0 || output.length - outputOffset < needed) {
            throw new ShortBufferException("output buffer too short: need " + needed + " bytes from offset "
                    + outputOffset + ", have " + (output == null ? 0 : output.length - outputOffset));
        }
    }

    private Sm4Cipher requireCipher() {
        if (cipher == null) {
            throw new IllegalStateException("Cipher not initialized");
        }
        return cipher;
    }

    private Sm4Cipher requireReady() {
        Sm4Cipher c = requireCipher();
        if (needsReinit) {
            throw new IllegalStateException("Must use either different key or iv for " + mode + " encryption");
        }
        return c;
    }

    private Sm4AeadCipher requireAead() {
        requireReady();
        if (aead == null) {
            throw new UnsupportedOperationException("AAD is not supported in SM4/" + mode + " mode");
        }
        return aead;
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        return JcaConventions.wrap(this::wrapBytes, key);
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        return JcaConventions.unwrap(this::wrapBytes, wrappedKey, wrappedKeyAlgorithm, wrappedKeyType);
    }

    private byte[] wrapBytes(byte[] data) throws IllegalBlockSizeException, BadPaddingException {
        return engineDoFinal(data, 0, data.length);
    }
}
