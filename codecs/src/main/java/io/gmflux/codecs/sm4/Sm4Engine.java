package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;

/**
 * The SM4 block cipher (GB/T 32907) under one expanded key: the multi-block entry point that
 * every mode of this package uses, whichever implementation sits behind it.
 *
 * <p>Besides the two block methods it has one entry point per mode (CBC, CFB-128, OFB, CTR) that
 * processes whole blocks and carries the chaining value, feedback register or counter in a
 * 16-byte array owned by the caller. Their default implementations go block by block through
 * {@link #encryptBlocks}/{@link #decryptBlocks}, so any engine supports them; an engine may
 * override them with fused kernels (the table engine does). Modes call only these methods, so a
 * mode never depends on which engine runs.
 *
 * <p>Thread safety: an engine is immutable after construction except for {@link #destroy()};
 * every method keeps its state in the caller's arrays only and may be called from several
 * threads at once (each with its own chain/counter array). Input and output ranges may be the
 * same (in place) or disjoint; partially overlapping ranges are not supported. Bad ranges throw
 * before anything is written or updated.
 *
 * <p>Not sealed: besides the two final engines of this package ({@link Sm4#newTableEngine},
 * {@link Sm4#newBitslicedEngine}), the engines of an {@link Sm4EngineProvider} implement it from another module
 * (gmflux-codecs-vector, which needs a newer JDK), and a sealed interface admits only its own module. The modes call
 * nothing but its methods; {@link #isConstantTime()} is the implementation's own claim.
 */
public interface Sm4Engine {

    /** The SM4 block size in bytes. */
    int BLOCK_SIZE = 16;

    /** The SM4 key size in bytes. */
    int KEY_SIZE = 16;

