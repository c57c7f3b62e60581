package io.gmflux.pipeline;

import static io.gmflux.pipeline.TrackedBuffers.drain;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.format.GmfluxOutputStream;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.MlKem768PrivateKey;
import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.Sm2MlKem768PrivateKey;
import io.gmflux.codecs.format.Sm2Recipient;
import io.gmflux.codecs.format.StreamHeader;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * Parallel sealing and opening: the same bytes as the blocking stream at every parallelism, every
 * suite and recipient type, every fragmentation; order kept; memory bounded; everything released
 * however the stream ends.
 */
class ParallelPipelineTest {

    private static final int CHUNK = StreamHeader.MIN_CHUNK_SIZE;
    private static final int[] PARALLELISM = {1, 2, 3, 8};
    private static final Sm2KeyPair SM2 = Sm2KeyPair.generate();
    private static final MlKem768PrivateKey MLKEM = generate(() -> MlKem768PrivateKey.generate(new SecureRandom()));
    private static final Sm2MlKem768PrivateKey HYBRID = generate(() -> Sm2MlKem768PrivateKey.generate(new SecureRandom()));
    private static final PassphraseRecipient PASS = new PassphraseRecipient("parallel".toCharArray(),
            PassphraseRecipient.MIN_ITERATIONS);

    private interface Maker<T> {
        T make() throws Exception;
    }

    private static <T> T generate(Maker<T> m) {
        try {
            return m.make();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static StreamSpec.Builder recipients(StreamSpec.Builder b, int which) {
        switch (which) {
            case 0: return b.recipient(new Sm2Recipient(SM2.publicKey()));
            case 1: return b.recipient(MLKEM.recipient());
            case 2: return b.recipient(HYBRID.recipient());
            case 3: return b.recipient(PASS);
            default: return b.recipient(new Sm2Recipient(SM2.publicKey())).recipient(MLKEM.recipient())
                    .recipient(HYBRID.recipient());
        }
    }

    private static Identity identity(int which) {
        switch (which) {
            case 1: return MLKEM.identity();
            case 2: return HYBRID.identity();
            case 3: return PASS;
            default: return Sm2Recipient.identity(SM2.privateKey());
        }
    }

    private static byte[] blocking(StreamSpec spec, byte[] plain) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GmfluxOutputStream o = new GmfluxOutputStream(out, spec)) {
            o.write(plain);
        }
        return out.toByteArray();
    }

