package io.gmflux.pipeline.tunnel;

import java.nio.charset.StandardCharsets;

/** The frame types and limits of codecs/PROXY.md §1; constants only. */
final class TunnelFrame {

    static final int HEADER_LENGTH = 3;
    static final int CLIENT_HELLO = 0x01;
    static final int SERVER_HELLO = 0x02;
    static final int CLIENT_FINISHED = 0x03;
    static final int APPLICATION_DATA = 0x17;
    static final int CLOSE_NOTIFY = 0x15;

    /** Largest plaintext of one application_data record (PROXY.md §1, the TLS 1.3 limit). */
    static final int MAX_PLAINTEXT = 16384;
    /** Largest tag of a tunnel suite. */
    static final int MAX_TAG = 16;

    static final byte[] MAGIC = "GMTN".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 0x01;
    static final int MAX_SUITES = 8;
    static final int SERVER_HELLO_LENGTH = 132;
    static final int CLIENT_FINISHED_LENGTH = 64;
    static final int POINT_LENGTH = 65;
    static final int VERIFY_LENGTH = 32;

    /** The default user ID of GB/T 35276, used for both parties' Z (PROXY.md, Notation). */
    static final byte[] ID = "1234567812345678".getBytes(StandardCharsets.US_ASCII);

    private TunnelFrame() {
    }

    /** ClientHello body length for {@code n} suites: 136 + n (PROXY.md §2). */
    static int clientHelloLength(int n) {
        return 136 + n;
    }
}
