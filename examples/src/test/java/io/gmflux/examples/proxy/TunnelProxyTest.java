package io.gmflux.examples.proxy;

import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class TunnelProxyTest {

    @Test
    void carriesHttpBetweenTheJdkClientAndServer() throws Exception {
        HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/echo", ex -> {
            byte[] body = ex.getRequestBody().readAllBytes();
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        });
        http.start();
        try (ProxyPair p = new ProxyPair(http.getAddress())) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            byte[] body = random(new SplittableRandom(1), 1 << 20);
            URI uri = URI.create("http://127.0.0.1:" + p.entry().getPort() + "/echo");
            for (int i = 0; i < 3; i++) {
                HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(uri)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
                assertThat(r.statusCode()).isEqualTo(200);
                assertThat(r.body()).as("request %d", i).isEqualTo(body);
            }
            assertThat(p.server.counters().bytesUp()).isGreaterThan(3L << 20);
        } finally {
            http.stop(0);
        }
    }

    /** A Netty client that sends {@code payload}, half-closes, and completes with everything it reads until EOF. */
    private static CompletableFuture<byte[]> echoOnce(Bootstrap b, InetSocketAddress to, byte[] payload) {
        CompletableFuture<byte[]> done = new CompletableFuture<>();
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        b.clone().handler(new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) {
                ctx.writeAndFlush(Unpooled.wrappedBuffer(payload))
                        .addListener(f -> ((SocketChannel) ctx.channel()).shutdownOutput());
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                ByteBuf buf = (ByteBuf) msg;
                byte[] a = new byte[buf.readableBytes()];
                buf.readBytes(a);
                buf.release();
                got.writeBytes(a);
            }

            @Override
            public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                if (evt == ChannelInputShutdownEvent.INSTANCE) {
                    done.complete(got.toByteArray());
                    ctx.close();
                }
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                done.complete(got.toByteArray());
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                done.completeExceptionally(cause);
                ctx.close();
            }
        }).connect(to).addListener(f -> {
            if (!f.isSuccess()) {
                done.completeExceptionally(f.cause());
            }
        });
        return done;
    }

    private static Bootstrap clientBootstrap(EventLoopGroup group) {
        return new Bootstrap().group(group).channel(NioSocketChannel.class)
                .option(ChannelOption.ALLOW_HALF_CLOSURE, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 30_000);
    }

    @Test
    void echoesAThousandConcurrentConnectionsByteForByte() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        // 2,000 SM2 handshakes queue up on a shared machine: allow them more than the default 10 s.
        try (EchoService echo = new EchoService();
                ProxyPair p = new ProxyPair(echo.address(), ProxyPair.CLIENT_KEY, Duration.ofSeconds(90))) {
            Bootstrap b = clientBootstrap(group);
            int n = 1000;
            List<byte[]> sent = new ArrayList<>();
            List<CompletableFuture<byte[]>> results = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                SplittableRandom rnd = new SplittableRandom(1000 + i);
                byte[] payload = random(rnd, rnd.nextInt(rnd.nextInt(8) == 0 ? 100_000 : 8000) + 1);
                sent.add(payload);
                results.add(echoOnce(b, p.entry(), payload));
            }
            for (int i = 0; i < n; i++) {
                assertThat(results.get(i).get(60, TimeUnit.SECONDS)).as("connection %d (seed %d)", i, 1000 + i)
                        .isEqualTo(sent.get(i));
            }
            p.awaitIdle();
            assertThat(p.server.counters().accepted()).isEqualTo(n);
            assertThat(p.server.counters().failed()).isZero();
            assertThat(p.client.counters().failed()).isZero();
            assertThat(echo.accepted.get()).isEqualTo(n);
            long total = sent.stream().mapToLong(a -> a.length).sum();
            assertThat(p.client.counters().bytesUp()).isEqualTo(total);
            assertThat(p.client.counters().bytesDown()).isEqualTo(total);
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        }
    }

    /** A plain-socket service that records what it receives and how its connection ended. */
    private static final class RecordingService implements AutoCloseable {
        final ServerSocket server = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        final CompletableFuture<String> ended = new CompletableFuture<>();
        final AtomicLong written = new AtomicLong();
        volatile int accepted;

        RecordingService(byte[] toSend) throws IOException {
            Thread t = new Thread(() -> {
                try (Socket s = server.accept()) {
                    accepted++;
                    if (toSend != null) {
                        OutputStream o = s.getOutputStream();
                        for (int off = 0; off < toSend.length; off += 8192) {
                            o.write(toSend, off, Math.min(8192, toSend.length - off));
                            written.addAndGet(Math.min(8192, toSend.length - off));
                        }
                        s.shutdownOutput();
                    }
                    InputStream in = s.getInputStream();
                    byte[] buf = new byte[65536];
                    for (int r; (r = in.read(buf)) > 0; ) {
                        synchronized (received) {
                            received.write(buf, 0, r);
                        }
                    }
                    ended.complete("eof");
                } catch (IOException e) {
                    ended.complete("error: " + e.getMessage());
                }
            }, "recording-service");
            t.setDaemon(true);
            t.start();
        }

        InetSocketAddress address() {
            return (InetSocketAddress) server.getLocalSocketAddress();
        }

        byte[] received() {
            synchronized (received) {
                return received.toByteArray();
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    @Test
    void anApplicationResetMidStreamClosesEverythingAndTheServiceSeesAnError() throws Exception {
        try (RecordingService service = new RecordingService(null); ProxyPair p = new ProxyPair(service.address())) {
            byte[] data = random(new SplittableRandom(3), 200_000);
            Socket app = new Socket("127.0.0.1", p.entry().getPort());
            app.getOutputStream().write(data);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (service.received().length < data.length && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            app.setSoLinger(true, 0);
            app.close();   // RST
            assertThat(service.ended.get(10, TimeUnit.SECONDS)).as("the service's connection is reset, not ended cleanly")
                    .startsWith("error");
            assertThat(service.received()).isEqualTo(data);
            p.awaitIdle();
            assertThat(p.client.counters().failed()).isEqualTo(1);
        }
    }

    @Test
    void aServiceResetMidStreamReachesTheApplicationAsAnError() throws Exception {
        try (ServerSocket svc = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
                ProxyPair p = new ProxyPair((InetSocketAddress) svc.getLocalSocketAddress())) {
            Socket app = new Socket("127.0.0.1", p.entry().getPort());
            app.getOutputStream().write(1);
            try (Socket s = svc.accept()) {
                s.getOutputStream().write(new byte[5000]);
                s.setSoLinger(true, 0);
            }
            app.setSoTimeout(10_000);
            InputStream in = app.getInputStream();
            int total = 0;
            boolean reset = false;
            try {
                for (int r; (r = in.read(new byte[8192])) > 0; ) {
                    total += r;
                }
            } catch (IOException e) {
                reset = true;
            }
            assertThat(reset).as("the application sees a reset, not a clean end, after %d bytes", total).isTrue();
            app.close();
            p.awaitIdle();
            assertThat(p.server.counters().failed()).isEqualTo(1);
        }
    }

    @Test
    void aSlowReaderHoldsBackTheServiceInsteadOfFillingMemory() throws Exception {
        byte[] data = random(new SplittableRandom(4), 128 << 20);
        try (RecordingService service = new RecordingService(data); ProxyPair p = new ProxyPair(service.address())) {
            Socket app = new Socket("127.0.0.1", p.entry().getPort());
            app.getOutputStream().write(1);
            // The application reads nothing: the service must stall once the socket buffers on the way are
            // full, whatever the machine's speed. Without backpressure it would write all 128 MiB into
            // the proxies' memory.
            long stalled = -1;
            long deadline = System.nanoTime() + 60_000_000_000L;
            int still = 0;
            for (long last = -2; System.nanoTime() < deadline; Thread.sleep(300)) {
                long now = service.written.get();
                still = now == last && now > 0 ? still + 1 : 0;
                if (still == 3) {   // no progress for about a second
                    stalled = now;
                    break;
                }
                last = now;
            }
            assertThat(stalled).as("the service stalls (bytes written when it did)").isPositive()
                    .isLessThan(64L << 20);
            InputStream in = app.getInputStream();
            byte[] buf = new byte[1 << 16];
            long total = 0;
            boolean same = true;
            for (int r; (r = in.read(buf)) > 0; ) {
                same &= Arrays.equals(buf, 0, r, data, (int) total, (int) total + r);
                total += r;
            }
            assertThat(total).isEqualTo(data.length);
            assertThat(same).as("every byte matches").isTrue();
            app.close();
            p.awaitIdle();
        }
    }

    @Test
    void refusesAClientWithAnUntrustedKeyAndNeverReachesTheService() throws Exception {
        try (RecordingService service = new RecordingService(null);
                ProxyPair p = new ProxyPair(service.address(), Sm2KeyPair.generate())) {
            Socket app = new Socket("127.0.0.1", p.entry().getPort());
            app.setSoTimeout(10_000);
            app.getOutputStream().write("secret".getBytes());
            int r;
            try {
                r = app.getInputStream().read();
            } catch (IOException e) {
                r = -2;
            }
            assertThat(r).as("closed or reset, no data").isLessThan(0);
            app.close();
            p.awaitIdle();
            assertThat(p.server.counters().failed()).isEqualTo(1);
            assertThat(service.accepted).isZero();
        }
    }

    /** A TCP relay between the proxies that flips one bit of the client-to-server stream at {@code position}. */
    private static final class FlippingRelay implements AutoCloseable {
        final ServerSocket listen = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());

        FlippingRelay(InetSocketAddress to, long position) throws IOException {
            Thread t = new Thread(() -> {
                try (Socket a = listen.accept(); Socket b = new Socket(to.getAddress(), to.getPort())) {
                    Thread back = new Thread(() -> pipe(b, a, -1), "relay-back");
                    back.setDaemon(true);
                    back.start();
                    pipe(a, b, position);
                    back.join(10_000);
                } catch (IOException | InterruptedException e) {
                    // the test checks the ends
                }
            }, "flipping-relay");
            t.setDaemon(true);
            t.start();
        }

        private static void pipe(Socket from, Socket to, long flipAt) {
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                byte[] buf = new byte[8192];
                long pos = 0;
                for (int r; (r = in.read(buf)) > 0; ) {
                    if (flipAt >= pos && flipAt < pos + r) {
                        buf[(int) (flipAt - pos)] ^= 0x01;
                    }
                    pos += r;
                    out.write(buf, 0, r);
                }
                to.shutdownOutput();
            } catch (IOException e) {
                try {
                    from.close();
                    to.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
        }

        InetSocketAddress address() {
            return (InetSocketAddress) listen.getLocalSocketAddress();
        }

        @Override
        public void close() throws IOException {
            listen.close();
        }
    }

    @Test
    void aManInTheMiddleFlippingOneBitKillsTheConnectionAndNoCorruptedByteReachesTheService() throws Exception {
        byte[] data = random(new SplittableRandom(5), 300_000);
        for (long position : new long[] {50, 100_000}) {   // in the ClientHello; in the 7th record
            try (RecordingService service = new RecordingService(null)) {
                FlippingRelay[] relay = new FlippingRelay[1];
                ProxySettings serverSettings = ProxySettings.of(
                        io.gmflux.pipeline.tunnel.TunnelConfig.server(ProxyPair.SERVER_KEY.privateKey(),
                                List.of(ProxyPair.CLIENT_KEY.publicKey())),
                        new InetSocketAddress("127.0.0.1", 0), service.address()).withShutdownGrace(Duration.ZERO);
                try (ProxyPair p = new ProxyPair(serverSettings, ProxyPair.CLIENT_KEY, server -> {
                    try {
                        relay[0] = new FlippingRelay(server, position);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    return relay[0].address();
                })) {
                    Socket app = new Socket("127.0.0.1", p.entry().getPort());
                    app.setSoTimeout(10_000);
                    try {
                        app.getOutputStream().write(data);
                    } catch (IOException e) {
                        // the tunnel may already be gone
                    }
                    int r;
                    try {
                        r = app.getInputStream().read();
                    } catch (IOException e) {
                        r = -2;
                    }
                    assertThat(r).as("position %d: the application's connection ends", position).isLessThan(0);
                    app.close();
                    p.awaitIdle();
                    assertThat(p.server.counters().failed()).as("position %d", position).isEqualTo(1);
                    if (service.accepted > 0) {
                        assertThat(service.ended.get(10, TimeUnit.SECONDS)).as("position %d", position).startsWith("error");
                    }
                    byte[] got = service.received();
                    assertThat(got.length).as("position %d", position).isLessThan(data.length);
                    assertThat(got).as("position %d: what reached the service is an uncorrupted prefix", position)
                            .isEqualTo(Arrays.copyOf(data, got.length));
                    relay[0].close();
                }
            }
        }
    }

    @Test
    void closesAConnectionIdleLongerThanTheTimeout() throws Exception {
        try (EchoService echo = new EchoService()) {
            ProxySettings server = ProxySettings.of(
                    io.gmflux.pipeline.tunnel.TunnelConfig.server(ProxyPair.SERVER_KEY.privateKey(),
                            List.of(ProxyPair.CLIENT_KEY.publicKey())),
                    new InetSocketAddress("127.0.0.1", 0), echo.address())
                    .withIdleTimeout(Duration.ofMillis(300)).withShutdownGrace(Duration.ZERO);
            try (ProxyPair p = new ProxyPair(server, ProxyPair.CLIENT_KEY, null)) {
                Socket app = new Socket("127.0.0.1", p.entry().getPort());
                app.setSoTimeout(10_000);
                app.getOutputStream().write(42);
                assertThat(app.getInputStream().read()).isEqualTo(42);
                long t0 = System.nanoTime();
                assertThat(app.getInputStream().read()).as("a clean end after the idle timeout").isEqualTo(-1);
                assertThat(System.nanoTime() - t0).isGreaterThan(200_000_000L);
                app.close();
                p.awaitIdle();
                assertThat(p.server.counters().failed() + p.client.counters().failed())
                        .as("an idle close is a clean close_notify, not a failure").isZero();
            }
        }
    }

    @Test
    void shutdownEndsOpenConnectionsCleanly() throws Exception {
        try (EchoService echo = new EchoService(); ProxyPair p = new ProxyPair(echo.address())) {
            Socket app = new Socket("127.0.0.1", p.entry().getPort());
            app.setSoTimeout(10_000);
            app.getOutputStream().write(new byte[] {1, 2, 3});
            byte[] back = new byte[3];
            new java.io.DataInputStream(app.getInputStream()).readFully(back);
            assertThat(back).containsExactly(1, 2, 3);
            p.client.close();
            assertThat(app.getInputStream().read()).as("the application sees a clean end").isEqualTo(-1);
            app.close();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (p.server.counters().active() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(p.server.counters().active()).isZero();
            assertThat(p.server.counters().failed()).as("the server got close_notify, no truncation").isZero();
        }
    }

    @Test
    void anUnreachableServiceResetsTheApplicationsConnection() throws Exception {
        InetSocketAddress closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = (InetSocketAddress) s.getLocalSocketAddress();
        }
        try (ProxyPair p = new ProxyPair(closed)) {
            Socket app = new Socket("127.0.0.1", p.entry().getPort());
            app.setSoTimeout(10_000);
            app.getOutputStream().write("GET /".getBytes());
            int r;
            try {
                r = app.getInputStream().read();
            } catch (IOException e) {
                r = -2;
            }
            assertThat(r).as("closed or reset, no data").isLessThan(0);
            app.close();
            p.awaitIdle();
            assertThat(p.server.counters().failed()).isEqualTo(1);
            assertThat(p.client.counters().failed()).as("the client proxy sees the tunnel cut").isEqualTo(1);
        }
    }

    @Test
    void everyTunnelSuiteCarriesConcurrentEchoesOverRealSockets() throws Exception {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try (EchoService echo = new EchoService()) {
            for (io.gmflux.codecs.format.Suite suite : new io.gmflux.codecs.format.Suite[] {
                io.gmflux.codecs.format.Suite.ZUC128_EEA3_EIA3, io.gmflux.codecs.format.Suite.ZUC256_MAC128}) {
                ProxySettings server = ProxySettings.of(
                        io.gmflux.pipeline.tunnel.TunnelConfig.server(ProxyPair.SERVER_KEY.privateKey(),
                                List.of(ProxyPair.CLIENT_KEY.publicKey())).withSuites(suite).withRekeyLog2(4),
                        new InetSocketAddress("127.0.0.1", 0), echo.address()).withShutdownGrace(Duration.ZERO);
                try (ProxyPair p = new ProxyPair(server, ProxyPair.CLIENT_KEY, null)) {
                    Bootstrap b = clientBootstrap(group);
                    List<byte[]> sent = new ArrayList<>();
                    List<CompletableFuture<byte[]>> results = new ArrayList<>();
                    for (int i = 0; i < 20; i++) {
                        SplittableRandom rnd = new SplittableRandom(suite.id() * 100 + i);
                        byte[] payload = random(rnd, 1 + rnd.nextInt(300_000));
                        sent.add(payload);
                        results.add(echoOnce(b, p.entry(), payload));
                    }
                    for (int i = 0; i < sent.size(); i++) {
                        assertThat(results.get(i).get(60, TimeUnit.SECONDS)).as("%s connection %d", suite.label(), i)
                                .isEqualTo(sent.get(i));
                    }
                    p.awaitIdle();
                    assertThat(p.server.counters().failed()).as(suite.label()).isZero();
                }
            }
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void listensAndConnectsOnAddressesAsTheCommandLineParsesThem() throws Exception {
        try (EchoService echo = new EchoService()) {
            TunnelProxy server = TunnelProxy.start(ProxySettings.of(
                    io.gmflux.pipeline.tunnel.TunnelConfig.server(ProxyPair.SERVER_KEY.privateKey(),
                            List.of(ProxyPair.CLIENT_KEY.publicKey())),
                    ProxySettings.parseAddress("127.0.0.1:0"),
                    ProxySettings.parseAddress("localhost:" + echo.address().getPort())).withShutdownGrace(Duration.ZERO));
            TunnelProxy client = TunnelProxy.start(ProxySettings.of(
                    io.gmflux.pipeline.tunnel.TunnelConfig.client(ProxyPair.CLIENT_KEY.privateKey(), ProxyPair.SERVER_KEY.publicKey()),
                    ProxySettings.parseAddress("localhost:0"),
                    ProxySettings.parseAddress("127.0.0.1:" + server.address().getPort())).withShutdownGrace(Duration.ZERO));
            try (Socket app = new Socket("127.0.0.1", client.address().getPort())) {
                app.setSoTimeout(10_000);
                app.getOutputStream().write(9);
                assertThat(app.getInputStream().read()).isEqualTo(9);
            } finally {
                client.close();
                server.close();
            }
        }
    }
}
