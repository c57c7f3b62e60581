package io.gmflux.pipeline;

import static io.gmflux.pipeline.TrackedBuffers.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.format.GmfluxInputStream;
import io.gmflux.codecs.format.GmfluxOutputStream;
import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.StreamHeader;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.codecs.format.Suite;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

class GmfluxTest {

    private static final int CHUNK = StreamHeader.MIN_CHUNK_SIZE;
    private final PassphraseRecipient pass = new PassphraseRecipient("pipeline test".toCharArray(),
            PassphraseRecipient.MIN_ITERATIONS);
    private final StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(pass).build();

    @Test
    void roundTripsInputSplitIntoPiecesOfAnySize() {
        SplittableRandom rnd = new SplittableRandom(0x91_0001L);
        for (int trial = 0; trial < 30; trial++) {
            byte[] plain = new byte[trial == 0 ? 0 : rnd.nextInt(6 * CHUNK)];
            rnd.nextBytes(plain);
            TrackedBuffers in = new TrackedBuffers();
            TrackedBuffers mid = new TrackedBuffers();
            int max = trial % 3 == 0 ? 3 : 70_000;
            byte[] sealed = drain(in.pieces(plain, max, rnd).transformDeferred(Gmflux.encrypt(spec)));
            byte[] back = drain(mid.pieces(sealed, max, rnd).transformDeferred(Gmflux.decrypt(List.of(pass))));
            assertThat(back).as("trial %d, %d bytes", trial, plain.length).isEqualTo(plain);
            in.assertAllReleased();
            mid.assertAllReleased();
        }
    }

