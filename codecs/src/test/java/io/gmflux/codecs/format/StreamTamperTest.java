package io.gmflux.codecs.format;

import static io.gmflux.codecs.format.StreamFixtures.decryptInto;
import static io.gmflux.codecs.format.StreamFixtures.encrypt;
import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.gmflux.codecs.bytes.Bytes;
import java.io.ByteArrayOutputStream;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each test is an attack on a stream; each must fail with a typed error and release nothing unauthenticated. */
class StreamTamperTest {

    private static final int CHUNK = StreamHeader.MIN_CHUNK_SIZE;
    private final PassphraseRecipient pass = StreamFixtures.passphrase();

    private byte[] seal(Suite suite, byte[] plain, SplittableRandom rnd) throws Exception {
        return encrypt(StreamSpec.builder().suite(suite).chunkSize(CHUNK).recipient(pass).build(), plain, rnd);
    }

    private static int headerLength(byte[] s) throws Exception {
        return StreamHeader.headerLength(s, 0, s.length);
    }

    @ParameterizedTest
    @EnumSource(Suite.class)
    void rejectsAFlippedBitInAnyChunkAndReleasesOnlyEarlierChunks(Suite suite) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7a_0001L + suite.id());
        byte[] plain = random(rnd, 5 * CHUNK + 100);
        byte[] sealed = seal(suite, plain, rnd);
        int h = headerLength(sealed);
        int sealedChunk = CHUNK + suite.tagLength();
        for (int trial = 0; trial < 40; trial++) {
            int pos = h + rnd.nextInt(sealed.length - h);
            byte[] bad = sealed.clone();
            bad[pos] ^= (byte) (1 << rnd.nextInt(8));
            int chunk = (pos - h) / sealedChunk;
            ByteArrayOutputStream released = new ByteArrayOutputStream();
            Throwable t = catchThrowable(() -> decryptInto(bad, List.of(pass), rnd, released));
            assertThat(t).as("%s flip at %d", suite, pos).isInstanceOf(StreamException.ChunkAuthenticationFailed.class)
                    .hasMessage("chunk " + chunk + " failed authentication");
            assertThat(released.toByteArray()).isEqualTo(Arrays.copyOf(plain, chunk * CHUNK));
        }
    }

    @Test
    void rejectsAnyFlippedBitInTheHeader() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7a_0002L);
        byte[] sealed = seal(Suite.SM4_GCM, random(rnd, 100), rnd);
        int h = headerLength(sealed);
        for (int pos = 0; pos < h; pos++) {
            byte[] bad = sealed.clone();
            bad[pos] ^= (byte) (1 << rnd.nextInt(8));
            ByteArrayOutputStream released = new ByteArrayOutputStream();
            Throwable t = catchThrowable(() -> decryptInto(bad, List.of(pass), rnd, released));
            assertThat(t).as("flip at header byte %d", pos).isInstanceOf(StreamException.class);
            assertThat(released.size()).isZero();
        }
    }

    @Test
    void detectsTruncationAtAChunkBoundary() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7a_0003L);
        byte[] sealed = seal(Suite.SM4_GCM, random(rnd, 3 * CHUNK + 5), rnd);
        int h = headerLength(sealed);
        for (int chunks = 1; chunks <= 3; chunks++) {
            byte[] cut = Arrays.copyOf(sealed, h + chunks * (CHUNK + 16));
            assertThatThrownBy(() -> StreamFixtures.decrypt(cut, List.of(pass), rnd))
                    .isInstanceOf(StreamException.Truncated.class)
                    .hasMessageContaining("truncated after chunk " + (chunks - 1));
        }
        byte[] headerOnly = Arrays.copyOf(sealed, h);
        assertThatThrownBy(() -> StreamFixtures.decrypt(headerOnly, List.of(pass), rnd))
                .isInstanceOf(StreamException.Truncated.class).hasMessageContaining("no chunk");
    }

    @Test
    void detectsTruncationInsideAChunkOrTheHeader() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7a_0004L);
        byte[] sealed = seal(Suite.SM4_GCM, random(rnd, 2 * CHUNK + 5), rnd);
        int h = headerLength(sealed);
        for (int trial = 0; trial < 30; trial++) {
            int len = rnd.nextInt(sealed.length);
            byte[] cut = Arrays.copyOf(sealed, len);
            Throwable t = catchThrowable(() -> StreamFixtures.decrypt(cut, List.of(pass), rnd));
            assertThat(t).as("cut at %d", len).isInstanceOf(StreamException.class);
            if (len < h) {
                assertThat(t).isInstanceOf(StreamException.Truncated.class);
            }
        }
        assertThatThrownBy(() -> StreamFixtures.decrypt(new byte[0], List.of(pass), rnd))
                .isInstanceOf(StreamException.Truncated.class).hasMessageContaining("empty input");
    }

    @Test
    void detectsDataAppendedAfterTheLastChunk() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7a_0005L);
        byte[] sealed = seal(Suite.SM4_GCM, random(rnd, CHUNK), rnd);
        byte[] other = seal(Suite.SM4_GCM, random(rnd, CHUNK), rnd);
        byte[] extended = Bytes_concat(sealed, Arrays.copyOfRange(other, headerLength(other), other.length));
        assertThatThrownBy(() -> StreamFixtures.decrypt(extended, List.of(pass), rnd))
                .isInstanceOf(StreamException.Malformed.class).hasMessageContaining("after the last chunk");
        byte[] oneMore = Arrays.copyOf(sealed, sealed.length + 1);
        assertThatThrownBy(() -> StreamFixtures.decrypt(oneMore, List.of(pass), rnd))
                .isInstanceOf(StreamException.class);
    }

    @Test
    void detectsReorderedAndDuplicatedChunks() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7a_0006L);
        byte[] plain = random(rnd, 3 * CHUNK + 1);
        byte[] sealed = seal(Suite.SM4_GCM, plain, rnd);
        int h = headerLength(sealed);
        int sc = CHUNK + 16;
        byte[] swapped = sealed.clone();
        System.arraycopy(sealed, h, swapped, h + sc, sc);
        System.arraycopy(sealed, h + sc, swapped, h, sc);
        ByteArrayOutputStream released = new ByteArrayOutputStream();
        assertThat(catchThrowable(() -> decryptInto(swapped, List.of(pass), rnd, released)))
                .isInstanceOf(StreamException.ChunkAuthenticationFailed.class).hasMessageContaining("chunk 0");
        assertThat(released.size()).isZero();

        byte[] duplicated = sealed.clone();
        System.arraycopy(sealed, h, duplicated, h + sc, sc);
        ByteArrayOutputStream released2 = new ByteArrayOutputStream();
        assertThat(catchThrowable(() -> decryptInto(duplicated, List.of(pass), rnd, released2)))
                .isInstanceOf(StreamException.ChunkAuthenticationFailed.class).hasMessageContaining("chunk 1");
        assertThat(released2.toByteArray()).isEqualTo(Arrays.copyOf(plain, CHUNK));
    }

    @Test
    void refusesAStreamForSomeoneElse() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7a_0007L);
        byte[] sealed = seal(Suite.SM4_GCM, random(rnd, 10), rnd);
        PassphraseRecipient wrong = new PassphraseRecipient("wrong".toCharArray(), StreamFixtures.FAST_ITERATIONS);
        assertThatThrownBy(() -> StreamFixtures.decrypt(sealed, List.of(wrong), rnd))
                .isInstanceOf(StreamException.NoMatchingRecipient.class);
        var k2 = StreamFixtures.rsa2();
        Identity rsa = RsaOaepRecipient.identity((RSAPrivateKey) k2.getPrivate(), (RSAPublicKey) k2.getPublic());
        assertThatThrownBy(() -> StreamFixtures.decrypt(sealed, List.of(rsa), rnd))
                .isInstanceOf(StreamException.NoMatchingRecipient.class);
    }

    @Test
    void detectsAStanzaDroppedOrSwappedIn() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7a_0008L);
        var k1 = StreamFixtures.rsa1();
        var k2 = StreamFixtures.rsa2();
        RsaOaepRecipient r1 = new RsaOaepRecipient((RSAPublicKey) k1.getPublic());
        RsaOaepRecipient r2 = new RsaOaepRecipient((RSAPublicKey) k2.getPublic());
        Identity id1 = RsaOaepRecipient.identity((RSAPrivateKey) k1.getPrivate(), (RSAPublicKey) k1.getPublic());
        byte[] sealed = encrypt(StreamSpec.builder().recipient(r1).recipient(r2).build(), random(rnd, 100), rnd);
        StreamHeader h = StreamHeader.parse(sealed, 0, headerLength(sealed));
        // Re-encode the header with stanza 2 dropped, keeping the old MAC: the MAC no longer fits.
        byte[] forged = rebuild(h, List.of(h.stanzas().get(0)), Arrays.copyOfRange(sealed, h.length(), sealed.length));
        assertThatThrownBy(() -> StreamFixtures.decrypt(forged, List.of(id1), rnd))
                .isInstanceOf(StreamException.BadHeaderMac.class);
    }

    @Test
    void rejectsMalformedHeaders() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x7a_0009L);
        byte[] sealed = seal(Suite.SM4_GCM, random(rnd, 10), rnd);
        assertMalformed(patch(sealed, 0, 0x00), "bad magic");
        assertMalformed(patch(sealed, 4, 0x02), "unsupported version 2");
        assertMalformed(patch(sealed, 5, 0x7f), "unknown suite 0x7f");
        assertMalformed(patchInt(sealed, 6, 4095), "chunk size out of range");
        assertMalformed(patchInt(sealed, 6, (4 << 20) + 1), "chunk size out of range");
        byte[] noStanzas = sealed.clone();
        noStanzas[42] = 0;
        noStanzas[43] = 0;
        assertMalformed(noStanzas, "0 stanzas");
        byte[] hugeStanza = sealed.clone();
        hugeStanza[45] = (byte) 0x7f;
        assertMalformed(hugeStanza, "exceeds");
    }

    private void assertMalformed(byte[] bad, String message) {
        assertThatThrownBy(() -> StreamFixtures.decrypt(bad, List.of(pass), new SplittableRandom(1)))
                .isInstanceOf(StreamException.Malformed.class).hasMessageContaining(message);
    }

    private static byte[] patch(byte[] b, int at, int v) {
        byte[] c = b.clone();
        c[at] = (byte) v;
        return c;
    }

    private static byte[] patchInt(byte[] b, int at, int v) {
        byte[] c = b.clone();
        Bytes.putIntBE(c, at, v);
        return c;
    }

    private static byte[] Bytes_concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** The header with other stanzas and the original MAC, followed by the original chunks. */
    private static byte[] rebuild(StreamHeader h, List<RecipientStanza> stanzas, byte[] chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] enc = h.encoded();
        out.write(enc, 0, StreamHeader.FIXED_LENGTH - 2);
        out.write(stanzas.size() >>> 8);
        out.write(stanzas.size());
        for (RecipientStanza s : stanzas) {
            out.write(s.type());
            out.write(s.body().length >>> 8);
            out.write(s.body().length);
            out.writeBytes(s.body());
        }
        out.write(enc, enc.length - StreamHeader.MAC_LENGTH, StreamHeader.MAC_LENGTH);
        out.writeBytes(chunks);
        return out.toByteArray();
    }
}
