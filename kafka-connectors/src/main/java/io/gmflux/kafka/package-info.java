/**
 * Encrypted Kafka topics: {@link io.gmflux.kafka.GmfluxSerializer}, {@link io.gmflux.kafka.GmfluxDeserializer}
 * and {@link io.gmflux.kafka.GmfluxSerde} wrap any inner serializer and are configured only by
 * {@code gmflux.*} client properties ({@link io.gmflux.kafka.GmfluxConfig}). Envelope encryption: a
 * random data-encryption key (DEK), rotated by records, bytes or age, is KEM-wrapped to every
 * recipient with the stream format's recipient types and travels in the {@code gmflux.dek} header;
 * each value is sealed with one of the stream format's suites, with the topic and the header bound
 * in. Consumers cache unwrapped DEKs. The record layout is specified in {@code codecs/FORMAT.md} §7.
 *
 * <p>Depends on gmflux-codecs ({@code io.gmflux.codecs.format}) and kafka-clients. The reactive
 * sender/receiver live in {@code io.gmflux.kafka.reactive}, the embedded test broker in
 * {@code io.gmflux.kafka.embedded}, the Kafka Connect converter and field transforms in
 * {@code io.gmflux.kafka.connect}.
 */
package io.gmflux.kafka;
