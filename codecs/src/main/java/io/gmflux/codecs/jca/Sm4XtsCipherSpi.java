package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Xts;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * Cipher "SM4/XTS-GB/NoPadding" (alias "SM4/XTS/NoPadding") and "SM4/XTS-IEEE/NoPadding":
 * {@link Sm4Xts} in the GB/T 17964-2021 or the IEEE 1619 variant. The key is 32 bytes,
 * Key1 (data) || Key2 (tweak), as OpenSSL, GmSSL and gmsm take it; the IV is the 16-byte tweak
 * (typically the sector number), and is required: there is no sensible random default.
 *
 * <p>One {@code doFinal} is one data unit (16 bytes to 2^24): {@code update} only collects input
 * and returns nothing, because the last two blocks of a unit depend on its length. A unit of the
 * wrong length is an {@link IllegalBlockSizeException}. After {@code doFinal} the cipher is ready
 * for the next unit under the same key and tweak. Keys whose halves are equal are refused for
 * encryption (IEEE 1619-2018 §5.1 requires independent keys; OpenSSL's FIPS provider refuses them
 * for encryption too) and accepted for decryption, so that existing data stays readable.
 *
 * <p>Not thread-safe, as every {@code CipherSpi}. A new init destroys the previous engines; the
 * collected input is wiped after each {@code doFinal}.
 */
final class Sm4XtsCipherSpi extends CipherSpi {

    private static final byte[] EMPTY = new byte[0];
    private static final int KEY_LENGTH = 2 * Sm4Engine.KEY_SIZE;
    private static final int MAX_UNIT = Sm4Engine.BLOCK_SIZE << 20;

    private final Provider provider;
    private final GmfluxProvider.Sm4Implementation engines;
    private final Sm4Xts.Variant variant;
    private final String algorithm;

    private Sm4Engine dataKey;
    private Sm4Engine tweakKey;
    private Sm4Xts xts;
    private boolean encrypting;
    private byte[] tweak;
    /** The data unit collected so far; {@code length} may exceed what is kept once past the maximum. */
    private byte[] unit = EMPTY;
    private long length;

    /**
     * @param provider the provider whose AlgorithmParameters {@link #engineGetParameters} returns
     * @param engines the SM4 engine to expand keys into
     * @param variant the XTS variant
     * @param algorithm the transformation, for messages
     */
    Sm4XtsCipherSpi(Provider provider, GmfluxProvider.Sm4Implementation engines, Sm4Xts.Variant variant,
            String algorithm) {
        this.provider = provider;
        this.engines = engines;
        this.variant = variant;
        this.algorithm = algorithm;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        throw new NoSuchAlgorithmException(algorithm + " names its mode; cannot set " + mode);
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException(algorithm + " takes NoPadding only, not " + padding);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return Sm4Engine.BLOCK_SIZE;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        return (int) Math.min(Integer.MAX_VALUE, length + inputLen);
    }

