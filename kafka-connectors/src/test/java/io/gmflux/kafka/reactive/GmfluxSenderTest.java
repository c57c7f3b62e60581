package io.gmflux.kafka.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.kafka.Clients;
import io.gmflux.kafka.Configured;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.TestKeys;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;

class GmfluxSenderTest {

    private static final TestKeys ALICE = TestKeys.create("alice");

    private static Map<String, Object> producerProps(Object... more) {
        return Clients.producerProps(Configured.props(GmfluxConfig.RECIPIENTS, ALICE.publicPem.toString(), more));
    }

    @Test
    void sendsEncryptedRecordsAndEmitsEachAcknowledgementWithItsCorrelation() {
        String topic = Clients.topic("sender", 3, Map.of());
        int n = 500;
        List<SendResult<Integer>> results;
        try (GmfluxSender<byte[], byte[]> sender = GmfluxSender.create(producerProps(), 32)) {
            results = sender.send(Flux.range(0, n), i -> new ProducerRecord<>(topic,
                    ("k" + i).getBytes(StandardCharsets.UTF_8), ("value " + i).getBytes(StandardCharsets.UTF_8)))
                    .collectList().block(Duration.ofSeconds(60));
            assertThat(sender.peakInFlight()).isBetween(1, 32);
            assertThat(sender.inFlight()).isZero();
        }
        assertThat(results).hasSize(n);
        assertThat(results).extracting(SendResult::correlation).containsExactlyInAnyOrderElementsOf(
                Flux.range(0, n).collectList().block());
        Set<String> positions = new HashSet<>();
        results.forEach(r -> positions.add(r.metadata().partition() + "@" + r.metadata().offset()));
        assertThat(positions).hasSize(n);
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(
                Configured.props(GmfluxConfig.PRIVATE_KEYS, ALICE.privatePem.toString()))) {
            List<ConsumerRecord<byte[], byte[]>> got = Clients.readAll(c, topic, n);
            assertThat(got).hasSize(n);
            for (ConsumerRecord<byte[], byte[]> r : got) {
                String k = new String(r.key(), StandardCharsets.UTF_8);
                assertThat(new String(r.value(), StandardCharsets.UTF_8)).isEqualTo("value " + k.substring(1));
            }
        }
    }

    @Test
    void takesFromUpstreamOnlyAsFastAsTheSubscriberConsumesAcknowledgements() throws Exception {
        String topic = Clients.topic("sender-backpressure");
        int maxInFlight = 4;
        AtomicInteger pulled = new AtomicInteger();
        AtomicInteger received = new AtomicInteger();
        try (GmfluxSender<byte[], byte[]> sender = GmfluxSender.create(producerProps(), maxInFlight)) {
            Flux<ProducerRecord<byte[], byte[]>> source = Flux.range(0, 1000)
                    .doOnNext(i -> pulled.incrementAndGet())
                    .map(i -> new ProducerRecord<>(topic, new byte[] {(byte) i.intValue()}));
            BaseSubscriber<SendResult<ProducerRecord<byte[], byte[]>>> slow = new BaseSubscriber<>() {
                @Override
                protected void hookOnSubscribe(Subscription s) {
                    s.request(10);
                }

                @Override
                protected void hookOnNext(SendResult<ProducerRecord<byte[], byte[]>> r) {
                    received.incrementAndGet();
                }
            };
            sender.send(source).subscribe(slow);
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (received.get() < 10 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(500); // time for anything unbounded to run away
            assertThat(received.get()).isEqualTo(10);
            // 10 delivered + at most maxInFlight in flight + the two hand-off queues of maxInFlight each
            assertThat(pulled.get()).isLessThanOrEqualTo(10 + 3 * maxInFlight);
            assertThat(sender.peakInFlight()).isLessThanOrEqualTo(maxInFlight);
            slow.request(1000);
            deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (received.get() < 1000 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(received.get()).isEqualTo(1000);
            assertThat(sender.peakInFlight()).isLessThanOrEqualTo(maxInFlight);
        }
    }

    @Test
    void endsWithSendFailedExceptionNamingTheItemThatFailed() {
        String topic = Clients.topic("sender-failure");
        try (GmfluxSender<byte[], byte[]> sender = GmfluxSender.create(
                producerProps(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 2000), 8)) {
            Flux<String> items = Flux.just("small-1", "huge", "small-2");
            assertThatThrownBy(() -> sender.send(items, s -> new ProducerRecord<>(topic,
                    s.equals("huge") ? new byte[10_000] : s.getBytes(StandardCharsets.UTF_8))).blockLast(Duration.ofSeconds(30)))
                    .isInstanceOfSatisfying(SendFailedException.class, e -> assertThat(e.correlation()).isEqualTo("huge"))
                    .hasMessageContaining("RecordTooLarge");
        }
    }
}
