/**
 * Kafka throughput benchmarks: produce+consume of 1 KiB records through an embedded broker,
 * plaintext against gmflux's serializer ({@code kafka1k_plain}, {@code kafka1k_sm4gcm},
 * {@code kafka1k_zuc128}); JMH in {@link io.gmflux.bench.kafka.KafkaBench}, alternating rounds on
 * one broker in {@link io.gmflux.bench.kafka.KafkaThroughput}.
 */
package io.gmflux.bench.kafka;
