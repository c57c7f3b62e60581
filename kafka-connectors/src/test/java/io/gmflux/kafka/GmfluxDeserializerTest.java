package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.format.Suite;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What the deserializer accepts and rejects, without a broker (records built in memory). */
class GmfluxDeserializerTest {

    private static final TestKeys ALICE = TestKeys.create("alice");
    private static final TestKeys BOB = TestKeys.create("bob");

    private record Sealed(Headers headers, byte[] value) {
        byte[] header() {
            return headers.lastHeader(DekHeader.NAME).value();
        }
    }

    private static Sealed seal(GmfluxSerializer<byte[]> s, String topic, byte[] plain) {
        Headers h = new RecordHeaders();
        byte[] v = s.serialize(topic, h, plain);
        return new Sealed(h, v);
    }

    private static Headers withDek(byte[] header) {
        Headers h = new RecordHeaders();
        h.add(DekHeader.NAME, header);
        return h;
    }

    @ParameterizedTest
    @EnumSource(Suite.class)
    void roundTripsEverySuiteAndLength(Suite suite) {
        SplittableRandom rnd = new SplittableRandom(0x6d1L + suite.id());
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE, GmfluxConfig.SUITE, suite.label());
                GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE, GmfluxConfig.SUITES, suite.label())) {
            for (int len : new int[] {0, 1, 15, 16, 17, 1000, 1024, 4097, 70_000}) {
                byte[] plain = new byte[len];
                rnd.nextBytes(plain);
                Sealed r = seal(s, "t", plain);
                assertThat(r.value).as("%s len %d", suite, len).hasSize(RecordLayout.SEALED_OFFSET + len + suite.tagLength());
                assertThat(r.value[0]).isEqualTo((byte) RecordLayout.VERSION);
                assertThat(d.deserialize("t", r.headers, r.value)).as("%s len %d", suite, len).isEqualTo(plain);
                assertThat(d.deserialize("t", r.headers, ByteBuffer.wrap(r.value))).isEqualTo(plain);
            }
        }
    }

    @Test
    void readsFromAHeapBufferSliceAndADirectBuffer() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE); GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            byte[] plain = "slice".getBytes(StandardCharsets.UTF_8);
            Sealed r = seal(s, "t", plain);
            byte[] padded = new byte[r.value.length + 10];
            System.arraycopy(r.value, 0, padded, 7, r.value.length);
            ByteBuffer slice = ByteBuffer.wrap(padded, 7, r.value.length).slice();
            assertThat(d.deserialize("t", r.headers, slice)).isEqualTo(plain);
            ByteBuffer direct = ByteBuffer.allocateDirect(r.value.length).put(r.value).flip();
            assertThat(d.deserialize("t", r.headers, direct)).isEqualTo(plain);
        }
    }

    @Test
    void rejectsEveryFlippedBitOfTheValue() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE); GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            Sealed r = seal(s, "t", "pay 100 to carol".getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < r.value.length; i++) {
                for (int bit = 0; bit < 8; bit++) {
                    byte[] v = r.value.clone();
                    v[i] ^= (byte) (1 << bit);
                    int at = i;
                    assertThatThrownBy(() -> d.deserialize("t", r.headers, v)).as("byte %d bit %d", at, bit)
                            .isInstanceOf(SerializationException.class).hasMessageContaining("topic t");
                }
            }
        }
    }

    @Test
    void rejectsEveryFlippedByteOfTheDekHeaderEvenWithTheDekCached() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE); GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            Sealed r = seal(s, "t", "amount=100".getBytes(StandardCharsets.UTF_8));
            // First the genuine record, so the DEK is cached: a forged header must not ride on the cache.
            assertThat(d.deserialize("t", r.headers, r.value)).isNotNull();
            byte[] header = r.header();
            for (int i = 0; i < header.length; i++) {
                byte[] h = header.clone();
                h[i] ^= 0x01;
                int at = i;
                assertThatThrownBy(() -> d.deserialize("t", withDek(h), r.value)).as("header byte %d", at)
                        .isInstanceOf(SerializationException.class);
            }
            // The genuine record still reads (the forgeries did not evict or poison the cached DEK).
            assertThat(d.deserialize("t", r.headers, r.value)).isEqualTo("amount=100".getBytes(StandardCharsets.UTF_8));
            assertThat(d.dekUnwraps()).isEqualTo(1);
        }
    }

    @Test
    void rejectsAHeaderFromAnotherDekOfTheSameRecipient() {
        try (GmfluxSerializer<byte[]> s1 = Configured.serializer(ALICE); GmfluxSerializer<byte[]> s2 = Configured.serializer(ALICE);
                GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            Sealed a = seal(s1, "t", new byte[] {1, 2, 3});
            Sealed b = seal(s2, "t", new byte[] {4, 5, 6});
            assertThatThrownBy(() -> d.deserialize("t", b.headers, a.value))
                    .isInstanceOf(SerializationException.class);
        }
    }

    @Test
    void rejectsARecordReadAsAnotherTopic() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE); GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            Sealed r = seal(s, "payments", "x".getBytes(StandardCharsets.UTF_8));
            assertThat(d.deserialize("payments", r.headers, r.value)).isNotNull();
            assertThatThrownBy(() -> d.deserialize("payments-copy", r.headers, r.value))
                    .isInstanceOf(SerializationException.class)
                    .hasMessageContaining("topic payments-copy").hasMessageContaining("failed authentication");
        }
    }

    @Test
    void rejectsRecordsSwappedBetweenCounters() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE); GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            Sealed first = seal(s, "t", "first".getBytes(StandardCharsets.UTF_8));
            Sealed second = seal(s, "t", "second".getBytes(StandardCharsets.UTF_8));
            byte[] spliced = second.value.clone();
            System.arraycopy(first.value, RecordLayout.COUNTER_OFFSET, spliced, RecordLayout.COUNTER_OFFSET, 4); // second's ciphertext under first's counter
            assertThatThrownBy(() -> d.deserialize("t", second.headers, spliced)).isInstanceOf(SerializationException.class);
        }
    }

    @Test
    void keepsNullAsNull() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE); GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            Headers h = new RecordHeaders();
            assertThat(s.serialize("t", h, null)).isNull();
            assertThat(h.toArray()).isEmpty();
            assertThat(d.deserialize("t", h, (byte[]) null)).isNull();
            assertThat(d.deserialize("t", h, (ByteBuffer) null)).isNull();
        }
    }

    @Test
    void refusesAForeignRecordNamingTheTopicOrPassesItWhenConfigured() {
        byte[] plain = "plain json".getBytes(StandardCharsets.UTF_8);
        try (GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            assertThatThrownBy(() -> d.deserialize("legacy", new RecordHeaders(), plain))
                    .isInstanceOf(SerializationException.class)
                    .hasMessageContaining("topic legacy").hasMessageContaining("not in gmflux's format");
        }
        try (GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE, GmfluxConfig.FOREIGN_RECORDS, "pass");
                GmfluxSerializer<byte[]> s = Configured.serializer(ALICE)) {
            assertThat(d.deserialize("legacy", new RecordHeaders(), plain)).isEqualTo(plain);
            // pass-through is for records without gmflux's header; an encrypted one must still authenticate
            Sealed r = seal(s, "legacy", plain);
            byte[] v = r.value.clone();
            v[v.length - 1] ^= 1;
            assertThatThrownBy(() -> d.deserialize("legacy", r.headers, v)).isInstanceOf(SerializationException.class);
        }
    }

    @Test
    void refusesAValueWithTheHeaderButNotTheLayout() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE); GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            Sealed r = seal(s, "t", new byte[] {9});
            assertThatThrownBy(() -> d.deserialize("t", r.headers, new byte[] {1, 2, 3}))
                    .isInstanceOf(SerializationException.class).hasMessageContaining("3 bytes");
            byte[] v = r.value.clone();
            v[0] = 1; // the unreleased version 1 is not read
            assertThatThrownBy(() -> d.deserialize("t", r.headers, v))
                    .isInstanceOf(SerializationException.class).hasMessageContaining("version byte 1");
            Headers twice = withDek(r.header());
            twice.add(DekHeader.NAME, r.header());
            assertThatThrownBy(() -> d.deserialize("t", twice, r.value))
                    .isInstanceOf(SerializationException.class).hasMessageContaining("more than one");
        }
    }

    @Test
    void namesTheKeyIdsWhenNoConfiguredKeyOpensTheDek() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE); GmfluxDeserializer<byte[]> d = Configured.deserializer(BOB)) {
            Sealed r = seal(s, "t", new byte[] {1});
            assertThatThrownBy(() -> d.deserialize("t", r.headers, r.value))
                    .isInstanceOf(SerializationException.class)
                    .hasMessageContaining("topic t").hasMessageContaining("sm2:" + ALICE.keyIdHex);
        }
    }

    @Test
    void decapsulatesOncePerDek() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE, GmfluxConfig.ROTATE_RECORDS, "10");
                GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            for (int i = 0; i < 35; i++) {
                Sealed r = seal(s, "t", new byte[] {(byte) i});
                assertThat(d.deserialize("t", r.headers, r.value)).containsExactly((byte) i);
            }
            assertThat(s.dekCount()).isEqualTo(4);
            assertThat(d.dekUnwraps()).isEqualTo(4);
        }
    }

    @Test
    void unwrapsAgainAfterTheTtlAndWithinTheCacheSize() throws Exception {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE, GmfluxConfig.ROTATE_RECORDS, "1");
                GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE, GmfluxConfig.CACHE_SIZE, "2")) {
            Sealed a = seal(s, "t", new byte[] {1});
            Sealed b = seal(s, "t", new byte[] {2});
            Sealed c = seal(s, "t", new byte[] {3});
            d.deserialize("t", a.headers, a.value);
            d.deserialize("t", b.headers, b.value);
            d.deserialize("t", a.headers, a.value);
            assertThat(d.dekUnwraps()).isEqualTo(2);
            d.deserialize("t", c.headers, c.value); // evicts b, the least recently used
            d.deserialize("t", a.headers, a.value);
            assertThat(d.dekUnwraps()).isEqualTo(3);
            d.deserialize("t", b.headers, b.value);
            assertThat(d.dekUnwraps()).isEqualTo(4);
        }
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE);
                GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE, GmfluxConfig.CACHE_TTL_MS, "50")) {
            Sealed a = seal(s, "t", new byte[] {1});
            d.deserialize("t", a.headers, a.value);
            d.deserialize("t", a.headers, a.value);
            assertThat(d.dekUnwraps()).isEqualTo(1);
            Thread.sleep(80);
            d.deserialize("t", a.headers, a.value);
            assertThat(d.dekUnwraps()).isEqualTo(2);
        }
    }

    @Test
    void opensWithAnyOfSeveralKeysAndEncryptsToSeveralRecipients() {
        String both = ALICE.publicPem + "," + BOB.publicText;
        GmfluxSerializer<byte[]> s = new GmfluxSerializer<>();
        s.configure(Configured.props(GmfluxConfig.RECIPIENTS, both), false);
        Sealed r = seal(s, "t", new byte[] {7});
        for (TestKeys k : new TestKeys[] {ALICE, BOB}) {
            try (GmfluxDeserializer<byte[]> d = Configured.deserializer(k)) {
                assertThat(d.deserialize("t", r.headers, r.value)).containsExactly(7);
            }
        }
        // a consumer holding a retired key and the new one
        GmfluxDeserializer<byte[]> rotating = new GmfluxDeserializer<>();
        rotating.configure(Configured.props(GmfluxConfig.PRIVATE_KEYS, BOB.privatePem + "," + ALICE.privateText), false);
        assertThat(rotating.deserialize("t", r.headers, r.value)).containsExactly(7);
        s.close();
        rotating.close();
    }

    @Test
    void wrapsInnerSerdesNamedInTheConfiguration() {
        GmfluxSerializer<String> s = new GmfluxSerializer<>();
        s.configure(Configured.props(GmfluxConfig.RECIPIENTS, ALICE.publicText,
                GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName()), false);
        GmfluxDeserializer<String> d = new GmfluxDeserializer<>();
        d.configure(Configured.props(GmfluxConfig.PRIVATE_KEYS, ALICE.privateText,
                GmfluxConfig.INNER_DESERIALIZER, StringDeserializer.class.getName()), false);
        Headers h = new RecordHeaders();
        byte[] v = s.serialize("t", h, "héllo, 世界");
        assertThat(new String(v, StandardCharsets.ISO_8859_1)).doesNotContain("llo");
        assertThat(d.deserialize("t", h, v)).isEqualTo("héllo, 世界");
        Header dek = h.lastHeader(DekHeader.NAME);
        assertThat(dek.value()[0]).isEqualTo((byte) DekHeader.VERSION);
        assertThat(Arrays.copyOfRange(dek.value(), 1, 2)).containsExactly((byte) Suite.SM4_GCM.id());
        s.close();
        d.close();
    }

    @Test
    void randomlyMangledRecordsAlwaysFailWithSerializationException() {
        SplittableRandom rnd = new SplittableRandom(0x5eedL);
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE); GmfluxDeserializer<byte[]> d = Configured.deserializer(ALICE)) {
            Sealed r = seal(s, "t", "the genuine record".getBytes(StandardCharsets.UTF_8));
            byte[] header = r.header();
            for (int c = 0; c < 3000; c++) {
                byte[] v = r.value.clone();
                byte[] h = header.clone();
                boolean onHeader = rnd.nextBoolean();
                byte[] target = onHeader ? h : v;
                switch (rnd.nextInt(4)) {
                    case 0 -> target = Arrays.copyOf(target, rnd.nextInt(target.length)); // truncate
                    case 1 -> target = Arrays.copyOf(target, target.length + 1 + rnd.nextInt(40)); // extend with zeros
                    case 2 -> target[rnd.nextInt(target.length)] = (byte) rnd.nextInt(256); // set one byte
                    default -> { // overwrite a run with random bytes
                        int at = rnd.nextInt(target.length);
                        for (int k = at; k < Math.min(target.length, at + 1 + rnd.nextInt(20)); k++) {
                            target[k] = (byte) rnd.nextInt(256);
                        }
                    }
                }
                byte[] value = onHeader ? v : target;
                byte[] dek = onHeader ? target : h;
                if (Arrays.equals(value, r.value) && Arrays.equals(dek, header)) {
                    continue; // the mutation changed nothing
                }
                int cse = c;
                assertThatThrownBy(() -> d.deserialize("t", withDek(dek), value))
                        .as("seed 0x5eed case %d (%s)", cse, onHeader ? "header" : "value")
                        .isExactlyInstanceOf(RecordRejectedException.class);
            }
        }
    }

    @Test
    void rejectsAGenuineHeaderWithAnotherDeksStanzaAppended() throws Exception {
        try (GmfluxSerializer<byte[]> toAlice = Configured.serializer(ALICE); GmfluxSerializer<byte[]> toBob = Configured.serializer(BOB);
                GmfluxDeserializer<byte[]> alice = Configured.deserializer(ALICE); GmfluxDeserializer<byte[]> bob = Configured.deserializer(BOB)) {
            Sealed a = seal(toAlice, "t", "for alice only".getBytes(StandardCharsets.UTF_8));
            Sealed b = seal(toBob, "t", "for bob".getBytes(StandardCharsets.UTF_8));
            byte[] ha = a.header();
            byte[] hb = b.header();
            // ha with n = 2 and hb's stanza added after ha's: a well-formed header that now also addresses Bob
            int ca = DekHeader.parse(ha, DekHeader.MAX_STANZAS).commitmentOffset();
            int cb = DekHeader.parse(hb, DekHeader.MAX_STANZAS).commitmentOffset();
            int stanzaB = cb - DekHeader.STANZAS_OFFSET;
            byte[] grafted = new byte[ha.length + stanzaB];
            System.arraycopy(ha, 0, grafted, 0, ca);
            System.arraycopy(hb, DekHeader.STANZAS_OFFSET, grafted, ca, stanzaB);
            System.arraycopy(ha, ca, grafted, ca + stanzaB, ha.length - ca);
            grafted[DekHeader.STANZAS_OFFSET - 1] = 2;
            assertThat(dekHeaderParses(grafted)).isTrue();
            assertThat(alice.deserialize("t", a.headers, a.value)).isNotNull(); // cached genuine DEK
            // Alice's stanza still opens her DEK, but the commitment no longer matches the header.
            assertThatThrownBy(() -> alice.deserialize("t", withDek(grafted), a.value))
                    .isInstanceOf(RecordRejectedException.class).hasMessageContaining("commits to")
                    .extracting(e -> ((RecordRejectedException) e).reason())
                    .isEqualTo(RecordRejectedException.Reason.DEK_COMMITMENT_MISMATCH);
            // Bob's stanza was wrapped under the other DEK id (the wrapping salt), so it opens nothing here.
            assertThatThrownBy(() -> bob.deserialize("t", withDek(grafted), a.value))
                    .isInstanceOf(SerializationException.class).hasMessageContaining("no configured private key");
            assertThat(alice.deserialize("t", a.headers, a.value)).isNotNull();
        }
    }

    private static boolean dekHeaderParses(byte[] header) {
        try {
            return DekHeader.parse(header, DekHeader.MAX_STANZAS).stanzaCount() == 2;
        } catch (Exception e) {
            return false;
        }
    }
}
