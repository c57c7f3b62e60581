package io.gmflux.codecs.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.testing.RandomInputs;
import java.io.ByteArrayInputStream;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The engine choice of the stream format: constant-time and table engines seal the same bytes, each
 * opens what the other sealed, and the choice reaches the writer, the reader and the suite ciphers.
 */
class EngineChoiceStreamTest {

    /** A SecureRandom whose output is fixed by its seed (SHA1PRNG seeded before first use). */
    private static SecureRandom seeded(long seed) throws NoSuchAlgorithmException {
        SecureRandom r = SecureRandom.getInstance("SHA1PRNG");
        r.setSeed(seed);
        return r;
    }

    @ParameterizedTest
    @EnumSource(Suite.class)
    void suiteCiphersOfBothEnginesSealTheSameBytesAndOpenEachOther(Suite suite) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5eed14L + suite.id());
        for (int round = 0; round < 20; round++) {
            byte[] km = RandomInputs.random(rnd, suite.keyLength() + SuiteCipher.NONCE_PREFIX_LENGTH);
            SuiteCipher table = SuiteCipher.create(suite, km, EngineChoice.TABLE);
            SuiteCipher ct = SuiteCipher.create(suite, km, EngineChoice.CONSTANT_TIME);
            byte[] plain = RandomInputs.random(rnd, rnd.nextInt(3000));
            long index = rnd.nextLong() & 0xffffffffL;
            boolean last = rnd.nextBoolean();
            byte[] a = new byte[plain.length + suite.tagLength()];
            byte[] b = new byte[a.length];
            table.seal(index, last, plain, 0, plain.length, a, 0);
            ct.seal(index, last, plain, 0, plain.length, b, 0);
            assertThat(b).as("%s round %d", suite, round).isEqualTo(a);
            byte[] back = new byte[plain.length];
            assertThat(ct.open(index, last, a, 0, a.length, back, 0)).isEqualTo(plain.length);
            assertThat(back).isEqualTo(plain);
            table.destroy();
            ct.destroy();
        }
    }

    @ParameterizedTest
    @EnumSource(value = Suite.class, names = {"SM4_GCM", "SM4_CCM", "SM4_CTR_HMAC_SM3"})
    void aConstantTimeStreamIsByteIdenticalToATableStreamAndReadsBackEitherWay(Suite suite) throws Exception {
        SplittableRandom rnd = new SplittableRandom(14);
        byte[] plain = RandomInputs.random(rnd, 3 * 4096 + 123);
        PassphraseRecipient pass = StreamFixtures.passphrase();
        StreamSpec.Builder b = StreamSpec.builder().recipient(pass).suite(suite).chunkSize(4096);
        byte[] table = StreamFixtures.encrypt(b.random(seeded(7)).build(), plain, rnd.split());
        StreamSpec ctSpec = b.random(seeded(7)).engine(EngineChoice.CONSTANT_TIME).build();
        assertThat(ctSpec.engine()).isEqualTo(EngineChoice.CONSTANT_TIME);
        byte[] ct = StreamFixtures.encrypt(ctSpec, plain, rnd.split());
        assertThat(ct).as(suite.label()).isEqualTo(table);

        ReadLimits constantTime = ReadLimits.FORMAT_MAXIMUM.withEngine(EngineChoice.CONSTANT_TIME);
        try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(table), List.of(pass), constantTime)) {
            assertThat(in.readAllBytes()).isEqualTo(plain);
        }
        assertThat(StreamFixtures.decrypt(ct, List.of(pass), rnd.split())).isEqualTo(plain);
    }

    @Test
    void theEngineReachesTheEncryptorAndTheDecryptor() throws Exception {
        PassphraseRecipient pass = StreamFixtures.passphrase();
        StreamSpec spec = StreamSpec.builder().recipient(pass).engine(EngineChoice.CONSTANT_TIME).build();
        try (StreamEncryptor enc = StreamEncryptor.start(spec)) {
            assertThat(enc.engine()).isEqualTo(EngineChoice.CONSTANT_TIME);
            ReadLimits limits = ReadLimits.FORMAT_MAXIMUM.withMaxPbkdf2Iterations(100_000)
                    .withEngine(EngineChoice.CONSTANT_TIME);
            try (StreamDecryptor dec = StreamDecryptor.open(enc.header(), List.of(pass), limits)) {
                assertThat(dec.engine()).isEqualTo(EngineChoice.CONSTANT_TIME);
            }
            try (StreamDecryptor dec = StreamDecryptor.open(enc.header(), List.of(pass))) {
                assertThat(dec.engine()).isEqualTo(EngineChoice.AUTO);
            }
        }
        assertThat(StreamSpec.builder().recipient(pass).build().engine()).isEqualTo(EngineChoice.AUTO);
        assertThat(ReadLimits.FORMAT_MAXIMUM.engine()).isEqualTo(EngineChoice.AUTO);
        ReadLimits l = ReadLimits.FORMAT_MAXIMUM.withEngine(EngineChoice.CONSTANT_TIME).withMaxHeaderLength(4096);
        assertThat(l.engine()).isEqualTo(EngineChoice.CONSTANT_TIME);
        assertThat(l).isNotEqualTo(ReadLimits.FORMAT_MAXIMUM.withMaxHeaderLength(4096));
        assertThat(l.toString()).contains("engine constant-time");
    }

    @Test
    void labelsRoundTripAndAnUnknownLabelIsRefusedByName() {
        for (EngineChoice c : EngineChoice.values()) {
            assertThat(EngineChoice.byLabel(c.label())).isEqualTo(c);
            assertThat(EngineChoice.byLabel(" " + c.label().toUpperCase(java.util.Locale.ROOT) + " ")).isEqualTo(c);
        }
        assertThatThrownBy(() -> EngineChoice.byLabel("bitsliced")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'bitsliced'").hasMessageContaining("constant-time");
        assertThatThrownBy(() -> EngineChoice.byLabel(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> StreamSpec.builder().engine(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> ReadLimits.FORMAT_MAXIMUM.withEngine(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void theChoiceSelectsTheEngineKind() {
        assertThat(EngineChoice.TABLE.newSm4Engine(new byte[16]).isConstantTime()).isFalse();
        assertThat(EngineChoice.CONSTANT_TIME.newSm4Engine(new byte[16]).isConstantTime()).isTrue();
    }

    /**
     * auto is constant-time exactly where the vector engine and GHASH both run: never in this module's own
     * tests (no gmflux-codecs-vector), where it is the table engine; codecs-vector runs this test again with them.
     */
    @Test
    void autoIsConstantTimeExactlyWhereTheVectorEnginesRun() throws Exception {
        io.gmflux.codecs.sm4.Sm4.awaitConstantTimeEngine(java.time.Duration.ofMinutes(2));
        boolean vectorized = io.gmflux.codecs.sm4.Sm4.constantTimeIsVectorized();
        boolean vectorJar = getClass().getClassLoader().getResource("io/gmflux/codecs/sm4/vector/GhashVectorProvider.class") != null;
        if (!vectorJar) {
            assertThat(vectorized).isFalse();
            assertThat(io.gmflux.codecs.sm4.Sm4.constantTimeGhashName()).startsWith("scalar");
        }
        EngineChoice auto = vectorized ? EngineChoice.CONSTANT_TIME : EngineChoice.TABLE;
        assertThat(EngineChoice.AUTO.resolve()).isEqualTo(auto);
        assertThat(EngineChoice.TABLE.resolve()).isEqualTo(EngineChoice.TABLE);
        assertThat(EngineChoice.CONSTANT_TIME.resolve()).isEqualTo(EngineChoice.CONSTANT_TIME);
        assertThat(EngineChoice.AUTO.newSm4Engine(new byte[16]).isConstantTime()).isEqualTo(vectorized);
    }
}
