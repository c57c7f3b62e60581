package io.gmflux.kafka.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.kafka.Clients;
import io.gmflux.kafka.Configured;
import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.SharedBroker;
import io.gmflux.kafka.TestKeys;
import io.gmflux.kafka.reactive.GmfluxSender;
import io.gmflux.kafka.reactive.SendResult;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

class EmbeddedKafkaTest {

    private static final TestKeys ALICE = TestKeys.create("alice");

    @Test
    void aBrokerRestartDuringProductionLosesNoAcknowledgedRecord() throws Exception {
        EmbeddedKafka broker = SharedBroker.get();
        String topic = Clients.topic("restart", 2, Map.of());
        int n = 3000;
        Set<Integer> acknowledged = ConcurrentHashMap.newKeySet();
        AtomicInteger ackedWhenRestartDone = new AtomicInteger(-1);
        AtomicReference<Throwable> restartFailure = new AtomicReference<>();
        CountDownLatch restarted = new CountDownLatch(1);
        Map<String, Object> props = Clients.producerProps(Configured.props(
                GmfluxConfig.RECIPIENTS, ALICE.publicPem.toString(),
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000,
                ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000,
                ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 500,
                ProducerConfig.RETRY_BACKOFF_MAX_MS_CONFIG, 500));
        Throwable sendError = null;
        try (GmfluxSender<byte[], byte[]> sender = GmfluxSender.create(props, 64)) {
            Flux<Integer> items = Flux.range(0, n)
                    .delayUntil(i -> i % 100 == 0 ? Mono.delay(Duration.ofMillis(50)) : Mono.empty());
            try {
                sender.send(items, i -> new ProducerRecord<>(topic, ("id-" + i).getBytes(StandardCharsets.UTF_8)))
                        .doOnNext((SendResult<Integer> r) -> {
                            acknowledged.add(r.correlation());
                            if (acknowledged.size() == 500) {
                                Thread t = new Thread(() -> {
                                    try {
                                        broker.restart();
                                    } catch (Throwable e) {
                                        restartFailure.set(e);
                                    } finally {
                                        ackedWhenRestartDone.set(acknowledged.size());
                                        restarted.countDown();
                                    }
                                }, "restart-broker");
                                t.start();
                            }
                        })
                        .blockLast(Duration.ofSeconds(150));
            } catch (RuntimeException e) {
                sendError = e;
            }
        }
        assertThat(restarted.await(60, TimeUnit.SECONDS)).isTrue();
        assertThat(restartFailure.get()).isNull();
        assertThat(ackedWhenRestartDone.get()).as("the restart happened while records were being produced").isLessThan(n);
        Set<Integer> stored = new HashSet<>();
        try (KafkaConsumer<byte[], byte[]> c = Clients.consumer(
                Configured.props(GmfluxConfig.PRIVATE_KEYS, ALICE.privatePem.toString()))) {
            List<ConsumerRecord<byte[], byte[]>> all = Clients.readAll(c, topic, acknowledged.size());
            for (ConsumerRecord<byte[], byte[]> r : all) {
                stored.add(Integer.parseInt(new String(r.value(), StandardCharsets.UTF_8).substring(3)));
            }
        }
        assertThat(stored).as("every acknowledged record is on the topic").containsAll(acknowledged);
        // With idempotence and a long delivery timeout the producer rides through the restart.
        assertThat(sendError).isNull();
        assertThat(acknowledged).hasSize(n);
    }
}
