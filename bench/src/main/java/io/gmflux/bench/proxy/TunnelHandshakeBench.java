package io.gmflux.bench.proxy;

import io.gmflux.pipeline.tunnel.TunnelConfig;
import io.gmflux.pipeline.tunnel.TunnelHandshakeCompleted;
import io.gmflux.pipeline.tunnel.TunnelHandshakeHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The CPU cost of one complete tunnel handshake (codecs/PROXY.md §2-§4), both sides, without
 * sockets: a client and a server {@link TunnelHandshakeHandler} on two {@code EmbeddedChannel}s,
 * messages moved by hand, until both have fired {@link TunnelHandshakeCompleted}. Each side draws an
 * ephemeral key and runs the SM2 key exchange with confirmation, HMAC-SM3 and HKDF-SM3.
 * {@code TunnelLatencyBench.tunnelConnect_proxy} adds the sockets and the scheduling.
 *
 * <p>Run: {@code java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'TunnelHandshakeBench' -f 1
 * -wi 3 -i 5 -r 1 -w 1}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TunnelHandshakeBench {

    private final TunnelConfig client = TunnelConfig.client(TunnelBench.CLIENT.privateKey(), TunnelBench.SERVER.publicKey());
    private final TunnelConfig server = TunnelConfig.server(TunnelBench.SERVER.privateKey(), List.of(TunnelBench.CLIENT.publicKey()));

    /** Counts completions on one side. */
    private static final class Done extends ChannelInboundHandlerAdapter {
        boolean completed;

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            completed |= evt instanceof TunnelHandshakeCompleted;
        }
    }

    private static int move(EmbeddedChannel from, EmbeddedChannel to) {
        int n = 0;
        for (Object o; (o = from.readOutbound()) != null; n++) {
            to.writeInbound(o);
        }
        return n;
    }

    @Benchmark
    public boolean tunnelHandshake_gmflux() {
        Done c = new Done();
        Done s = new Done();
        EmbeddedChannel sc = new EmbeddedChannel(new TunnelHandshakeHandler(server), s);
        EmbeddedChannel cc = new EmbeddedChannel(new TunnelHandshakeHandler(client), c);
        while (move(cc, sc) + move(sc, cc) > 0) {
            // until both sides are done
        }
        boolean ok = c.completed && s.completed;
        if (!ok) {
            throw new IllegalStateException("handshake did not complete");
        }
        cc.finishAndReleaseAll();
        sc.finishAndReleaseAll();
        return ok;
    }
}
