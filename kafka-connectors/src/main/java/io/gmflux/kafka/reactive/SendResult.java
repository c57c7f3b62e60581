package io.gmflux.kafka.reactive;

import java.util.Objects;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * The broker's acknowledgement of one record sent by {@link GmfluxSender}: the item it was made
 * from ({@code correlation}, to tell which of many in-flight records this is) and where the broker
 * put it.
 *
 * @param correlation the item given to {@code send}
 * @param metadata topic, partition, offset and timestamp assigned by the broker
 */
public record SendResult<T>(T correlation, RecordMetadata metadata) {

    public SendResult {
        Objects.requireNonNull(metadata, "metadata");
    }
}
