package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;

/**
 * SM4 in CFB mode with 128-bit feedback (GB/T 17964 §6.4): {@code C_i = P_i xor E(C_{i-1})},
 * {@code C_{-1} = IV}. Any length (a partial last block uses part of the keystream). Serial: one
 * engine call per block.
 *
 * <p>The factories are thread-safe; the returned {@link Sm4Cipher} is not (one message at a time)
 * and does not destroy the engine it was given.
 */
public final class Sm4Cfb {

    private Sm4Cfb() {
    }

    /**
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code iv} is not 16 bytes
     */
    public static Sm4Cipher encryptor(Sm4Engine engine, byte[] iv) {
        return new Cipher(engine, true, iv);
    }

    /**
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code iv} is not 16 bytes
     */
    public static Sm4Cipher decryptor(Sm4Engine engine, byte[] iv) {
        return new Cipher(engine, false, iv);
    }

    private static final class Cipher extends Sm4StreamModeCipher {

        private final byte[] iv;

        Cipher(Sm4Engine engine, boolean encrypting, byte[] iv) {
            super(engine, encrypting, true);
            this.iv = checkIv(iv);
            resetChain();
        }

        @Override
        void blocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
            // keystream holds C_{i-1}; encrypt it in place, XOR, and keep C_i as the next feedback.
            byte[] ks = keystream;
            for (int i = 0; i < blocks; i++) {
                int o = i * BLOCK;
                engine.encryptBlocks(ks, 0, ks, 0, 1);
                long x0 = Bytes.getLongBE(in, inOff + o);
                long x1 = Bytes.getLongBE(in, inOff + o + 8);
                long y0 = x0 ^ Bytes.getLongBE(ks, 0);
                long y1 = x1 ^ Bytes.getLongBE(ks, 8);
                Bytes.putLongBE(out, outOff + o, y0);
                Bytes.putLongBE(out, outOff + o + 8, y1);
                Bytes.putLongBE(ks, 0, encrypting ? y0 : x0);
                Bytes.putLongBE(ks, 8, encrypting ? y1 : x1);
            }
        }

        @Override
        void nextKeystream() {
            engine.encryptBlocks(keystream, 0, keystream, 0, 1);
        }

        @Override
        void resetChain() {
            System.arraycopy(iv, 0, keystream, 0, BLOCK);
        }

        @Override
        void wipeChain() {
            Bytes.wipe(iv);
        }
    }
}
