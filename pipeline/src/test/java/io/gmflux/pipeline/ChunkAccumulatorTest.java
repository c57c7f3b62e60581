package io.gmflux.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ChunkAccumulatorTest {

    private static final int SIZE = 1000;
    private static final int SPARE = 16;

    private static final class Chunk {
        final ByteBuf buf;
        final boolean last;
        final boolean copy;

        Chunk(ByteBuf buf, boolean last, boolean copy) {
            this.buf = buf;
            this.last = last;
            this.copy = copy;
        }
    }

    @Test
    void cutsAnyFragmentationIntoWholeChunksAndSlicesOnlyWholeChunksOfHeapInputs() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0xacc_0001L);
        for (int trial = 0; trial < 300; trial++) {
            boolean slicing = trial % 2 == 0;
            byte[] data = new byte[rnd.nextInt(8 * SIZE)];
            rnd.nextBytes(data);
            ChunkAccumulator acc = new ChunkAccumulator(ByteBufAllocator.DEFAULT, SIZE, SPARE, slicing);
            List<Chunk> chunks = new ArrayList<>();
            List<ByteBuf> inputs = new ArrayList<>();
            int boundary = 0; // bytes since the last chunk boundary
            int expectedSlices = 0;
            for (int off = 0; off < data.length; ) {
                int n = Math.min(data.length - off, rnd.nextBoolean() ? rnd.nextInt(1, 4) * SIZE : 1 + rnd.nextInt(3 * SIZE));
                boolean direct = rnd.nextInt(4) == 0;
                ByteBuf in = direct ? Unpooled.directBuffer(n).writeBytes(data, off, n)
                        : Unpooled.wrappedBuffer(Arrays.copyOfRange(data, off, off + n));
                if (slicing && !direct) {
                    // whole chunks from a chunk boundary inside this input are sliced
                    int lead = boundary == 0 ? 0 : Math.min(n, SIZE - boundary);
                    expectedSlices += lead == 0 || lead < n ? (n - lead) / SIZE : 0;
                }
                boundary = (boundary + n) % SIZE;
                inputs.add(in);
                acc.add(in, (c, last, copy) -> chunks.add(new Chunk(c, last, copy)));
                assertThat(in.isReadable()).isFalse();
                in.release();
                off += n;
            }
            acc.finish((c, last, copy) -> chunks.add(new Chunk(c, last, copy)));
            String as = "trial " + trial + ", " + data.length + " bytes, slicing " + slicing;
            ByteArrayOutputStream joined = new ByteArrayOutputStream();
            int slices = 0;
            for (int i = 0; i < chunks.size(); i++) {
                Chunk c = chunks.get(i);
                boolean final_ = i == chunks.size() - 1;
                assertThat(c.last).as(as + ", chunk " + i).isEqualTo(final_);
                if (!final_) {
                    assertThat(c.buf.readableBytes()).as(as + ", chunk " + i).isEqualTo(SIZE);
                }
                if (c.copy) {
                    assertThat(c.buf.capacity()).as(as + ": a copy has room for the tag").isEqualTo(SIZE + SPARE);
                } else {
                    slices++;
                    assertThat(slicing).as(as + ": sliced without slicing").isTrue();
                    assertThat(c.buf.hasArray()).isTrue();
                }
                byte[] x = new byte[c.buf.readableBytes()];
                c.buf.getBytes(c.buf.readerIndex(), x);
                joined.writeBytes(x);
                c.buf.release();
            }
            assertThat(chunks.get(chunks.size() - 1).buf.refCnt()).isZero();
            assertThat(joined.toByteArray()).as(as).isEqualTo(data);
            assertThat(chunks.size()).as(as).isEqualTo(Math.max(1, (data.length + SIZE - 1) / SIZE));
            assertThat(slices).as(as).isEqualTo(expectedSlices);
            for (ByteBuf in : inputs) {
                assertThat(in.refCnt()).as(as + ": every input released once its slices were").isZero();
            }
        }
    }

    @Test
    void emptyInputGivesOneEmptyLastChunk() throws Exception {
        ChunkAccumulator acc = new ChunkAccumulator(ByteBufAllocator.DEFAULT, SIZE, SPARE, true);
        List<Chunk> chunks = new ArrayList<>();
        acc.add(Unpooled.EMPTY_BUFFER, (c, last, copy) -> chunks.add(new Chunk(c, last, copy)));
        acc.finish((c, last, copy) -> chunks.add(new Chunk(c, last, copy)));
        assertThat(chunks).hasSize(1);
        assertThat(chunks.get(0).last).isTrue();
        assertThat(chunks.get(0).copy).isTrue();
        assertThat(chunks.get(0).buf.readableBytes()).isZero();
        chunks.get(0).buf.release();
    }

    @Test
    void clearReleasesTheHeldChunkAndZeroesOnlyItsOwnCopy() throws Exception {
        // a held copy: released (zeroed first, as it may be plaintext)
        ChunkAccumulator acc = new ChunkAccumulator(ByteBufAllocator.DEFAULT, SIZE, SPARE, true);
        ByteBuf direct = Unpooled.directBuffer(10).writeBytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        acc.add(direct, (c, last, copy) -> {
            throw new AssertionError("nothing completes");
        });
        direct.release();
        acc.clear();
        acc.clear(); // idempotent
        // a held slice: the input's reference released, its bytes (the source's memory) untouched
        byte[] a = new byte[SIZE];
        Arrays.fill(a, (byte) 7);
        ByteBuf in = Unpooled.wrappedBuffer(a);
        acc.add(in, (c, last, copy) -> {
            throw new AssertionError("a full chunk is held until more bytes come");
        });
        in.release();
        assertThat(in.refCnt()).as("the held slice keeps the input").isEqualTo(1);
        acc.clear();
        assertThat(in.refCnt()).isZero();
        byte[] sevens = new byte[SIZE];
        Arrays.fill(sevens, (byte) 7);
        assertThat(a).isEqualTo(sevens);
    }
}
