package io.gmflux.codecs.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.testing.RandomInputs;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** What a header may demand of a reader before anything authenticated, and the nonce counter's end. */
class ReadLimitsTest {

    private static final int CHUNK = 4096;
    /** Offset of a lone passphrase stanza's iteration count: fixed part, type and length, PBKDF2 salt. */
    private static final int ITERATIONS_OFFSET = StreamHeader.FIXED_LENGTH + 3 + 16;

    private final PassphraseRecipient pass = StreamFixtures.passphrase();

    /** An identity that only counts the stanzas it is asked to open (and opens none). */
    private static final class CountingIdentity implements Identity {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public byte[] unwrap(RecipientStanza stanza, byte[] salt) {
            calls.incrementAndGet();
            return null;
        }
    }

    private byte[] passphraseStream(int chunks) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x11_0001L);
        return StreamFixtures.encrypt(StreamSpec.builder().chunkSize(CHUNK).recipient(pass).build(),
                RandomInputs.random(rnd, chunks * CHUNK - 10), rnd);
    }

    private static byte[] withIterations(byte[] sealed, int iterations) {
        byte[] s = sealed.clone();
        Bytes.putIntBEByBytes(s, ITERATIONS_OFFSET, iterations);
        return s;
    }

    @Test
    void chunkIndexTwoToThe32IsRefusedNotWrappedToChunkZero() throws Exception {
        byte[] sealed = passphraseStream(3);
        StreamHeader header = StreamHeader.parse(sealed, 0, StreamHeader.headerLength(sealed, 0, sealed.length));
        int h = header.length();
        int sealedChunk = CHUNK + header.suite().tagLength();
        // The attack: chunk 2^32 has chunk 0's nonce, so a replayed chunk 0 would authenticate there.
        byte[] prefix = new byte[7];
        byte[] n0 = new byte[12];
        byte[] nWrapped = new byte[12];
        ChunkCipher.nonce(prefix, 0, false, n0);
        ChunkCipher.nonce(prefix, StreamDecryptor.MAX_CHUNKS, false, nWrapped);
        assertThat(nWrapped).isEqualTo(n0);
        try (StreamDecryptor d = StreamDecryptor.open(header, List.of(pass))) {
            byte[] out = new byte[CHUNK];
            assertThat(d.openChunk(false, sealed, h, sealedChunk, out, 0)).isEqualTo(CHUNK);
            setIndex(d, StreamDecryptor.MAX_CHUNKS - 1);
            assertThat(d.claimChunk(false, sealedChunk).index()).as("the last index the counter holds").isEqualTo(0xffff_ffffL);
            Arrays.fill(out, (byte) 0);
            assertThatThrownBy(() -> d.openChunk(false, sealed, h, sealedChunk, out, 0))
                    .isInstanceOf(StreamException.Malformed.class).hasMessageContaining("2^32");
            assertThat(out).as("nothing released").containsOnly(0);
        }
    }

    private static void setIndex(StreamDecryptor d, long index) throws Exception {
        java.lang.reflect.Field f = StreamDecryptor.class.getDeclaredField("index");
        f.setAccessible(true);
        f.setLong(d, index);
    }

    @Test
    void passphraseStanzaUnder1000IterationsIsRefusedBeforeAnyIdentityIsTried() throws Exception {
        byte[] sealed = withIterations(passphraseStream(1), PassphraseRecipient.MIN_ITERATIONS - 1);
        CountingIdentity counting = new CountingIdentity();
        try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(sealed), List.of(counting, pass))) {
            assertThatThrownBy(in::read).isInstanceOf(StreamException.Malformed.class)
                    .hasMessageContaining("999 PBKDF2 iterations");
        }
        assertThat(counting.calls).hasValue(0);
        StreamHeader header = StreamHeader.parse(sealed, 0, StreamHeader.headerLength(sealed, 0, sealed.length));
        assertThatThrownBy(() -> pass.unwrap(header.stanzas().get(0), header.salt()))
                .isInstanceOf(GeneralSecurityException.class).hasMessageContaining("999");
        // 1,000 itself is read
        byte[] ok = passphraseStream(1);
        assertThat(StreamFixtures.decrypt(ok, List.of(pass), new SplittableRandom(1))).hasSize(CHUNK - 10);
    }

    @Test
    void hostileHeaderDemandingMaxIterationsIsRefusedUnderALowerCapBeforeAnyPbkdf2Work() throws Exception {
        byte[] sealed = withIterations(passphraseStream(1), PassphraseRecipient.MAX_ITERATIONS);
        ReadLimits limits = ReadLimits.FORMAT_MAXIMUM.withMaxPbkdf2Iterations(100_000);
        CountingIdentity counting = new CountingIdentity();
        try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(sealed), List.of(counting), limits)) {
            assertThatThrownBy(in::read).isInstanceOf(StreamException.LimitExceeded.class)
                    .hasMessageContaining("10000000 PBKDF2 iterations").hasMessageContaining("100000");
        }
        assertThat(counting.calls).as("no identity tried, so no PBKDF2 run").hasValue(0);
        // under the format's own limits the stanza reaches the identities (which would run PBKDF2)
        try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(sealed), List.of(counting))) {
            assertThatThrownBy(in::read).isInstanceOf(StreamException.NoMatchingRecipient.class);
        }
        assertThat(counting.calls).hasValue(1);
    }

    @Test
    void oversizedHeaderIsRefusedBeforeBufferingItAll() throws Exception {
        int cap = 64 << 10;
        CountingInput hostile = new CountingInput(hostileHeaderStart(StreamHeader.MAX_STANZAS));
        ReadLimits limits = ReadLimits.FORMAT_MAXIMUM.withMaxHeaderLength(cap);
        try (GmfluxInputStream in = new GmfluxInputStream(hostile, List.of(pass), limits)) {
            assertThatThrownBy(in::read).isInstanceOf(StreamException.LimitExceeded.class)
                    .hasMessageContaining("cap is " + cap);
        }
        assertThat(hostile.read).as("bytes read of a header declaring " + StreamHeader.MAX_HEADER_LENGTH)
                .isLessThanOrEqualTo(cap);

        // a count of stanzas that cannot fit is refused right after the fixed part
        CountingInput tooMany = new CountingInput(hostileHeaderStart(StreamHeader.MAX_STANZAS));
        ReadLimits tiny = ReadLimits.FORMAT_MAXIMUM.withMaxHeaderLength(ReadLimits.MIN_HEADER_LENGTH);
        assertThatThrownBy(() -> StreamHeader.readFrom(tooMany, tiny)).isInstanceOf(StreamException.LimitExceeded.class)
                .hasMessageContaining("1024 stanzas");
        assertThat(tooMany.read).isEqualTo(StreamHeader.FIXED_LENGTH);
    }

    @Test
    void aHeaderWithinTheCapsIsReadAsBefore() throws Exception {
        byte[] sealed = passphraseStream(2);
        int h = StreamHeader.headerLength(sealed, 0, sealed.length);
        ReadLimits exact = ReadLimits.FORMAT_MAXIMUM.withMaxHeaderLength(h)
                .withMaxPbkdf2Iterations(PassphraseRecipient.MIN_ITERATIONS);
        try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(sealed), List.of(pass), exact)) {
            assertThat(in.readAllBytes()).hasSize(2 * CHUNK - 10);
        }
        ReadLimits oneShort = ReadLimits.FORMAT_MAXIMUM.withMaxHeaderLength(h - 1);
        assertThatThrownBy(() -> StreamHeader.parse(sealed, 0, h, oneShort)).isInstanceOf(StreamException.LimitExceeded.class);
    }

    @Test
    void limitsOutsideTheFormatsRangeAreRejected() {
        assertThat(ReadLimits.FORMAT_MAXIMUM.maxHeaderLength()).isEqualTo(StreamHeader.MAX_HEADER_LENGTH).isEqualTo(16_780_364);
        assertThat(ReadLimits.FORMAT_MAXIMUM.maxPbkdf2Iterations()).isEqualTo(PassphraseRecipient.MAX_ITERATIONS);
        assertThatThrownBy(() -> ReadLimits.FORMAT_MAXIMUM.withMaxHeaderLength(ReadLimits.MIN_HEADER_LENGTH - 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReadLimits.FORMAT_MAXIMUM.withMaxHeaderLength(StreamHeader.MAX_HEADER_LENGTH + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReadLimits.FORMAT_MAXIMUM.withMaxPbkdf2Iterations(999)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReadLimits.FORMAT_MAXIMUM.withMaxPbkdf2Iterations(PassphraseRecipient.MAX_ITERATIONS + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(ReadLimits.FORMAT_MAXIMUM.withMaxHeaderLength(1000).withMaxPbkdf2Iterations(2000))
                .isEqualTo(ReadLimits.FORMAT_MAXIMUM.withMaxPbkdf2Iterations(2000).withMaxHeaderLength(1000))
                .isNotEqualTo(ReadLimits.FORMAT_MAXIMUM);
    }

    /** The fixed part of a header declaring {@code n} stanzas; the stanzas follow, each of the largest size. */
    static byte[] hostileHeaderStart(int n) {
        byte[] fixed = new byte[StreamHeader.FIXED_LENGTH];
        System.arraycopy(StreamHeader.MAGIC, 0, fixed, 0, 4);
        fixed[4] = StreamHeader.VERSION;
        fixed[5] = (byte) Suite.values()[0].id();
        Bytes.putIntBEByBytes(fixed, 6, CHUNK);
        fixed[42] = (byte) (n >>> 8);
        fixed[43] = (byte) n;
        return fixed;
    }

    /**
     * The given fixed part, then stanzas of unknown type 0x7f and {@value StreamHeader#MAX_STANZA_BODY}
     * bytes each, without end; counts the bytes read.
     */
    private static final class CountingInput extends InputStream {
        private final byte[] fixed;
        long read;

        CountingInput(byte[] fixed) {
            this.fixed = fixed;
        }

        @Override
        public int read() {
            byte b = at(read);
            read++;
            return b & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            for (int i = 0; i < len; i++) {
                b[off + i] = at(read + i);
            }
            read += len;
            return len;
        }

        private byte at(long pos) {
            if (pos < fixed.length) {
                return fixed[(int) pos];
            }
            long inStanza = (pos - fixed.length) % (3 + StreamHeader.MAX_STANZA_BODY);
            return inStanza == 0 ? 0x7f : inStanza == 1 ? (byte) (StreamHeader.MAX_STANZA_BODY >>> 8)
                    : inStanza == 2 ? (byte) StreamHeader.MAX_STANZA_BODY : 0;
        }
    }
}
