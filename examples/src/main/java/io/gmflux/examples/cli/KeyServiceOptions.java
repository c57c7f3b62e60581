package io.gmflux.examples.cli;

import io.gmflux.codecs.keyservice.KeyServiceClient;
import io.gmflux.codecs.keyservice.KeyServiceException;
import io.gmflux.codecs.keyservice.KeyServices;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine.Option;

/**
 * {@code --key-service NAME} and {@code --key-service-config FILE}: a key service (KMS or HSM)
 * configured as Kafka clients configure it, by {@code gmflux.key.service.*} properties (the file
 * holds the service's own settings, e.g. {@code gmflux.key.service.pkcs11.config}, and may set
 * {@code gmflux.key.service.retries}, {@code .retry.backoff.ms}, {@code .resolve.ttl.ms},
 * {@code .alias}).
 */
final class KeyServiceOptions {

    @Option(names = "--key-service", paramLabel = "NAME",
            description = "a key service (KMS or HSM) by provider name, e.g. pkcs11, or KeyServiceProvider class name")
    String name;

    @Option(names = "--key-service-config", paramLabel = "FILE",
            description = "properties file with the key service's gmflux.key.service.* settings")
    Path config;

    /** Whether a key service was asked for. */
    boolean given() {
        return name != null;
    }

    /** The settings of {@link #config} (empty without it). */
    Map<String, String> properties() throws IOException {
        if (name == null && config != null) {
            throw new IllegalArgumentException("--key-service-config needs --key-service NAME");
        }
        Map<String, String> out = new HashMap<>();
        if (config != null) {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(config, StandardCharsets.UTF_8)) {
                p.load(r);
            }
            p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
        }
        return out;
    }

    /** The service behind its resolve cache and retries; the caller closes it. */
    KeyServiceClient open(Map<String, String> properties) throws KeyServiceException {
        return KeyServiceClient.configured(KeyServices.open(name, properties), KeyServices.serviceProperties(properties));
    }
}
