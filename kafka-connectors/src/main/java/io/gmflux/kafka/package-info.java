/**
 * Serializer, Deserializer and Serde for encrypted Kafka topics, key rings, DEK caching and
 * rotation, and a reactive sender/receiver over kafka-clients 4.x. Depends on gmflux-codecs,
 * kafka-clients and reactor-core.
 *
 * <p>Not yet implemented: arrives with the encrypted-topics issue.
 */
package io.gmflux.kafka;
