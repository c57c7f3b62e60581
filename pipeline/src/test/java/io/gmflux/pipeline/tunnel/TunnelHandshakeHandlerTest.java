package io.gmflux.pipeline.tunnel;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class TunnelHandshakeHandlerTest {

    private static TunnelConfig clientConfig() {
        return TunnelConfig.client(TunnelPair.CLIENT.privateKey(), TunnelPair.SERVER.publicKey());
    }

    private static TunnelConfig serverConfig() {
        return TunnelConfig.server(TunnelPair.SERVER.privateKey(), List.of(TunnelPair.CLIENT.publicKey()));
    }

    @Test
    void completesWithMutualAuthenticationAndRemovesItself() {
        TunnelPair t = TunnelPair.standard();
        t.pump();
        assertThat(t.client.pipeline().get(TunnelHandshakeHandler.class)).isNull();
        assertThat(t.server.pipeline().get(TunnelHandshakeHandler.class)).isNull();
        assertThat(t.client.pipeline().get(TunnelRecordEncoder.class)).isNotNull();
        assertThat(t.server.pipeline().get(TunnelRecordDecoder.class)).isNotNull();
        assertThat(t.clientApp.events).containsExactly(
                new TunnelHandshakeCompleted(TunnelPair.SERVER.publicKey(), Suite.SM4_GCM, 20));
        assertThat(t.serverApp.events).containsExactly(
                new TunnelHandshakeCompleted(TunnelPair.CLIENT.publicKey(), Suite.SM4_GCM, 20));
        assertThat(t.clientApp.errors).isEmpty();
        assertThat(t.serverApp.errors).isEmpty();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void agreesOnTheClientsFirstSuiteTheServerAcceptsAndTheSmallerRekeyInterval() {
        TunnelPair t = new TunnelPair(
                clientConfig().withSuites(Suite.ZUC256_MAC128, Suite.SM4_GCM).withRekeyLog2(12),
                serverConfig().withSuites(Suite.SM4_GCM, Suite.ZUC256_MAC128).withRekeyLog2(8));
        t.pump();
        assertThat(t.clientApp.events).containsExactly(
                new TunnelHandshakeCompleted(TunnelPair.SERVER.publicKey(), Suite.ZUC256_MAC128, 8));
        assertThat(t.serverApp.events).containsExactly(
                new TunnelHandshakeCompleted(TunnelPair.CLIENT.publicKey(), Suite.ZUC256_MAC128, 8));
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void refusesAnUntrustedClientKeyBeforeAnsweringIt() {
        Sm2KeyPair stranger = Sm2KeyPair.generate();
        TunnelPair t = new TunnelPair(TunnelConfig.client(stranger.privateKey(), TunnelPair.SERVER.publicKey()), serverConfig());
        TunnelPair.move(t.client, t.server, UnaryOperator.identity());
        assertThat(t.serverApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE).isInstanceOf(TunnelUntrustedPeerException.class);
        assertThat(t.server.isOpen()).isFalse();
        assertThat((Object) t.server.readOutbound()).as("no ServerHello").isNull();
        assertThat(t.serverApp.events).isEmpty();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void refusesAClientExpectingAnotherServerKey() {
        Sm2KeyPair other = Sm2KeyPair.generate();
        TunnelPair t = new TunnelPair(TunnelConfig.client(TunnelPair.CLIENT.privateKey(), other.publicKey()), serverConfig());
        TunnelPair.move(t.client, t.server, UnaryOperator.identity());
        assertThat(t.serverApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE).isInstanceOf(TunnelUntrustedPeerException.class)
                .hasMessageContaining("another server key");
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    /**
     * Issue 14: ZUC-128's 32-bit tag is offered and accepted only when configured. A default client
     * offers SM4-GCM and ZUC-256 only (on the wire), a default server refuses a ZUC-128-only offer,
     * and two sides that both name ZUC-128 still agree on it.
     */
    @Test
    void zuc128IsOfferedAndAcceptedOnlyWhenConfigured() {
        assertThat(clientConfig().suites()).containsExactly(Suite.SM4_GCM, Suite.ZUC256_MAC128);
        assertThat(serverConfig().suites()).doesNotContain(Suite.ZUC128_EEA3_EIA3);
        TunnelPair plain = TunnelPair.standard();
        ByteBuf hello = plain.client.readOutbound();
        int body = TunnelFrame.HEADER_LENGTH;
        int n = hello.getUnsignedByte(body + 6);
        byte[] offered = new byte[n];
        hello.getBytes(body + 7, offered);
        assertThat(offered).as("suite ids in the ClientHello").containsExactly(
                (byte) Suite.SM4_GCM.id(), (byte) Suite.ZUC256_MAC128.id());
        hello.release();
        plain.client.finishAndReleaseAll();
        plain.server.finishAndReleaseAll();

        TunnelPair refused = new TunnelPair(clientConfig().withSuites(Suite.ZUC128_EEA3_EIA3), serverConfig());
        refused.pump();
        assertThat(refused.serverApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE)
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("no common suite");
        refused.client.finishAndReleaseAll();
        refused.server.finishAndReleaseAll();

        TunnelPair optedIn = new TunnelPair(clientConfig().withSuites(Suite.ZUC128_EEA3_EIA3),
                serverConfig().withSuites(Suite.SM4_GCM, Suite.ZUC128_EEA3_EIA3));
        optedIn.pump();
        assertThat(optedIn.serverApp.events).containsExactly(
                new TunnelHandshakeCompleted(TunnelPair.CLIENT.publicKey(), Suite.ZUC128_EEA3_EIA3, 20));
        optedIn.client.finishAndReleaseAll();
        optedIn.server.finishAndReleaseAll();
    }

    /** The 16 KiB record scratch array of a connection is allocated by its first record, not at accept. */
    @Test
    void theRecordScratchArrayIsAllocatedByTheFirstRecordNotAtAccept() {
        TunnelPair t = TunnelPair.standard();
        TunnelRecordDecoder accepted = t.server.pipeline().get(TunnelHandshakeHandler.class).decoder();
        assertThat(accepted.hasScratch()).as("accepted, no handshake yet").isFalse();
        t.pump();
        TunnelRecordDecoder decoder = t.server.pipeline().get(TunnelRecordDecoder.class);
        assertThat(decoder).isSameAs(accepted);
        assertThat(decoder.hasScratch()).as("handshake done, no record yet").isFalse();
        t.client.writeOutbound(io.netty.buffer.Unpooled.wrappedBuffer(new byte[] {1, 2, 3}));
        t.pump();
        assertThat(decoder.hasScratch()).as("after the first record").isTrue();
        assertThat(t.serverApp.received.toByteArray()).containsExactly(1, 2, 3);
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void refusesWithoutACommonSuite() {
        TunnelPair t = new TunnelPair(clientConfig().withSuites(Suite.ZUC128_EEA3_EIA3),
                serverConfig().withSuites(Suite.SM4_GCM));
        TunnelPair.move(t.client, t.server, UnaryOperator.identity());
        assertThat(t.serverApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE).isInstanceOf(TunnelHandshakeException.class)
                .hasMessageContaining("no common suite");
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void anImpostorServerFailsKeyConfirmationAtTheClient() {
        // The impostor knows the client is trusted and answers as if it held the server key it does not.
        Sm2KeyPair impostor = Sm2KeyPair.generate();
        TunnelPair t = new TunnelPair(clientConfig(),
                TunnelConfig.server(impostor.privateKey(), List.of(TunnelPair.CLIENT.publicKey())));
        byte[] ch = TunnelPair.drainOutbound(t.client);
        // Rewrite the expected-server fingerprint so the impostor proceeds (PROXY.md §2: offset 3 + 7 + n).
        byte[] impostorFp = Fingerprint.of(impostor.publicKey()).bytes();
        int n = ch[3 + 6];
        System.arraycopy(impostorFp, 0, ch, 3 + 7 + n, 32);
        t.server.writeInbound(Unpooled.wrappedBuffer(ch));
        assertThat(t.serverApp.errors).isEmpty();
        TunnelPair.move(t.server, t.client, UnaryOperator.identity());
        assertThat(t.clientApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE).isInstanceOf(TunnelHandshakeException.class)
                .hasMessageContaining("key confirmation failed");
        assertThat(t.client.isOpen()).isFalse();
        assertThat(t.clientApp.events).isEmpty();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void anyFlippedHandshakeByteKeepsTheServerFromCompleting() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int message = 0; message < 3; message++) {
            for (int trial = 0; trial < 25; trial++) {
                TunnelPair t = TunnelPair.standard();
                String what = "message " + message + " trial " + trial;
                int[] seen = {0};
                UnaryOperator<ByteBuf> flip = b -> {
                    if (seen[0]++ == 0) {
                        int i = b.readerIndex() + rnd.nextInt(b.readableBytes());
                        b.setByte(i, b.getByte(i) ^ (1 << rnd.nextInt(8)));
                    }
                    return b;
                };
                UnaryOperator<ByteBuf> id = UnaryOperator.identity();
                TunnelPair.move(t.client, t.server, message == 0 ? flip : id);
                TunnelPair.move(t.server, t.client, message == 1 ? flip : id);
                TunnelPair.move(t.client, t.server, message == 2 ? flip : id);
                assertThat(t.serverApp.events).as(what).isEmpty();
                assertThat(t.clientApp.errors.size() + t.serverApp.errors.size()).as(what).isPositive();
                assertThat(t.serverApp.errors).as(what).allMatch(e -> e instanceof TunnelException);
                t.client.finishAndReleaseAll();
                t.server.finishAndReleaseAll();
            }
        }
    }

    @Test
    void timesOut() throws InterruptedException {
        TunnelPair t = new TunnelPair(clientConfig().withHandshakeTimeout(Duration.ofMillis(20)), serverConfig());
        Thread.sleep(60);
        t.client.runScheduledPendingTasks();
        assertThat(t.clientApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE).isInstanceOf(TunnelHandshakeException.class)
                .hasMessageContaining("timed out");
        assertThat(t.client.isOpen()).isFalse();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void writesBeforeCompletionAreSealedAfterItInOrder() {
        TunnelPair t = TunnelPair.standard();
        t.client.writeOutbound(Unpooled.copiedBuffer("early ", StandardCharsets.US_ASCII));
        t.client.writeOutbound(Unpooled.copiedBuffer("bird", StandardCharsets.US_ASCII));
        t.pump();
        assertThat(t.serverApp.received.toString(StandardCharsets.US_ASCII)).isEqualTo("early bird");
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void aConnectionThatEndsDuringTheHandshakeFailsTyped() {
        TunnelPair t = TunnelPair.standard();
        TunnelPair.move(t.client, t.server, UnaryOperator.identity());
        t.server.close();
        assertThat(t.serverApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE).isInstanceOf(TunnelHandshakeException.class);
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void aSuiteDowngradeInTheClientHelloIsDetectedByTheClient() {
        // A man in the middle strikes ZUC-256 from the offer [ZUC-256, SM4-GCM]; the server then picks
        // SM4-GCM, which the client also offered, but server_verify covers the ClientHello it really sent.
        TunnelPair t = new TunnelPair(
                clientConfig().withSuites(Suite.ZUC256_MAC128, Suite.SM4_GCM), serverConfig());
        byte[] ch = TunnelPair.drainOutbound(t.client);
        assertThat(ch[3 + 6]).isEqualTo((byte) 2);
        byte[] downgraded = new byte[ch.length - 1];
        System.arraycopy(ch, 0, downgraded, 0, 3 + 6);
        downgraded[3 + 6] = 1;
        System.arraycopy(ch, 3 + 8, downgraded, 3 + 7, ch.length - (3 + 8));
        downgraded[2] = (byte) (downgraded.length - 3);
        t.server.writeInbound(Unpooled.wrappedBuffer(downgraded));
        assertThat(t.serverApp.errors).isEmpty();
        TunnelPair.move(t.server, t.client, UnaryOperator.identity());
        assertThat(t.clientApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE)
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("server_verify");
        assertThat(t.clientApp.events).isEmpty();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void aClientFinishedReplayedFromAnEarlierSessionIsRefused() {
        // Record a whole client side of one session, then replay it to a fresh server: the server's new
        // ephemeral key changes the transcript and the shared secret, so S_A no longer matches.
        TunnelPair first = TunnelPair.standard();
        byte[] ch = TunnelPair.drainOutbound(first.client);
        first.server.writeInbound(Unpooled.wrappedBuffer(ch));
        first.client.writeInbound(Unpooled.wrappedBuffer(TunnelPair.drainOutbound(first.server)));
        byte[] cf = TunnelPair.drainOutbound(first.client);
        TunnelPair second = TunnelPair.standard();
        second.server.writeInbound(Unpooled.wrappedBuffer(ch));
        second.server.writeInbound(Unpooled.wrappedBuffer(cf));
        assertThat(second.serverApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE)
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("key confirmation failed");
        assertThat(second.serverApp.events).isEmpty();
        for (TunnelPair t : List.of(first, second)) {
            t.client.finishAndReleaseAll();
            t.server.finishAndReleaseAll();
        }
    }

    @Test
    void completesWithTheComputationsOnAnExecutorAndDeliversWhatWasPipelined() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            TunnelPair t = new TunnelPair(clientConfig().withHandshakeExecutor(pool), serverConfig().withHandshakeExecutor(pool));
            t.client.writeOutbound(Unpooled.copiedBuffer("sent before the handshake", StandardCharsets.US_ASCII));
            t.pumpUntilSettled();
            assertThat(t.clientApp.errors).isEmpty();
            assertThat(t.serverApp.errors).isEmpty();
            assertThat(t.serverApp.events).containsExactly(
                    new TunnelHandshakeCompleted(TunnelPair.CLIENT.publicKey(), Suite.SM4_GCM, 20));
            t.pump();
            assertThat(t.serverApp.received.toString(StandardCharsets.US_ASCII)).isEqualTo("sent before the handshake");
            t.client.finishAndReleaseAll();
            t.server.finishAndReleaseAll();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void refusesAnUntrustedClientWithTheComputationsOnAnExecutor() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            TunnelPair t = new TunnelPair(
                    TunnelConfig.client(Sm2KeyPair.generate().privateKey(), TunnelPair.SERVER.publicKey()).withHandshakeExecutor(pool),
                    serverConfig().withHandshakeExecutor(pool));
            t.pumpUntil(() -> TunnelPair.settled(t.serverApp));   // the client never hears: the server just closes
            assertThat(t.serverApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE)
                    .isInstanceOf(TunnelUntrustedPeerException.class);
            assertThat(t.server.isOpen()).isFalse();
            t.client.finishAndReleaseAll();
            t.server.finishAndReleaseAll();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void boundsWhatAPeerMaySendWhileAStepRunsOnTheExecutor() {
        List<Runnable> held = new java.util.ArrayList<>();
        TunnelPair t = new TunnelPair(clientConfig(), serverConfig().withHandshakeExecutor(held::add));
        TunnelPair.move(t.client, t.server, UnaryOperator.identity());
        assertThat(held).as("the ClientHello step waits on the executor").hasSize(1);
        t.server.writeInbound(Unpooled.wrappedBuffer(new byte[70_000]));
        assertThat(t.serverApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE)
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("too many bytes");
        held.get(0).run();          // the step ends after the failure: it must only wipe its state
        t.server.runPendingTasks();
        assertThat((Object) t.server.readOutbound()).as("no ServerHello after a failure").isNull();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void refusesAnEphemeralKeyOffTheCurve() {
        TunnelPair t = TunnelPair.standard();
        byte[] ch = TunnelPair.drainOutbound(t.client);
        ch[ch.length - 1] ^= 1;   // the last byte of R_A's y: no longer a curve point
        t.server.writeInbound(Unpooled.wrappedBuffer(ch));
        assertThat(t.serverApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE)
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("not a valid SM2 point");
        assertThat((Object) t.server.readOutbound()).isNull();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void refusesAServerEphemeralKeyOffTheCurve() {
        TunnelPair t = TunnelPair.standard();
        TunnelPair.move(t.client, t.server, UnaryOperator.identity());
        byte[] sh = TunnelPair.drainOutbound(t.server);
        sh[6 + 64] ^= 1;          // the last byte of R_B's y
        t.client.writeInbound(Unpooled.wrappedBuffer(sh));
        assertThat(t.clientApp.errors).singleElement(org.assertj.core.api.InstanceOfAssertFactories.THROWABLE)
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("not a valid SM2 point");
        assertThat((Object) t.client.readOutbound()).as("no ClientFinished").isNull();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }
}
