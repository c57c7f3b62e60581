package io.gmflux.kafka.reactive;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Sends a {@code Flux} of records through a kafka-clients 4.x producer and emits the broker's
 * acknowledgements (reactor-kafka, discontinued, does not run on 4.x). With
 * {@link io.gmflux.kafka.GmfluxSerializer} as value serializer the records go out encrypted.
 *
 * <pre>{@code
 * try (GmfluxSender<String, String> sender = GmfluxSender.create(producerProps, 256)) {
 *     sender.send(orders.map(o -> new ProducerRecord<>("orders", o.id(), o.json())))
 *           .doOnNext(r -> log.info("stored at {}", r.metadata().offset()))
 *           .blockLast();
 * }
 * }</pre>
 *
 * <p>Backpressure: at most {@code maxInFlight} records are sent and not yet acknowledged at any
 * time; the upstream is asked for more only as acknowledgements are consumed downstream, so a slow
 * subscriber slows the producer instead of filling memory.
 *
 * <p>Threads: {@code Producer.send} runs on this sender's own thread, never on the caller's or on
 * Kafka's network thread (where a blocking send could stall the callbacks it waits for); results
 * are emitted on a second thread of this sender, in acknowledgement order (which is send order
 * within a partition).
 *
 * <p>Errors: the first record that fails ends the {@code Flux} with a {@link SendFailedException}
 * naming its item; records already handed to the producer may still be written. Cancelling stops
 * taking records from upstream; those in flight complete in the producer.
 *
 * <p>Thread-safe; several {@code send} calls may run at once on one sender (they share the producer
 * and the two threads).
 */
public final class GmfluxSender<K, V> implements AutoCloseable {

    private final Producer<K, V> producer;
    private final int maxInFlight;
    private final Scheduler sendThread;
    private final Scheduler emitThread;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();

    private GmfluxSender(Producer<K, V> producer, int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be at least 1, got " + maxInFlight);
        }
        this.producer = Objects.requireNonNull(producer, "producer");
        this.maxInFlight = maxInFlight;
        this.sendThread = Schedulers.newSingle("gmflux-sender-send", true);
        this.emitThread = Schedulers.newSingle("gmflux-sender-emit", true);
    }

    /** A sender over a new {@link KafkaProducer} made from {@code producerProperties}; closes it on {@link #close()}. */
    public static <K, V> GmfluxSender<K, V> create(Map<String, Object> producerProperties, int maxInFlight) {
        return new GmfluxSender<>(new KafkaProducer<>(producerProperties), maxInFlight);
    }

    /** A sender over {@code producer}, which it takes ownership of (closes it on {@link #close()}). */
    public static <K, V> GmfluxSender<K, V> over(Producer<K, V> producer, int maxInFlight) {
        return new GmfluxSender<>(producer, maxInFlight);
    }

    /** Sends {@code records}; each result's correlation is the record itself. */
    public Flux<SendResult<ProducerRecord<K, V>>> send(Publisher<ProducerRecord<K, V>> records) {
        return send(records, Function.identity());
    }

    /**
     * Sends the record {@code toRecord} makes of each item; each result's correlation is the item,
     * so the caller can tie an acknowledgement back to what it came from (a message to confirm, an
     * offset of another system).
     */
    public <T> Flux<SendResult<T>> send(Publisher<T> items, Function<? super T, ProducerRecord<K, V>> toRecord) {
        Objects.requireNonNull(items, "items");
        Objects.requireNonNull(toRecord, "toRecord");
        int prefetch = Math.min(maxInFlight, 256);
        return Flux.from(items)
                .publishOn(sendThread, prefetch)
                .flatMap(item -> sendOne(item, toRecord), maxInFlight, 1)
                .publishOn(emitThread, prefetch);
    }

    private <T> Mono<SendResult<T>> sendOne(T item, Function<? super T, ProducerRecord<K, V>> toRecord) {
        return Mono.create(sink -> {
            ProducerRecord<K, V> record;
            try {
                record = toRecord.apply(item);
            } catch (RuntimeException e) {
                sink.error(new SendFailedException(item, e));
                return;
            }
            int now = inFlight.incrementAndGet();
            peakInFlight.accumulateAndGet(now, Math::max);
            try {
                producer.send(record, (metadata, error) -> {
                    inFlight.decrementAndGet();
                    if (error != null) {
                        sink.error(new SendFailedException(item, error));
                    } else {
                        sink.success(new SendResult<>(item, metadata));
                    }
                });
            } catch (RuntimeException e) {
                // Serialization errors and a closed producer are thrown by send itself.
                inFlight.decrementAndGet();
                sink.error(new SendFailedException(item, e));
            }
        });
    }

    /** Records handed to the producer and not yet acknowledged, now. */
    public int inFlight() {
        return inFlight.get();
    }

    /** The most records that were ever in flight at once (never more than {@code maxInFlight}). */
    public int peakInFlight() {
        return peakInFlight.get();
    }

    /** Flushes and closes the producer (waiting up to 30 s for in-flight records), then the threads. */
    @Override
    public void close() {
        try {
            producer.close(Duration.ofSeconds(30));
        } finally {
            sendThread.dispose();
            emitThread.dispose();
        }
    }
}