    @Override
    protected byte[] engineGetIV() {
        return tweak == null ? null : tweak.clone();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return tweak == null ? null : JcaConventions.parameters(provider, "SM4", new IvParameterSpec(tweak));
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        Bytes.wipe(JcaConventions.keyBytes(key, algorithm, KEY_LENGTH));
        return KEY_LENGTH * 8;
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
        engineInit(opmode, key, JcaConventions.ivSpecOf(params, algorithm), random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean encrypt = JcaConventions.isEncrypt(opmode);
        if (!(params instanceof IvParameterSpec)) {
            throw new InvalidAlgorithmParameterException(algorithm + " needs the 16-byte tweak as an IvParameterSpec, got "
                    + (params == null ? "none" : params.getClass().getName()));
        }
        byte[] newTweak = ((IvParameterSpec) params).getIV();
        if (newTweak.length != Sm4Engine.BLOCK_SIZE) {
            throw new InvalidAlgorithmParameterException(
                    algorithm + " tweak must be 16 bytes long, got " + newTweak.length);
        }
        byte[] k = JcaConventions.keyBytes(key, algorithm, KEY_LENGTH);
        try {
            byte[] k1 = Arrays.copyOfRange(k, 0, Sm4Engine.KEY_SIZE);
            byte[] k2 = Arrays.copyOfRange(k, Sm4Engine.KEY_SIZE, KEY_LENGTH);
            boolean sameHalves = MessageDigest.isEqual(k1, k2);
            if (encrypt && sameHalves) {
                Bytes.wipe(k1);
                Bytes.wipe(k2);
                throw new InvalidKeyException(algorithm + " encryption needs two independent keys: "
                        + "the key's halves (Key1, Key2) are equal");
            }
            clearState();
            dataKey = engines.newEngine(k1);
            tweakKey = engines.newEngine(k2);
            Bytes.wipe(k1);
            Bytes.wipe(k2);
        } finally {
            Bytes.wipe(k);
        }
        xts = new Sm4Xts(dataKey, tweakKey, variant);
        encrypting = encrypt;
        tweak = newTweak;
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        collect(input, inputOffset, inputLen);
        return EMPTY;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset) {
        collect(input, inputOffset, inputLen);
        return 0;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen) throws IllegalBlockSizeException {
        collect(input, inputOffset, inputLen);
        byte[] out = new byte[checkedLength()];
        finish(out, 0);
        return out;
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException {
        requireInit();
        long needed = length + inputLen;
        boolean validLength = needed >= Sm4Engine.BLOCK_SIZE && needed <= MAX_UNIT;
        if (validLength && (output == null || outputOffset < 0 || output.length - outputOffset < needed)) {
            // Checked before anything is consumed, so that the caller can retry with a larger buffer.
            throw new ShortBufferException("output buffer too short: need " + needed + " bytes");
        }
        collect(input, inputOffset, inputLen);
        int n = checkedLength();
        finish(output, outputOffset);
        return n;
    }

    /** Appends input to the unit; past the maximum unit length only the count goes on. */
    private void collect(byte[] input, int inputOffset, int inputLen) {
        requireInit();
        if (inputLen <= 0) {
            return;
        }
        long total = length + inputLen;
        if (total <= MAX_UNIT) {
            if (unit.length < total) {
                byte[] grown = Arrays.copyOf(unit, (int) Math.min(MAX_UNIT, Math.max(total, 2L * unit.length)));
                Bytes.wipe(unit);
                unit = grown;
            }
            System.arraycopy(input, inputOffset, unit, (int) length, inputLen);
        }
        length = total;
    }

    /** The unit's length; ends the unit with an exception if it is not 16 to 2^24 bytes. */
    private int checkedLength() throws IllegalBlockSizeException {
        if (length < Sm4Engine.BLOCK_SIZE || length > MAX_UNIT) {
            long n = length;
            resetUnit();
            throw new IllegalBlockSizeException(algorithm + " data unit must be 16 to 2^24 bytes, got " + n);
        }
        return (int) length;
    }

    /** Encrypts or decrypts the collected unit into {@code out} and starts the next one. */
    private void finish(byte[] out, int outOff) {
        int n = (int) length;
        try {
            if (encrypting) {
                xts.encrypt(tweak, unit, 0, n, out, outOff);
            } else {
                xts.decrypt(tweak, unit, 0, n, out, outOff);
            }
        } finally {
            resetUnit();
        }
    }

    private void resetUnit() {
        Arrays.fill(unit, 0, (int) Math.min(length, unit.length), (byte) 0);
        length = 0;
    }

    private void requireInit() {
        if (xts == null) {
            throw new IllegalStateException("Cipher not initialized");
        }
    }

    private void clearState() {
        if (xts != null) {
            xts.destroy();
            xts = null;
        }
        if (dataKey != null) {
            dataKey.destroy();
            tweakKey.destroy();
            dataKey = null;
            tweakKey = null;
        }
        resetUnit();
        tweak = null;
    }
}
