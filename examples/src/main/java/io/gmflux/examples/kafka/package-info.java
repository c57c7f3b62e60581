/**
 * The {@code gmflux kafka} commands: {@code demo} (encrypted produce/consume on an embedded broker,
 * with throughput), {@code produce} and {@code consume} (lines of text to and from encrypted topics
 * of a real cluster). Built on gmflux-kafka's serializer and, for the demo, its embedded broker
 * (Kafka's server jar, declared by this module).
 */
package io.gmflux.examples.kafka;
