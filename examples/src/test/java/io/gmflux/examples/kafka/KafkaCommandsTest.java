package io.gmflux.examples.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.examples.cli.GmfluxCommand;
import io.gmflux.kafka.embedded.EmbeddedKafka;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The {@code gmflux kafka} commands against an embedded broker, run in-process. */
class KafkaCommandsTest {

    private static EmbeddedKafka broker;

    @BeforeAll
    static void startBroker() {
        broker = EmbeddedKafka.start();
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    private record Run(int status, String out, String err) {
    }

    private static Run gmflux(String... args) {
        CommandLine cl = GmfluxCommand.newCommandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void demoProducesCiphertextAndConsumesEveryRecordIntact() {
        Run r = gmflux("kafka", "demo", "--records", "300", "--size", "512", "--bootstrap-server", broker.bootstrapServers());
        assertThat(r.status).as(r.err).isZero();
        assertThat(r.out).contains("Produced 300 encrypted records")
                .contains("Checked all 300 raw values: none contains the plaintext marker")
                .contains("Consumed and decrypted 300 records, all intact")
                .containsPattern("after the first, [0-9.]+ s: [0-9,]+ records/s, [0-9.]+ MiB/s");
    }

    @Test
    void demoStartsItsOwnBrokerWhenNoneIsGiven() {
        Run r = gmflux("kafka", "demo", "--records", "50", "--suite", "zuc128");
        assertThat(r.status).as(r.err).isZero();
        assertThat(r.out).contains("Starting an embedded Apache Kafka broker").contains("suite zuc128")
                .contains("Consumed and decrypted 50 records, all intact");
    }

    @Test
    void produceThenConsumeLinesWithKeyFiles(@TempDir Path dir) throws Exception {
        Sm2KeyPair k = Sm2KeyPair.generate();
        Path pub = dir.resolve("ops.pub");
        Path key = dir.resolve("ops.key");
        Files.writeString(pub, Sm2KeyEncoding.toPem(k.publicKey()));
        Files.writeString(key, Sm2KeyEncoding.toPem(k.privateKey()));
        String topic = "cli-lines";
        InputStream stdin = System.in;
        System.setIn(new ByteArrayInputStream("a\tfirst line\nb\tsecond, 第二\nc\tthird\n".getBytes(StandardCharsets.UTF_8)));
        Run produced;
        try {
            produced = gmflux("kafka", "produce", "--bootstrap-server", broker.bootstrapServers(), "-t", topic,
                    "-r", pub.toString(), "--keyed", "--suite", "sm4-ccm");
        } finally {
            System.setIn(stdin);
        }
        assertThat(produced.status).as(produced.err).isZero();
        assertThat(produced.err).contains("3 encrypted records acknowledged");
        Run consumed = gmflux("kafka", "consume", "--bootstrap-server", broker.bootstrapServers(), "-t", topic,
                "-k", key.toString(), "--from-beginning", "--max-messages", "3", "--print-key");
        assertThat(consumed.status).as(consumed.err).isZero();
        assertThat(consumed.out.lines()).containsExactly("a\tfirst line", "b\tsecond, 第二", "c\tthird");
        // Another key cannot read them: the command fails with the reason, naming the topic.
        Sm2KeyPair other = Sm2KeyPair.generate();
        Path otherKey = dir.resolve("other.key");
        Files.writeString(otherKey, Sm2KeyEncoding.toPem(other.privateKey()));
        Run refused = gmflux("kafka", "consume", "--bootstrap-server", broker.bootstrapServers(), "-t", topic,
                "-k", otherKey.toString(), "--from-beginning", "--max-messages", "1", "--timeout", "PT5S");
        assertThat(refused.status).isNotZero();
        assertThat(refused.err).contains(topic + "-0 offset 0").contains("no configured private key")
                .contains("sm2:");
        assertThat(refused.err.strip().lines()).hasSize(1);
        // A consumer that trusts only a given producer refuses these unsigned records...
        Sm2KeyPair producer = Sm2KeyPair.generate();
        Path producerKey = dir.resolve("producer.key");
        Path producerPub = dir.resolve("producer.pub");
        Files.writeString(producerKey, Sm2KeyEncoding.toPem(producer.privateKey()));
        Files.writeString(producerPub, Sm2KeyEncoding.toPem(producer.publicKey()));
        Run untrusted = gmflux("kafka", "consume", "--bootstrap-server", broker.bootstrapServers(), "-t", topic,
                "-k", key.toString(), "--trusted-producer", producerPub.toString(), "--from-beginning",
                "--max-messages", "1", "--timeout", "PT5S");
        assertThat(untrusted.status).isNotZero();
        assertThat(untrusted.err).contains(topic + "-0 offset 0").contains("not signed");
        // ...and reads those the producer signed.
        String signedTopic = "cli-signed";
        System.setIn(new ByteArrayInputStream("signed line\n".getBytes(StandardCharsets.UTF_8)));
        try {
            produced = gmflux("kafka", "produce", "--bootstrap-server", broker.bootstrapServers(), "-t", signedTopic,
                    "-r", pub.toString(), "--producer-key", producerKey.toString());
        } finally {
            System.setIn(stdin);
        }
        assertThat(produced.status).as(produced.err).isZero();
        Run trusted = gmflux("kafka", "consume", "--bootstrap-server", broker.bootstrapServers(), "-t", signedTopic,
                "-k", key.toString(), "--trusted-producer", producerPub.toString(), "--from-beginning",
                "--max-messages", "1");
        assertThat(trusted.status).as(trusted.err).isZero();
        assertThat(trusted.out.lines()).containsExactly("signed line");
    }
}
