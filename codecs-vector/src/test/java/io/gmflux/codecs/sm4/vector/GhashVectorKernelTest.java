package io.gmflux.codecs.sm4.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.sm4.Ghash;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The vector GHASH kernel against the table GHASH of gmflux-codecs on seeded random cases. */
class GhashVectorKernelTest {

    @Test
    void hashesAsTheTableGhashDoes() {
        Random random = new Random(0x6A5E_0001L);
        for (int trial = 0; trial < 3_000; trial++) {
            byte[] h = bytes(random, 16);
            int blocks = trial < 300 ? trial % 40 : random.nextInt(600);
            int off = random.nextInt(23);
            byte[] in = bytes(random, off + 16 * blocks + random.nextInt(5));
            Ghash table = new Ghash(h);
            GhashVectorKernel kernel = new GhashVectorKernel(h);
            long[] y = new long[2];
            // the same data in two calls, split at a random block, from a random running hash
            long startHi = random.nextLong();
            long startLo = random.nextLong();
            byte[] start = new byte[16];
            java.nio.ByteBuffer.wrap(start).putLong(startHi).putLong(startLo);
            table.updateBlocks(start, 0, 1);
            long[] afterStart = new long[2];
            byte[] digest = new byte[16];
            table.digest(digest, 0);
            java.nio.ByteBuffer d = java.nio.ByteBuffer.wrap(digest);
            y[0] = d.getLong();
            y[1] = d.getLong();
            int split = blocks == 0 ? 0 : random.nextInt(blocks + 1);
            kernel.updateBlocks(y, in, off, split);
            kernel.updateBlocks(y, in, off + 16 * split, blocks - split);
            table.updateBlocks(in, off, blocks);
            table.digest(digest, 0);
            d = java.nio.ByteBuffer.wrap(digest);
            assertThat(y).as("trial %d, %d blocks", trial, blocks).containsExactly(d.getLong(), d.getLong());
        }
    }

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
