package io.gmflux.pipeline.tunnel;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.format.Suite;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.UnsupportedMessageTypeException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TunnelRecordEncoderTest {

    private static TunnelPair pair(Suite suite) {
        TunnelPair t = new TunnelPair(
                TunnelConfig.client(TunnelPair.CLIENT.privateKey(), TunnelPair.SERVER.publicKey()).withSuites(suite),
                TunnelConfig.server(TunnelPair.SERVER.privateKey(), List.of(TunnelPair.CLIENT.publicKey())).withSuites(suite));
        t.pump();
        return t;
    }

    /** The (type, length) of each frame in {@code wire}. */
    private static List<int[]> frames(byte[] wire) {
        List<int[]> out = new ArrayList<>();
        for (int p = 0; p < wire.length; ) {
            int len = (wire[p + 1] & 0xff) << 8 | wire[p + 2] & 0xff;
            out.add(new int[] {wire[p] & 0xff, len});
            p += 3 + len;
        }
        return out;
    }

    @Test
    void cutsAWriteIntoRecordsOfAtMost16KiB() {
        for (Suite suite : new Suite[] {Suite.SM4_GCM, Suite.ZUC128_EEA3_EIA3}) {
            TunnelPair t = pair(suite);
            t.client.writeOutbound(Unpooled.wrappedBuffer(new byte[40000]));
            int tag = suite.tagLength();
            assertThat(frames(TunnelPair.drainOutbound(t.client))).as(suite.label())
                    .containsExactly(new int[] {0x17, 16384 + tag}, new int[] {0x17, 16384 + tag}, new int[] {0x17, 7232 + tag});
            t.client.finishAndReleaseAll();
            t.server.finishAndReleaseAll();
        }
    }

    @Test
    void releasesEveryBufferWrittenToItQueuedOrNot() {
        TunnelPair t = TunnelPair.standard();
        ByteBuf early = Unpooled.directBuffer().writeBytes(new byte[100]);
        t.client.writeOutbound(early);
        assertThat(early.refCnt()).as("queued until the handshake completes").isEqualTo(1);
        t.pump();
        assertThat(early.refCnt()).isZero();
        ByteBuf late = Unpooled.buffer().writeBytes(new byte[100]);
        t.client.writeOutbound(late);
        assertThat(late.refCnt()).isZero();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void failsAndReleasesWritesQueuedWhenTheChannelClosesBeforeTheHandshake() {
        TunnelPair t = TunnelPair.standard();
        ByteBuf early = Unpooled.buffer().writeBytes(new byte[10]);
        ChannelFuture f = t.client.writeAndFlush(early);
        t.client.close();
        assertThat(f.isDone() && !f.isSuccess()).isTrue();
        assertThat(early.refCnt()).isZero();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void failsWritesAfterCloseNotify() {
        TunnelPair t = pair(Suite.SM4_GCM);
        t.client.writeOutbound(TunnelCloseNotify.INSTANCE);
        assertThat(frames(TunnelPair.drainOutbound(t.client))).containsExactly(new int[] {0x15, 16});
        ByteBuf after = Unpooled.buffer().writeBytes(new byte[10]);
        ChannelFuture f = t.client.writeAndFlush(after);
        assertThat(f.cause()).isInstanceOf(TunnelException.class).hasMessageContaining("after close_notify");
        assertThat(after.refCnt()).isZero();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void refusesMessagesOtherThanByteBufs() {
        TunnelPair t = pair(Suite.SM4_GCM);
        ChannelFuture f = t.client.writeAndFlush("a string");
        assertThat(f.cause()).isInstanceOf(UnsupportedMessageTypeException.class);
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }
}
