package io.gmflux.codecs.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.testing.RandomInputs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * At least 10,000 random mutations of sealed streams, each of which must be refused with the
 * exception its kind and position call for, releasing exactly the plaintext of the chunks before
 * the one that failed (and nothing of it): bit flips in every header field, stanza and chunk;
 * truncation at and inside every chunk boundary; chunks swapped and duplicated; bytes appended; a
 * header from another stream; a stanza for another key. Every suite takes its share.
 *
 * <p>The streams go to two recipients: SM2 (Alice, who decrypts) and then ML-KEM-768 (Bob).
 */
class TamperMatrixTest {

    private static final int CHUNK = StreamHeader.MIN_CHUNK_SIZE;
    private static final Sm2KeyPair ALICE = Sm2KeyPair.generate();
    private static final MlKem768PrivateKey BOB = mlkem();
    private static final List<Identity> IDS = List.of(memoized(Sm2Recipient.identity(ALICE.privateKey())));

    /**
     * Alice's identity, remembering what each (stanza, salt) it has seen unwrapped to: most
     * mutations leave the header alone, and repeating the same SM2 decapsulation thousands of
     * times would only slow the test. Every new stanza or salt still goes through the real unwrap.
     */
    private static Identity memoized(Identity id) {
        java.util.Map<String, byte[]> seen = new java.util.concurrent.ConcurrentHashMap<>();
        return (stanza, salt) -> {
            String key = stanza.type() + ":" + io.gmflux.codecs.bytes.Hex.encode(stanza.body()) + ":"
                    + io.gmflux.codecs.bytes.Hex.encode(salt);
            byte[] known = seen.get(key);
            if (known != null) {
                return known.length == 0 ? null : known.clone();
            }
            byte[] k = id.unwrap(stanza, salt);
            seen.put(key, k == null ? new byte[0] : k.clone());
            return k;
        };
    }