    @Test
    void everyParallelismWritesTheBlockingStreamsBytesAndReadsThemBack() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x9a_0001L);
        int trial = 0;
        for (Suite suite : Suite.values()) {
            for (int who = 0; who < 5; who++) {
                int chunk = rnd.nextBoolean() ? CHUNK : 16 * 1024;
                int[] sizes = {0, 1, chunk - 1, chunk, chunk + 1, 3 * chunk + rnd.nextInt(chunk)};
                int size = sizes[trial++ % sizes.length];
                byte[] plain = new byte[size];
                rnd.nextBytes(plain);
                long seed = rnd.nextLong();
                byte[] expected = blocking(recipients(StreamSpec.builder(), who).suite(suite).chunkSize(chunk)
                        .random(new SeededRandom(seed)).build(), plain);
                for (int p : PARALLELISM) {
                    StreamSpec spec = recipients(StreamSpec.builder(), who).suite(suite).chunkSize(chunk)
                            .random(new SeededRandom(seed)).build();
                    TrackedBuffers in = new TrackedBuffers();
                    int piece = rnd.nextInt(4) == 0 ? 1 : 1 + rnd.nextInt(3 * chunk);
                    String as = suite + ", recipient " + who + ", " + size + " bytes, pieces <= " + piece
                            + ", parallelism " + p;
                    byte[] sealed = drain(in.pieces(plain, piece, rnd)
                            .transformDeferred(Gmflux.encrypt(spec, Schedulers.parallel(), p)));
                    assertThat(sealed).as(as).isEqualTo(expected);
                    TrackedBuffers mid = new TrackedBuffers();
                    byte[] back = drain(mid.pieces(sealed, piece, rnd)
                            .transformDeferred(Gmflux.decrypt(List.of(identity(who)), Schedulers.parallel(), p)));
                    assertThat(back).as(as).isEqualTo(plain);
                    in.assertAllReleased();
                    mid.assertAllReleased();
                }
            }
        }
    }

    @Test
    void oneByteBuffersAndEmptyInputAtEveryParallelism() {
        SplittableRandom rnd = new SplittableRandom(0x9a_0002L);
        StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(PASS).build();
        for (int p : PARALLELISM) {
            for (int size : new int[] {0, 1, 2 * CHUNK + 3}) {
                byte[] plain = new byte[size];
                rnd.nextBytes(plain);
                TrackedBuffers in = new TrackedBuffers();
                byte[] sealed = drain(in.pieces(plain, 1, rnd).transform(Gmflux.encrypt(spec, Schedulers.parallel(), p)));
                TrackedBuffers mid = new TrackedBuffers();
                assertThat(drain(mid.pieces(sealed, 1, rnd)
                        .transform(Gmflux.decrypt(List.of(PASS), Schedulers.parallel(), p))))
                        .as("%d bytes in 1-byte buffers, parallelism %d", size, p).isEqualTo(plain);
                in.assertAllReleased();
                mid.assertAllReleased();
            }
        }
    }

    @Test
    void cancellingAtAnyPointReleasesEverythingAtEveryParallelism() {
        SplittableRandom rnd = new SplittableRandom(0x9a_0003L);
        StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(PASS).build();
        byte[] plain = new byte[30 * CHUNK];
        rnd.nextBytes(plain);
        byte[] sealed = drain(Flux.just(Unpooled.wrappedBuffer(plain)).transform(Gmflux.encrypt(spec)));
        for (int trial = 0; trial < 40; trial++) {
            int p = PARALLELISM[trial % PARALLELISM.length];
            boolean decrypting = trial % 2 == 1;
            TrackedBuffers in = new TrackedBuffers();
            int take = rnd.nextInt(0, 25);
            List<ByteBuf> got = new ArrayList<>();
            Flux<ByteBuf> source = in.pieces(decrypting ? sealed : plain, 1 + rnd.nextInt(3 * CHUNK), rnd);
            Flux<ByteBuf> out = decrypting
                    ? source.transform(Gmflux.decrypt(List.of(PASS), Schedulers.parallel(), p))
                    : source.transform(Gmflux.encrypt(spec, Schedulers.parallel(), p));
            out.take(take).doOnNext(got::add).blockLast(Duration.ofSeconds(30));
            got.forEach(ByteBuf::release);
            Awaiting.until(in::allReleased);
            in.assertAllReleased();
        }
    }

    @Test
    void emitsVerifiedChunksInOrderThenTheErrorWhateverTheParallelism() {
        SplittableRandom rnd = new SplittableRandom(0x9a_0004L);
        StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(PASS).build();
        byte[] plain = new byte[20 * CHUNK];
        rnd.nextBytes(plain);
        byte[] sealed = drain(Flux.just(Unpooled.wrappedBuffer(plain)).transform(Gmflux.encrypt(spec)));
        int h = sealed.length - 20 * (CHUNK + 16);
        for (int trial = 0; trial < 24; trial++) {
            int p = PARALLELISM[trial % PARALLELISM.length];
            int bad = rnd.nextInt(20);
            byte[] s = sealed.clone();
            s[h + bad * (CHUNK + 16) + rnd.nextInt(CHUNK + 16)] ^= 1;
            TrackedBuffers in = new TrackedBuffers();
            ByteArrayOutputStream released = new ByteArrayOutputStream();
            StepVerifier.create(in.pieces(s, 1 + rnd.nextInt(5 * CHUNK), rnd)
                            .transform(Gmflux.decrypt(List.of(PASS), Schedulers.parallel(), p))
                            .doOnNext(b -> {
                                byte[] x = new byte[b.readableBytes()];
                                b.readBytes(x);
                                released.writeBytes(x);
                                b.release();
                            }))
                    .thenConsumeWhile(b -> true)
                    .expectErrorMessage("chunk " + bad + " failed authentication")
                    .verify(Duration.ofSeconds(30));
            assertThat(released.toByteArray()).as("bad chunk %d, parallelism %d", bad, p)
                    .isEqualTo(java.util.Arrays.copyOf(plain, bad * CHUNK));
            Awaiting.until(in::allReleased);
            in.assertAllReleased();
        }
    }

    @Test
    void chunksInFlightStayBoundedWhateverTheStreamLength() {
        // an endless source; a subscriber that takes 50 chunks one at a time, slowly
        for (int p : new int[] {1, 4}) {
            AtomicLong produced = new AtomicLong();
            TrackedBuffers in = new TrackedBuffers();
            Flux<ByteBuf> endless = Flux.generate(sink -> {
                produced.incrementAndGet();
                sink.next(in.track(Unpooled.buffer(CHUNK).writeZero(CHUNK)));
            });
            StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(PASS).build();
            AtomicInteger received = new AtomicInteger();
            StepVerifier.create(endless.transform(Gmflux.encrypt(spec, Schedulers.parallel(), p))
                            .doOnNext(b -> {
                                received.incrementAndGet();
                                b.release();
                            }), 0)
                    .thenRequest(50)
                    .expectNextCount(50)
                    .thenAwait(Duration.ofMillis(300))
                    .then(() -> assertThat(produced.get() - received.get())
                            .as("chunks read ahead of demand at parallelism %d", p)
                            // PREFETCH input buffers, one list, 2 * parallelism jobs, a held chunk
                            .isLessThanOrEqualTo(Gmflux.PREFETCH + 2L * p + 4))
                    .thenCancel()
                    .verify(Duration.ofSeconds(30));
            Awaiting.until(in::allReleased);
            in.assertAllReleased();
        }
    }

    @Test
    void sealingNeverRunsOnTheSubscribingThread() {
        Scheduler single = Schedulers.newSingle("event-loop-stand-in");
        try {
            List<String> threads = java.util.Collections.synchronizedList(new ArrayList<>());
            StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(PASS).build();
            Flux.range(0, 20).map(i -> Unpooled.buffer(CHUNK).writeZero(CHUNK))
                    .subscribeOn(single)
                    .transform(Gmflux.encrypt(spec, Schedulers.parallel(), 2))
                    .doOnNext(b -> {
                        threads.add(Thread.currentThread().getName());
                        b.release();
                    })
                    .blockLast(Duration.ofSeconds(30));
            assertThat(threads).hasSize(21).noneMatch(t -> t.startsWith("event-loop-stand-in"));
        } finally {
            single.dispose();
        }
    }

    @Test
    void atParallelismOneAStreamIsSealedAndOpenedOnOneWorkerOfTheScheduler() {
        // the inline path: each chunk runs right after its step, so everything reaching the
        // subscriber comes from the one worker the operator's publishOn took, never the source's thread
        Scheduler source = Schedulers.newSingle("event-loop-stand-in");
        Scheduler work = Schedulers.newParallel("sealing", 3);
        try {
            StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(PASS).build();
            List<String> threads = java.util.Collections.synchronizedList(new ArrayList<>());
            ByteArrayOutputStream sealed = new ByteArrayOutputStream();
            Flux.range(0, 40).map(i -> Unpooled.buffer(CHUNK).writeZero(CHUNK).setByte(0, i))
                    .subscribeOn(source)
                    .transform(Gmflux.encrypt(spec, work, 1))
                    .doOnNext(b -> {
                        threads.add(Thread.currentThread().getName());
                        byte[] x = new byte[b.readableBytes()];
                        b.readBytes(x);
                        sealed.writeBytes(x);
                        b.release();
                    })
                    .blockLast(Duration.ofSeconds(30));
            assertThat(threads).hasSize(41).allMatch(t -> t.startsWith("sealing")).containsOnly(threads.get(0));
            threads.clear();
            TrackedBuffers mid = new TrackedBuffers();
            byte[] plain = drain(mid.pieces(sealed.toByteArray(), 3 * CHUNK, new SplittableRandom(0x9a_0005L))
                    .subscribeOn(source)
                    .transform(Gmflux.decrypt(List.of(PASS), work, 1))
                    .doOnNext(b -> threads.add(Thread.currentThread().getName())));
            assertThat(plain).hasSize(40 * CHUNK);
            for (int i = 0; i < 40; i++) {
                assertThat(plain[i * CHUNK]).as("chunk %d", i).isEqualTo((byte) i);
            }
            assertThat(threads).hasSize(40).allMatch(t -> t.startsWith("sealing")).containsOnly(threads.get(0));
            mid.assertAllReleased();
        } finally {
            source.dispose();
            work.dispose();
        }
    }

    @Test
    void aSubscriberRequestingFromItsOwnThreadNeverGetsTheWorkOnItAtEveryParallelism() throws Exception {
        // a consumer on an event-loop-like thread requests one buffer at a time. Reactor may hand a
        // finished buffer over on the requesting thread, but the work (the KEM, sealing, opening)
        // must stay on the scheduler: the KEM's thread is recorded by wrapping the recipient and the
        // identity; the sealing and opening show in the threads' CPU time (8 MiB each way, against
        // a consumer thread that only takes the buffers: 4-6% of the workers' time, against the
        // third asserted, where opening on it alone would be about half)
        byte[] plain = new byte[128 * 64 * 1024];
        new SplittableRandom(0x9a_0009L).nextBytes(plain);
        requestingThreadCpu(plain, 2, false); // warm-up, so that the consumer's code is compiled too
        for (int p : PARALLELISM) {
            requestingThreadCpu(plain, p, true);
        }
    }

    private static void requestingThreadCpu(byte[] plain, int p, boolean check) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        Scheduler consumer = Schedulers.newSingle("consumer-loop");
        Scheduler work = Schedulers.newParallel("sealing", 2);
        try {
            List<String> kem = java.util.Collections.synchronizedList(new ArrayList<>());
            io.gmflux.codecs.format.Recipient recording = new io.gmflux.codecs.format.Recipient() {
                @Override
                public int stanzaType() {
                    return PASS.stanzaType();
                }

                @Override
                public io.gmflux.codecs.format.RecipientStanza wrap(byte[] fileKey, byte[] salt,
                        java.security.SecureRandom random) throws java.security.GeneralSecurityException {
                    kem.add(Thread.currentThread().getName());
                    return PASS.wrap(fileKey, salt, random);
                }
            };
            Identity recordingId = (stanza, salt) -> {
                kem.add(Thread.currentThread().getName());
                return PASS.unwrap(stanza, salt);
            };
            StreamSpec spec = StreamSpec.builder().recipient(recording).build(); // 64 KiB chunks
            // the consumer thread only takes the buffers; they are read, compared and released on
            // this thread afterwards, so the consumer's CPU time is the pipeline's hand-over alone
            // (reading them there cost as much as a third of the workers' time at PARANOID)
            List<ByteBuf> sealedParts = java.util.Collections.synchronizedList(new ArrayList<>());
            Flux.just(Unpooled.wrappedBuffer(plain))
                    .transform(Gmflux.encrypt(spec, work, p))
                    .publishOn(consumer, 1)
                    .doOnNext(sealedParts::add)
                    .blockLast(Duration.ofSeconds(60));
            ByteArrayOutputStream sealedOut = new ByteArrayOutputStream(plain.length + (1 << 20));
            for (ByteBuf b : sealedParts) {
                try {
                    b.readBytes(sealedOut, b.readableBytes());
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                } finally {
                    b.release();
                }
            }
            byte[] sealed = sealedOut.toByteArray();
            AtomicLong at = new AtomicLong();
            AtomicInteger wrong = new AtomicInteger();
            List<ByteBuf> openedParts = java.util.Collections.synchronizedList(new ArrayList<>());
            Flux.range(0, (sealed.length + 65535) / 65536)
                    .map(i -> Unpooled.wrappedBuffer(sealed, i * 65536, Math.min(65536, sealed.length - i * 65536)))
                    .transform(Gmflux.decrypt(List.of(recordingId), work, p))
                    .publishOn(consumer, 1)
                    .doOnNext(openedParts::add)
                    .blockLast(Duration.ofSeconds(60));
            for (ByteBuf b : openedParts) {
                byte[] x = ByteBufUtil.getBytes(b);
                b.release();
                int off = (int) at.getAndAdd(x.length);
                if (!java.util.Arrays.equals(x, 0, x.length, plain, off, off + x.length)) {
                    wrong.incrementAndGet();
                }
            }
            assertThat(at.get()).isEqualTo(plain.length);
            assertThat(wrong.get()).isZero();
            long workCpu = 0;
            long consumerCpu = 0;
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith("sealing")) {
                    workCpu += mx.getThreadCpuTime(t.getId());
                } else if (t.getName().startsWith("consumer-loop")) {
                    consumerCpu += mx.getThreadCpuTime(t.getId());
                }
            }
            if (check) {
                assertThat(kem).as("KEM threads, parallelism %d", p).hasSize(2).allMatch(t -> t.startsWith("sealing"));
                assertThat(consumerCpu).as("consumer CPU ns against the workers' %d ns, parallelism %d", workCpu, p)
                        .isLessThan(workCpu / 3);
            }
        } finally {
            consumer.dispose();
            work.dispose();
        }
    }

    @Test
    void aSourceErrorMidStreamEndsItAfterTheChunksBeforeAndReleasesEverythingAtEveryParallelism() {
        SplittableRandom rnd = new SplittableRandom(0x9a_0006L);
        StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(PASS).build();
        byte[] plain = new byte[12 * CHUNK];
        rnd.nextBytes(plain);
        byte[] sealed = drain(Flux.just(Unpooled.wrappedBuffer(plain)).transform(Gmflux.encrypt(spec)));
        int header = sealed.length - 12 * (CHUNK + 16);
        for (int trial = 0; trial < 24; trial++) {
            int p = PARALLELISM[trial % PARALLELISM.length];
            boolean decrypting = trial % 2 == 1;
            byte[] data = decrypting ? sealed : plain;
            int cut = rnd.nextInt(data.length);
            TrackedBuffers in = new TrackedBuffers();
            Flux<ByteBuf> source = in.pieces(java.util.Arrays.copyOf(data, cut), 1 + rnd.nextInt(2 * CHUNK), rnd)
                    .concatWith(Flux.error(new IllegalStateException("disk on fire")));
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            StepVerifier.create((decrypting
                            ? source.transform(Gmflux.decrypt(List.of(PASS), Schedulers.parallel(), p))
                            : source.transform(Gmflux.encrypt(spec, Schedulers.parallel(), p)))
                            .doOnNext(b -> {
                                byte[] x = new byte[b.readableBytes()];
                                b.readBytes(x);
                                got.writeBytes(x);
                                b.release();
                            }))
                    .thenConsumeWhile(b -> true)
                    .expectErrorMessage("disk on fire")
                    .verify(Duration.ofSeconds(30));
            String as = (decrypting ? "decrypting" : "encrypting") + ", error after " + cut + " bytes, parallelism " + p;
            byte[] out = got.toByteArray();
            if (decrypting) {
                // whole verified chunks of plaintext, in order, and none the input did not complete
                assertThat(out.length % CHUNK).as(as).isZero();
                assertThat(java.util.Arrays.equals(out, java.util.Arrays.copyOf(plain, out.length))).as(as).isTrue();
                assertThat(out.length).as(as).isLessThanOrEqualTo(Math.max(0, cut - header) / (CHUNK + 16) * CHUNK);
            } else {
                // nothing, or the header and whole sealed chunks of the input before the error (never the held one)
                assertThat(out.length == 0 || (out.length - header) % (CHUNK + 16) == 0).as(as + ", " + out.length).isTrue();
                assertThat(Math.max(0, out.length - header) / (CHUNK + 16)).as(as).isLessThanOrEqualTo(cut / CHUNK);
            }
            Awaiting.until(in::allReleased);
            in.assertAllReleased();
        }
    }

    @Test
    void aCancelFromAnotherThreadWhileChunksAreWorkedOnReleasesEverythingAtEveryParallelism() {
        SplittableRandom rnd = new SplittableRandom(0x9a_0007L);
        StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(PASS).build();
        byte[] plain = new byte[60 * CHUNK];
        rnd.nextBytes(plain);
        byte[] sealed = drain(Flux.just(Unpooled.wrappedBuffer(plain)).transform(Gmflux.encrypt(spec)));
        for (int trial = 0; trial < 24; trial++) {
            int p = PARALLELISM[trial % PARALLELISM.length];
            boolean decrypting = trial % 2 == 1;
            TrackedBuffers in = new TrackedBuffers();
            // every other encryption from whole-chunk heap buffers: chunks sliced, not copied
            Flux<ByteBuf> source = !decrypting && trial % 4 == 0 ? aligned(plain, CHUNK, rnd, in, new ArrayList<>())
                    : in.pieces(decrypting ? sealed : plain, 1 + rnd.nextInt(2 * CHUNK), rnd);
            int after = rnd.nextInt(1, 40);
            AtomicInteger received = new AtomicInteger();
            AtomicInteger released = new AtomicInteger();
            java.util.concurrent.CountDownLatch enough = new java.util.concurrent.CountDownLatch(1);
            reactor.core.Disposable d = (decrypting
                    ? source.transform(Gmflux.decrypt(List.of(PASS), Schedulers.parallel(), p))
                    : source.transform(Gmflux.encrypt(spec, Schedulers.parallel(), p)))
                    .subscribe(b -> {
                        b.release();
                        released.incrementAndGet();
                        if (received.incrementAndGet() == after) {
                            enough.countDown();
                        }
                    }, e -> enough.countDown(), enough::countDown);
            try {
                assertThat(enough.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            d.dispose(); // from the test thread while the workers go on with the next chunks
            Awaiting.until(in::allReleased);
            assertThat(in.allReleased()).as("%s, cancel after %d chunks, parallelism %d",
                    decrypting ? "decrypting" : "encrypting", after, p).isTrue();
            // dispose() does not wait for an onNext already running on a worker (Reactive Streams
            // allows it): let that call finish before comparing its two counters
            Awaiting.until(() -> released.get() == received.get());
            assertThat(released.get()).isEqualTo(received.get());
        }
    }

    @Test
    void wholeChunksOfHeapInputsAreWorkedOnWithoutCopyingOrTouchingTheInputAtEveryParallelism() throws Exception {
        // heap inputs of whole chunks (sliced, not copied) mixed with odd sizes and direct buffers
        // (copied): the same bytes as the blocking stream, the inputs' bytes unchanged, all released
        SplittableRandom rnd = new SplittableRandom(0x9a_0008L);
        for (int trial = 0; trial < 16; trial++) {
            int p = PARALLELISM[trial % PARALLELISM.length];
            Suite suite = Suite.values()[trial % Suite.values().length];
            byte[] plain = new byte[rnd.nextInt(1, 10) * CHUNK + (rnd.nextBoolean() ? 0 : rnd.nextInt(CHUNK))];
            rnd.nextBytes(plain);
            long seed = rnd.nextLong();
            byte[] expected = blocking(StreamSpec.builder().recipient(PASS).suite(suite).chunkSize(CHUNK)
                    .random(new SeededRandom(seed)).build(), plain);
            StreamSpec spec = StreamSpec.builder().recipient(PASS).suite(suite).chunkSize(CHUNK)
                    .random(new SeededRandom(seed)).build();
            String as = suite + ", " + plain.length + " bytes, parallelism " + p + ", trial " + trial;
            TrackedBuffers in = new TrackedBuffers();
            List<byte[]> arrays = new ArrayList<>();
            byte[] sealed = drain(aligned(plain, CHUNK, rnd, in, arrays)
                    .transform(Gmflux.encrypt(spec, Schedulers.parallel(), p)));
            assertThat(java.util.Arrays.equals(sealed, expected)).as(as).isTrue();
            assertThat(java.util.Arrays.equals(concat(arrays), plain)).as(as + ": input touched").isTrue();
            in.assertAllReleased();
            // sealed chunks are CHUNK + 16 bytes: cut the sealed stream at its chunk boundaries
            int header = sealed.length - (plain.length + CHUNK - 1) / CHUNK * 16 - plain.length;
            TrackedBuffers mid = new TrackedBuffers();
            List<byte[]> sealedArrays = new ArrayList<>();
            Flux<ByteBuf> sealedIn = Flux.concat(mid.pieces(java.util.Arrays.copyOf(sealed, header), 7, rnd),
                    aligned(java.util.Arrays.copyOfRange(sealed, header, sealed.length), CHUNK + 16, rnd, mid, sealedArrays));
            assertThat(drain(sealedIn.transform(Gmflux.decrypt(List.of(PASS), Schedulers.parallel(), p)))).as(as)
                    .isEqualTo(plain);
            assertThat(java.util.Arrays.equals(concat(sealedArrays), java.util.Arrays.copyOfRange(sealed, header,
                    sealed.length))).as(as + ": sealed input touched").isTrue();
            mid.assertAllReleased();
        }
    }

    /** {@code data} as buffers of 1-3 whole chunks (heap, wrapping arrays kept in {@code arrays}), some direct, some odd-sized. */
    private static Flux<ByteBuf> aligned(byte[] data, int chunk, SplittableRandom rnd, TrackedBuffers in,
            List<byte[]> arrays) {
        List<ByteBuf> out = new ArrayList<>();
        for (int off = 0; off < data.length; ) {
            int kind = rnd.nextInt(6);
            int n = Math.min(data.length - off, kind == 5 ? 1 + rnd.nextInt(2 * chunk) : rnd.nextInt(1, 4) * chunk);
            byte[] a = java.util.Arrays.copyOfRange(data, off, off + n);
            arrays.add(a);
            ByteBuf b = kind == 4 ? Unpooled.directBuffer(n).writeBytes(a) : Unpooled.wrappedBuffer(a);
            out.add(in.track(b));
            off += n;
        }
        return Flux.fromIterable(out);
    }

    private static byte[] concat(List<byte[]> arrays) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        arrays.forEach(o::writeBytes);
        return o.toByteArray();
    }

    @Test
    void rejectsAParallelismBelowOne() {
        StreamSpec spec = StreamSpec.builder().recipient(PASS).build();
        assertThatThrownBy(() -> Gmflux.encrypt(spec, Schedulers.parallel(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("parallelism");
        assertThatThrownBy(() -> Gmflux.decrypt(List.of(PASS), Schedulers.parallel(), -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("parallelism");
    }
}
