package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;

/**
 * SM4 in OFB mode (GB/T 17964; NIST SP 800-38A §6.4), full 128-bit feedback: the keystream is E(IV), E(E(IV)), ...
 * Any length; encryption and decryption are the same operation. Serial by nature. Never reuse an
 * IV under one key.
 *
 * <p>The factories are thread-safe; the returned {@link Sm4Cipher} is not (one message at a time)
 * and does not destroy the engine it was given.
 */
public final class Sm4Ofb {

    private Sm4Ofb() {
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
            super(engine, encrypting, false);
            this.iv = checkIv(iv);
            resetChain();
        }

        @Override
        void blocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
            // keystream holds the OFB register (the last keystream block) between blocks.
            engine.encryptOfb(keystream, in, inOff, out, outOff, blocks);
        }

        @Override
        void nextKeystream() {
            engine.encryptBlocks(keystream, 0, keystream, 0, 1);
        }

        @Override
        void resetChain() {
            // The register starts as the IV; it is fully "used", so the first block encrypts it.
            System.arraycopy(iv, 0, keystream, 0, BLOCK);
        }

        @Override
        void wipeChain() {
            Bytes.wipe(iv);
        }
    }
}
