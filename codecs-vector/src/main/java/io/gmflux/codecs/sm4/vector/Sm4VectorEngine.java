package io.gmflux.codecs.sm4.vector;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm4.Sm4Engine;
import java.util.Arrays;
import java.util.Objects;

/**
 * Constant-time SM4 (GB/T 32907) on the Vector API: {@link Sm4VectorKernel} encrypts up to 64 blocks
 * per call (four interleaved batches of 16 in 512-bit lanes, one batch for short calls, five for CTR
 * with GCM's lead block, {@link #encryptCtrWithLead}), with no memory access or branch that
 * depends on the key or the data once C2 has compiled the kernel (see {@link Sm4VectorEngineProvider},
 * which warms it up on public data before handing out engines).
 *
 * <p>Batched entry points: {@link #encryptBlocks}, {@link #decryptBlocks}, {@link #encryptCtr}
 * (counters built in the kernel's layout), {@link #decryptCbc} and {@link #decryptCfb}. The
 * sequential modes (CBC/CFB encryption, OFB) use the interface's block-by-block defaults and pay
 * a one-batch kernel call (16 blocks' work) per block. Kernel calls of at most 16 blocks run one
 * batch, larger ones four: time depends on the (public) number of blocks only.
 *
 * <p>Memory and threads: immutable after construction except for {@link #destroy()}, and safe to
 * call from several threads at once. Each thread has a 1 KiB state array and a 1 KiB block buffer
 * (allocated on its first call, zeroed at the end of every call), so steady-state calls allocate
 * nothing. In place ({@code in == out}, same offset) works. {@link #destroy()} zeroes the round
 * keys; Java cannot wipe vector registers or spill slots.
 */
final class Sm4VectorEngine implements Sm4Engine {

    private static final int CALL_BYTES = Sm4VectorKernel.BLOCKS * BLOCK_SIZE;

    /** Per-thread working memory, zeroed at the end of every call. */
    private static final class Scratch {
        final int[] state = new int[Sm4VectorKernel.STATE_INTS];
        final byte[] blocks = new byte[CALL_BYTES];

        void wipe() {
            Arrays.fill(state, 0);
            Arrays.fill(blocks, (byte) 0);
        }

        /** For the calls that do not touch {@link #blocks}. */
        void wipeState() {
            Arrays.fill(state, 0);
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    private final int[] rk;
    private final int[] rkReversed;
    private volatile boolean destroyed;

    /** @param roundKeys rk_0..rk_31, owned by this engine from now on */
    Sm4VectorEngine(int[] roundKeys) {
        if (roundKeys.length != 32) {
            throw new IllegalArgumentException("SM4 needs 32 round keys, got " + roundKeys.length);
        }
        rk = roundKeys;
        rkReversed = new int[32];
        for (int i = 0; i < 32; i++) {
            rkReversed[i] = rk[31 - i];
        }
    }

    @Override
    public void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        crypt(in, inOff, out, outOff, blocks, rk);
    }

    @Override
    public void decryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        crypt(in, inOff, out, outOff, blocks, rkReversed);
    }

    private void crypt(byte[] in, int inOff, byte[] out, int outOff, int blocks, int[] keys) {
        check(in, inOff, out, outOff, blocks);
        if (blocks == 0) {
            return;
        }
        Scratch scratch = SCRATCH.get();
        int[] s = scratch.state;
        for (int done = 0; done < blocks; done += Sm4VectorKernel.BLOCKS) {
            int n = Math.min(Sm4VectorKernel.BLOCKS, blocks - done);
            int o = done * BLOCK_SIZE;
            Sm4VectorKernel.load(in, inOff + o, n, s);
            rounds(s, n, keys);
            Sm4VectorKernel.store(s, false, out, outOff + o, out, outOff + o, n);
        }
        scratch.wipeState();
    }

    /**
     * CTR, 64 counter blocks per kernel call, built in the kernel's layout; same contract as the
     * default of {@link Sm4Engine} (128-bit big-endian counter wrapping modulo 2^128, advanced by
     * {@code blocks}; in place works). The counter is public.
     */
    @Override
    public void encryptCtr(byte[] counter, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        checkBlock(counter);
        check(in, inOff, out, outOff, blocks);
        if (blocks == 0) {
            return;
        }
        ctr(counter, in, inOff, out, outOff, blocks, null, null);
    }

    /**
     * {@link #encryptCtr} with {@code leadOut = E(leadIn)} computed in a free lane of the last kernel
     * call (a fifth batch when that call has 64 blocks), so a GCM message pays no separate call for
     * {@code E(J0)}. Same contract as the default of {@link Sm4Engine}.
     */
    @Override
    public void encryptCtrWithLead(byte[] counter, byte[] in, int inOff, byte[] out, int outOff, int blocks,
            byte[] leadIn, byte[] leadOut) {
        checkBlock(counter);
        checkBlock(leadIn);
        checkBlock(leadOut);
        check(in, inOff, out, outOff, blocks);
        ctr(counter, in, inOff, out, outOff, blocks, leadIn, leadOut);
    }

