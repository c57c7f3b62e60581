package io.gmflux.codecs.jca;

import io.gmflux.codecs.sm4.Sm4Cbc;
import io.gmflux.codecs.sm4.Sm4Ccm;
import io.gmflux.codecs.sm4.Sm4Cfb;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Ctr;
import io.gmflux.codecs.sm4.Sm4Ecb;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import io.gmflux.codecs.sm4.Sm4Ofb;
import io.gmflux.codecs.sm4.Sm4Padding;
import java.security.InvalidAlgorithmParameterException;
import java.util.Arrays;
import java.util.Locale;

/**
 * The SM4 modes the provider offers: the one place that knows, per mode, which IV and tag lengths
 * are valid (as BouncyCastle's provider accepts them, minus what is unsafe) and which
 * {@link Sm4Cipher} factory of {@code io.gmflux.codecs.sm4} to call. Everything else about driving
 * a mode is shared, in {@link Sm4CipherSpi}.
 */
enum Sm4Mode {

    ECB(0, 0, 0) {
        @Override
        Sm4Cipher open(Sm4Engine engine, boolean encrypt, byte[] iv, int tagLength, Sm4Padding padding) {
            return encrypt ? Sm4Ecb.encryptor(engine, padding) : Sm4Ecb.decryptor(engine, padding);
        }
    },
    CBC(16, 16, 16) {
        @Override
        Sm4Cipher open(Sm4Engine engine, boolean encrypt, byte[] iv, int tagLength, Sm4Padding padding) {
            return encrypt ? Sm4Cbc.encryptor(engine, iv, padding) : Sm4Cbc.decryptor(engine, iv, padding);
        }
    },
    /**
     * CTR as BouncyCastle's SIC: an IV of 8 to 16 bytes is the high part of the first counter
     * block, the rest is zero; the counter may not carry into the IV part (checked by the SPI).
     */
    CTR(16, 8, 16) {
        @Override
        Sm4Cipher open(Sm4Engine engine, boolean encrypt, byte[] iv, int tagLength, Sm4Padding padding) {
            byte[] counter = iv.length == 16 ? iv : Arrays.copyOf(iv, 16);
            return encrypt ? Sm4Ctr.encryptor(engine, counter) : Sm4Ctr.decryptor(engine, counter);
        }
    },
    /** CFB-128 (BouncyCastle's "CFB"). */
    CFB(16, 16, 16) {
        @Override
        Sm4Cipher open(Sm4Engine engine, boolean encrypt, byte[] iv, int tagLength, Sm4Padding padding) {
            return encrypt ? Sm4Cfb.encryptor(engine, iv) : Sm4Cfb.decryptor(engine, iv);
        }
    },
    OFB(16, 16, 16) {
        @Override
        Sm4Cipher open(Sm4Engine engine, boolean encrypt, byte[] iv, int tagLength, Sm4Padding padding) {
            return encrypt ? Sm4Ofb.encryptor(engine, iv) : Sm4Ofb.decryptor(engine, iv);
        }
    },
    /**
     * GCM (NIST SP 800-38D, RFC 8998): any nonce length from 1 byte, 12 by default; tags of 96 to
     * 128 bits, 128 by default (BouncyCastle also allows 32 to 88 bits; SP 800-38D §5.2.1.2 and
     * the JDK do not).
     */
    GCM(12, 1, Integer.MAX_VALUE) {
        @Override
        Sm4Cipher open(Sm4Engine engine, boolean encrypt, byte[] iv, int tagLength, Sm4Padding padding) {
            return encrypt ? Sm4Gcm.encryptor(engine, iv, tagLength) : Sm4Gcm.decryptor(engine, iv, tagLength);
        }

        @Override
        int defaultTagLength() {
            return 16;
        }

        @Override
        void checkTagLength(int tagBits) throws InvalidAlgorithmParameterException {
            if (tagBits < 96 || tagBits > 128 || tagBits % 8 != 0) {
                throw new InvalidAlgorithmParameterException(
                        "GCM tag length must be 96, 104, 112, 120 or 128 bits, got " + tagBits);
            }
        }
    },
    /**
     * CCM (NIST SP 800-38C, RFC 8998): nonces of 7 to 13 bytes, 12 by default; tags of 4 to 16
     * bytes in steps of 2, and 8 bytes when only an IvParameterSpec is given (BouncyCastle's
     * default, so that its ciphertexts decrypt here unchanged).
     */
    CCM(12, 7, 13) {
        @Override
        Sm4Cipher open(Sm4Engine engine, boolean encrypt, byte[] iv, int tagLength, Sm4Padding padding) {
            return encrypt ? Sm4Ccm.encryptor(engine, iv, tagLength) : Sm4Ccm.decryptor(engine, iv, tagLength);
        }

        @Override
        int defaultTagLength() {
            return 8;
        }

        @Override
        void checkTagLength(int tagBits) throws InvalidAlgorithmParameterException {
            if (tagBits < 32 || tagBits > 128 || tagBits % 16 != 0) {
                throw new InvalidAlgorithmParameterException(
                        "CCM tag length must be one of 32, 48, ..., 128 bits, got " + tagBits);
            }
        }
    };

