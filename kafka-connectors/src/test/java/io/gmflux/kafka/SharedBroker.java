package io.gmflux.kafka;

import io.gmflux.kafka.embedded.EmbeddedKafka;

/**
 * The one embedded broker of this module's test run: started on first use (3 to 5 s), stopped when
 * the test JVM exits. Tests use topics of their own, so they do not see each other's records.
 */
public final class SharedBroker {

    private static EmbeddedKafka broker;

    private SharedBroker() {
    }

    public static synchronized EmbeddedKafka get() {
        if (broker == null) {
            EmbeddedKafka k = EmbeddedKafka.start();
            Runtime.getRuntime().addShutdownHook(new Thread(k::close, "gmflux-test-broker-stop"));
            broker = k;
        }
        return broker;
    }

    public static String bootstrap() {
        return get().bootstrapServers();
    }
}
