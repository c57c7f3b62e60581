package io.gmflux.codecs.sm4;

/**
 * The SM4 block cipher (GB/T 32907) under one expanded key: the multi-block entry point that
 * every mode of this package uses, whichever implementation sits behind it.
 *
 * <p>Thread safety: an engine is immutable after construction except for {@link #destroy()};
 * {@code encryptBlocks}/{@code decryptBlocks} keep no state between calls and may be called
 * from several threads at once. Input and output ranges may be the same (in place) or
 * disjoint; partially overlapping ranges are not supported.
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

    /** Whether this engine avoids secret-dependent memory access . */
    boolean isConstantTime();

    /** Zeroes the round keys; the engine must not be used afterwards. Idempotent. */
    void destroy();
}
