package io.gmflux.examples.kafka;

import io.gmflux.kafka.GmfluxConfig;
import io.gmflux.kafka.GmfluxDeserializer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code gmflux kafka consume}: prints the decrypted values of a topic, one per line, until
 * {@code --max-messages} or {@code --timeout} with no record; a record that does not decrypt ends
 * the command with the partition, offset and reason.
 */
@Command(name = "consume", mixinStandardHelpOptions = true,
        description = "Print the decrypted values of a topic, one per line.")
final class KafkaConsumeCommand implements Callable<Integer> {

    @Mixin
    ClientOptions client;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = {"-t", "--topic"}, required = true, description = "the topic")
    String topic;

    @Option(names = {"-k", "--key"}, paramLabel = "KEY", required = true,
            description = "a private key (PEM) that may open the records; repeatable (old and new keys)")
    List<Path> keys = new ArrayList<>();

    @Option(names = {"-g", "--group"}, description = "consumer group (default: a new random one, committing nothing)")
    String group;

    @Option(names = "--from-beginning", description = "start at the earliest offset when the group has none")
    boolean fromBeginning;

    @Option(names = "--max-messages", description = "stop after this many records")
    long maxMessages = Long.MAX_VALUE;

    @Option(names = "--timeout", description = "stop after this long without a record (default ${DEFAULT-VALUE})")
    Duration timeout = Duration.ofSeconds(10);

    @Option(names = "--print-key", description = "print KEY<TAB>VALUE")
    boolean printKey;

    @Option(names = "--suite", paramLabel = "SUITE", description = "a suite to accept; repeatable (default: every"
            + " suite with a tag of at least 64 bits, so zuc128 only when named)")
    List<String> suites = new ArrayList<>();

    @Option(names = "--trusted-producer", paramLabel = "PUB", description = "an SM2 public key (PEM) of a producer"
            + " whose records to accept; repeatable. Given, records not signed by one of them are refused")
    List<Path> trustedProducers = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        boolean commit = group != null;
        Map<String, Object> props = client.clientProperties(withGmfluxOptions(Map.of(
                "key.deserializer", StringDeserializer.class.getName(),
                "value.deserializer", GmfluxDeserializer.class.getName(),
                GmfluxConfig.INNER_DESERIALIZER, StringDeserializer.class.getName(),
                GmfluxConfig.PRIVATE_KEYS, ClientOptions.paths(keys),
                "group.id", commit ? group : "gmflux-cli-" + UUID.randomUUID(),
                "enable.auto.commit", commit,
                "auto.offset.reset", fromBeginning ? "earliest" : "latest")));
        PrintWriter out = spec.commandLine().getOut();
        long n = 0;
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(List.of(topic));
            long idleSince = System.nanoTime();
            while (n < maxMessages && System.nanoTime() - idleSince < timeout.toNanos()) {
                ConsumerRecords<String, String> records;
                try {
                    records = consumer.poll(Duration.ofMillis(200));
                } catch (RecordDeserializationException e) {
                    // Kafka's message names partition and offset; gmflux's cause says what failed.
                    throw new IllegalStateException(e.topicPartition() + " offset " + e.offset() + ": "
                            + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
                }
                for (ConsumerRecord<String, String> r : records) {
                    out.println(printKey ? r.key() + "\t" + r.value() : r.value());
                    idleSince = System.nanoTime();
                    if (++n >= maxMessages) {
                        break;
                    }
                }
                out.flush();
            }
        }
        out.flush();
        spec.commandLine().getErr().println("gmflux: " + n + " records decrypted from " + topic);
        return 0;
    }

    private Map<String, Object> withGmfluxOptions(Map<String, Object> props) {
        Map<String, Object> out = new HashMap<>(props);
        if (!suites.isEmpty()) {
            out.put(GmfluxConfig.SUITES, String.join(",", suites));
        }
        if (!trustedProducers.isEmpty()) {
            out.put(GmfluxConfig.TRUSTED_PRODUCERS, ClientOptions.paths(trustedProducers));
        }
        return out;
    }
}
