package io.gmflux.codecs.sm4;

/**
 * SM4 in ECB mode (GB/T 17964; NIST SP 800-38A §6.1), with PKCS#7 or no padding. ECB shows which blocks repeat;
 * use it only for single blocks or as a building block.
 *
 * <p>The factories are thread-safe; the returned {@link Sm4Cipher} is not (one message at a time)
 * and does not destroy the engine it was given. Many blocks go through the engine in one call
 * (four at a time in the table engine).
 */
public final class Sm4Ecb {

    private Sm4Ecb() {
    }

    /** @throws NullPointerException if an argument is null */
    public static Sm4Cipher encryptor(Sm4Engine engine, Sm4Padding padding) {
        return new Cipher(engine, true, padding);
    }

    /** @throws NullPointerException if an argument is null */
    public static Sm4Cipher decryptor(Sm4Engine engine, Sm4Padding padding) {
        return new Cipher(engine, false, padding);
    }

    private static final class Cipher extends Sm4BlockModeCipher {

        Cipher(Sm4Engine engine, boolean encrypting, Sm4Padding padding) {
            super(engine, encrypting, padding);
        }

        @Override
        void blocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
            if (encrypting) {
                engine.encryptBlocks(in, inOff, out, outOff, blocks);
            } else {
                engine.decryptBlocks(in, inOff, out, outOff, blocks);
            }
        }

        @Override
        void peekFinalBlock(byte[] last, byte[] prev, byte[] plain) {
            engine.decryptBlocks(last, 0, plain, 0, 1);
        }

        @Override
        void resetChain() {
        }

        @Override
        void wipeChain() {
        }
    }
}
