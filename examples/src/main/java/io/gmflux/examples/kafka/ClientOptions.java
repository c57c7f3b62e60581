package io.gmflux.examples.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/** Options every {@code gmflux kafka} client command shares: the cluster and extra client properties. */
final class ClientOptions {

    @Option(names = "--bootstrap-server", paramLabel = "HOST:PORT", required = true,
            description = "the Kafka cluster to connect to")
    String bootstrapServer;

    @Option(names = "--command-config", paramLabel = "FILE",
            description = "client properties file (security settings, gmflux.* properties, ...)")
    Path commandConfig;

    @Option(names = {"-X", "--property"}, paramLabel = "KEY=VALUE", description = "a client property; repeatable")
    Map<String, String> properties = new LinkedHashMap<>();

    /** The client properties: file first, then {@code -X}, then {@code overrides}. */
    Map<String, Object> clientProperties(Map<String, Object> overrides) throws IOException {
        Map<String, Object> p = new HashMap<>();
        if (commandConfig != null) {
            Properties file = new Properties();
            try (InputStream in = Files.newInputStream(commandConfig)) {
                file.load(in);
            }
            file.forEach((k, v) -> p.put((String) k, v));
        }
        p.putAll(properties);
        p.put("bootstrap.servers", bootstrapServer);
        p.putAll(overrides);
        return p;
    }

    static String paths(List<Path> files) {
        return files.stream().map(Path::toString).collect(Collectors.joining(","));
    }
}
