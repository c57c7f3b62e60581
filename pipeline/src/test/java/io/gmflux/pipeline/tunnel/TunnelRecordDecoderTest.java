package io.gmflux.pipeline.tunnel;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.format.Suite;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TunnelRecordDecoderTest {

    private static TunnelPair pair(Suite suite, int rekeyLog2) {
        TunnelPair t = new TunnelPair(
                TunnelConfig.client(TunnelPair.CLIENT.privateKey(), TunnelPair.SERVER.publicKey())
                        .withSuites(suite).withRekeyLog2(rekeyLog2),
                TunnelConfig.server(TunnelPair.SERVER.privateKey(), List.of(TunnelPair.CLIENT.publicKey())).withSuites(suite));
        t.pump();
        assertThat(t.serverApp.events).hasSize(1);
        return t;
    }

    private static TunnelPair pair() {
        return pair(Suite.SM4_GCM, 20);
    }

    /** Seals {@code data} on the client and returns the records as bytes. */
    private static byte[] seal(TunnelPair t, byte[] data) {
        t.client.writeOutbound(Unpooled.wrappedBuffer(data));
        return TunnelPair.drainOutbound(t.client);
    }

    /** Hands {@code bytes} to the server, unless it has already closed (as a socket would drop them). */
    private static void deliver(TunnelPair t, byte[] bytes) {
        if (t.server.isOpen()) {
            t.server.writeInbound(Unpooled.wrappedBuffer(bytes));
        }
    }

    private static void finish(TunnelPair t) {
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    private static void assertRecordFailure(TunnelPair t, String what) {
        assertThat(t.serverApp.errors).as(what).singleElement(InstanceOfAssertFactories.THROWABLE)
                .isInstanceOf(TunnelRecordException.class);
        assertThat(t.server.isOpen()).as(what).isFalse();
        assertThat(TunnelPair.drainOutbound(t.server)).as(what + ": no close_notify after a failure").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = Suite.class, names = {"SM4_GCM", "ZUC128_EEA3_EIA3", "ZUC256_MAC128"})
    void roundTripsRandomWritesDeliveredInRandomPieces(Suite suite) {
        SplittableRandom rnd = new SplittableRandom(suite.id());
        TunnelPair t = pair(suite, 4);   // 2^4 records per epoch: several key updates on the way
        java.io.ByteArrayOutputStream sent = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream wire = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < 60; i++) {
            byte[] d = new byte[rnd.nextInt(5) == 0 ? rnd.nextInt(70000) : rnd.nextInt(300)];
            rnd.nextBytes(d);
            sent.writeBytes(d);
            wire.writeBytes(seal(t, d));
        }
        byte[] w = wire.toByteArray();
        for (int off = 0; off < w.length; ) {
            int n = Math.min(w.length - off, 1 + rnd.nextInt(rnd.nextBoolean() ? 7 : 40000));
            deliver(t, Arrays.copyOfRange(w, off, off + n));
            off += n;
        }
        assertThat(t.serverApp.errors).as("suite %s seed %d", suite, suite.id()).isEmpty();
        assertThat(t.serverApp.received.toByteArray()).as("suite %s seed %d", suite, suite.id()).isEqualTo(sent.toByteArray());
        finish(t);
    }

    @Test
    void rejectsEveryFlippedBitOfARecordAndDeliversNothing() {
        byte[] wire;
        for (int i = 0; i < 3 + 5 + 16; i++) {
            for (int bit = 0; bit < 8; bit += 3) {
                TunnelPair t = pair();
                wire = seal(t, "hello".getBytes());
                wire[i] ^= (byte) (1 << bit);
                deliver(t, wire);
                t.server.close();   // a changed length waits for bytes that never come: the end is then a truncation
                String what = "byte " + i + " bit " + bit;
                assertThat(t.serverApp.received.size()).as(what).isZero();
                assertThat(t.serverApp.errors).as(what).singleElement(InstanceOfAssertFactories.THROWABLE)
                        .isInstanceOf(TunnelException.class);
                finish(t);
            }
        }
    }

    @Test
    void rejectsAReplayedRecord() {
        TunnelPair t = pair();
        byte[] r = seal(t, "pay 100".getBytes());
        deliver(t, r);
        deliver(t, r);
        assertThat(t.serverApp.received.toString()).isEqualTo("pay 100");
        assertRecordFailure(t, "replay");
        finish(t);
    }

    @Test
    void rejectsReorderedRecords() {
        TunnelPair t = pair();
        byte[] a = seal(t, "first".getBytes());
        byte[] b = seal(t, "second".getBytes());
        deliver(t, b);
        deliver(t, a);
        assertThat(t.serverApp.received.size()).isZero();
        assertRecordFailure(t, "reorder");
        finish(t);
    }

    @Test
    void rejectsADroppedRecord() {
        TunnelPair t = pair();
        seal(t, "lost".getBytes());
        deliver(t, seal(t, "after".getBytes()));
        assertThat(t.serverApp.received.size()).isZero();
        assertRecordFailure(t, "drop");
        finish(t);
    }

    @Test
    void rejectsARecordSplicedFromAnotherConnection() {
        TunnelPair t = pair();
        TunnelPair other = pair();
        deliver(t, seal(other, "elsewhere".getBytes()));
        assertThat(t.serverApp.received.size()).isZero();
        assertRecordFailure(t, "splice");
        finish(t);
        finish(other);
    }

    @Test
    void rejectsARecordReflectedBackToItsSender() {
        TunnelPair t = pair();
        byte[] r = seal(t, "echo".getBytes());
        t.client.writeInbound(Unpooled.wrappedBuffer(r));
        assertThat(t.clientApp.received.size()).isZero();
        assertThat(t.clientApp.errors).singleElement(InstanceOfAssertFactories.THROWABLE).isInstanceOf(TunnelRecordException.class);
        finish(t);
    }

    @Test
    void rejectsARecordFromAnEarlierEpoch() {
        TunnelPair t = pair(Suite.SM4_GCM, 4);
        byte[][] records = new byte[17][];
        for (int i = 0; i < 17; i++) {
            records[i] = seal(t, new byte[] {(byte) i});
        }
        for (int i = 0; i < 16; i++) {
            deliver(t, records[i]);
        }
        deliver(t, records[0]);  // seq 0 again, but the keys have moved on
        assertThat(t.serverApp.received.size()).isEqualTo(16);
        assertRecordFailure(t, "old epoch");
        finish(t);
    }

    @Test
    void reportsTruncationWhenTheInputEndsWithoutCloseNotify() {
        TunnelPair t = pair();
        byte[] r = seal(t, "partial".getBytes());
        byte[] next = seal(t, "cut".getBytes());
        deliver(t, r);
        deliver(t, Arrays.copyOf(next, 5));
        t.server.close();
        assertThat(t.serverApp.received.toString()).isEqualTo("partial");
        assertThat(t.serverApp.errors).singleElement(InstanceOfAssertFactories.THROWABLE)
                .isInstanceOf(TunnelTruncatedException.class).hasMessageContaining("without close_notify");
        finish(t);
    }

    @Test
    void closeNotifyEndsTheDirectionCleanly() {
        TunnelPair t = pair();
        deliver(t, seal(t, "bye".getBytes()));
        t.client.writeOutbound(TunnelCloseNotify.INSTANCE);
        deliver(t, TunnelPair.drainOutbound(t.client));
        assertThat(t.serverApp.events).contains(TunnelCloseNotifyReceived.INSTANCE);
        t.server.close();
        assertThat(t.serverApp.received.toString()).isEqualTo("bye");
        assertThat(t.serverApp.errors).isEmpty();
        finish(t);
    }

    @Test
    void closingTheChannelSendsCloseNotify() {
        TunnelPair t = pair();
        t.client.close();
        deliver(t, TunnelPair.drainOutbound(t.client));
        assertThat(t.serverApp.events).contains(TunnelCloseNotifyReceived.INSTANCE);
        assertThat(t.serverApp.errors).isEmpty();
        finish(t);
    }

    @Test
    void rejectsDataAfterCloseNotify() {
        TunnelPair t = pair();
        t.client.writeOutbound(TunnelCloseNotify.INSTANCE);
        byte[] close = TunnelPair.drainOutbound(t.client);
        deliver(t, close);
        deliver(t, new byte[] {0x17, 0, 20, 1, 2, 3});
        assertThat(t.serverApp.errors).singleElement(InstanceOfAssertFactories.THROWABLE)
                .isInstanceOf(TunnelRecordException.class).hasMessageContaining("after close_notify");
        finish(t);
    }

    @Test
    void rejectsDataRelabelledAsCloseNotify() {
        TunnelPair t = pair();
        byte[] r = seal(t, new byte[0 + 1]);
        // A 1-byte record is 3 + 1 + 16 bytes; shorten it to look like a close_notify (length T, type 0x15).
        byte[] forged = Arrays.copyOf(r, 3 + 16);
        forged[0] = 0x15;
        forged[2] = 16;
        deliver(t, forged);
        assertThat(t.serverApp.events).doesNotContain(TunnelCloseNotifyReceived.INSTANCE);
        assertRecordFailure(t, "relabel");
        finish(t);
    }

    @Test
    void rejectsEmptyAndOversizedRecordsBeforeBufferingThem() {
        for (int len : new int[] {16, 16384 + 17, 0xffff}) {
            TunnelPair t = pair();
            deliver(t, new byte[] {0x17, (byte) (len >>> 8), (byte) len});
            assertThat(t.serverApp.errors).as("length %d", len).singleElement(InstanceOfAssertFactories.THROWABLE)
                    .isInstanceOf(TunnelRecordException.class).hasMessageContaining("bad length");
            finish(t);
        }
    }

    @Test
    void rejectsHandshakeFramesAfterTheHandshake() {
        TunnelPair t = pair();
        deliver(t, new byte[] {0x01, 0, 5});
        assertThat(t.serverApp.errors).singleElement(InstanceOfAssertFactories.THROWABLE)
                .isInstanceOf(TunnelRecordException.class).hasMessageContaining("unexpected frame type");
        finish(t);
    }
}
