package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Bytes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/** DEK rotation, concurrency and configuration of the serializer, without a broker. */
class GmfluxSerializerTest {

    private static final TestKeys ALICE = TestKeys.create("alice");

    /** A sealed record: its DEK id (from the gmflux.dek header) and its counter (from the value). */
    private record Sealed(String dekId, long counter) {
        static Sealed of(Headers h, byte[] value) {
            byte[] header = h.lastHeader(DekHeader.NAME).value();
            return new Sealed(Arrays.toString(Arrays.copyOfRange(header, DekHeader.DEK_ID_OFFSET,
                    DekHeader.DEK_ID_OFFSET + DekKeys.DEK_ID_LENGTH)),
                    Bytes.getIntBE(value, RecordLayout.COUNTER_OFFSET) & 0xffffffffL);
        }
    }

    private static Sealed seal(GmfluxSerializer<byte[]> s, byte[] plain) {
        Headers h = new RecordHeaders();
        return Sealed.of(h, s.serialize("t", h, plain));
    }

    @Test
    void rotatesTheDekAfterTheConfiguredRecordCount() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE, GmfluxConfig.ROTATE_RECORDS, 3)) {
            List<String> ids = new ArrayList<>();
            List<Long> counters = new ArrayList<>();
            for (int i = 0; i < 7; i++) {
                Sealed v = seal(s, new byte[] {(byte) i});
                ids.add(v.dekId());
                counters.add(v.counter());
            }
            assertThat(counters).containsExactly(0L, 1L, 2L, 0L, 1L, 2L, 0L);
            assertThat(ids.subList(0, 3)).containsOnly(ids.get(0));
            assertThat(ids.subList(3, 6)).containsOnly(ids.get(3));
            assertThat(new HashSet<>(ids)).hasSize(3);
        }
    }

    @Test
    void rotatesTheDekAfterTheConfiguredByteCount() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE, GmfluxConfig.ROTATE_BYTES, 100)) {
            Sealed a = seal(s, new byte[60]);
            Sealed b = seal(s, new byte[40]);
            Sealed c = seal(s, new byte[1]);
            Sealed huge = seal(s, new byte[500]);
            assertThat(a.dekId()).isEqualTo(b.dekId());
            assertThat(c.dekId()).isNotEqualTo(b.dekId());
            assertThat(huge.dekId()).isNotEqualTo(c.dekId());
            assertThat(huge.counter()).isZero();
        }
    }

    @Test
    void rotatesTheDekAfterTheConfiguredAge() throws InterruptedException {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE, GmfluxConfig.ROTATE_MS, 40)) {
            Sealed a = seal(s, new byte[1]);
            Sealed b = seal(s, new byte[1]);
            Thread.sleep(60);
            Sealed c = seal(s, new byte[1]);
            assertThat(a.dekId()).isEqualTo(b.dekId());
            assertThat(c.dekId()).isNotEqualTo(b.dekId());
        }
    }

    @Test
    void serializesFromManyThreadsWithoutRepeatingANonce() throws Exception {
        int threads = 8;
        int each = 2_000;
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE, GmfluxConfig.ROTATE_RECORDS, 1_000);
                GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            List<Future<List<Object[]>>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                results.add(pool.submit(() -> {
                    List<Object[]> out = new ArrayList<>();
                    for (int i = 0; i < each; i++) {
                        Headers h = new RecordHeaders();
                        byte[] plain = (id + ":" + i).getBytes();
                        out.add(new Object[] {h, s.serialize("t", h, plain), plain});
                    }
                    return out;
                }));
            }
            Set<String> nonces = new HashSet<>();
            for (Future<List<Object[]>> f : results) {
                for (Object[] r : f.get()) {
                    byte[] v = (byte[]) r[1];
                    Sealed sealed = Sealed.of((Headers) r[0], v);
                    assertThat(nonces.add(sealed.dekId() + "/" + sealed.counter())).as("(DEK, counter) repeated").isTrue();
                    assertThat(d.deserialize("t", (Headers) r[0], v)).isEqualTo((byte[]) r[2]);
                }
            }
            pool.shutdown();
            assertThat(nonces).hasSize(threads * each);
            assertThat(s.dekCount()).isEqualTo(threads * each / 1_000);
        }
    }

    @Test
    void refusesToSerializeKeysOrWithoutHeaders() {
        GmfluxSerializer<byte[]> s = new GmfluxSerializer<>();
        assertThatThrownBy(() -> s.configure(Configured.props(GmfluxConfig.RECIPIENTS, ALICE.publicText), true))
                .isInstanceOf(ConfigException.class).hasMessageContaining("values only");
        try (GmfluxSerializer<byte[]> v = Configured.serializer(ALICE)) {
            assertThatThrownBy(() -> v.serialize("store-changelog", new byte[] {1}))
                    .isInstanceOf(SerializationException.class).hasMessageContaining("headers");
            assertThat(v.serialize("t", (byte[]) null)).isNull();
        }
    }

    @Test
    void reportsConfigurationMistakesByPropertyName() {
        GmfluxSerializer<byte[]> s = new GmfluxSerializer<>();
        assertThatThrownBy(() -> s.configure(Configured.props("x", "y"), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining(GmfluxConfig.RECIPIENTS);
        assertThatThrownBy(() -> s.configure(Configured.props(GmfluxConfig.RECIPIENTS, "/no/such/key.pub"), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining("/no/such/key.pub");
        assertThatThrownBy(() -> s.configure(Configured.props(GmfluxConfig.RECIPIENTS, ALICE.privateText), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining("not a public key");
        assertThatThrownBy(() -> s.configure(Configured.props(GmfluxConfig.RECIPIENTS, ALICE.publicText,
                GmfluxConfig.SUITE, "rot13"), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining("rot13");
        assertThatThrownBy(() -> s.configure(Configured.props(GmfluxConfig.RECIPIENTS, ALICE.publicText,
                GmfluxConfig.ROTATE_RECORDS, GmfluxConfig.MAX_RECORDS_PER_DEK + 1), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining(GmfluxConfig.ROTATE_RECORDS);
        GmfluxDeserializer<byte[]> d = new GmfluxDeserializer<>();
        assertThatThrownBy(() -> d.configure(Configured.props("x", "y"), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining(GmfluxConfig.PRIVATE_KEYS);
        assertThatThrownBy(() -> d.configure(Configured.props(GmfluxConfig.PRIVATE_KEYS, ALICE.publicPem.toString()), false))
                .isInstanceOf(ConfigException.class).hasMessageContaining("not a private key");
    }

    @Test
    void readsInlinePemKeysFromAPropertiesFileWithContinuationLines() throws Exception {
        // A properties file joins continuation lines without their line breaks: the PEM arrives on one line.
        StringBuilder file = new StringBuilder();
        file.append(GmfluxConfig.RECIPIENTS).append('=').append(ALICE.publicText.strip().replace("\n", "\\\n    ")).append('\n');
        file.append(GmfluxConfig.PRIVATE_KEYS).append('=').append(ALICE.privateText.strip().replace("\n", "\\\n    ")).append('\n');
        java.util.Properties props = new java.util.Properties();
        props.load(new java.io.StringReader(file.toString()));
        assertThat(props.getProperty(GmfluxConfig.RECIPIENTS)).doesNotContain("\n").startsWith("-----BEGIN PUBLIC KEY-----");
        java.util.Map<String, Object> config = new java.util.HashMap<>();
        props.forEach((k, v) -> config.put((String) k, v));
        try (GmfluxSerializer<byte[]> s = new GmfluxSerializer<>(); GmfluxDeserializer<byte[]> d = new GmfluxDeserializer<>()) {
            s.configure(config, false);
            d.configure(config, false);
            Headers h = new RecordHeaders();
            assertThat(d.deserialize("t", h, s.serialize("t", h, new byte[] {42}))).containsExactly(42);
        }
    }
}
