package io.gmflux.pipeline.tunnel;

import java.nio.charset.StandardCharsets;

/** The frame types, header and limits of codecs/PROXY.md §1. Stateless. */
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
    /** An SM2 key-exchange confirmation value S_A or S_B. */
    static final int CONFIRMATION_LENGTH = 32;

    /** The default user ID of GB/T 35276, used for both parties' Z (PROXY.md, Notation). */
    static final byte[] ID = "1234567812345678".getBytes(StandardCharsets.US_ASCII);

    private TunnelFrame() {
    }

    /** ClientHello body length for {@code n} suites: 136 + n (PROXY.md §2). */
    static int clientHelloLength(int n) {
        return 136 + n;
    }

    /** A new frame of {@code type} with room for a body of {@code bodyLength} bytes, its header written. */
    static byte[] newFrame(int type, int bodyLength) {
        byte[] f = new byte[HEADER_LENGTH + bodyLength];
        f[0] = (byte) type;
        f[1] = (byte) (bodyLength >>> 8);
        f[2] = (byte) bodyLength;
        return f;
    }

    /** Checks that a whole handshake frame has the given type and that its length field matches its size. */
    static void checkHeader(byte[] frame, int type) throws TunnelHandshakeException {
        if (frame.length < HEADER_LENGTH || (frame[0] & 0xff) != type) {
            throw new TunnelHandshakeException("expected handshake message 0x" + Integer.toHexString(type)
                    + (frame.length == 0 ? ", got nothing" : ", got frame type 0x" + Integer.toHexString(frame[0] & 0xff)));
        }
        int len = ((frame[1] & 0xff) << 8) | (frame[2] & 0xff);
        if (len != frame.length - HEADER_LENGTH) {
            throw new TunnelHandshakeException("handshake message 0x" + Integer.toHexString(type) + ": length field "
                    + len + " but " + (frame.length - HEADER_LENGTH) + " bytes of body");
        }
    }

    /** Checks a handshake message's body length against its row of the §1 table, before its body arrives. */
    static void checkHandshakeLength(int type, int len) throws TunnelHandshakeException {
        boolean ok;
        if (type == CLIENT_HELLO) {
            ok = len >= clientHelloLength(1) && len <= clientHelloLength(MAX_SUITES);
        } else if (type == SERVER_HELLO) {
            ok = len == SERVER_HELLO_LENGTH;
        } else {
            ok = type == CLIENT_FINISHED && len == CLIENT_FINISHED_LENGTH;
        }
        if (!ok) {
            throw badLength(type, len);
        }
    }

    static TunnelHandshakeException badLength(int type, int len) {
        return new TunnelHandshakeException("handshake message 0x" + Integer.toHexString(type) + ": bad length " + len);
    }
}