    /** Encrypts {@code blocks} consecutive 16-byte blocks from {@code in} to {@code out}. */
    void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks);

    /** Decrypts {@code blocks} consecutive 16-byte blocks from {@code in} to {@code out}. */
    void decryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks);

    /**
     * CBC encryption (GB/T 17964; NIST SP 800-38A §6.2) of {@code blocks} whole blocks:
     * {@code C_i = E(P_i xor C_{i-1})} with {@code C_{-1} = chain}. On return {@code chain} holds the last ciphertext block, so
     * consecutive calls continue one message.
     *
     * <p>The default runs block by block through {@link #encryptBlocks}; the table engine fuses
     * the chaining into its round loop. No allocation.
     *
     * @param chain the 16-byte chaining value (the IV at the start of a message); updated
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    default void encryptCbc(byte[] chain, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(chain, in, inOff, out, outOff, blocks);
        long c0 = Bytes.getLongBE(chain, 0);
        long c1 = Bytes.getLongBE(chain, 8);
        for (int i = 0; i < blocks; i++) {
            int o = i * BLOCK_SIZE;
            Bytes.putLongBE(out, outOff + o, Bytes.getLongBE(in, inOff + o) ^ c0);
            Bytes.putLongBE(out, outOff + o + 8, Bytes.getLongBE(in, inOff + o + 8) ^ c1);
            encryptBlocks(out, outOff + o, out, outOff + o, 1);
            c0 = Bytes.getLongBE(out, outOff + o);
            c1 = Bytes.getLongBE(out, outOff + o + 8);
        }
        Bytes.putLongBE(chain, 0, c0);
        Bytes.putLongBE(chain, 8, c1);
    }

    /**
     * CBC decryption (GB/T 17964; NIST SP 800-38A §6.2) of {@code blocks} whole blocks:
     * {@code P_i = D(C_i) xor C_{i-1}} with {@code C_{-1} = chain}. On return {@code chain} holds the last ciphertext block. In place
     * works: each ciphertext block is read before its plaintext is written.
     *
     * <p>The default runs block by block through {@link #decryptBlocks}; the table engine decrypts
     * four blocks at a time. No allocation.
     *
     * @param chain the 16-byte chaining value (the IV at the start of a message); updated
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    default void decryptCbc(byte[] chain, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(chain, in, inOff, out, outOff, blocks);
        long c0 = Bytes.getLongBE(chain, 0);
        long c1 = Bytes.getLongBE(chain, 8);
        for (int i = 0; i < blocks; i++) {
            int o = i * BLOCK_SIZE;
            long n0 = Bytes.getLongBE(in, inOff + o);
            long n1 = Bytes.getLongBE(in, inOff + o + 8);
            decryptBlocks(in, inOff + o, out, outOff + o, 1);
            Bytes.putLongBE(out, outOff + o, Bytes.getLongBE(out, outOff + o) ^ c0);
            Bytes.putLongBE(out, outOff + o + 8, Bytes.getLongBE(out, outOff + o + 8) ^ c1);
            c0 = n0;
            c1 = n1;
        }
        Bytes.putLongBE(chain, 0, c0);
        Bytes.putLongBE(chain, 8, c1);
    }

    /**
     * CFB-128 encryption (GB/T 17964; NIST SP 800-38A §6.3) of {@code blocks} whole blocks:
     * {@code C_i = P_i xor E(C_{i-1})} with {@code C_{-1} = feedback}. On return {@code feedback}
     * holds the last ciphertext block. In place works. The default runs block by block through
     * {@link #encryptBlocks}, using {@code feedback} as its scratch. No allocation.
     *
     * @param feedback the 16-byte feedback register (the IV at the start of a message); updated
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    default void encryptCfb(byte[] feedback, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(feedback, in, inOff, out, outOff, blocks);
        for (int i = 0; i < blocks; i++) {
            int o = i * BLOCK_SIZE;
            encryptBlocks(feedback, 0, feedback, 0, 1);
            long c0 = Bytes.getLongBE(in, inOff + o) ^ Bytes.getLongBE(feedback, 0);
            long c1 = Bytes.getLongBE(in, inOff + o + 8) ^ Bytes.getLongBE(feedback, 8);
            Bytes.putLongBE(out, outOff + o, c0);
            Bytes.putLongBE(out, outOff + o + 8, c1);
            Bytes.putLongBE(feedback, 0, c0);
            Bytes.putLongBE(feedback, 8, c1);
        }
    }

    /**
     * CFB-128 decryption (GB/T 17964; NIST SP 800-38A §6.3) of {@code blocks} whole blocks:
     * {@code P_i = C_i xor E(C_{i-1})} with {@code C_{-1} = feedback}. On return {@code feedback}
     * holds the last ciphertext block. In place works. The default runs block by block; the table
     * engine runs four blocks at a time (decryption is parallel). No allocation.
     *
     * @param feedback the 16-byte feedback register (the IV at the start of a message); updated
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    default void decryptCfb(byte[] feedback, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(feedback, in, inOff, out, outOff, blocks);
        for (int i = 0; i < blocks; i++) {
            int o = i * BLOCK_SIZE;
            long c0 = Bytes.getLongBE(in, inOff + o);
            long c1 = Bytes.getLongBE(in, inOff + o + 8);
            encryptBlocks(feedback, 0, feedback, 0, 1);
            Bytes.putLongBE(out, outOff + o, c0 ^ Bytes.getLongBE(feedback, 0));
            Bytes.putLongBE(out, outOff + o + 8, c1 ^ Bytes.getLongBE(feedback, 8));
            Bytes.putLongBE(feedback, 0, c0);
            Bytes.putLongBE(feedback, 8, c1);
        }
    }

    /**
     * OFB (GB/T 17964; NIST SP 800-38A §6.4) over {@code blocks} whole blocks: {@code O_i = E(O_{i-1})},
     * {@code out_i = in_i xor O_i}, with {@code O_{-1} = register}; the same operation encrypts
     * and decrypts. On return {@code register} holds the last keystream block. In place works.
     * The default runs block by block through {@link #encryptBlocks}. No allocation.
     *
     * @param register the 16-byte OFB register (the IV at the start of a message); updated
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    default void encryptOfb(byte[] register, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(register, in, inOff, out, outOff, blocks);
        for (int i = 0; i < blocks; i++) {
            int o = i * BLOCK_SIZE;
            encryptBlocks(register, 0, register, 0, 1);
            Bytes.putLongBE(out, outOff + o, Bytes.getLongBE(in, inOff + o) ^ Bytes.getLongBE(register, 0));
            Bytes.putLongBE(out, outOff + o + 8, Bytes.getLongBE(in, inOff + o + 8) ^ Bytes.getLongBE(register, 8));
        }
    }

    /**
     * CTR keystream applied to {@code blocks} whole blocks: {@code out_i = in_i xor E(counter + i)},
     * the counter being a 128-bit big-endian integer that wraps modulo 2^128 (GB/T 17964; NIST SP 800-38A §6.5 with
     * the standard increment function). On return {@code counter} is advanced by {@code blocks}.
     * In place works. (GCM's 32-bit {@code inc32} differs only when the low 32 bits wrap.)
     *
     * <p>The default runs block by block through {@link #encryptBlocks}; the table engine keeps the
     * counters in registers and encrypts four at a time. No allocation.
     *
     * @param counter the 16-byte counter block; updated
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    default void encryptCtr(byte[] counter, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Sm4EngineChecks.check(counter, in, inOff, out, outOff, blocks);
        long hi = Bytes.getLongBE(counter, 0);
        long lo = Bytes.getLongBE(counter, 8);
        for (int i = 0; i < blocks; i++) {
            int o = i * BLOCK_SIZE;
            long p0 = Bytes.getLongBE(in, inOff + o);
            long p1 = Bytes.getLongBE(in, inOff + o + 8);
            Bytes.putLongBE(out, outOff + o, hi);
            Bytes.putLongBE(out, outOff + o + 8, lo);
            encryptBlocks(out, outOff + o, out, outOff + o, 1);
            Bytes.putLongBE(out, outOff + o, Bytes.getLongBE(out, outOff + o) ^ p0);
            Bytes.putLongBE(out, outOff + o + 8, Bytes.getLongBE(out, outOff + o + 8) ^ p1);
            lo++;
            if (lo == 0) {
                hi++;
            }
        }
        Bytes.putLongBE(counter, 0, hi);
        Bytes.putLongBE(counter, 8, lo);
    }

    /**
     * {@link #encryptCtr} and, in the same pass, one more block: {@code leadOut = E(leadIn)} (GCM's tag
     * mask {@code E(J0)} with its first keystream blocks). The result is that of
     * {@code encryptBlocks(leadIn, 0, leadOut, 0, 1)} followed by {@code encryptCtr}; the default does
     * exactly that, the vector engine encrypts the extra block in a lane of the same kernel call.
     *
     * @param leadIn the extra 16-byte block, read only
     * @param leadOut receives its encryption (16 bytes); may be {@code leadIn}, must not overlap
     *     {@code counter}, {@code in} or {@code out}
     * @throws IndexOutOfBoundsException if a range does not fit its array
     */
    default void encryptCtrWithLead(byte[] counter, byte[] in, int inOff, byte[] out, int outOff, int blocks,
            byte[] leadIn, byte[] leadOut) {
        Bytes.checkRange(leadIn, 0, BLOCK_SIZE, "leadIn");
        Bytes.checkRange(leadOut, 0, BLOCK_SIZE, "leadOut");
        encryptBlocks(leadIn, 0, leadOut, 0, 1);
        encryptCtr(counter, in, inOff, out, outOff, blocks);
    }

    /** Whether this engine avoids secret-dependent memory access and branches. */
    boolean isConstantTime();

    /** Zeroes the round keys; the engine must not be used afterwards. Idempotent. */
    void destroy();
}
