package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.format.SuiteCipher;
import io.gmflux.codecs.sm4.EngineChoice;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code gmflux.engine}: parsed and refused by name, reaches the record keys, and changes no byte of a record. */
class EngineChoiceConfigTest {

    private static final TestKeys ALICE = TestKeys.create("alice");

    @Test
    void theEngineRoundTripsThroughConfigParsing() {
        assertThat(new GmfluxConfig(Map.of()).engine()).isEqualTo(EngineChoice.AUTO);
        for (EngineChoice c : EngineChoice.values()) {
            assertThat(new GmfluxConfig(Map.of(GmfluxConfig.ENGINE, c.label())).engine()).isEqualTo(c);
        }
        assertThat(new GmfluxConfig(Map.of(GmfluxConfig.ENGINE, "Constant-Time")).engine())
                .isEqualTo(EngineChoice.CONSTANT_TIME);
        assertThat(GmfluxConfig.configDef().configKeys().get(GmfluxConfig.ENGINE).defaultValue).isEqualTo("auto");
    }

    @Test
    void anUnknownEngineIsATypedConfigErrorNamingTheKey() {
        assertThatThrownBy(() -> new GmfluxConfig(Map.of(GmfluxConfig.ENGINE, "fast")))
                .isInstanceOf(ConfigException.class).hasMessageContaining(GmfluxConfig.ENGINE)
                .hasMessageContaining("fast").hasMessageContaining("constant-time");
        assertThatThrownBy(() -> Configured.serializer(ALICE, GmfluxConfig.ENGINE, "bitsliced"))
                .isInstanceOf(ConfigException.class).hasMessageContaining(GmfluxConfig.ENGINE);
        assertThatThrownBy(() -> Configured.deserializer(ALICE, GmfluxConfig.ENGINE, ""))
                .isInstanceOf(ConfigException.class).hasMessageContaining(GmfluxConfig.ENGINE);
    }

    @ParameterizedTest
    @EnumSource(value = Suite.class, names = {"SM4_GCM", "SM4_CCM", "SM4_CTR_HMAC_SM3", "ZUC256_MAC128"})
    void recordKeysOfBothEnginesSealTheSameBytes(Suite suite) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0xca5e14L + suite.id());
        byte[] km = new byte[suite.keyLength() + SuiteCipher.NONCE_PREFIX_LENGTH];
        rnd.nextBytes(km);
        RecordKey table = new RecordKey(suite, EngineChoice.TABLE, km.clone());
        RecordKey ct = new RecordKey(suite, EngineChoice.CONSTANT_TIME, km.clone());
        for (int i = 0; i < 20; i++) {
            byte[] plain = new byte[rnd.nextInt(4000)];
            rnd.nextBytes(plain);
            long counter = rnd.nextLong() & 0xffffffffL;
            boolean keyBound = rnd.nextBoolean();
            byte[] a = new byte[plain.length + suite.tagLength()];
            byte[] b = new byte[a.length];
            table.seal(counter, keyBound, plain, 0, plain.length, a, 0);
            ct.seal(counter, keyBound, plain, 0, plain.length, b, 0);
            assertThat(b).as("%s record %d", suite, i).isEqualTo(a);
            byte[] back = new byte[plain.length];
            ct.open(counter, keyBound, a, 0, a.length, back, 0);
            assertThat(back).isEqualTo(plain);
        }
        table.destroy();
        ct.destroy();
    }

    @Test
    void aConstantTimeProducerAndATableConsumerInteroperate() {
        byte[] plain = "engine choice".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE, GmfluxConfig.ENGINE, "constant-time");
                GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE);
                GmfluxSerializer<byte[]> s2 = Configured.serializer(ALICE);
                GmfluxDeserializer<byte[]> d2 = Configured.deserializer(ALICE, GmfluxConfig.ENGINE, "constant-time")) {
            Headers h = new RecordHeaders();
            assertThat(d.deserialize("t", h, s.serialize("t", h, plain))).isEqualTo(plain);
            Headers h2 = new RecordHeaders();
            assertThat(d2.deserialize("t", h2, s2.serialize("t", h2, plain))).isEqualTo(plain);
        }
    }
}