    /** The CTR loop; with a lead block ({@code leadIn} not null) the last call carries it after its blocks. */
    private void ctr(byte[] counter, byte[] in, int inOff, byte[] out, int outOff, int blocks,
            byte[] leadIn, byte[] leadOut) {
        Scratch scratch = SCRATCH.get();
        int[] s = scratch.state;
        long hi = Bytes.getLongBE(counter, 0);
        long lo = Bytes.getLongBE(counter, 8);
        boolean lead = leadIn != null;
        for (int done = 0; done < blocks || lead; ) {
            int left = blocks - done;
            // the lead block rides in the call that can take all the blocks left and one more
            boolean last = lead && left < Sm4VectorKernel.WIDE_BLOCKS;
            int n = last ? left : Math.min(Sm4VectorKernel.BLOCKS, left);
            int lanes = last ? n + 1 : n;
            int o = done * BLOCK_SIZE;
            Sm4VectorKernel.counters(s, hi, lo, (lanes + Sm4VectorKernel.BATCH - 1) / Sm4VectorKernel.BATCH);
            if (last) {
                Sm4VectorKernel.putBlock(s, n, leadIn);
            }
            rounds(s, lanes, rk);
            Sm4VectorKernel.store(s, true, in, inOff + o, out, outOff + o, n);
            if (last) {
                Sm4VectorKernel.getBlock(s, n, leadOut);
                lead = false;
            }
            done += n;
            long next = lo + n;
            if (Long.compareUnsigned(next, lo) < 0) {
                hi++;
            }
            lo = next;
        }
        Bytes.putLongBE(counter, 0, hi);
        Bytes.putLongBE(counter, 8, lo);
        scratch.wipeState();
    }

    /**
     * CBC decryption, 64 blocks per kernel call; same contract as the default of {@link Sm4Engine}
     * ({@code chain} updated to the last ciphertext block, in place works).
     */
    @Override
    public void decryptCbc(byte[] chain, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        checkBlock(chain);
        check(in, inOff, out, outOff, blocks);
        if (blocks == 0) {
            return;
        }
        Scratch scratch = SCRATCH.get();
        int[] s = scratch.state;
        byte[] plain = scratch.blocks;
        long c0 = Bytes.getLongBE(chain, 0);
        long c1 = Bytes.getLongBE(chain, 8);
        for (int done = 0; done < blocks; done += Sm4VectorKernel.BLOCKS) {
            int n = Math.min(Sm4VectorKernel.BLOCKS, blocks - done);
            int o = done * BLOCK_SIZE;
            Sm4VectorKernel.load(in, inOff + o, n, s);
            rounds(s, n, rkReversed);
            Sm4VectorKernel.store(s, false, plain, 0, plain, 0, n);
            for (int i = 0; i < n; i++) {
                int at = o + BLOCK_SIZE * i;
                // read C_i before writing P_i: in place they share the bytes
                long n0 = Bytes.getLongBE(in, inOff + at);
                long n1 = Bytes.getLongBE(in, inOff + at + 8);
                Bytes.putLongBE(out, outOff + at, Bytes.getLongBE(plain, BLOCK_SIZE * i) ^ c0);
                Bytes.putLongBE(out, outOff + at + 8, Bytes.getLongBE(plain, BLOCK_SIZE * i + 8) ^ c1);
                c0 = n0;
                c1 = n1;
            }
        }
        Bytes.putLongBE(chain, 0, c0);
        Bytes.putLongBE(chain, 8, c1);
        scratch.wipe();
    }

    /**
     * CFB-128 decryption, 64 blocks per kernel call (E(C_{i-1}) for all i of a call at once); same
     * contract as the default of {@link Sm4Engine} ({@code feedback} updated to the last ciphertext
     * block, in place works).
     */
    @Override
    public void decryptCfb(byte[] feedback, byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        checkBlock(feedback);
        check(in, inOff, out, outOff, blocks);
        if (blocks == 0) {
            return;
        }
        Scratch scratch = SCRATCH.get();
        int[] s = scratch.state;
        byte[] prev = scratch.blocks;
        for (int done = 0; done < blocks; done += Sm4VectorKernel.BLOCKS) {
            int n = Math.min(Sm4VectorKernel.BLOCKS, blocks - done);
            int o = done * BLOCK_SIZE;
            System.arraycopy(feedback, 0, prev, 0, BLOCK_SIZE);
            System.arraycopy(in, inOff + o, prev, BLOCK_SIZE, (n - 1) * BLOCK_SIZE);
            System.arraycopy(in, inOff + o + (n - 1) * BLOCK_SIZE, feedback, 0, BLOCK_SIZE);
            Sm4VectorKernel.load(prev, 0, n, s);
            rounds(s, n, rk);
            Sm4VectorKernel.store(s, true, in, inOff + o, out, outOff + o, n);
        }
        scratch.wipe();
    }

    /** The rounds on the batches that hold the call's {@code n} blocks (n is public). */
    private static void rounds(int[] s, int n, int[] keys) {
        if (n <= Sm4VectorKernel.BATCH) {
            Sm4VectorKernel.rounds16(s, keys);
        } else if (n <= Sm4VectorKernel.BLOCKS) {
            Sm4VectorKernel.rounds(s, keys);
        } else {
            Sm4VectorKernel.rounds5(s, keys);
        }
    }

    @Override
    public boolean isConstantTime() {
        return true;
    }

    @Override
    public void destroy() {
        destroyed = true;
        Bytes.wipe(rk);
        Bytes.wipe(rkReversed);
    }

    /** The checks of every entry point (as the codecs engines' shared ones, which are package-private there). */
    private void check(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
        if (blocks < 0) {
            throw new IllegalArgumentException("blocks must be >= 0, got " + blocks);
        }
        if (blocks > Integer.MAX_VALUE / BLOCK_SIZE) {
            throw new IndexOutOfBoundsException("blocks too large: " + blocks);
        }
        Bytes.checkRange(in, inOff, blocks * BLOCK_SIZE, "in");
        Bytes.checkRange(out, outOff, blocks * BLOCK_SIZE, "out");
        if (destroyed) {
            throw new IllegalStateException("SM4 engine has been destroyed");
        }
    }

    private static void checkBlock(byte[] block) {
        Objects.requireNonNull(block, "chain/counter");
        if (block.length != BLOCK_SIZE) {
            throw new IllegalArgumentException("chain/counter must be 16 bytes, got " + block.length);
        }
    }
}
