/**
 * gmflux for Kafka: the serializer, deserializer and serde of encrypted records (FORMAT.md §7), a reactive
 * sender/receiver, and the Kafka Connect converter and field transforms.
 *
 * <p>kafka-clients 4.x declares no module name, so {@code kafka.clients} is the name derived from its jar's file name:
 * a module path must hold it as {@code kafka-clients-<version>.jar}. Kafka instantiates the serializers and Connect
 * plugins reflectively from the exported packages. Connect loads its plugins from the class path or plugin path
 * (META-INF/services), so {@code connect-api}, {@code connect-json} and Jackson are compile-time only here.
 *
 * <p>{@code io.gmflux.kafka.embedded} starts a KRaft broker from Kafka's server jar ({@code kafka_2.13}), whose file
 * name yields no module name: it runs on the class path only and is exported only to the command line.
 */
module io.gmflux.kafka {
    requires transitive io.gmflux.codecs;
    requires transitive kafka.clients;
    requires transitive reactor.core;
    requires transitive org.reactivestreams;
    requires static connect.api;
    requires static connect.json;
    requires static com.fasterxml.jackson.databind;

    exports io.gmflux.kafka;
    exports io.gmflux.kafka.connect;
    exports io.gmflux.kafka.reactive;
    exports io.gmflux.kafka.embedded to io.gmflux.examples;
}
