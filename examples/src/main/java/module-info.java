/**
 * The {@code gmflux} command line, the secure proxy and the demos. The distribution runs it on the class path
 * ({@code bin/gmflux}: the Kafka demo's broker, {@code kafka_2.13}, has no module name); this descriptor is compiled
 * and checked all the same, so the command line uses only what the library modules export. picocli builds the
 * commands reflectively, hence the {@code opens}.
 */
module io.gmflux.examples {
    requires io.gmflux.codecs;
    requires io.gmflux.pipeline;
    requires io.gmflux.kafka;
    requires info.picocli;
    requires com.fasterxml.jackson.databind;
    requires io.netty.handler;

    opens io.gmflux.examples.cli to info.picocli;
    opens io.gmflux.examples.kafka to info.picocli;
    opens io.gmflux.examples.proxy to info.picocli;
}
