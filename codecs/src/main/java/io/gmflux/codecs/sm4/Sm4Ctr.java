package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;

/**
 * SM4 in CTR mode (GB/T 17964; NIST SP 800-38A §6.5): the IV is the first counter block, incremented as a 128-bit
 * big-endian integer per block and wrapping modulo 2^128. Any length; encryption and decryption
 * are the same operation. Never reuse an IV under one key: counter ranges of two messages must
 * not overlap.
 *
 * <p>Whole blocks go through {@link Sm4Engine#encryptCtr}, which the table engine runs four
 * counter blocks at a time with the counters in registers.
 *
 * <p>The factories are thread-safe; the returned {@link Sm4Cipher} is not (one message at a time)
 * and does not destroy the engine it was given.
 */
public final class Sm4Ctr {

    private Sm4Ctr() {
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
        private final byte[] counter;

        Cipher(Sm4Engine engine, boolean encrypting, byte[] iv) {
            super(engine, encrypting, false);
            this.iv = checkIv(iv);
            this.counter = this.iv.clone();
        }

        @Override
        void blocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
            engine.encryptCtr(counter, in, inOff, out, outOff, blocks);
        }

        @Override
        void nextKeystream() {
            // E(counter) xor 0, and the counter advances: the same entry point as the bulk path.
            Arrays.fill(keystream, (byte) 0);
            engine.encryptCtr(counter, keystream, 0, keystream, 0, 1);
        }

        @Override
        void resetChain() {
            System.arraycopy(iv, 0, counter, 0, BLOCK);
        }

        @Override
        void wipeChain() {
            Bytes.wipe(iv);
            Bytes.wipe(counter);
        }
    }
}
