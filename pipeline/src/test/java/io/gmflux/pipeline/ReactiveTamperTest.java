package io.gmflux.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.gmflux.codecs.format.GmfluxInputStream;
import io.gmflux.codecs.format.GmfluxOutputStream;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.ReadLimits;
import io.gmflux.codecs.format.Sm2Recipient;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.netty.buffer.ByteBuf;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.Exceptions;
import reactor.core.scheduler.Schedulers;

/**
 * The reactive decryption refuses tampered streams exactly as the blocking one does (the codecs'
 * TamperMatrixTest pins down which exception each mutation must raise): same exception type and
 * message, same plaintext released before it, at every parallelism and fragmentation; and written
 * to a file, a refused stream leaves no file behind.
 */
class ReactiveTamperTest {

    private static final int CHUNK = 4096;
    private static final Sm2KeyPair ALICE = Sm2KeyPair.generate();
    private static final List<Identity> IDS = List.of(Sm2Recipient.identity(ALICE.privateKey()));

    private static byte[] seal(Suite suite, byte[] plain) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GmfluxOutputStream o = new GmfluxOutputStream(out, StreamSpec.builder().suite(suite).chunkSize(CHUNK)
                .recipient(new Sm2Recipient(ALICE.publicKey())).build())) {
            o.write(plain);
        }
        return out.toByteArray();
    }

    /** A random mutation: bit flips, a cut, a swap or repeat of a chunk-sized span, appended bytes. */
    static byte[] mutate(byte[] s, int header, SplittableRandom rnd) {
        int kind = rnd.nextInt(6);
        int span = CHUNK + 16;
        if (kind == 0) {
            byte[] c = s.clone();
            int flips = 1 + rnd.nextInt(3);
            for (int i = 0; i < flips; i++) {
                c[rnd.nextInt(c.length)] ^= (byte) (1 << rnd.nextInt(8));
            }
            return c;
        }
        if (kind == 1) {
            byte[] c = s.clone();
            c[header + rnd.nextInt(c.length - header)] ^= (byte) (1 << rnd.nextInt(8));
            return c;
        }
        if (kind == 2) {
            return Arrays.copyOf(s, rnd.nextInt(s.length));
        }
        if (kind == 3 && s.length - header > 2 * span) {
            int i = header + rnd.nextInt((s.length - header) / span - 1) * span;
            byte[] c = s.clone();
            System.arraycopy(s, i, c, i + span, span);
            System.arraycopy(s, i + span, c, i, span);
            return c;
        }
        if (kind == 4 && s.length - header > span) {
            int i = header + rnd.nextInt((s.length - header) / span) * span;
            byte[] c = Arrays.copyOf(s, s.length + span);
            System.arraycopy(s, i, c, i + span, s.length - i);
            return c;
        }
        byte[] c = Arrays.copyOf(s, s.length + 1 + rnd.nextInt(100));
        for (int i = s.length; i < c.length; i++) {
            c[i] = (byte) rnd.nextInt();
        }
        return c;
    }

    /** What the blocking reader does with {@code sealed}: the plaintext released, then the exception (or null). */
    private static Object[] blocking(byte[] sealed) {
        ByteArrayOutputStream released = new ByteArrayOutputStream();
        Throwable t = catchThrowable(() -> {
            try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(sealed), IDS)) {
                in.transferTo(released);
            }
        });
        return new Object[] {released.toByteArray(), t};
    }

    @Test
    void refusesEveryMutationLikeTheBlockingReader() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7e_0001L);
        Suite[] suites = Suite.values();
        int refused = 0;
        for (int trial = 0; trial < 600; trial++) {
            Suite suite = suites[trial % suites.length];
            byte[] plain = new byte[rnd.nextInt(6 * CHUNK)];
            rnd.nextBytes(plain);
            byte[] sealed = seal(suite, plain);
            int header = sealed.length - plain.length - Math.max(1, (plain.length + CHUNK - 1) / CHUNK)
                    * suite.tagLength();
            byte[] bad = mutate(sealed, header, rnd);
            Object[] expected = blocking(bad);
            int p = 1 + rnd.nextInt(4);
            TrackedBuffers in = new TrackedBuffers();
            ByteArrayOutputStream released = new ByteArrayOutputStream();
            Throwable t = catchThrowable(() -> in.pieces(bad, 1 + rnd.nextInt(2 * CHUNK), rnd)
                    .transform(Gmflux.decrypt(IDS, Schedulers.parallel(), p))
                    .doOnNext(b -> {
                        byte[] x = new byte[b.readableBytes()];
                        b.readBytes(x);
                        released.writeBytes(x);
                        b.release();
                    })
                    .blockLast(Duration.ofSeconds(30)));
            String as = "trial " + trial + ", " + suite + ", parallelism " + p;
            Throwable want = (Throwable) expected[1];
            if (want == null) {
                assertThat(t).as(as).isNull(); // a mutation that changed nothing (a flip flipped back)
            } else {
                refused++;
                Throwable got = Exceptions.unwrap(t);
                assertThat(got).as(as).isInstanceOf(StreamException.class).isExactlyInstanceOf(want.getClass())
                        .hasMessage(want.getMessage());
            }
            assertThat(released.toByteArray()).as(as).isEqualTo((byte[]) expected[0]);
            Awaiting.until(in::allReleased);
            in.assertAllReleased();
        }
        assertThat(refused).isGreaterThan(550);
    }

    @Test
    void aRefusedStreamLeavesNoFileBehind(@TempDir Path dir) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7e_0002L);
        byte[] plain = new byte[20 * CHUNK + 7];
        rnd.nextBytes(plain);
        byte[] sealed = seal(Suite.SM4_GCM, plain);
        int header = sealed.length - plain.length - 21 * 16;
        Path in = dir.resolve("in.gmf");
        Path out = dir.resolve("out.bin");
        for (int trial = 0; trial < 40; trial++) {
            byte[] bad = mutate(sealed, header, rnd);
            Files.write(in, bad);
            int p = 1 + trial % 3;
            Throwable t = catchThrowable(() -> Gmflux.readFile(in)
                    .transformDeferred(Gmflux.decrypt(IDS, Schedulers.parallel(), p))
                    .as(Gmflux.writeFile(out)).block(Duration.ofSeconds(30)));
            if (blocking(bad)[1] == null) {
                continue;
            }
            assertThat(Exceptions.unwrap(t)).as("trial %d", trial).isInstanceOf(StreamException.class);
            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.map(f -> f.getFileName().toString())).as("trial %d", trial)
                        .containsExactly("in.gmf");
            }
        }
    }

    /**
     * The largest header the format allows (1024 stanzas of 16 KiB: Alice's and 1023 of an unknown
     * type) is read and refused for its MAC; one stanza more is refused as malformed before its
     * bytes are even collected.
     */
    @Test
    void refusesHeadersAtAndBeyondTheLimits() throws Exception {
        byte[] sealed = seal(Suite.SM4_GCM, new byte[100]);
        int stanzaEnd = 44 + 3 + 8 + 65 + 48;
        for (int n : new int[] {1024, 1025}) {
            ByteArrayOutputStream forged = new ByteArrayOutputStream();
            forged.write(sealed, 0, 42);
            forged.write(n >>> 8);
            forged.write(n);
            forged.write(sealed, 44, stanzaEnd - 44); // Alice's stanza
            byte[] junk = new byte[16384];
            for (int i = 1; i < n; i++) {
                forged.write(0x7f); // an unknown type: skipped, but covered by the MAC
                forged.write(junk.length >>> 8);
                forged.write(junk.length);
                forged.writeBytes(junk);
            }
            forged.write(sealed, stanzaEnd, sealed.length - stanzaEnd); // the old MAC and the chunk
            byte[] bad = forged.toByteArray();
            Class<? extends StreamException> expected = n == 1024 ? StreamException.BadHeaderMac.class
                    : StreamException.Malformed.class;
            assertThat((Throwable) blocking(bad)[1]).as("%d stanzas, blocking", n).isInstanceOf(expected);
            TrackedBuffers in = new TrackedBuffers();
            Throwable t = catchThrowable(() -> in.pieces(bad, 70_000, new SplittableRandom(n))
                    .transform(Gmflux.decrypt(IDS, Schedulers.parallel(), 2))
                    .doOnNext(ByteBuf::release)
                    .blockLast(Duration.ofSeconds(60)));
            assertThat(Exceptions.unwrap(t)).as("%d stanzas, reactive", n).isInstanceOf(expected);
            Awaiting.until(in::allReleased);
            in.assertAllReleased();
        }
    }

    /**
     * The attack of issue 14 on the Reactor reader: a header declaring the format's largest size
     * (16.8 MiB, 1024 stanzas) makes a reader buffer all of it before the MAC can fail. Under a
     * 64 KiB cap it is refused once the declared lengths pass the cap, having taken little more
     * than the cap from the source; a passphrase stanza asking for 10,000,000 PBKDF2 iterations is
     * refused under a lower iteration cap before any identity (so any PBKDF2) runs.
     */
    @Test
    void readLimitsRefuseAnOversizedHeaderBeforeBufferingItAndCostlyStanzasBeforeAnyPbkdf2() throws Exception {
        byte[] sealed = seal(Suite.SM4_GCM, new byte[100]);
        int stanzaEnd = 44 + 3 + 8 + 65 + 48;
        ByteArrayOutputStream forged = new ByteArrayOutputStream();
        forged.write(sealed, 0, 42);
        forged.write(1024 >>> 8);
        forged.write(1024 & 0xff);
        forged.write(sealed, 44, stanzaEnd - 44);
        byte[] junk = new byte[16384];
        for (int i = 1; i < 1024; i++) {
            forged.write(0x7f);
            forged.write(junk.length >>> 8);
            forged.write(junk.length);
            forged.writeBytes(junk);
        }
        forged.write(sealed, stanzaEnd, sealed.length - stanzaEnd);
        byte[] bad = forged.toByteArray();
        int cap = 64 << 10;
        int maxPiece = 4096;
        ReadLimits limits = ReadLimits.FORMAT_MAXIMUM.withMaxHeaderLength(cap);
        TrackedBuffers in = new TrackedBuffers();
        Throwable t = catchThrowable(() -> in.pieces(bad, maxPiece, new SplittableRandom(3))
                .transform(Gmflux.decrypt(IDS, limits, Schedulers.parallel(), 2))
                .doOnNext(ByteBuf::release)
                .blockLast(Duration.ofSeconds(60)));
        assertThat(Exceptions.unwrap(t)).isInstanceOf(StreamException.LimitExceeded.class).hasMessageContaining("cap is " + cap);
        Awaiting.until(in::allReleased);
        in.assertAllReleased();
        // the header collected up to the cap, plus the buffers already requested when it failed
        assertThat(in.bytes()).as("bytes taken from a %d-byte header", bad.length)
                .isLessThanOrEqualTo(cap + (Gmflux.PREFETCH + 1) * maxPiece);

        PassphraseRecipient pass = new PassphraseRecipient("pw".toCharArray(), PassphraseRecipient.MIN_ITERATIONS);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GmfluxOutputStream o = new GmfluxOutputStream(out, StreamSpec.builder().chunkSize(CHUNK).recipient(pass).build())) {
            o.write(new byte[10]);
        }
        byte[] costly = out.toByteArray();
        io.gmflux.codecs.bytes.Bytes.putIntBEByBytes(costly, 44 + 3 + 16, PassphraseRecipient.MAX_ITERATIONS);
        java.util.concurrent.atomic.AtomicInteger tried = new java.util.concurrent.atomic.AtomicInteger();
        Identity counting = (stanza, salt) -> {
            tried.incrementAndGet();
            return null;
        };
        TrackedBuffers in2 = new TrackedBuffers();
        Throwable t2 = catchThrowable(() -> in2.pieces(costly, 100, new SplittableRandom(4))
                .transform(Gmflux.decrypt(List.of(counting), ReadLimits.FORMAT_MAXIMUM.withMaxPbkdf2Iterations(100_000)))
                .doOnNext(ByteBuf::release)
                .blockLast(Duration.ofSeconds(60)));
        assertThat(Exceptions.unwrap(t2)).isInstanceOf(StreamException.LimitExceeded.class)
                .hasMessageContaining("10000000 PBKDF2 iterations");
        assertThat(tried).hasValue(0);
        Awaiting.until(in2::allReleased);
        in2.assertAllReleased();
    }
}
