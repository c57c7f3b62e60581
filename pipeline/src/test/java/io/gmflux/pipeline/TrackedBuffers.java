package io.gmflux.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import reactor.core.publisher.Flux;

/**
 * Input buffers whose release the tests check deterministically (the leak detector at PARANOID
 * reports too, but only on garbage collection).
 */
final class TrackedBuffers {

    /**
     * Unpooled, so that a released buffer object is never recycled for another allocation (a
     * pooled one is, and its refCnt would then describe its next owner).
     */
    private static final ByteBufAllocator UNPOOLED = new UnpooledByteBufAllocator(false);

    private final List<ByteBuf> created = new ArrayList<>();
    private long bytes;

    /** {@code data} cut into buffers of random sizes (1 byte up to {@code maxPiece}), heap and direct mixed. */
    synchronized Flux<ByteBuf> pieces(byte[] data, int maxPiece, SplittableRandom rnd) {
        List<int[]> cuts = new ArrayList<>();
        for (int off = 0; off < data.length; ) {
            int n = Math.min(data.length - off, 1 + rnd.nextInt(maxPiece));
            cuts.add(new int[] {off, n, rnd.nextBoolean() ? 1 : 0});
            off += n;
        }
        return Flux.fromIterable(cuts).map(c -> track(c[2] == 1
                ? UNPOOLED.directBuffer(c[1]).writeBytes(data, c[0], c[1])
                : UNPOOLED.heapBuffer(c[1]).writeBytes(data, c[0], c[1])));
    }

    synchronized ByteBuf track(ByteBuf b) {
        created.add(b);
        bytes += b.readableBytes();
        return b;
    }

    /** The bytes handed to the operators so far (sources are lazy: what was requested). */
    synchronized long bytes() {
        return bytes;
    }

    synchronized int count() {
        return created.size();
    }

    /** Whether every buffer handed to the operators has been released. */
    synchronized boolean allReleased() {
        return created.stream().allMatch(b -> b.refCnt() == 0);
    }

    /** Every buffer handed to the operators has been released exactly once. */
    synchronized void assertAllReleased() {
        for (int i = 0; i < created.size(); i++) {
            assertThat(created.get(i).refCnt()).as("input buffer %d of %d", i, created.size()).isZero();
        }
    }

    /** Drains a flux of buffers to bytes, releasing each. */
    static byte[] drain(Flux<ByteBuf> flux) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        flux.doOnNext(b -> {
            try {
                assertThat(b.refCnt()).isEqualTo(1);
                byte[] a = new byte[b.readableBytes()];
                b.readBytes(a);
                out.writeBytes(a);
            } finally {
                b.release();
            }
        }).blockLast(java.time.Duration.ofSeconds(60));
        return out.toByteArray();
    }
}