    private static MlKem768PrivateKey mlkem() {
        try {
            return MlKem768PrivateKey.generate(new SecureRandom());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** A sealed stream and what is known about its layout. */
    private static final class Sample {
        final Suite suite;
        final byte[] plain;
        final byte[] sealed;
        final int header;
        final int sealedChunk;
        final int chunks;
        /** Offsets of Alice's stanza (its type byte) and of Bob's. */
        final int alice;
        final int bob;

        Sample(Suite suite, byte[] plain, SplittableRandom rnd) throws Exception {
            this.suite = suite;
            this.plain = plain;
            StreamSpec spec = StreamSpec.builder().suite(suite).chunkSize(CHUNK)
                    .recipient(new Sm2Recipient(ALICE.publicKey())).recipient(BOB.recipient()).build();
            this.sealed = StreamFixtures.encrypt(spec, plain, rnd);
            this.header = StreamHeader.headerLength(sealed, 0, sealed.length);
            this.sealedChunk = CHUNK + suite.tagLength();
            this.chunks = Math.max(1, (plain.length + CHUNK - 1) / CHUNK);
            this.alice = StreamHeader.FIXED_LENGTH;
            this.bob = alice + 3 + 8 + 65 + 48;
        }

        int chunkStart(int k) {
            return header + k * sealedChunk;
        }

        boolean lastIsFull() {
            return plain.length > 0 && plain.length % CHUNK == 0;
        }
    }

    /** What a mutation must produce: one of these exceptions, and exactly this plaintext before it. */
    private static final class Expect {
        final Set<Class<? extends StreamException>> types;
        final int released;
        final String what;

        Expect(String what, int released, Set<Class<? extends StreamException>> types) {
            this.types = types;
            this.released = released;
            this.what = what;
        }
    }

    private int cases;

    @Test
    void refusesTenThousandMutationsEachWithItsException() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7a7a_0001L);
        Sample[] samples = new Sample[Suite.values().length * 2];
        for (Suite suite : Suite.values()) {
            samples[2 * suite.ordinal()] = new Sample(suite, RandomInputs.random(rnd, 3 * CHUNK + 100), rnd);
            samples[2 * suite.ordinal() + 1] = new Sample(suite, RandomInputs.random(rnd, 3 * CHUNK), rnd);
        }
        Sample other = new Sample(Suite.SM4_GCM, RandomInputs.random(rnd, 3 * CHUNK + 100), rnd);
        byte[] strangerStanza = strangerStanza(rnd);

        // every truncation point at and next to every chunk boundary, for every sample
        for (Sample s : samples) {
            for (int k = 0; k <= s.chunks; k++) {
                int at = Math.min(s.chunkStart(k), s.sealed.length);
                for (int d : new int[] {-1, 0, 1, s.suite.tagLength() - 1}) {
                    int cut = at + d;
                    if (cut >= 0 && cut < s.sealed.length) {
                        check(s, Arrays.copyOf(s.sealed, cut), truncation(s, cut), rnd);
                    }
                }
            }
        }
        while (cases < 10_000) {
            Sample s = samples[rnd.nextInt(samples.length)];
            int kind = rnd.nextInt(100);
            if (kind < 25) {
                int pos = rnd.nextInt(s.header);
                int bit = rnd.nextInt(8);
                check(s, flip(s.sealed, pos, bit), headerFlip(s, pos, bit), rnd);
            } else if (kind < 70) {
                int pos = s.header + rnd.nextInt(s.sealed.length - s.header);
                int k = (pos - s.header) / s.sealedChunk;
                check(s, flip(s.sealed, pos, rnd.nextInt(8)), chunkFailure("flip in chunk " + k, k), rnd);
            } else if (kind < 78) {
                int cut = rnd.nextInt(s.sealed.length);
                check(s, Arrays.copyOf(s.sealed, cut), truncation(s, cut), rnd);
            } else if (kind < 84 && fullChunks(s) >= 2) {
                int i = rnd.nextInt(fullChunks(s) - 1);
                int j = i + 1 + rnd.nextInt(fullChunks(s) - 1 - i);
                check(s, swap(s, i, j), chunkFailure("chunks " + i + " and " + j + " swapped", i), rnd);
            } else if (kind < 90 && fullChunks(s) >= 1) {
                int j = rnd.nextInt(fullChunks(s));
                int i = rnd.nextInt(j + 1);
                check(s, duplicate(s, i, j), chunkFailure("chunk " + i + " repeated after chunk " + j, j + 1), rnd);
            } else if (kind < 95) {
                byte[] extra = RandomInputs.random(rnd, 1 + rnd.nextInt(rnd.nextBoolean() ? 20 : 2 * CHUNK));
                Expect e = s.lastIsFull()
                        ? new Expect("bytes after a full last chunk", (s.chunks - 1) * CHUNK,
                                Set.of(StreamException.Malformed.class))
                        : chunkFailure("bytes after a partial last chunk", s.chunks - 1);
                check(s, concat(s.sealed, extra), e, rnd);
            } else if (kind < 98) {
                // the header of another stream to Alice, with this stream's chunks
                byte[] spliced = concat(Arrays.copyOf(other.sealed, other.header),
                        Arrays.copyOfRange(s.sealed, s.header, s.sealed.length));
                check(s, spliced, chunkFailure("header from another stream", 0), rnd);
            } else {
                // Alice's stanza replaced by one for another SM2 key (same size)
                byte[] swapped = s.sealed.clone();
                System.arraycopy(strangerStanza, 0, swapped, s.alice, strangerStanza.length);
                check(s, swapped, new Expect("stanza for another key", 0,
                        Set.of(StreamException.NoMatchingRecipient.class)), rnd);
            }
        }
        assertThat(cases).isGreaterThanOrEqualTo(10_000);
    }

    private void check(Sample s, byte[] mutated, Expect e, SplittableRandom rnd) {
        cases++;
        ByteArrayOutputStream released = new ByteArrayOutputStream();
        Throwable t = catchThrowable(() -> decrypt(mutated, released, rnd));
        String as = "case " + cases + ": " + e.what + " (" + s.suite + ", " + s.plain.length + " bytes)";
        assertThat(t).as(as).isNotNull();
        assertThat(e.types.stream().anyMatch(c -> c.isInstance(t)))
                .as("%s: expected one of %s, got %s", as, e.types, t).isTrue();
        assertThat(released.toByteArray()).as(as).isEqualTo(Arrays.copyOf(s.plain, e.released));
    }