    /** The value of the service's {@code SupportedModes} attribute. */
    static final String SUPPORTED_MODES = "ECB|CBC|CTR|SIC|CFB|CFB128|OFB|OFB128|GCM|CCM";

    private final int defaultIvLength;
    private final int minIvLength;
    private final int maxIvLength;

    Sm4Mode(int defaultIvLength, int minIvLength, int maxIvLength) {
        this.defaultIvLength = defaultIvLength;
        this.minIvLength = minIvLength;
        this.maxIvLength = maxIvLength;
    }

    /**
     * Creates the mode object over {@code engine}.
     *
     * @param iv the IV as checked by {@link #checkIv}; unused by ECB
     * @param tagLength the tag length in bytes (AEAD modes only)
     * @param padding NONE except for ECB and CBC
     */
    abstract Sm4Cipher open(Sm4Engine engine, boolean encrypt, byte[] iv, int tagLength, Sm4Padding padding);

    /** Whether the mode takes an IV (all but ECB). */
    boolean usesIv() {
        return defaultIvLength != 0;
    }

    /** The length of the random IV drawn when encryption starts without one. */
    int defaultIvLength() {
        return defaultIvLength;
    }

    boolean isAead() {
        return this == GCM || this == CCM;
    }

    /**
     * Whether encrypting twice under one key and IV repeats a keystream (CTR, OFB, CFB's first
     * block, GCM, CCM), so that the cipher refuses it; ECB and CBC only leak equal prefixes.
     */
    boolean refusesIvReuse() {
        return isAead() || this == CTR || this == OFB || this == CFB;
    }

    /** Whether a padding other than NoPadding applies (block-aligned modes only). */
    boolean allowsPadding() {
        return this == ECB || this == CBC;
    }

    /** The tag length in bytes when the parameters do not give one (AEAD modes only). */
    int defaultTagLength() {
        throw new IllegalStateException(this + " has no tag");
    }

    /** Refuses a tag length (in bits) the mode does not allow (AEAD modes only). */
    void checkTagLength(int tagBits) throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException(this + " mode takes no tag length");
    }

    /** Refuses an IV the mode does not allow. */
    void checkIv(byte[] iv) throws InvalidAlgorithmParameterException {
        if (!usesIv()) {
            throw new InvalidAlgorithmParameterException("ECB mode does not use an IV");
        }
        if (iv.length < minIvLength || iv.length > maxIvLength) {
            String expected = minIvLength == maxIvLength ? String.valueOf(minIvLength)
                    : maxIvLength == Integer.MAX_VALUE ? "at least " + minIvLength
                    : minIvLength + " to " + maxIvLength;
            throw new InvalidAlgorithmParameterException(
                    "SM4/" + this + " IV must be " + expected + " bytes long, got " + iv.length);
        }
    }

    /**
     * The mode of a transformation's mode part, case-insensitively, with BouncyCastle's aliases
     * (SIC for CTR, CFB128 and OFB128 for CFB and OFB).
     *
     * @return null if the mode is not offered
     */
    static Sm4Mode forName(String name) {
        switch (name.toUpperCase(Locale.ROOT)) {
            case "ECB":
                return ECB;
            case "CBC":
                return CBC;
            case "CTR":
            case "SIC":
                return CTR;
            case "CFB":
            case "CFB128":
                return CFB;
            case "OFB":
            case "OFB128":
                return OFB;
            case "GCM":
                return GCM;
            case "CCM":
                return CCM;
            default:
                return null;
        }
    }
}
