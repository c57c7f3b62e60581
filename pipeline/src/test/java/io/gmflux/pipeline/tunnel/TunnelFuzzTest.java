package io.gmflux.pipeline.tunnel;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tunnel's inbound side through its public entry, {@link TunnelHandshakeHandler} on an
 * {@link EmbeddedChannel}, so the targets hold whatever the handler's insides become: fuzz bytes as
 * what a client sends a server ({@link #serverHandshake}), what a server sends a client
 * ({@link #clientHandshake}), and records after a genuine handshake ({@link #records}). Only
 * {@link TunnelException}s may reach the application; without the peer's key no handshake may
 * complete and no plaintext may be delivered; after a handshake (both sides drawing from a
 * seeded RNG, so the seeds' records stay valid) the plaintext delivered must be a prefix of
 * {@link #MESSAGE}, which the seeds carry.
 */
class TunnelFuzzTest {

    static final Sm2KeyPair CLIENT = Sm2KeyPair.of(key(0x51));
    static final Sm2KeyPair SERVER = Sm2KeyPair.of(key(0x61));
    static final byte[] MESSAGE = "tunnel fuzz plaintext, long enough to span two records? no: one is plenty"
            .repeat(300).getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    @FuzzTest(maxDuration = "")
    void serverHandshake(byte[] input) {
        TunnelPair.Side app = new TunnelPair.Side();
        EmbeddedChannel server = new EmbeddedChannel(new TunnelHandshakeHandler(serverConfig(new SecureRandom())), app);
        feed(server, input);
        checkUnauthenticated(app);
        server.finishAndReleaseAll();
    }

    @FuzzTest(maxDuration = "")
    void clientHandshake(byte[] input) {
        TunnelPair.Side app = new TunnelPair.Side();
        EmbeddedChannel client = new EmbeddedChannel(new TunnelHandshakeHandler(clientConfig(new SecureRandom())), app);
        TunnelPair.drainOutbound(client);
        feed(client, input);
        checkUnauthenticated(app);
        client.finishAndReleaseAll();
    }

    @FuzzTest(maxDuration = "")
    void records(byte[] input) {
        TunnelPair.Side app = new TunnelPair.Side();
        EmbeddedChannel server = serverRecordLayer(app);
        feed(server, input);
        onlyTunnelExceptions(app);
        byte[] got = app.received.toByteArray();
        if (got.length > MESSAGE.length || !Arrays.equals(got, 0, got.length, MESSAGE, 0, got.length)) {
            throw new AssertionError("delivered " + got.length + " bytes the client never sent");
        }
        server.finishAndReleaseAll();
    }

    /**
     * The records seed is live: after the fixture handshake through the handlers it delivers the whole
     * message, so mutations start from valid records; and {@link #serverRecordLayer}, which the
     * records target feeds, is that same record layer (it delivers the same message).
     */
    @Test
    void recordsSeedDeliversTheMessage() throws Exception {
        byte[] seed;
        try (var in = TunnelFuzzTest.class.getResourceAsStream("TunnelFuzzTestInputs/records/seed-message")) {
            seed = in.readAllBytes();
        }
        TunnelPair pair = establish();
        feed(pair.server, seed);
        assertThat(pair.serverApp.errors).isEmpty();
        assertThat(pair.serverApp.received.toByteArray()).isEqualTo(MESSAGE);
        pair.client.finishAndReleaseAll();
        pair.server.finishAndReleaseAll();

        for (int i = 0; i < 2; i++) {
            TunnelPair.Side app = new TunnelPair.Side();
            EmbeddedChannel server = serverRecordLayer(app);
            feed(server, seed);
            assertThat(app.errors).isEmpty();
            assertThat(app.received.toByteArray()).isEqualTo(MESSAGE);
            server.finishAndReleaseAll();
        }
    }

    /**
     * The server's record layer as {@link TunnelHandshakeHandler} leaves it after the fixture
     * handshake (decoder, encoder, then the application), keyed with fresh copies of the first
     * secrets that handshake derives. The handshake itself (SM2 key exchange on both sides, most of
     * the cost of an input) runs once per JVM, in {@link Fixture}: the same state machine, configs
     * and seeded RNGs as {@link #establish()}, so the same secrets.
     */
    static EmbeddedChannel serverRecordLayer(TunnelPair.Side app) {
        TunnelRecordEncoder encoder = new TunnelRecordEncoder();
        TunnelRecordDecoder decoder = new TunnelRecordDecoder(encoder);
        EmbeddedChannel server = new EmbeddedChannel(decoder, encoder, app);
        TunnelHandshake.Established e = Fixture.KEYS;
        decoder.activate(new TrafficKeys(e.suite(), Fixture.ENGINE, e.readSecret().clone(), e.rekeyLog2()));
        encoder.activate(new TrafficKeys(e.suite(), Fixture.ENGINE, e.writeSecret().clone(), e.rekeyLog2()));
        return server;
    }

    /** The server's outcome of the fixture handshake, run once (never wiped: the record layers get copies). */
    private static final class Fixture {
        static final EngineChoice ENGINE;
        static final TunnelHandshake.Established KEYS;

        static {
            TunnelConfig serverConfig = serverConfig(seeded(2));
            TunnelHandshake client = new TunnelHandshake(clientConfig(seeded(1)));
            TunnelHandshake server = new TunnelHandshake(serverConfig);
            try {
                server.onClientFinished(client.onServerHello(server.onClientHello(client.start())));
            } catch (TunnelHandshakeException ex) {
                throw new AssertionError("the fixture handshake failed", ex);
            }
            ENGINE = serverConfig.engine();
            KEYS = server.established();
        }
    }

    /** A completed handshake between the fixed keys, both sides drawing from one seeded RNG each. */
    static TunnelPair establish() {
        TunnelPair pair = new TunnelPair(clientConfig(seeded(1)), serverConfig(seeded(2)));
        pair.pump();
        if (pair.clientApp.events.isEmpty() || pair.serverApp.events.isEmpty()) {
            throw new AssertionError("the fixture handshake did not complete: " + pair.clientApp.errors
                    + pair.serverApp.errors);
        }
        return pair;
    }

    /**
     * Writes the seeds: a genuine ClientHello and client finish (server side), the server's
     * messages (client side), and the records carrying {@link #MESSAGE} after the fixture handshake.
     * Run from the pipeline folder with the test classpath; its output is committed.
     */
    public static void main(String[] args) throws Exception {
        Path root = Path.of("src/test/resources/io/gmflux/pipeline/tunnel/TunnelFuzzTestInputs");
        TunnelPair pair = new TunnelPair(clientConfig(seeded(1)), serverConfig(seeded(2)));
        byte[] hello = TunnelPair.drainOutbound(pair.client);
        pair.server.writeInbound(Unpooled.wrappedBuffer(hello));
        byte[] serverFlight = TunnelPair.drainOutbound(pair.server);
        pair.client.writeInbound(Unpooled.wrappedBuffer(serverFlight));
        byte[] clientFinish = TunnelPair.drainOutbound(pair.client);
        write(root.resolve("serverHandshake"), "client-flight", concat(hello, clientFinish));
        write(root.resolve("serverHandshake"), "client-hello", hello);
        write(root.resolve("clientHandshake"), "server-flight", serverFlight);
        TunnelPair established = establish();
        established.client.writeAndFlush(Unpooled.wrappedBuffer(MESSAGE));
        write(root.resolve("records"), "message", TunnelPair.drainOutbound(established.client));
        established.client.writeAndFlush(Unpooled.wrappedBuffer(MESSAGE, 0, 10));
        established.client.close();
        write(root.resolve("records"), "short-and-close", TunnelPair.drainOutbound(established.client));
    }

    private static void feed(EmbeddedChannel ch, byte[] input) {
        ch.writeInbound(Unpooled.wrappedBuffer(input));
        ch.runPendingTasks();
    }

    private static void checkUnauthenticated(TunnelPair.Side app) {
        onlyTunnelExceptions(app);
        if (app.received.size() != 0) {
            throw new AssertionError("plaintext delivered before an authenticated handshake");
        }
        for (Object e : app.events) {
            if (e instanceof TunnelHandshakeCompleted) {
                throw new AssertionError("a handshake completed without the peer's private key");
            }
        }
    }

    private static void onlyTunnelExceptions(TunnelPair.Side app) {
        for (Throwable t : app.errors) {
            if (!(t instanceof TunnelException)) {
                throw new AssertionError("undocumented exception", t);
            }
        }
    }

    private static TunnelConfig clientConfig(SecureRandom random) {
        return TunnelConfig.client(CLIENT.privateKey(), SERVER.publicKey()).withRandom(random);
    }

    private static TunnelConfig serverConfig(SecureRandom random) {
        return TunnelConfig.server(SERVER.privateKey(), List.of(CLIENT.publicKey())).withRandom(random);
    }

    private static SecureRandom seeded(long seed) {
        try {
            SecureRandom r = SecureRandom.getInstance("SHA1PRNG");
            r.setSeed(seed);
            return r;
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static Sm2PrivateKey key(int fill) {
        byte[] d = new byte[32];
        for (int i = 0; i < 32; i++) {
            d[i] = (byte) (fill + i);
        }
        try {
            return Sm2PrivateKey.fromBytes(d);
        } catch (InvalidKeyException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    private static void write(Path dir, String name, byte[] data) throws Exception {
        Files.createDirectories(dir);
        Files.write(dir.resolve("seed-" + name), data);
    }
}
