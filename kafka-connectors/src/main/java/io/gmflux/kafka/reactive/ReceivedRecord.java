package io.gmflux.kafka.reactive;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import reactor.core.publisher.Mono;

/**
 * One record from {@link GmfluxReceiver#receive()}, with explicit offset control: processing a
 * record and then calling {@link #acknowledge()} marks its offset as done; done offsets are
 * committed by {@link #commit()}, periodically (the receiver's commit interval), when a partition
 * is revoked, and when the {@code Flux} is cancelled. An offset that was never acknowledged is
 * never committed, so an unprocessed record is redelivered after a restart or a rebalance
 * (at-least-once).
 *
 * <p>Thread-safe: acknowledge and commit may be called from any thread.
 */
public final class ReceivedRecord<K, V> {

    private final ConsumerRecord<K, V> record;
    private final GmfluxReceiver.PollLoop<K, V> loop;

    ReceivedRecord(ConsumerRecord<K, V> record, GmfluxReceiver.PollLoop<K, V> loop) {
        this.record = record;
        this.loop = loop;
    }

    /** The record as the consumer returned it, value deserialized (and decrypted). */
    public ConsumerRecord<K, V> record() {
        return record;
    }

    public K key() {
        return record.key();
    }

    public V value() {
        return record.value();
    }

    public TopicPartition topicPartition() {
        return new TopicPartition(record.topic(), record.partition());
    }

    public long offset() {
        return record.offset();
    }

    /** Marks this record as processed: its offset (and every earlier one of its partition) may be committed. */
    public void acknowledge() {
        loop.acknowledge(topicPartition(), record.offset() + 1);
    }

    /**
     * Commits every acknowledged offset of this receiver now (synchronously on the polling thread);
     * completes when the broker has stored them.
     */
    public Mono<Void> commit() {
        return loop.commit();
    }

    @Override
    public String toString() {
        return "ReceivedRecord[" + record.topic() + "-" + record.partition() + "@" + record.offset() + "]";
    }
}
