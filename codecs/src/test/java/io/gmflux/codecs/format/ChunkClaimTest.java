package io.gmflux.codecs.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.testing.RandomInputs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Claims let chunks be sealed and opened on other threads, in any order, with the same bytes. */
class ChunkClaimTest {

    private static final int CHUNK = 4096;
    private final PassphraseRecipient pass = StreamFixtures.passphrase();

    /** A SecureRandom whose output is fixed by a seed, so two streams get the same file key and salt. */
    private static SecureRandom seeded(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        return new SecureRandom() {
            private static final long serialVersionUID = 1L;

            @Override
            public synchronized void nextBytes(byte[] bytes) {
                r.nextBytes(bytes);
            }
        };
    }

    @Test
    void sealingClaimsOutOfOrderOnSeveralSealersGivesTheSequentialBytes() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0xc1_0001L);
        for (Suite suite : Suite.values()) {
            byte[] plain = RandomInputs.random(rnd, 5 * CHUNK + 77);
            StreamSpec a = StreamSpec.builder().suite(suite).chunkSize(CHUNK).recipient(pass).random(seeded(7)).build();
            StreamSpec b = StreamSpec.builder().suite(suite).chunkSize(CHUNK).recipient(pass).random(seeded(7)).build();
            ByteArrayOutputStream sequential = new ByteArrayOutputStream();
            try (GmfluxOutputStream o = new GmfluxOutputStream(sequential, a)) {
                o.write(plain);
            }
            int tag = suite.tagLength();
            try (StreamEncryptor e = StreamEncryptor.start(b)) {
                List<ChunkClaim> claims = new ArrayList<>();
                for (int off = 0; off < plain.length; off += CHUNK) {
                    int len = Math.min(CHUNK, plain.length - off);
                    claims.add(e.claimChunk(off + CHUNK >= plain.length, len));
                }
                List<ChunkClaim> shuffled = new ArrayList<>(claims);
                Collections.shuffle(shuffled, new java.util.Random(rnd.nextLong()));
                byte[] out = new byte[e.header().length() + plain.length + claims.size() * tag];
                System.arraycopy(e.header().encoded(), 0, out, 0, e.header().length());
                StreamEncryptor.ChunkSealer[] sealers = {e.newChunkSealer(), e.newChunkSealer()};
                for (ChunkClaim c : shuffled) {
                    int i = (int) c.index();
                    // in place: the plaintext copied where its sealed chunk goes, the tag after it
                    int at = e.header().length() + i * (CHUNK + tag);
                    System.arraycopy(plain, i * CHUNK, out, at, c.length());
                    sealers[i % 2].seal(c, out, at, out, at);
                }
                assertThat(out).as(suite.label()).isEqualTo(sequential.toByteArray());
                for (StreamEncryptor.ChunkSealer s : sealers) {
                    s.close();
                }
            }
        }
    }

    @Test
    void openingClaimsOutOfOrderReleasesOnlyAuthenticChunks() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0xc1_0002L);
        byte[] plain = RandomInputs.random(rnd, 4 * CHUNK + 5);
        byte[] sealed = StreamFixtures.encrypt(StreamSpec.builder().chunkSize(CHUNK).recipient(pass).build(), plain, rnd);
        StreamHeader h = StreamHeader.readFrom(new ByteArrayInputStream(sealed));
        try (StreamDecryptor d = StreamDecryptor.open(h, List.of(pass))) {
            List<ChunkClaim> claims = new ArrayList<>();
            int off = h.length();
            while (off < sealed.length) {
                int len = Math.min(CHUNK + 16, sealed.length - off);
                claims.add(d.claimChunk(off + len == sealed.length, len));
                off += len;
            }
            assertThat(d.isFinished()).isTrue();
            StreamDecryptor.ChunkOpener o = d.newChunkOpener();
            byte[] back = new byte[plain.length];
            for (int i = claims.size() - 1; i >= 0; i--) {
                ChunkClaim c = claims.get(i);
                o.open(c, sealed, h.length() + i * (CHUNK + 16), back, i * CHUNK);
            }
            assertThat(back).isEqualTo(plain);
            assertThatThrownBy(() -> o.open(claims.get(0), sealed, h.length(), back, 0))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("already");
            o.close();
        }
    }

    @Test
    void aClaimIsUsedOnceAndOnlyWithItsOwnStream() throws Exception {
        StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(pass).build();
        try (StreamEncryptor e = StreamEncryptor.start(spec); StreamEncryptor other = StreamEncryptor.start(spec)) {
            ChunkClaim c = e.claimChunk(true, 10);
            byte[] buf = new byte[10 + 16];
            StreamEncryptor.ChunkSealer s = e.newChunkSealer();
            StreamEncryptor.ChunkSealer foreign = other.newChunkSealer();
            assertThatThrownBy(() -> foreign.seal(c, buf, 0, buf, 0)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("another stream");
            assertThat(s.seal(c, buf, 0, buf, 0)).isEqualTo(26);
            assertThatThrownBy(() -> s.seal(c, buf, 0, buf, 0)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> e.claimChunk(true, 1)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("last chunk");
            assertThatThrownBy(() -> s.seal(c, new byte[5], 0, buf, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    @Test
    void claimsCheckTheChunkRulesAndSealersEndWithTheStream() throws Exception {
        StreamSpec spec = StreamSpec.builder().chunkSize(CHUNK).recipient(pass).build();
        StreamEncryptor e = StreamEncryptor.start(spec);
        assertThatThrownBy(() -> e.claimChunk(false, CHUNK - 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> e.claimChunk(true, CHUNK + 1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(e.claimChunk(false, CHUNK).index()).isZero();
        assertThatThrownBy(() -> e.claimChunk(true, 0)).as("an empty last chunk after others")
                .isInstanceOf(IllegalArgumentException.class);
        e.close();
        assertThatThrownBy(e::newChunkSealer).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void nothingAfterAFailedChunkIsReleasedEvenToACallerThatReadsOn() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0xc1_0003L);
        byte[] plain = RandomInputs.random(rnd, 4 * CHUNK);
        byte[] sealed = StreamFixtures.encrypt(StreamSpec.builder().chunkSize(CHUNK).recipient(pass).build(), plain, rnd);
        int h = StreamHeader.headerLength(sealed, 0, sealed.length);
        sealed[h + (CHUNK + 16) + 3] ^= 1; // chunk 1
        try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(sealed), List.of(pass))) {
            byte[] buf = new byte[CHUNK];
            assertThat(in.readNBytes(buf, 0, CHUNK)).isEqualTo(CHUNK);
            assertThatThrownBy(() -> in.read(buf)).isInstanceOf(StreamException.ChunkAuthenticationFailed.class);
            // a caller that ignores the exception and reads on: chunk 2 would authenticate, but is never opened
            assertThatThrownBy(() -> in.read(buf)).isInstanceOf(StreamException.class)
                    .hasMessageContaining("failed before").hasMessageContaining("chunk 1 failed authentication");
            assertThatThrownBy(() -> in.read(buf)).isInstanceOf(StreamException.class);
        }
    }
}
