package io.gmflux.codecs.format;

import static io.gmflux.codecs.format.StreamFixtures.decrypt;
import static io.gmflux.codecs.format.StreamFixtures.encrypt;
import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class StreamRoundTripTest {

    @ParameterizedTest
    @EnumSource(Suite.class)
    void decryptsWhatItEncryptsAtEveryChunkBoundary(Suite suite) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x57_0001L + suite.id());
        PassphraseRecipient pass = StreamFixtures.passphrase();
        int chunk = StreamHeader.MIN_CHUNK_SIZE;
        StreamSpec spec = StreamSpec.builder().suite(suite).chunkSize(chunk).recipient(pass).build();
        int[] sizes = {0, 1, 15, 16, 17, chunk - 1, chunk, chunk + 1, 2 * chunk, 3 * chunk + 7, rnd.nextInt(50_000)};
        for (int size : sizes) {
            byte[] plain = random(rnd, size);
            byte[] sealed = encrypt(spec, plain, rnd);
            int chunks = Math.max(1, (size + chunk - 1) / chunk);
            assertThat(sealed.length).as("size %d", size)
                    .isEqualTo(headerLength(sealed) + size + chunks * suite.tagLength());
            assertThat(decrypt(sealed, List.of(pass), rnd)).as("%s size %d", suite, size).isEqualTo(plain);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Suite.class, names = {"SM4_GCM", "SM4_CCM", "ZUC256_MAC128"})
    void roundTripsAtTheLargestChunkSize(Suite suite) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x57_0005L + suite.id());
        PassphraseRecipient pass = StreamFixtures.passphrase();
        int chunk = StreamHeader.MAX_CHUNK_SIZE;
        StreamSpec spec = StreamSpec.builder().suite(suite).chunkSize(chunk).recipient(pass).build();
        byte[] plain = random(rnd, chunk + 1 + rnd.nextInt(1000));
        byte[] sealed = encrypt(spec, plain, rnd);
        assertThat(sealed.length).isEqualTo(headerLength(sealed) + plain.length + 2 * suite.tagLength());
        assertThat(decrypt(sealed, List.of(pass), rnd)).as(suite.label()).isEqualTo(plain);
    }

    @Test
    void everyRecipientOfAStreamCanOpenIt() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x57_0002L);
        var k1 = StreamFixtures.rsa1();
        var k2 = StreamFixtures.rsa2();
        StreamSpec spec = StreamSpec.builder()
                .recipient(new RsaOaepRecipient((RSAPublicKey) k1.getPublic()))
                .recipient(new RsaOaepRecipient((RSAPublicKey) k2.getPublic()))
                .build();
        byte[] plain = random(rnd, 200_000);
        byte[] sealed = encrypt(spec, plain, rnd);
        Identity id1 = RsaOaepRecipient.identity((RSAPrivateKey) k1.getPrivate(), (RSAPublicKey) k1.getPublic());
        Identity id2 = RsaOaepRecipient.identity((RSAPrivateKey) k2.getPrivate(), (RSAPublicKey) k2.getPublic());
        assertThat(decrypt(sealed, List.of(id1), rnd)).isEqualTo(plain);
        assertThat(decrypt(sealed, List.of(id2), rnd)).isEqualTo(plain);
    }

    @Test
    void everyStreamDrawsAFreshFileKeyAndSalt() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x57_0003L);
        StreamSpec spec = StreamSpec.builder().recipient(StreamFixtures.passphrase()).build();
        byte[] plain = random(rnd, 1000);
        byte[] a = encrypt(spec, plain, rnd);
        byte[] b = encrypt(spec, plain, rnd);
        assertThat(StreamHeader.parse(a, 0, headerLength(a)).salt())
                .isNotEqualTo(StreamHeader.parse(b, 0, headerLength(b)).salt());
        assertThat(java.util.Arrays.copyOfRange(a, headerLength(a), a.length))
                .isNotEqualTo(java.util.Arrays.copyOfRange(b, headerLength(b), b.length));
    }

    @Test
    void headerRecordsSuiteChunkSizeAndRecipientTypes() throws Exception {
        var k1 = StreamFixtures.rsa1();
        StreamSpec spec = StreamSpec.builder().suite(Suite.ZUC256_MAC128).chunkSize(1 << 20)
                .recipient(new RsaOaepRecipient((RSAPublicKey) k1.getPublic())).build();
        byte[] sealed = encrypt(spec, new byte[10], new SplittableRandom(1));
        StreamHeader h = StreamHeader.parse(sealed, 0, headerLength(sealed));
        assertThat(h.suite()).isEqualTo(Suite.ZUC256_MAC128);
        assertThat(h.chunkSize()).isEqualTo(1 << 20);
        assertThat(h.stanzas()).extracting(RecipientStanza::type).containsExactly(RecipientStanza.TYPE_RSA_OAEP);
        assertThat(h.stanzas().get(0).keyId()).isEqualTo(KeyWrap.keyId(k1.getPublic().getEncoded()));
    }

    @Test
    void specRejectsBadChoices() {
        assertThatThrownBy(() -> StreamSpec.builder().build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one recipient");
        assertThatThrownBy(() -> StreamSpec.builder().chunkSize(4095)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StreamSpec.builder().chunkSize((4 << 20) + 1)).isInstanceOf(IllegalArgumentException.class);
        var k1 = StreamFixtures.rsa1();
        assertThatThrownBy(() -> StreamSpec.builder().recipient(StreamFixtures.passphrase())
                .recipient(new RsaOaepRecipient((RSAPublicKey) k1.getPublic())).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only recipient");
        assertThatThrownBy(() -> new PassphraseRecipient(new char[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PassphraseRecipient("x".toCharArray(), 10)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Suite.byLabel("rot13")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void encryptorEnforcesChunkRules() throws Exception {
        StreamSpec spec = StreamSpec.builder().recipient(StreamFixtures.passphrase()).chunkSize(4096).build();
        try (StreamEncryptor e = StreamEncryptor.start(spec)) {
            byte[] out = new byte[5000];
            assertThatThrownBy(() -> e.sealChunk(false, new byte[100], 0, 100, out, 0))
                    .isInstanceOf(IllegalArgumentException.class);
            e.sealChunk(false, new byte[4096], 0, 4096, out, 0);
            assertThatThrownBy(() -> e.sealChunk(true, new byte[0], 0, 0, out, 0))
                    .isInstanceOf(IllegalArgumentException.class);
            e.sealChunk(true, new byte[1], 0, 1, out, 0);
            assertThatThrownBy(() -> e.sealChunk(true, new byte[1], 0, 1, out, 0))
                    .isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void readFromConsumesExactlyTheHeaderEvenFromShortReads() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x57_0004L);
        var k1 = StreamFixtures.rsa1();
        StreamSpec spec = StreamSpec.builder().recipient(new RsaOaepRecipient((RSAPublicKey) k1.getPublic()))
                .recipient(new RsaOaepRecipient((RSAPublicKey) StreamFixtures.rsa2().getPublic())).build();
        byte[] sealed = encrypt(spec, random(rnd, 5000), rnd);
        java.io.InputStream in = new StreamFixtures.ShortReads(sealed, rnd);
        StreamHeader h = StreamHeader.readFrom(in);
        assertThat(h.length()).isEqualTo(headerLength(sealed));
        assertThat(h.stanzas()).hasSize(2);
        assertThat(in.readAllBytes()).isEqualTo(java.util.Arrays.copyOfRange(sealed, h.length(), sealed.length));
        assertThatThrownBy(() -> StreamHeader.readFrom(new java.io.ByteArrayInputStream(
                java.util.Arrays.copyOf(sealed, h.length() - 1))))
                .isInstanceOf(StreamException.Truncated.class);
    }

    static int headerLength(byte[] sealed) throws Exception {
        return StreamHeader.headerLength(sealed, 0, sealed.length);
    }
}
