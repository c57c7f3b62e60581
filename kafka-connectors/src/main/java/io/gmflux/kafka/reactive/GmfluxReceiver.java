package io.gmflux.kafka.reactive;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.errors.WakeupException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * Receives records from Kafka topics as a {@code Flux} over a kafka-clients 4.x consumer
 * (reactor-kafka, discontinued, does not run on 4.x). With {@link io.gmflux.kafka.GmfluxDeserializer}
 * as value deserializer the values arrive decrypted.
 *
 * <pre>{@code
 * GmfluxReceiver.<String, String>create(consumerProps, List.of("orders"))
 *     .receive()
 *     .concatMap(r -> process(r.value()).doOnSuccess(x -> r.acknowledge()))
 *     .subscribe();
 * }</pre>
 *
 * <p>Each subscription of {@link #receive()} creates its own {@link KafkaConsumer} (the properties
 * must name a {@code group.id}; auto-commit is switched off, offsets are committed as
 * {@link ReceivedRecord} describes) and polls it on a thread of its own, since a KafkaConsumer is
 * not thread-safe. Records are emitted on that thread: move heavy work elsewhere
 * ({@code publishOn}) so that polling, and with it group membership, goes on.
 *
 * <p>Backpressure: when downstream demand is exhausted the consumer pauses every assigned partition
 * and keeps polling (which fetches nothing but keeps the consumer in its group); it resumes when
 * demand returns. At most one poll's worth of records ({@code max.poll.records}) waits beyond the
 * demand.
 *
 * <p>Cancel or error: the polling thread commits the acknowledged offsets, closes the consumer
 * (leaving the group at once) and ends. A record that cannot be deserialized (not decryptable)
 * ends the {@code Flux} with Kafka's
 * {@link org.apache.kafka.common.errors.RecordDeserializationException}, which names the partition
 * and offset; nothing after it is emitted. With {@link #skippingUndeserializable(java.util.function.Consumer)}
 * such a record is instead handed to a handler (to log or dead-letter it), acknowledged, and
 * skipped.
 *
 * <p>Thread-safe: {@link #receive()} may be subscribed several times (each a separate consumer in
 * the group).
 */
public final class GmfluxReceiver<K, V> {

    private static final AtomicInteger THREADS = new AtomicInteger();

    private final Map<String, Object> properties;
    private final List<String> topics;
    private final Duration pollTimeout;
    private final Duration commitInterval;
    private final java.util.function.Consumer<RecordDeserializationException> onUndeserializable;

    private GmfluxReceiver(Map<String, Object> properties, Collection<String> topics, Duration pollTimeout,
            Duration commitInterval, java.util.function.Consumer<RecordDeserializationException> onUndeserializable) {
        Map<String, Object> p = new HashMap<>(properties);
        if (p.get(ConsumerConfig.GROUP_ID_CONFIG) == null) {
            throw new IllegalArgumentException("consumer properties need " + ConsumerConfig.GROUP_ID_CONFIG);
        }
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        this.properties = Map.copyOf(p);
        this.topics = List.copyOf(topics);
        if (this.topics.isEmpty()) {
            throw new IllegalArgumentException("no topics to receive from");
        }
        this.pollTimeout = Objects.requireNonNull(pollTimeout, "pollTimeout");
        this.commitInterval = Objects.requireNonNull(commitInterval, "commitInterval");
        this.onUndeserializable = onUndeserializable;
    }

    /** A receiver of {@code topics}; acknowledged offsets are committed every 5 s and on revocation and cancel. */
    public static <K, V> GmfluxReceiver<K, V> create(Map<String, Object> consumerProperties, Collection<String> topics) {
        return new GmfluxReceiver<>(consumerProperties, topics, Duration.ofMillis(100), Duration.ofSeconds(5), null);
    }

    /** The same receiver committing acknowledged offsets every {@code interval}. */
    public GmfluxReceiver<K, V> withCommitInterval(Duration interval) {
        return new GmfluxReceiver<>(properties, topics, pollTimeout, interval, onUndeserializable);
    }

    /**
     * The same receiver, but a record that cannot be deserialized (for gmflux: foreign, for a key it
     * does not hold, or tampered) goes to {@code handler} on the polling thread and is skipped
     * (acknowledged, so its offset is committed) instead of ending the {@code Flux}.
     */
    public GmfluxReceiver<K, V> skippingUndeserializable(java.util.function.Consumer<RecordDeserializationException> handler) {
        return new GmfluxReceiver<>(properties, topics, pollTimeout, commitInterval,
                Objects.requireNonNull(handler, "handler"));
    }

    /** The records of the topics, from the group's committed offsets (or {@code auto.offset.reset}). */
    public Flux<ReceivedRecord<K, V>> receive() {
        return Flux.create(sink -> {
            PollLoop<K, V> loop = new PollLoop<>(this, sink);
            sink.onRequest(n -> loop.wakeIfPaused());
            sink.onDispose(loop::stop);
            Thread t = new Thread(loop, "gmflux-receiver-" + THREADS.incrementAndGet());
            t.setDaemon(true);
            t.start();
        }, FluxSink.OverflowStrategy.BUFFER);
    }

    /** One subscription: one consumer, polled on one thread. */
    static final class PollLoop<K, V> implements Runnable, ConsumerRebalanceListener {

        private final GmfluxReceiver<K, V> receiver;
        private final FluxSink<ReceivedRecord<K, V>> sink;
        private final ConcurrentHashMap<TopicPartition, Long> acknowledged = new ConcurrentHashMap<>();
        private final Map<TopicPartition, Long> committed = new HashMap<>();
        private final ConcurrentLinkedQueue<MonoSink<Void>> commitRequests = new ConcurrentLinkedQueue<>();
        private volatile boolean stopped;
        private volatile KafkaConsumer<K, V> consumer;
        /** Written by the polling thread only; read by requesting threads to decide on a wakeup. */
        private volatile boolean paused;

        PollLoop(GmfluxReceiver<K, V> receiver, FluxSink<ReceivedRecord<K, V>> sink) {
            this.receiver = receiver;
            this.sink = sink;
        }

        void acknowledge(TopicPartition tp, long nextOffset) {
            acknowledged.merge(tp, nextOffset, Math::max);
        }

        Mono<Void> commit() {
            return Mono.create(s -> {
                if (stopped) {
                    s.error(new IllegalStateException("receiver stopped"));
                    return;
                }
                commitRequests.add(s);
                wake();
            });
        }

        void wake() {
            KafkaConsumer<K, V> c = consumer;
            if (c != null) {
                c.wakeup();
            }
        }

        /** New demand matters only to a paused consumer: wake its poll so it resumes now, not after the timeout. */
        void wakeIfPaused() {
            if (paused) {
                wake();
            }
        }

        void stop() {
            stopped = true;
            wake();
        }

        @Override
        public void run() {
            KafkaConsumer<K, V> c;
            try {
                c = new KafkaConsumer<>(receiver.properties);
            } catch (RuntimeException e) {
                sink.error(e);
                return;
            }
            consumer = c;
            Throwable failure = null;
            try {
                c.subscribe(receiver.topics, this);
                long nextCommit = System.nanoTime() + receiver.commitInterval.toNanos();
                while (!stopped) {
                    answerCommitRequests(c);
                    if (System.nanoTime() - nextCommit >= 0) {
                        commitAcknowledged(c, null);
                        nextCommit = System.nanoTime() + receiver.commitInterval.toNanos();
                    }
                    adjustPause(c);
                    ConsumerRecords<K, V> records;
                    try {
                        records = c.poll(receiver.pollTimeout);
                    } catch (WakeupException woken) {
                        continue; // demand, a commit request or stop: loop round
                    } catch (RecordDeserializationException e) {
                        if (receiver.onUndeserializable == null) {
                            throw e;
                        }
                        receiver.onUndeserializable.accept(e);
                        c.seek(e.topicPartition(), e.offset() + 1);
                        acknowledge(e.topicPartition(), e.offset() + 1);
                        continue;
                    }
                    for (ConsumerRecord<K, V> r : records) {
                        sink.next(new ReceivedRecord<>(r, this));
                    }
                }
            } catch (RuntimeException e) {
                failure = e;
            } finally {
                stopped = true;
                try {
                    commitAcknowledged(c, null);
                } catch (RuntimeException e) {
                    if (failure == null) {
                        failure = e;
                    }
                }
                MonoSink<Void> s;
                while ((s = commitRequests.poll()) != null) {
                    s.error(new IllegalStateException("receiver stopped before the commit"));
                }
                c.close(CloseOptions.timeout(Duration.ofSeconds(10)));
                if (failure != null) {
                    sink.error(failure);
                } else {
                    sink.complete();
                }
            }
        }

        private void adjustPause(KafkaConsumer<K, V> c) {
            boolean wantPause = sink.requestedFromDownstream() <= 0;
            if (wantPause && !paused) {
                c.pause(c.assignment());
                paused = true;
            } else if (!wantPause && paused) {
                c.resume(c.paused());
                paused = false;
            }
        }

        private void answerCommitRequests(KafkaConsumer<K, V> c) {
            if (commitRequests.isEmpty()) {
                return;
            }
            List<MonoSink<Void>> waiting = new java.util.ArrayList<>();
            MonoSink<Void> s;
            while ((s = commitRequests.poll()) != null) {
                waiting.add(s);
            }
            try {
                commitAcknowledged(c, null);
                waiting.forEach(MonoSink::success);
            } catch (RuntimeException e) {
                waiting.forEach(w -> w.error(e));
            }
        }

        /** Commits the acknowledged offsets not yet committed (of {@code only}'s partitions, if given). */
        private void commitAcknowledged(KafkaConsumer<K, V> c, Collection<TopicPartition> only) {
            Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
            for (Map.Entry<TopicPartition, Long> e : acknowledged.entrySet()) {
                if (only != null && !only.contains(e.getKey())) {
                    continue;
                }
                Long done = committed.get(e.getKey());
                if (done == null || done < e.getValue()) {
                    offsets.put(e.getKey(), new OffsetAndMetadata(e.getValue()));
                }
            }
            if (offsets.isEmpty()) {
                return;
            }
            while (true) {
                try {
                    c.commitSync(offsets, Duration.ofSeconds(30));
                    break;
                } catch (WakeupException woken) {
                    // A wakeup meant for poll; the commit still has to happen.
                }
            }
            offsets.forEach((tp, om) -> committed.put(tp, om.offset()));
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            // Commit what was processed before another member takes the partitions over.
            commitAcknowledged(consumer, partitions);
            for (TopicPartition tp : partitions) {
                acknowledged.remove(tp);
                committed.remove(tp);
            }
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            if (paused) {
                consumer.pause(partitions);
            }
        }

        @Override
        public void onPartitionsLost(Collection<TopicPartition> partitions) {
            Set<TopicPartition> lost = new HashSet<>(partitions);
            acknowledged.keySet().removeAll(lost);
            committed.keySet().removeAll(lost);
        }
    }
}
