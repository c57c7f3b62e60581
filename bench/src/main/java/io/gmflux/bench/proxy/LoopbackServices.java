package io.gmflux.bench.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Blocking loopback services for the benchmarks: a sink that counts what it receives and an echo
 * service, one thread per connection. Not part of what is measured beyond the socket work every
 * variant shares.
 */
final class LoopbackServices implements AutoCloseable {

    /** Bytes the sink has received over all its connections. */
    final AtomicLong sunk = new AtomicLong();
    private final ServerSocket sink;
    private final ServerSocket echo;

    LoopbackServices() throws IOException {
        sink = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
        echo = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
        acceptLoop(sink, true);
        acceptLoop(echo, false);
    }

    InetSocketAddress sinkAddress() {
        return (InetSocketAddress) sink.getLocalSocketAddress();
    }

    InetSocketAddress echoAddress() {
        return (InetSocketAddress) echo.getLocalSocketAddress();
    }

    private void acceptLoop(ServerSocket server, boolean isSink) {
        Thread t = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    s.setTcpNoDelay(true);
                    Thread c = new Thread(() -> serve(s, isSink), isSink ? "bench-sink" : "bench-echo");
                    c.setDaemon(true);
                    c.start();
                } catch (IOException e) {
                    return;
                }
            }
        }, "bench-accept");
        t.setDaemon(true);
        t.start();
    }

    private void serve(Socket s, boolean isSink) {
        byte[] buf = new byte[1 << 16];
        try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
            for (int r; (r = in.read(buf)) > 0; ) {
                if (isSink) {
                    sunk.addAndGet(r);
                } else {
                    out.write(buf, 0, r);
                }
            }
        } catch (IOException e) {
            // connection ended
        }
    }

    @Override
    public void close() throws IOException {
        sink.close();
        echo.close();
    }
}
