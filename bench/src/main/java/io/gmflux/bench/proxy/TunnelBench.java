package io.gmflux.bench.proxy;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.format.SuiteCipher;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.examples.proxy.ProxySettings;
import io.gmflux.examples.proxy.TunnelProxy;
import io.gmflux.pipeline.tunnel.TunnelConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.logging.LogManager;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Bulk transfer through the secure proxy (the bar: {@code tunnelBulk_proxy} at least 0.7x
 * {@code tunnelBulk_rawgcm}, same run), in milliseconds per transfer of {@code bytes} (default
 * 1 GiB):
 *
 * <ul>
 *   <li>{@code tunnelBulk_direct}: the benchmark thread writes to a loopback sink directly;</li>
 *   <li>{@code tunnelBulk_proxy}: the same through a client proxy and a server proxy (SM2 handshake
 *   once per trial, then SM4-GCM records of 16 KiB; sealing and opening run on the two proxies'
 *   event loops);</li>
 *   <li>{@code tunnelBulk_rawgcm}: the same bytes sealed on one core as 16 KiB SM4-GCM records by the
 *   record cipher the tunnel uses, no I/O.</li>
 * </ul>
 *
 * <p>Run: {@code java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'TunnelBench.tunnelBulk'
 * -f 1 -wi 1 -i 3}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class TunnelBench {

    static final Sm2KeyPair CLIENT = Sm2KeyPair.generate();
    static final Sm2KeyPair SERVER = Sm2KeyPair.generate();

    @Param("1073741824")
    public long bytes;

    private final byte[] block = new byte[1 << 16];
    private final byte[] record = new byte[16384 + 16];
    private LoopbackServices services;
    private TunnelProxy serverProxy;
    private TunnelProxy clientProxy;
    private Socket direct;
    private Socket tunnelled;
    private SuiteCipher gcm;
    private long seq;

    /** A server proxy in front of {@code service} and a client proxy in front of that, on OS-chosen ports. */
    static TunnelProxy[] startPair(InetSocketAddress service) throws InterruptedException {
        TunnelProxy server = TunnelProxy.start(ProxySettings.of(
                TunnelConfig.server(SERVER.privateKey(), List.of(CLIENT.publicKey())),
                new InetSocketAddress("127.0.0.1", 0), service).withShutdownGrace(java.time.Duration.ZERO));
        TunnelProxy client = TunnelProxy.start(ProxySettings.of(
                TunnelConfig.client(CLIENT.privateKey(), SERVER.publicKey()),
                new InetSocketAddress("127.0.0.1", 0), server.address()).withShutdownGrace(java.time.Duration.ZERO));
        return new TunnelProxy[] {server, client};
    }

    static void quietLogs() {
        // Per-connection INFO lines would flood the benchmark output.
        LogManager.getLogManager().getLogger("").setLevel(java.util.logging.Level.WARNING);
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        quietLogs();
        new SplittableRandom(1).nextBytes(block);
        services = new LoopbackServices();
        TunnelProxy[] pair = startPair(services.sinkAddress());
        serverProxy = pair[0];
        clientProxy = pair[1];
        direct = new Socket(services.sinkAddress().getAddress(), services.sinkAddress().getPort());
        tunnelled = new Socket("127.0.0.1", clientProxy.address().getPort());
        direct.setTcpNoDelay(true);
        tunnelled.setTcpNoDelay(true);
        gcm = SuiteCipher.create(Suite.SM4_GCM, new byte[16 + SuiteCipher.NONCE_PREFIX_LENGTH]);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        direct.close();
        tunnelled.close();
        clientProxy.close();
        serverProxy.close();
        services.close();
        gcm.destroy();
    }

    /** Writes {@code bytes} to {@code s} and waits until the sink has counted them all. */
    private long send(Socket s) throws IOException, InterruptedException {
        long target = services.sunk.get() + bytes;
        OutputStream out = s.getOutputStream();
        for (long left = bytes; left > 0; ) {
            int n = (int) Math.min(block.length, left);
            out.write(block, 0, n);
            left -= n;
        }
        out.flush();
        while (services.sunk.get() < target) {
            Thread.onSpinWait();
        }
        return target;
    }

    @Benchmark
    public long tunnelBulk_direct() throws IOException, InterruptedException {
        return send(direct);
    }

    @Benchmark
    public long tunnelBulk_proxy() throws IOException, InterruptedException {
        return send(tunnelled);
    }

    @Benchmark
    public int tunnelBulk_rawgcm() {
        int acc = 0;
        for (long left = bytes; left > 0; ) {
            int n = (int) Math.min(16384, left);
            System.arraycopy(block, 0, record, 0, n);   // the tunnel copies plaintext into its record too
            acc += gcm.seal(seq++ & 0xffff, false, record, 0, n, record, 0);
            left -= n;
        }
        return acc;
    }

    /** Reads exactly {@code n} bytes. */
    static void readFully(InputStream in, byte[] b, int n) throws IOException {
        for (int off = 0; off < n; ) {
            int r = in.read(b, off, n - off);
            if (r < 0) {
                throw new IOException("closed after " + off + " of " + n + " bytes");
            }
            off += r;
        }
    }
}
