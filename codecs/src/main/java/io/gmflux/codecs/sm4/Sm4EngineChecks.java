package io.gmflux.codecs.sm4;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Objects;

/** Argument checks shared by the multi-block entry points of every {@link Sm4Engine}. Stateless. */
final class Sm4EngineChecks {

    private Sm4EngineChecks() {
    }

    /** Checks a block count and the input and output ranges it implies. */
    static void check(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        if (blocks < 0) {
            throw new IllegalArgumentException("blocks must be >= 0, got " + blocks);
        }
        if (blocks > Integer.MAX_VALUE / Sm4Engine.BLOCK_SIZE) {
            throw new IndexOutOfBoundsException("blocks too large: " + blocks);
        }
        Bytes.checkRange(in, inOff, blocks * Sm4Engine.BLOCK_SIZE, "in");
        Bytes.checkRange(out, outOff, blocks * Sm4Engine.BLOCK_SIZE, "out");
    }

    /** As {@link #check(byte[], int, byte[], int, int)}, plus a 16-byte chaining value or counter. */
    static void check(byte[] block, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        Objects.requireNonNull(block, "chain/counter");
        if (block.length != Sm4Engine.BLOCK_SIZE) {
            throw new IllegalArgumentException("chain/counter must be 16 bytes, got " + block.length);
        }
        check(in, inOff, out, outOff, blocks);
    }
}
