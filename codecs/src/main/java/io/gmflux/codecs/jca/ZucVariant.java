package io.gmflux.codecs.jca;

import io.gmflux.codecs.zuc.Zuc128;
import io.gmflux.codecs.zuc.Zuc128Mac;
import io.gmflux.codecs.zuc.Zuc256;
import io.gmflux.codecs.zuc.Zuc256Mac;
import java.security.InvalidAlgorithmParameterException;

/**
 * ZUC-128 (GB/T 33133, 3GPP 128-EEA3/EIA3 core) and ZUC-256, as BouncyCastle's provider names and
 * sizes them: the one place that knows key and IV lengths and which primitive of
 * {@code io.gmflux.codecs.zuc} to open, for the cipher and the MAC SPIs alike.
 */
enum ZucVariant {

    ZUC_128("ZUC-128", "ZUC128", 16, 16) {
        @Override
        Keystream openKeystream(byte[] key, byte[] iv) {
            Zuc128 z = new Zuc128(key, iv);
            return new Keystream() {
                @Override
                public void xor(byte[] in, int inOff, int len, byte[] out, int outOff) {
                    z.xorKeystream(in, inOff, len, out, outOff);
                }

                @Override
                public void destroy() {
                    z.destroy();
                }
            };
        }

        @Override
        MacFunction openMac(byte[] key, byte[] iv, int tagBits) {
            Zuc128Mac m = new Zuc128Mac(key, iv);
            return new MacFunction() {
                @Override
                public void update(byte b) {
                    m.update(b);
                }

                @Override
                public void update(byte[] in, int off, int len) {
                    m.update(in, off, len);
                }

                @Override
                public byte[] doFinal() {
                    return m.doFinal();
                }

                @Override
                public void reset() {
                    m.reset();
                }

                @Override
                public void destroy() {
                    m.destroy();
                }
            };
        }
    },

    /**
     * ZUC-256: the IV is BouncyCastle's 25-byte form (IV0..IV16 bytes, then IV17..IV24 as 6-bit
     * values, one per byte, whose top two bits are ignored, as in BouncyCastle)
     * or, beyond BouncyCastle, the 23-byte packed form of GmSSL.
     */
    ZUC_256("ZUC-256", "ZUC256", 32, 25) {
        @Override
        Keystream openKeystream(byte[] key, byte[] iv) {
            Zuc256 z = new Zuc256(key, iv);
            return new Keystream() {
                @Override
                public void xor(byte[] in, int inOff, int len, byte[] out, int outOff) {
                    z.xorKeystream(in, inOff, len, out, outOff);
                }

                @Override
                public void destroy() {
                    z.destroy();
                }
            };
        }

        @Override
        MacFunction openMac(byte[] key, byte[] iv, int tagBits) {
            Zuc256Mac m = new Zuc256Mac(key, iv, tagBits);
            return new MacFunction() {
                @Override
                public void update(byte b) {
                    m.update(b);
                }

                @Override
                public void update(byte[] in, int off, int len) {
                    m.update(in, off, len);
                }

                @Override
                public byte[] doFinal() {
                    return m.doFinal();
                }

                @Override
                public void reset() {
                    m.reset();
                }

                @Override
                public void destroy() {
                    m.destroy();
                }
            };
        }

        @Override
        void checkIv(byte[] iv) throws InvalidAlgorithmParameterException {
            if (iv.length != 25 && iv.length != 23) {
                throw new InvalidAlgorithmParameterException(
                        "ZUC-256 IV must be 25 bytes (or 23 bytes packed), got " + iv.length);
            }
        }
    };

    /** The JCA algorithm name. */
    final String algorithm;
    /** The algorithm name of generated keys (BouncyCastle's: "ZUC128", "ZUC256"). */
    final String keyAlgorithm;
    /** Key length in bytes. */
    final int keyLength;
    /** Length in bytes of the IV drawn when encryption starts without one. */
    final int defaultIvLength;

    ZucVariant(String algorithm, String keyAlgorithm, int keyLength, int defaultIvLength) {
        this.algorithm = algorithm;
        this.keyAlgorithm = keyAlgorithm;
        this.keyLength = keyLength;
        this.defaultIvLength = defaultIvLength;
    }

    /** A keystream generator over a checked key and IV . */
    abstract Keystream openKeystream(byte[] key, byte[] iv);

    /** A MAC over a checked key and IV . */
    abstract MacFunction openMac(byte[] key, byte[] iv, int tagBits);

    /** Refuses an IV of a length the variant does not take. */
    void checkIv(byte[] iv) throws InvalidAlgorithmParameterException {
        if (iv.length != defaultIvLength) {
            throw new InvalidAlgorithmParameterException(
                    algorithm + " IV must be " + defaultIvLength + " bytes, got " + iv.length);
        }
    }

    /** A running ZUC keystream, XORed onto data at byte granularity. */
    interface Keystream {
        void xor(byte[] in, int inOff, int len, byte[] out, int outOff);

        void destroy();
    }

    /** A running ZUC MAC; {@code doFinal} returns the tag and restarts for the same key and IV. */
    interface MacFunction {
        void update(byte b);

        void update(byte[] in, int off, int len);

        byte[] doFinal();

        void reset();

        void destroy();
    }
}
