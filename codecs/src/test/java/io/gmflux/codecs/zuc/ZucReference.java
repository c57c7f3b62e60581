package io.gmflux.codecs.zuc;

import org.bouncycastle.crypto.engines.Zuc128CoreEngine;
import org.bouncycastle.crypto.engines.Zuc256CoreEngine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * Test oracles: BouncyCastle's ZUC engines without their per-key/IV length cap (the cap is a
 * policy in {@code getMaxIterations()}, not part of the algorithm), and bit-by-bit MACs written
 * straight from the specifications (TS 35.223 §4.4 for 128-EIA3, ZUC-256 draft §3), deliberately
 * naive so they share nothing with the word-wise code under test.
 */
final class ZucReference {

    private ZucReference() {
    }

    private static final class Uncapped128 extends Zuc128CoreEngine {
        @Override
        protected int getMaxIterations() {
            return Integer.MAX_VALUE;
        }
    }

    private static final class Uncapped256 extends Zuc256CoreEngine {
        Uncapped256() {
            super();
        }

        Uncapped256(int macBits) {
            super(macBits);
        }

        @Override
        protected int getMaxIterations() {
            return Integer.MAX_VALUE;
        }
    }

    /** {@code n} keystream bytes of ZUC-128 from BouncyCastle, any length. */
    static byte[] zuc128Keystream(byte[] key, byte[] iv, int n) {
        Zuc128CoreEngine e = new Uncapped128();
        e.init(true, new ParametersWithIV(new KeyParameter(key), iv));
        byte[] out = new byte[n];
        e.processBytes(new byte[n], 0, n, out, 0);
        return out;
    }

    /** {@code n} keystream bytes of ZUC-256 (25-byte IV) from BouncyCastle; macBits 0 = keystream constants. */
    static byte[] zuc256Keystream(byte[] key, byte[] iv25, int macBits, int n) {
        Zuc256CoreEngine e = macBits == 0 ? new Uncapped256() : new Uncapped256(macBits);
        e.init(true, new ParametersWithIV(new KeyParameter(key), iv25));
        byte[] out = new byte[n];
        e.processBytes(new byte[n], 0, n, out, 0);
        return out;
    }

    /** Bit i (0 = most significant bit of byte 0) of {@code b}. */
    static int bit(byte[] b, long i) {
        return (b[(int) (i >>> 3)] >>> (7 - (int) (i & 7))) & 1;
    }

    /** The {@code w} bits of {@code z} starting at bit {@code i}, one bit at a time, as a big-endian byte array. */
    static byte[] bits(byte[] z, long i, int w) {
        byte[] out = new byte[w / 8];
        for (int j = 0; j < w; j++) {
            out[j >>> 3] |= (byte) (bit(z, i + j) << (7 - (j & 7)));
        }
        return out;
    }

    static int word(byte[] b) {
        return ((b[0] & 0xFF) << 24) | ((b[1] & 0xFF) << 16) | ((b[2] & 0xFF) << 8) | (b[3] & 0xFF);
    }

    /** The 128-EIA3 IV of TS 35.221 §4.3, written out byte by byte. */
    static byte[] eia3Iv(int count, int bearer, int direction) {
        byte[] iv = new byte[16];
        iv[0] = (byte) (count >>> 24);
        iv[1] = (byte) (count >>> 16);
        iv[2] = (byte) (count >>> 8);
        iv[3] = (byte) count;
        iv[4] = (byte) (bearer << 3);
        iv[8] = (byte) (iv[0] ^ (direction << 7));
        iv[9] = iv[1];
        iv[10] = iv[2];
        iv[11] = iv[3];
        iv[12] = iv[4];
        iv[14] = (byte) (direction << 7);
        return iv;
    }

    /** The 128-EEA3 IV of TS 35.221 §3.3. */
    static byte[] eea3Iv(int count, int bearer, int direction) {
        byte[] iv = new byte[16];
        for (int half = 0; half < 16; half += 8) {
            iv[half] = (byte) (count >>> 24);
            iv[half + 1] = (byte) (count >>> 16);
            iv[half + 2] = (byte) (count >>> 8);
            iv[half + 3] = (byte) count;
            iv[half + 4] = (byte) ((bearer << 3) | (direction << 2));
        }
        return iv;
    }

    /** 128-EIA3 over the first {@code lengthBits} bits of {@code msg}, bit by bit (TS 35.223 §4.4). */
    static int eia3(byte[] key, byte[] iv, byte[] msg, long lengthBits) {
        int words = (int) ((lengthBits + 31) / 32) + 2;
        byte[] z = zuc128Keystream(key, iv, 4 * words);
        int t = 0;
        for (long i = 0; i < lengthBits; i++) {
            if (bit(msg, i) == 1) {
                t ^= word(bits(z, i, 32));
            }
        }
        t ^= word(bits(z, lengthBits, 32));
        return t ^ word(bits(z, 32L * (words - 1), 32));
    }

    /** The ZUC-256 MAC of the first {@code lengthBits} bits of {@code msg}, bit by bit (draft §3). */
    static byte[] zuc256Mac(byte[] key, byte[] iv25, int tagBits, byte[] msg, long lengthBits) {
        int bytes = (int) ((lengthBits + 2L * tagBits) / 8) + 8;
        byte[] z = zuc256Keystream(key, iv25, tagBits, bytes);
        byte[] tag = bits(z, 0, tagBits);
        for (long i = 0; i < lengthBits; i++) {
            if (bit(msg, i) == 1) {
                xorInto(tag, bits(z, tagBits + i, tagBits));
            }
        }
        xorInto(tag, bits(z, tagBits + lengthBits, tagBits));
        return tag;
    }

    private static void xorInto(byte[] a, byte[] b) {
        for (int i = 0; i < a.length; i++) {
            a[i] ^= b[i];
        }
    }

    /** Packs a 25-byte ZUC-256 IV (IV17..IV24 six bits each) into the 23-byte form, bit by bit. */
    static byte[] packIv(byte[] iv25) {
        byte[] out = new byte[23];
        System.arraycopy(iv25, 0, out, 0, 17);
        int bitPos = 17 * 8;
        for (int i = 17; i < 25; i++) {
            for (int b = 5; b >= 0; b--) {
                if (((iv25[i] >>> b) & 1) != 0) {
                    out[bitPos >>> 3] |= (byte) (0x80 >>> (bitPos & 7));
                }
                bitPos++;
            }
        }
        return out;
    }

    /** Unpacks a 23-byte ZUC-256 IV into the 25-byte form (IV17..IV24 six bits each), bit by bit. */
    static byte[] unpackIv(byte[] iv23) {
        byte[] out = new byte[25];
        System.arraycopy(iv23, 0, out, 0, 17);
        int bitPos = 17 * 8;
        for (int i = 17; i < 25; i++) {
            for (int b = 5; b >= 0; b--) {
                out[i] |= (byte) (bit(iv23, bitPos++) << b);
            }
        }
        return out;
    }
}
