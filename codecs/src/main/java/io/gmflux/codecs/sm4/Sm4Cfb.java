package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;

/**
 * SM4 in CFB mode with 128-bit feedback (GB/T 17964; NIST SP 800-38A §6.3): {@code C_i = P_i xor E(C_{i-1})},
 * {@code C_{-1} = IV}. Any length (a partial last block uses part of the keystream). Whole blocks
 * go through {@link Sm4Engine#encryptCfb}/{@link Sm4Engine#decryptCfb}: encryption is serial,
 * decryption runs four blocks at a time in the table engine.
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
            // keystream holds C_{i-1} (the feedback register) between blocks.
            if (encrypting) {
                engine.encryptCfb(keystream, in, inOff, out, outOff, blocks);
            } else {
                engine.decryptCfb(keystream, in, inOff, out, outOff, blocks);
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
