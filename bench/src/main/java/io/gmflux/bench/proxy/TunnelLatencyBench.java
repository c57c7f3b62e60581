package io.gmflux.bench.proxy;

import io.gmflux.examples.proxy.TunnelProxy;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Latency through the secure proxy, sampled (JMH reports p50/p99/p99.9), in microseconds:
 *
 * <ul>
 *   <li>{@code tunnelConnect_proxy}: a new connection through both proxies until the first byte comes
 *   back from the echo service: TCP connects, the SM2 handshake, the service connect, one round trip.
 *   {@code tunnelConnect_direct} is the same straight to the echo service.</li>
 *   <li>{@code tunnelRoundTrip1k_proxy}: 1 KiB request, 1 KiB response on an open connection;
 *   {@code tunnelRoundTrip1k_direct} straight to the echo service.</li>
 * </ul>
 *
 * <p>Run: {@code java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'TunnelLatencyBench' -f 1
 * -wi 2 -i 3}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TunnelLatencyBench {

    private final byte[] request = new byte[1024];
    private final byte[] response = new byte[1024];
    private final byte[] one = new byte[1];
    private LoopbackServices services;
    private TunnelProxy serverProxy;
    private TunnelProxy clientProxy;
    private Socket direct;
    private Socket tunnelled;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        TunnelBench.quietLogs();
        services = new LoopbackServices();
        TunnelProxy[] pair = TunnelBench.startPair(services.echoAddress());
        serverProxy = pair[0];
        clientProxy = pair[1];
        direct = open(services.echoAddress().getPort());
        tunnelled = open(clientProxy.address().getPort());
    }

    private static Socket open(int port) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setTcpNoDelay(true);
        return s;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        direct.close();
        tunnelled.close();
        clientProxy.close();
        serverProxy.close();
        services.close();
    }

    private byte[] roundTrip(Socket s) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(request);
        out.flush();
        TunnelBench.readFully(s.getInputStream(), response, request.length);
        return response;
    }

    private int connect(int port) throws IOException {
        try (Socket s = open(port)) {
            s.getOutputStream().write(7);
            InputStream in = s.getInputStream();
            TunnelBench.readFully(in, one, 1);
            return one[0];
        }
    }

    @Benchmark
    public byte[] tunnelRoundTrip1k_direct() throws IOException {
        return roundTrip(direct);
    }

    @Benchmark
    public byte[] tunnelRoundTrip1k_proxy() throws IOException {
        return roundTrip(tunnelled);
    }

    @Benchmark
    public int tunnelConnect_direct() throws IOException {
        return connect(services.echoAddress().getPort());
    }

    @Benchmark
    public int tunnelConnect_proxy() throws IOException {
        return connect(clientProxy.address().getPort());
    }
}
