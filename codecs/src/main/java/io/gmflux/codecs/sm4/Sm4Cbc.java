package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;

/**
 * SM4 in CBC mode (GB/T 17964; NIST SP 800-38A §6.2), with PKCS#7 or no padding. The IV must be 16 bytes and
 * unpredictable for each message. Encryption is serial; decryption runs four blocks at a time
 * in the table engine ({@link Sm4Engine#decryptCbc}).
 *
 * <p>CBC with padding, decrypted by a party that reports bad padding, is a padding oracle: pair
 * it with a MAC checked before decryption, or use GCM.
 *
 * <p>The factories are thread-safe; the returned {@link Sm4Cipher} is not (one message at a time)
 * and does not destroy the engine it was given.
 */
public final class Sm4Cbc {

    private Sm4Cbc() {
    }

    /**
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code iv} is not 16 bytes
     */
    public static Sm4Cipher encryptor(Sm4Engine engine, byte[] iv, Sm4Padding padding) {
        return new Cipher(engine, true, iv, padding);
    }

    /**
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code iv} is not 16 bytes
     */
    public static Sm4Cipher decryptor(Sm4Engine engine, byte[] iv, Sm4Padding padding) {
        return new Cipher(engine, false, iv, padding);
    }

    private static final class Cipher extends Sm4BlockModeCipher {

        private final byte[] iv;
        private final byte[] chain;

        Cipher(Sm4Engine engine, boolean encrypting, byte[] iv, Sm4Padding padding) {
            super(engine, encrypting, padding);
            this.iv = checkIv(iv);
            this.chain = this.iv.clone();
        }

        @Override
        void blocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
            if (encrypting) {
                engine.encryptCbc(chain, in, inOff, out, outOff, blocks);
            } else {
                engine.decryptCbc(chain, in, inOff, out, outOff, blocks);
            }
        }

        @Override
        void peekFinalBlock(byte[] last, byte[] prev, byte[] plain) {
            engine.decryptBlocks(last, 0, plain, 0, 1);
            Bytes.xor(plain, 0, prev != null ? prev : chain, 0, plain, 0, BLOCK);
        }

        @Override
        void resetChain() {
            System.arraycopy(iv, 0, chain, 0, BLOCK);
        }

        @Override
        void wipeChain() {
            Bytes.wipe(iv);
            Bytes.wipe(chain);
        }

        private static final int BLOCK = Sm4Engine.BLOCK_SIZE;
    }
}
