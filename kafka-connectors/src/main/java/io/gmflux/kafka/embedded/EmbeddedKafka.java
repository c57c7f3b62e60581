package io.gmflux.kafka.embedded;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.common.utils.internals.Exit;

/**
 * A real Apache Kafka broker (the release's own KRaft server) inside this JVM: one node that is
 * both broker and controller, on free 127.0.0.1 ports, replication factors 1. For tests, the
 * {@code gmflux kafka demo} command and the Kafka benchmarks, never for production.
 *
 * <p>Where it lives: here, in gmflux-kafka's main tree, so the tests, the command line and the
 * benchmarks share one broker setup instead of three copies. Kafka's server jar
 * ({@code org.apache.kafka:kafka_2.13}) is an <em>optional</em> dependency of gmflux-kafka: users of
 * the serializer do not get it; a module that starts this broker (gmflux-examples, gmflux-bench,
 * this module's tests) declares it explicitly. Without that jar, loading this class fails with
 * {@code NoClassDefFoundError: kafka/server/KafkaConfig}.
 *
 * <p>Start-up: the storage is formatted with {@code kafka.tools.StorageTool format} and the server
 * started with {@code new KafkaRaftServer(new KafkaConfig(props, false), Time.SYSTEM).startup()},
 * about 3 to 5 s. Kafka's {@code KafkaClusterTestKit} is not used: at 4.4.0 it needs a test jar of
 * kafka-clients that Maven Central does not serve. {@link #restart()} stops and starts the same
 * broker on the same ports and logs (the broker-restart test); {@link #close()} stops it and deletes
 * its directory.
 *
 * <p>Kafka calls {@code Exit.exit}/{@code Exit.halt} on fatal errors; a broker embedded in a test
 * or a CLI must not end the JVM, so the first start replaces both procedures with ones that throw
 * (the failure then surfaces in the caller) and prints the reason to stderr.
 *
 * <p>Thread-safe: {@link #restart()} and {@link #close()} are synchronized.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private static volatile boolean exitGuarded;

    private final Path dir;
    private final boolean ownsDir;
    private final int brokerPort;
    private final int controllerPort;
    private final Map<String, String> overrides;
    private KafkaRaftServer server;

    private EmbeddedKafka(Path dir, boolean ownsDir, Map<String, String> overrides) throws IOException {
        this.dir = dir;
        this.ownsDir = ownsDir;
        this.overrides = Map.copyOf(overrides);
        this.brokerPort = freePort();
        this.controllerPort = freePort();
    }

    /** Formats a new broker in a fresh temporary directory and starts it. */
    public static EmbeddedKafka start() {
        return start(Map.of());
    }

    /**
     * Formats a new broker in a fresh temporary directory and starts it, with {@code overrides}
     * applied over the defaults (broker properties, e.g. {@code num.partitions}).
     */
    public static EmbeddedKafka start(Map<String, String> overrides) {
        Path dir;
        try {
            dir = Files.createTempDirectory("gmflux-kafka-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the embedded broker's directory", e);
        }
        try {
            EmbeddedKafka k = new EmbeddedKafka(dir, true, overrides);
            k.format();
            k.startServer();
            return k;
        } catch (IOException | RuntimeException e) {
            deleteTree(dir); // a broker that did not start leaves nothing behind
            if (e instanceof IOException io) {
                throw new UncheckedIOException("cannot format the embedded broker's storage", io);
            }
            throw (RuntimeException) e;
        }
    }

    /** The {@code bootstrap.servers} value of this broker, e.g. {@code 127.0.0.1:40123}. */
    public String bootstrapServers() {
        return "127.0.0.1:" + brokerPort;
    }

    /** The broker's data directory. */
    public Path directory() {
        return dir;
    }

    /** Stops the broker (cleanly, flushing its logs) and starts it again on the same ports and data. */
    public synchronized void restart() {
        stopServer();
        startServer();
    }

    /** Stops the broker and deletes its directory. */
    @Override
    public synchronized void close() {
        stopServer();
        if (ownsDir) {
            deleteTree(dir);
        }
    }

    Properties brokerProperties() {
        Properties p = new Properties();
        p.setProperty("process.roles", "broker,controller");
        p.setProperty("node.id", "1");
        p.setProperty("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.setProperty("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.setProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
        p.setProperty("controller.listener.names", "CONTROLLER");
        p.setProperty("inter.broker.listener.name", "PLAINTEXT");
        p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.setProperty("log.dirs", dir.resolve("logs").toString());
        p.setProperty("num.partitions", "1");
        p.setProperty("default.replication.factor", "1");
        p.setProperty("offsets.topic.replication.factor", "1");
        // One partition for the group coordinator's topic: 50 would cost seconds at start-up.
        p.setProperty("offsets.topic.num.partitions", "1");
        p.setProperty("transaction.state.log.replication.factor", "1");
        p.setProperty("transaction.state.log.min.isr", "1");
        p.setProperty("transaction.state.log.num.partitions", "1");
        p.setProperty("share.coordinator.state.topic.replication.factor", "1");
        p.setProperty("share.coordinator.state.topic.min.isr", "1");
        p.setProperty("group.initial.rebalance.delay.ms", "0");
        // The cleaner's default 128 MiB dedupe buffer is sized for production heaps.
        p.setProperty("log.cleaner.dedupe.buffer.size", String.valueOf(4 << 20));
        p.setProperty("log.cleaner.threads", "1");
        p.setProperty("log.cleaner.backoff.ms", "200");
        p.setProperty("num.network.threads", "2");
        p.setProperty("num.io.threads", "4");
        p.setProperty("background.threads", "2");
        p.setProperty("auto.create.topics.enable", "true");
        overrides.forEach(p::setProperty);
        return p;
    }

    private void format() throws IOException {
        guardExit();
        Path config = dir.resolve("server.properties");
        try (Writer w = Files.newBufferedWriter(config, StandardCharsets.UTF_8)) {
            brokerProperties().store(w, "gmflux embedded broker");
        }
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int rc;
        try (PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8)) {
            rc = StorageTool.execute(new String[] {"format", "--cluster-id", Uuid.randomUuid().toString(),
                "--config", config.toString(), "--ignore-formatted"}, out);
        }
        if (rc != 0) {
            throw new IllegalStateException("kafka-storage format failed (" + rc + "): " + log.toString(StandardCharsets.UTF_8));
        }
    }

    private void startServer() {
        if (server != null) {
            return;
        }
        KafkaRaftServer s = new KafkaRaftServer(new KafkaConfig(brokerProperties(), false), Time.SYSTEM);
        try {
            s.startup();
        } catch (RuntimeException e) {
            try {
                s.shutdown();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        server = s;
    }

    private void stopServer() {
        KafkaRaftServer s = server;
        server = null;
        if (s != null) {
            s.shutdown();
            s.awaitShutdown();
        }
    }

    /** Kafka's fatal paths call Exit; in an embedding JVM they must throw instead of ending it. */
    private static synchronized void guardExit() {
        if (exitGuarded) {
            return;
        }
        Exit.Procedure refuse = (status, message) -> {
            // Kafka logs the cause through SLF4J before it exits; without a binding on the class path
            // that log is silent, so say where to look. The broker may be unusable from here on: say
            // so on stderr too, since the thread that asked to exit may swallow this exception.
            IllegalStateException e = new IllegalStateException("embedded Kafka hit a fatal error and asked to exit"
                    + " with status " + status + (message == null ? "" : ": " + message) + " (the cause is in Kafka's"
                    + " SLF4J log: put a binding such as slf4j-simple on the class path to see it)");
            e.printStackTrace();
            throw e;
        };
        Exit.setExitProcedure(refuse);
        Exit.setHaltProcedure(refuse);
        exitGuarded = true;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A leftover temporary directory is not worth failing a test run or the demo for.
        }
    }

    /**
     * Runs a broker until the JVM is interrupted (Ctrl-C): {@code java -cp ... io.gmflux.kafka.embedded.EmbeddedKafka}.
     * Prints the bootstrap servers on the first line of stdout.
     */
    public static void main(String[] args) throws InterruptedException {
        EmbeddedKafka k = start();
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            k.close();
            stop.countDown();
        }, "gmflux-embedded-kafka-stop"));
        System.out.println(k.bootstrapServers());
        stop.await();
    }
}
