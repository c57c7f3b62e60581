package io.gmflux.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.StreamSpec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

/**
 * A long stream encrypted and decrypted in one pipeline, in a JVM whose heap is 128 MiB: memory
 * must stay bounded by a few chunks whatever the length. Runs in its own surefire execution
 * ({@code long-stream} in pipeline/pom.xml, {@code -Xmx128m}); the length is the system property
 * {@code gmflux.longStream.bytes}: 512 MiB by default, 10 GiB with {@code -Psoak}.
 */
class LongStreamTest {

    private static final int PIECE = 64 << 10;

    @Test
    void aLongStreamRoundTripsInABoundedHeap() {
        // only in the long-stream execution (a -Dtest pattern can select it in the default one too)
        Assumptions.assumeTrue(Boolean.getBoolean("gmflux.longStream.execution"),
                "runs in the long-stream surefire execution, with -Xmx128m");
        long total = Long.getLong("gmflux.longStream.bytes", 512L << 20);
        long maxHeap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax();
        assertThat(maxHeap).as("run with -Xmx128m (the long-stream execution)").isLessThanOrEqualTo(160L << 20);
        PassphraseRecipient pass = new PassphraseRecipient("long".toCharArray(), PassphraseRecipient.MIN_ITERATIONS);
        StreamSpec spec = StreamSpec.builder().recipient(pass).build();
        AtomicLong checked = new AtomicLong();
        long pieces = (total + PIECE - 1) / PIECE;
        Flux<ByteBuf> plain = Flux.generate(() -> 0L, (i, sink) -> {
            if (i == pieces) {
                sink.complete();
            } else {
                int n = (int) Math.min(PIECE, total - i * PIECE);
                ByteBuf b = ByteBufAllocator.DEFAULT.heapBuffer(n);
                b.writeBytes(piece(i, n));
                sink.next(b);
            }
            return i + 1;
        });
        plain.transformDeferred(Gmflux.encrypt(spec))
                .transformDeferred(Gmflux.decrypt(List.of(pass)))
                .doOnNext(b -> {
                    try {
                        verify(b, checked.get());
                        checked.addAndGet(b.readableBytes());
                    } finally {
                        b.release();
                    }
                })
                .blockLast(Duration.ofMinutes(30));
        assertThat(checked.get()).isEqualTo(total);
    }

    /** The plaintext of piece {@code i}: random bytes seeded by the piece number. */
    private static byte[] piece(long i, int n) {
        byte[] b = new byte[n];
        new SplittableRandom(i).nextBytes(b);
        return b;
    }

    /** Checks that {@code b} holds the plaintext from {@code offset} on (it may span pieces). */
    private static void verify(ByteBuf b, long offset) {
        byte[] got = new byte[b.readableBytes()];
        b.getBytes(b.readerIndex(), got); // one call: the leak detector records each buffer access
        int done = 0;
        while (done < got.length) {
            long at = offset + done;
            int from = (int) (at % PIECE);
            byte[] expected = piece(at / PIECE, PIECE);
            int n = Math.min(PIECE - from, got.length - done);
            int m = Arrays.mismatch(got, done, done + n, expected, from, from + n);
            if (m >= 0) {
                throw new AssertionError("plaintext differs at byte " + (at + m));
            }
            done += n;
        }
    }
}
