package io.gmflux.examples.proxy;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.pipeline.tunnel.TunnelConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gmflux proxy server|client}: the stunnel-like secure proxy pair (codecs/PROXY.md). Runs
 * until interrupted (Ctrl-C, SIGTERM), then shuts down gracefully.
 */
@Command(name = "proxy", mixinStandardHelpOptions = true,
        description = "SM2-authenticated SM4-GCM / ZUC tunnel in front of any TCP service.",
        subcommands = {ProxyCommand.Server.class, ProxyCommand.Client.class})
public final class ProxyCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing side: 'proxy server' or 'proxy client'");
    }

    /** Options both sides share. */
    abstract static class Side implements java.util.concurrent.Callable<Integer> {
        @Option(names = "--listen", required = true, paramLabel = "H:P", description = "Address to listen on.")
        String listen;

        @Option(names = "--key", required = true, paramLabel = "K", description = "This side's SM2 private key (PEM).")
        Path key;

        @Option(names = "--suite", paramLabel = "SUITE", split = ",",
                description = "Suites in order of preference: sm4-gcm, zuc256 (the default, in this order), zuc128 (32-bit tag: only when named, on both sides).")
        List<String> suites = new ArrayList<>();

        @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "auto",
                description = "SM4 engine of the records: auto (default: constant-time where the Vector API engines run, else table), table or constant-time (no cache-timing leak).")
        String engine;

        @Option(names = "--idle-timeout", paramLabel = "SECONDS", defaultValue = "300",
                description = "Close a connection idle this long (default ${DEFAULT-VALUE}).")
        long idleSeconds;

        @Option(names = "--handshake-timeout", paramLabel = "SECONDS", defaultValue = "10",
                description = "Fail a handshake not done in this time (default ${DEFAULT-VALUE}).")
        long handshakeSeconds;

        abstract TunnelConfig tunnel(Sm2PrivateKey own) throws IOException, InvalidKeyException;

        abstract String target();

        @Override
        public Integer call() throws Exception {
            TunnelConfig config = tunnel(Sm2KeyEncoding.privateKeyFromPem(Files.readString(key)))
                    .withHandshakeTimeout(Duration.ofSeconds(handshakeSeconds))
                    .withEngine(EngineChoice.byLabel(engine));
            if (!suites.isEmpty()) {
                config = config.withSuites(suites.stream().map(Suite::byLabel).toArray(Suite[]::new));
            }
            ProxySettings settings = ProxySettings.of(config, ProxySettings.parseAddress(listen),
                    ProxySettings.parseAddress(target())).withIdleTimeout(Duration.ofSeconds(idleSeconds));
            TunnelProxy proxy = TunnelProxy.start(settings);
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    proxy.close();
                    // java.util.logging may already be shut down by its own hook: say it plainly.
                    System.err.println("gmflux proxy stopped: " + proxy.counters());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    stopped.countDown();
                }
            }, "gmflux-proxy-shutdown"));
            stopped.await();
            return 0;
        }
    }

    static Sm2PublicKey publicKey(Path file) throws IOException, InvalidKeyException {
        return Sm2KeyEncoding.publicKeyFromPem(Files.readString(file));
    }

    /** {@code gmflux proxy server --listen H:P --forward H:P --key K --trust PEER.pub...}. */
    @Command(name = "server", mixinStandardHelpOptions = true,
            description = "Accept tunnels from trusted clients and forward them to a service.")
    static final class Server extends Side {
        @Option(names = "--forward", required = true, paramLabel = "H:P", description = "The service to forward to.")
        String forward;

        @Option(names = "--trust", required = true, arity = "1..*", paramLabel = "PEER.pub",
                description = "Public keys (PEM) of the clients allowed in.")
        List<Path> trust;

        @Override
        TunnelConfig tunnel(Sm2PrivateKey own) throws IOException, InvalidKeyException {
            List<Sm2PublicKey> keys = new ArrayList<>();
            for (Path p : trust) {
                keys.add(publicKey(p));
            }
            return TunnelConfig.server(own, keys);
        }

        @Override
        String target() {
            return forward;
        }
    }

    /** {@code gmflux proxy client --listen H:P --connect H:P --key K --trust SERVER.pub}. */
    @Command(name = "client", mixinStandardHelpOptions = true,
            description = "Accept local connections and tunnel them to a proxy server.")
    static final class Client extends Side {
        @Option(names = "--connect", required = true, paramLabel = "H:P", description = "The proxy server.")
        String connect;

        @Option(names = "--trust", required = true, paramLabel = "SERVER.pub", description = "The server's public key (PEM).")
        Path trust;

        @Override
        TunnelConfig tunnel(Sm2PrivateKey own) throws IOException, InvalidKeyException {
            return TunnelConfig.client(own, publicKey(trust));
        }

        @Override
        String target() {
            return connect;
        }
    }
}
