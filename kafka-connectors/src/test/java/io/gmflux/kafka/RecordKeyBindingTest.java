package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Values bound to their record keys (FORMAT.md §7.3), driven as Kafka drives the (de)serializers:
 * key first, then value, with the same headers.
 */
class RecordKeyBindingTest {

    private static final TestKeys ALICE = TestKeys.create("alice");
    private static final String TOPIC = "accounts";

    private final GmfluxKeySerializer<String> keys = new GmfluxKeySerializer<>();
    private final GmfluxSerializer<byte[]> values = Configured.serializer(ALICE);
    private final GmfluxKeyDeserializer<String> keyReader = new GmfluxKeyDeserializer<>();
    private final GmfluxDeserializer<byte[]> valueReader = Configured.deserializer(ALICE);

    RecordKeyBindingTest() {
        keys.configure(Configured.props(GmfluxConfig.INNER_KEY_SERIALIZER, StringSerializer.class.getName()), true);
        keyReader.configure(Configured.props(GmfluxConfig.INNER_KEY_DESERIALIZER, StringDeserializer.class.getName()),
                true);
    }

    @AfterEach
    void close() {
        values.close();
        valueReader.close();
    }

    /** What a producer puts on the wire: key bytes, value bytes and headers. */
    private record Wire(byte[] key, byte[] value, Headers headers) {
    }

    private Wire send(String key, String value) {
        Headers h = new RecordHeaders();
        byte[] k = keys.serialize(TOPIC, h, key);
        byte[] v = values.serialize(TOPIC, h, value.getBytes(StandardCharsets.UTF_8));
        return new Wire(k, v, h);
    }

    /** As the consumer: a fresh copy of the wire headers, the key deserialized (unless null), then the value. */
    private String receive(byte[] key, byte[] value, Headers wire) {
        Headers h = new RecordHeaders(wire.toArray());
        if (key != null) {
            keyReader.deserialize(TOPIC, h, key);
        }
        String v = new String(valueReader.deserialize(TOPIC, h, value), StandardCharsets.UTF_8);
        assertThat(h.headers(RecordKeyBinding.HEADER)).as("the key digest does not reach the application").isEmpty();
        return v;
    }

    private static void assertRefused(ThrowingCallable read, RecordRejectedException.Reason reason) {
        assertThatThrownBy(read).isInstanceOf(RecordRejectedException.class).hasMessageContaining("topic " + TOPIC)
                .extracting(e -> ((RecordRejectedException) e).reason()).isEqualTo(reason);
    }

    @Test
    void boundValuesReadUnderTheirKeysAndTheDigestNeverTravels() {
        Wire r = send("acct-1", "balance 100");
        assertThat(r.value[0]).isEqualTo((byte) RecordLayout.VERSION_KEY_BOUND);
        assertThat(r.headers.headers(RecordKeyBinding.HEADER)).isEmpty();
        assertThat(r.headers.lastHeader(DekHeader.NAME)).isNotNull();
        assertThat(receive(r.key, r.value, r.headers)).isEqualTo("balance 100");
        Wire nullKey = send(null, "no key");
        assertThat(nullKey.key).isNull();
        assertThat(receive(null, nullKey.value, nullKey.headers)).isEqualTo("no key");
    }

    @Test
    void aValueMovedUnderAnotherKeyIsRefused() {
        Wire one = send("acct-1", "balance 100");
        Wire two = send("acct-2", "balance 0");
        assertRefused(() -> receive(two.key, one.value, one.headers), RecordRejectedException.Reason.KEY_MISMATCH);
        // Under a null key (Kafka then calls no key deserializer), even with a digest header forged on the wire.
        Headers forged = new RecordHeaders(one.headers.toArray());
        forged.add(new RecordHeader(RecordKeyBinding.HEADER, RecordKeyBinding.digest(one.key)));
        assertRefused(() -> receive(null, one.value, forged), RecordRejectedException.Reason.KEY_MISMATCH);
        assertThat(receive(one.key, one.value, one.headers)).isEqualTo("balance 100");
    }

    @Test
    void turningABoundRecordIntoAnUnboundOneOrBackFailsAuthentication() {
        Wire bound = send("acct-1", "balance 100");
        byte[] downgraded = bound.value.clone();
        downgraded[0] = (byte) RecordLayout.VERSION;
        assertRefused(() -> receive(bound.key, downgraded, bound.headers),
                RecordRejectedException.Reason.FAILED_AUTHENTICATION);
        Headers h = new RecordHeaders();
        byte[] unbound = values.serialize(TOPIC, h, "plain".getBytes(StandardCharsets.UTF_8));
        assertThat(unbound[0]).isEqualTo((byte) RecordLayout.VERSION);
        unbound[0] = (byte) RecordLayout.VERSION_KEY_BOUND;
        assertRefused(() -> receive("acct-1".getBytes(StandardCharsets.UTF_8), unbound, h),
                RecordRejectedException.Reason.FAILED_AUTHENTICATION);
    }

    @Test
    void aConsumerWithoutTheKeyDeserializerIsToldWhatToConfigure() {
        Wire r = send("acct-1", "balance 100");
        Headers h = new RecordHeaders(r.headers.toArray());
        assertThatThrownBy(() -> valueReader.deserialize(TOPIC, h, r.value))
                .isInstanceOf(RecordRejectedException.class).hasMessageContaining(GmfluxKeyDeserializer.class.getName());
        for (Header x : h) {
            assertThat(x.key()).isNotEqualTo(RecordKeyBinding.HEADER);
        }
    }
}