    private static void decrypt(byte[] sealed, ByteArrayOutputStream released, SplittableRandom rnd)
            throws Exception {
        try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(sealed), IDS)) {
            byte[] buf = new byte[1 + rnd.nextInt(3 * CHUNK)];
            int n;
            while ((n = in.read(buf)) >= 0) {
                released.write(buf, 0, n);
            }
        }
    }

    private static Expect chunkFailure(String what, int k) {
        return new Expect(what, k * CHUNK, Set.of(StreamException.ChunkAuthenticationFailed.class));
    }

    private static int fullChunks(Sample s) {
        return s.lastIsFull() ? s.chunks - 1 : s.chunks - 1;
    }

    /** The input ends after {@code cut} bytes. */
    private static Expect truncation(Sample s, int cut) {
        if (cut < s.header) {
            return new Expect("cut at " + cut + " inside the header", 0, Set.of(StreamException.Truncated.class));
        }
        int k = (cut - s.header) / s.sealedChunk;
        int inside = (cut - s.header) % s.sealedChunk;
        if (inside == 0) {
            // at a boundary: the chunk before it was not sealed as last
            return new Expect("cut after chunk " + (k - 1), Math.max(0, k - 1) * CHUNK,
                    Set.of(StreamException.Truncated.class));
        }
        if (inside < s.suite.tagLength() || (k > 0 && inside == s.suite.tagLength())) {
            // shorter than a tag, or an empty last chunk after others: not a chunk at all
            return new Expect("cut " + inside + " bytes into chunk " + k, k * CHUNK,
                    Set.of(StreamException.Malformed.class));
        }
        return chunkFailure("cut " + inside + " bytes into chunk " + k, k);
    }

    /** A bit flipped at {@code pos} of the header. */
    private static Expect headerFlip(Sample s, int pos, int bit) throws Exception {
        String what = "flip of bit " + bit + " at header byte " + pos;
        byte[] h = flip(s.sealed, pos, bit);
        if (pos < 5) {
            return malformed(what);
        }
        if (pos == 5) {
            return isSuite(h[5] & 0xff) ? badMac(what) : malformed(what);
        }
        if (pos < 10) {
            int size = Bytes.getIntBE(h, 6);
            return size >= StreamHeader.MIN_CHUNK_SIZE && size <= StreamHeader.MAX_CHUNK_SIZE ? badMac(what)
                    : malformed(what);
        }
        if (pos < 42) {
            return noMatch(what); // the salt: the wrapping key changes
        }
        if (pos < 44) {
            return new Expect(what, 0, Set.of(StreamException.Malformed.class, StreamException.Truncated.class,
                    StreamException.BadHeaderMac.class));
        }
        int a = pos - s.alice;
        if (a == 0) {
            return noMatch(what); // another type: not Alice's
        }
        if (a < 3) {
            return new Expect(what, 0, Set.of(StreamException.Malformed.class, StreamException.Truncated.class));
        }
        if (a < 3 + 8) {
            return noMatch(what); // the key id
        }
        if (a < 3 + 8 + 65) {
            return malformed(what); // C1 off the curve
        }
        if (a < 3 + 8 + 65 + 48) {
            return noMatch(what); // the wrapped key
        }
        int b = pos - s.bob;
        if (b == 1 || b == 2) {
            // Bob's length: the rest of the header is read differently
            return new Expect(what, 0, Set.of(StreamException.Malformed.class, StreamException.Truncated.class,
                    StreamException.BadHeaderMac.class));
        }
        return badMac(what); // Bob's stanza or the MAC: Alice unwraps, the MAC does not verify
    }

    private static boolean isSuite(int id) {
        return Arrays.stream(Suite.values()).anyMatch(x -> x.id() == id);
    }

    private static Expect malformed(String what) {
        return new Expect(what, 0, Set.of(StreamException.Malformed.class));
    }

    private static Expect noMatch(String what) {
        return new Expect(what, 0, Set.of(StreamException.NoMatchingRecipient.class));
    }

    private static Expect badMac(String what) {
        return new Expect(what, 0, Set.of(StreamException.BadHeaderMac.class));
    }

    /** An SM2 stanza (type, length, body) for a key that is not Alice's, from another stream. */
    private static byte[] strangerStanza(SplittableRandom rnd) throws Exception {
        Sm2KeyPair stranger = Sm2KeyPair.generate();
        byte[] s = StreamFixtures.encrypt(StreamSpec.builder().recipient(new Sm2Recipient(stranger.publicKey()))
                .build(), new byte[1], rnd);
        return Arrays.copyOfRange(s, StreamHeader.FIXED_LENGTH, StreamHeader.FIXED_LENGTH + 3 + 8 + 65 + 48);
    }

    private static byte[] flip(byte[] b, int pos, int bit) {
        byte[] c = b.clone();
        c[pos] ^= (byte) (1 << bit);
        return c;
    }

    private static byte[] swap(Sample s, int i, int j) {
        byte[] c = s.sealed.clone();
        System.arraycopy(s.sealed, s.chunkStart(i), c, s.chunkStart(j), s.sealedChunk);
        System.arraycopy(s.sealed, s.chunkStart(j), c, s.chunkStart(i), s.sealedChunk);
        return c;
    }

    /** Chunk {@code i} inserted again after chunk {@code j} (i <= j). */
    private static byte[] duplicate(Sample s, int i, int j) {
        int at = s.chunkStart(j + 1);
        return concat(Arrays.copyOf(s.sealed, at), Arrays.copyOfRange(s.sealed, s.chunkStart(i),
                s.chunkStart(i) + s.sealedChunk), Arrays.copyOfRange(s.sealed, at, s.sealed.length));
    }

    private static byte[] concat(byte[]... parts) {
        return StreamKeys.concat(parts);
    }
}
