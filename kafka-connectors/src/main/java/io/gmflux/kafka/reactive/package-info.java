/**
 * A small reactive sender and receiver over kafka-clients 4.x ({@link io.gmflux.kafka.reactive.GmfluxSender},
 * {@link io.gmflux.kafka.reactive.GmfluxReceiver}), in place of reactor-kafka, which is discontinued and
 * does not run on 4.x. They carry any serializer; with gmflux's they make encrypted topics fit a
 * Reactor application end to end. Depends on kafka-clients and reactor-core only.
 */
package io.gmflux.kafka.reactive;
