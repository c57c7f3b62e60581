package io.gmflux.codecs.sm4;

/**
 * The block loop of a constant-time GHASH for one hash key H, compiled apart from this module
 * (the Vector API kernel of {@code gmflux-codecs-vector}); {@link Ghash} runs it when its
 * constant-time form is asked for and a {@link GhashProvider} has been accepted.
 *
 * <p>Contract: byte-identical to {@link Ghash}'s own multiplication; no memory access indexed and no
 * branch taken on H, the running hash or the data; no allocation per call at steady state. Not
 * thread-safe (it may keep scratch space); the caller owns every array.
 */
public interface GhashKernel {

    /**
     * Absorbs {@code blocks} whole 16-byte blocks of {@code in} from {@code off} (range already
     * checked by the caller) into the running hash {@code y}: {@code y[0]} holds bytes 0..7 and
     * {@code y[1]} bytes 8..15, big-endian, read and written in place.
     */
    void updateBlocks(long[] y, byte[] in, int off, int blocks);

    /** Zeroes the multiples of H the kernel holds. Idempotent. */
    void destroy();
}