    @Test
    void agreesWithTheBlockingStreamsBothWays() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x91_0002L);
        byte[] plain = new byte[5 * CHUNK + 77];
        rnd.nextBytes(plain);
        byte[] reactive = drain(new TrackedBuffers().pieces(plain, 10_000, rnd).transform(Gmflux.encrypt(spec)));
        try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(reactive), List.of(pass))) {
            assertThat(in.readAllBytes()).isEqualTo(plain);
        }
        ByteArrayOutputStream blocking = new ByteArrayOutputStream();
        try (GmfluxOutputStream out = new GmfluxOutputStream(blocking, spec)) {
            out.write(plain);
        }
        TrackedBuffers t = new TrackedBuffers();
        assertThat(drain(t.pieces(blocking.toByteArray(), 9_000, rnd).transform(Gmflux.decrypt(List.of(pass)))))
                .isEqualTo(plain);
        t.assertAllReleased();
    }

    @Test
    void drawsAFreshKeyForEverySubscriptionEvenWithPlainTransform() {
        Flux<ByteBuf> sealed = Flux.defer(() -> Flux.just(Unpooled.wrappedBuffer(new byte[100])))
                .transform(Gmflux.encrypt(spec));
        byte[] a = drain(sealed);
        byte[] b = drain(sealed);
        assertThat(Arrays.copyOfRange(a, 10, 42)).isNotEqualTo(Arrays.copyOfRange(b, 10, 42));
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void emitsOnlyVerifiedChunksAndThenTheTypedError() {
        SplittableRandom rnd = new SplittableRandom(0x91_0003L);
        byte[] plain = new byte[4 * CHUNK];
        rnd.nextBytes(plain);
        byte[] sealed = drain(Flux.just(Unpooled.wrappedBuffer(plain)).transform(Gmflux.encrypt(spec)));
        int h = sealed.length - 4 * (CHUNK + 16);
        sealed[h + 2 * (CHUNK + 16) + 5] ^= 1; // inside chunk 2
        TrackedBuffers t = new TrackedBuffers();
        ByteArrayOutputStream released = new ByteArrayOutputStream();
        // block() wraps checked exceptions; the operator signals the StreamException itself
        assertThat(reactor.core.Exceptions.unwrap(org.assertj.core.api.Assertions.catchThrowable(
                () -> t.pieces(sealed, 5000, rnd).transform(Gmflux.decrypt(List.of(pass)))
                .doOnNext(b -> {
                    byte[] x = new byte[b.readableBytes()];
                    b.readBytes(x);
                    released.writeBytes(x);
                    b.release();
                }).blockLast(Duration.ofSeconds(30)))))
                .isInstanceOf(StreamException.ChunkAuthenticationFailed.class)
                .hasMessage("chunk 2 failed authentication");
        assertThat(released.toByteArray()).isEqualTo(Arrays.copyOf(plain, 2 * CHUNK));
        // the error reaches the subscriber before the worker has discarded what was still queued
        await(() -> allReleased(t));
        t.assertAllReleased();
    }

    @Test
    void reportsTruncationAndNeverCompletesATruncatedStream() {
        byte[] plain = new byte[3 * CHUNK];
        byte[] sealed = drain(Flux.just(Unpooled.wrappedBuffer(plain)).transform(Gmflux.encrypt(spec)));
        byte[] cut = Arrays.copyOf(sealed, sealed.length - (CHUNK + 16));
        StepVerifier.create(Flux.just(Unpooled.wrappedBuffer(cut)).transform(Gmflux.decrypt(List.of(pass)))
                        .doOnNext(ByteBuf::release))
                .expectNextCount(1)
                .expectError(StreamException.Truncated.class)
                .verify(Duration.ofSeconds(30));
        StepVerifier.create(Flux.<ByteBuf>empty().transform(Gmflux.decrypt(List.of(pass))))
                .expectErrorMessage("stream truncated: empty input")
                .verify(Duration.ofSeconds(30));
        StepVerifier.create(Flux.just(Unpooled.wrappedBuffer("not a stream at all".getBytes()))
                        .transform(Gmflux.decrypt(List.of(pass))))
                .expectError(StreamException.Malformed.class)
                .verify(Duration.ofSeconds(30));
    }

    @Test
    void cancellingReleasesEverythingQueued() {
        SplittableRandom rnd = new SplittableRandom(0x91_0004L);
        for (int trial = 0; trial < 20; trial++) {
            byte[] plain = new byte[20 * CHUNK];
            rnd.nextBytes(plain);
            TrackedBuffers in = new TrackedBuffers();
            int take = rnd.nextInt(1, 10);
            List<ByteBuf> got = new ArrayList<>();
            in.pieces(plain, 3000, rnd).transform(Gmflux.encrypt(spec)).take(take).doOnNext(got::add)
                    .blockLast(Duration.ofSeconds(30));
            got.forEach(ByteBuf::release);
            // the source is synchronous, so by the time take() cancelled, every buffer it made was
            // either consumed or queued; wait for the worker to finish its last step
            await(() -> allReleased(in));
            in.assertAllReleased();
        }
    }

    @Test
    void sourceErrorsPassThroughAndReleaseInputs() {
        TrackedBuffers in = new TrackedBuffers();
        Flux<ByteBuf> failing = in.pieces(new byte[3 * CHUNK], 1000, new SplittableRandom(5))
                .concatWith(Flux.error(new IllegalStateException("disk on fire")));
        StepVerifier.create(failing.transform(Gmflux.encrypt(spec)).doOnNext(ByteBuf::release))
                .thenConsumeWhile(b -> true)
                .expectErrorMessage("disk on fire")
                .verify(Duration.ofSeconds(30));
        await(() -> allReleased(in));
        in.assertAllReleased();
    }

    @Test
    void honoursBackpressureWithBoundedReadAhead() {
        AtomicLong produced = new AtomicLong();
        AtomicInteger outstanding = new AtomicInteger();
        TrackedBuffers in = new TrackedBuffers();
        // an endless source of 1 KiB buffers; only demand may pull from it
        Flux<ByteBuf> endless = Flux.generate(sink -> {
            produced.incrementAndGet();
            sink.next(in.track(Unpooled.buffer(1024).writeZero(1024)));
        });
        StepVerifier.create(endless.transform(Gmflux.encrypt(spec)).doOnNext(b -> {
                    outstanding.incrementAndGet();
                    b.release();
                }), 0)
                .thenRequest(3)
                .expectNextCount(3)
                .thenAwait(Duration.ofMillis(200))
                .then(() -> assertThat(produced.get())
                        .as("buffers read for 3 chunks of 4 KiB from 1 KiB pieces")
                        .isLessThan(3 * 4 + 4 + 2 * Gmflux.PREFETCH + 8))
                .thenCancel()
                .verify(Duration.ofSeconds(30));
        await(() -> allReleased(in));
        in.assertAllReleased();
    }

    @Test
    void byteArrayAndByteBufferAdaptersRoundTrip() {
        byte[] plain = new byte[3 * CHUNK + 5];
        new SplittableRandom(7).nextBytes(plain);
        List<byte[]> sealed = Flux.just(Arrays.copyOf(plain, 100), Arrays.copyOfRange(plain, 100, plain.length))
                .transform(Gmflux.encryptBytes(spec)).collectList().block(Duration.ofSeconds(30));
        byte[] back = Flux.fromIterable(sealed).transform(Gmflux.decryptBytes(List.of(pass)))
                .reduce(new byte[0], GmfluxTest::concat).block(Duration.ofSeconds(30));
        assertThat(back).isEqualTo(plain);
        byte[] viaNio = Flux.just(ByteBuffer.wrap(plain)).transform(Gmflux.encryptBuffers(spec))
                .transform(Gmflux.decryptBuffers(List.of(pass)))
                .map(b -> {
                    byte[] a = new byte[b.remaining()];
                    b.get(a);
                    return a;
                }).reduce(new byte[0], GmfluxTest::concat).block(Duration.ofSeconds(30));
        assertThat(viaNio).isEqualTo(plain);
    }

    @Test
    void arrayAndNioAdaptersNeverKeepTheCallersArrayPastOnNext() {
        // the caller refills one array (and one ByteBuffer over it) for every element: whole
        // chunks of it must be copied, not sliced, or later chunks would be sealed from new bytes
        SplittableRandom rnd = new SplittableRandom(0x91_0006L);
        byte[] plain = new byte[12 * CHUNK];
        rnd.nextBytes(plain);
        int piece = 2 * CHUNK;
        byte[] reused = new byte[piece];
        AtomicInteger next = new AtomicInteger();
        Flux<byte[]> refilled = Flux.generate(sink -> {
            int off = next.getAndAdd(piece);
            if (off >= plain.length) {
                sink.complete();
            } else {
                System.arraycopy(plain, off, reused, 0, piece);
                sink.next(reused);
            }
        });
        byte[] sealed = Flux.concat(refilled.transform(Gmflux.encryptBytes(spec)))
                .reduce(new byte[0], GmfluxTest::concat).block(Duration.ofSeconds(30));
        assertThat(drain(Flux.just(Unpooled.wrappedBuffer(sealed)).transform(Gmflux.decrypt(List.of(pass)))))
                .as("bytes[] adapter").isEqualTo(plain);
        next.set(0);
        ByteBuffer nio = ByteBuffer.wrap(reused);
        Flux<ByteBuffer> refilledNio = refilled.map(a -> nio.clear());
        byte[] sealedNio = refilledNio.transform(Gmflux.encryptBuffers(spec))
                .map(b -> {
                    byte[] a = new byte[b.remaining()];
                    b.get(a);
                    return a;
                }).reduce(new byte[0], GmfluxTest::concat).block(Duration.ofSeconds(30));
        assertThat(drain(Flux.just(Unpooled.wrappedBuffer(sealedNio)).transform(Gmflux.decrypt(List.of(pass)))))
                .as("ByteBuffer adapter").isEqualTo(plain);
        // and decryption: one array refilled with the sealed stream's pieces
        byte[] reusedSealed = new byte[piece];
        AtomicInteger at = new AtomicInteger();
        Flux<byte[]> refilledSealed = Flux.generate(sink -> {
            int off = at.getAndAdd(piece);
            if (off >= sealed.length) {
                sink.complete();
            } else {
                int n = Math.min(piece, sealed.length - off);
                System.arraycopy(sealed, off, reusedSealed, 0, n);
                sink.next(n == piece ? reusedSealed : Arrays.copyOf(reusedSealed, n));
            }
        });
        assertThat(refilledSealed.transform(Gmflux.decryptBytes(List.of(pass)))
                .reduce(new byte[0], GmfluxTest::concat).block(Duration.ofSeconds(30))).as("decryptBytes").isEqualTo(plain);
    }

    @Test
    void everySuiteWorksThroughTheOperators() {
        SplittableRandom rnd = new SplittableRandom(0x91_0005L);
        byte[] plain = new byte[2 * CHUNK + 3];
        rnd.nextBytes(plain);
        for (Suite suite : Suite.values()) {
            StreamSpec s = StreamSpec.builder().suite(suite).chunkSize(CHUNK).recipient(pass).build();
            byte[] sealed = drain(new TrackedBuffers().pieces(plain, 2000, rnd).transform(Gmflux.encrypt(s)));
            assertThat(drain(Flux.just(Unpooled.wrappedBuffer(sealed)).transform(Gmflux.decrypt(List.of(pass)))))
                    .as(suite.label()).isEqualTo(plain);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static boolean allReleased(TrackedBuffers t) {
        try {
            t.assertAllReleased();
            return true;
        } catch (AssertionError e) {
            return false;
        }
    }

    private static void await(java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
