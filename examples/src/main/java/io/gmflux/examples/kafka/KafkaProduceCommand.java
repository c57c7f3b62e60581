package io.gmflux.examples.kafka;

import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxSerializer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gmflux kafka produce}: one encrypted record per input line (UTF-8), optionally
 * {@code key<TAB>value}; prints how many records the broker acknowledged.
 */
@Command(name = "produce", mixinStandardHelpOptions = true,
        description = "Send lines of stdin (or a file) to a topic, encrypted to the given public keys.")
final class KafkaProduceCommand implements Callable<Integer> {

    @Mixin
    ClientOptions client;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"-t", "--topic"}, required = true, description = "the topic")
    String topic;

    @Option(names = {"-r", "--recipient"}, paramLabel = "PUB", required = true,
            description = "a recipient's public key (PEM); repeatable")
    List<Path> recipients = new ArrayList<>();

    @Option(names = "--suite", description = "sm4-gcm (default), sm4-ccm, zuc128, zuc256, sm4-ctr-hmac-sm3, aes-256-gcm")
    String suite = "sm4-gcm";

    @Option(names = "--producer-key", paramLabel = "KEY",
            description = "an SM2 private key (PEM) to sign each DEK header with, for consumers' --trusted-producer")
    Path producerKey;

    @Option(names = "--keyed", description = "lines are KEY<TAB>VALUE")
    boolean keyed;

    @Option(names = {"-i", "--in"}, paramLabel = "IN", description = "input file (default: stdin)")
    Path in;

    @Override
    public Integer call() throws Exception {
        Map<String, Object> gmflux = new HashMap<>(Map.of(
                "key.serializer", StringSerializer.class.getName(),
                "value.serializer", GmfluxSerializer.class.getName(),
                GmfluxConfig.INNER_SERIALIZER, StringSerializer.class.getName(),
                GmfluxConfig.RECIPIENTS, ClientOptions.paths(recipients),
                GmfluxConfig.SUITE, suite));
        if (producerKey != null) {
            gmflux.put(GmfluxConfig.PRODUCER_KEY, producerKey.toString());
        }
        Map<String, Object> props = client.clientProperties(gmflux);
        long count = 0;
        try (BufferedReader lines = new BufferedReader(in == null
                ? new InputStreamReader(System.in, StandardCharsets.UTF_8) : Files.newBufferedReader(in));
                KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
            List<java.util.concurrent.Future<?>> pending = new ArrayList<>();
            String line;
            while ((line = lines.readLine()) != null) {
                String key = null;
                String value = line;
                if (keyed) {
                    int tab = line.indexOf('\t');
                    if (tab < 0) {
                        throw new IllegalArgumentException("line " + (count + 1) + " has no TAB between key and value");
                    }
                    key = line.substring(0, tab);
                    value = line.substring(tab + 1);
                }
                pending.add(producer.send(new ProducerRecord<>(topic, key, value)));
                count++;
                if (pending.size() >= 10_000) {
                    for (java.util.concurrent.Future<?> f : pending) {
                        f.get();
                    }
                    pending.clear();
                }
            }
            producer.flush();
            for (java.util.concurrent.Future<?> f : pending) {
                f.get(); // a failed send surfaces here, with the broker's reason
            }
        }
        spec.commandLine().getErr().println("gmflux: " + count + " encrypted records acknowledged on " + topic);
        return 0;
    }
}
