/**
 * An Apache Kafka KRaft broker inside the JVM ({@link io.gmflux.kafka.embedded.EmbeddedKafka}) for
 * tests, the {@code gmflux kafka demo} command and the benchmarks. Needs Kafka's server jar
 * ({@code org.apache.kafka:kafka_2.13}), an optional dependency of gmflux-kafka that modules using
 * this package declare themselves; nothing else in gmflux-kafka depends on this package.
 */
package io.gmflux.kafka.embedded;
