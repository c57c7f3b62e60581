package io.gmflux.pipeline.tunnel;

import java.util.Arrays;

/**
 * The ServerHello of codecs/PROXY.md §3, encoded and decoded with its named offsets (relative to the
 * frame's body, after the 3-byte header of §1). Checks the layout only. TH1 covers the frame's first
 * {@link #UNVERIFIED_LENGTH} bytes, everything but server_verify. Arrays are neither copied nor
 * wiped: all of them are public values.
 *
 * @param version the protocol version (0x01)
 * @param suiteId the suite the server chose
 * @param rekeyLog2 the agreed key-update interval
 * @param ephemeral R_B, {@code 04 || x || y}
 * @param confirmation S_B, 32 bytes
 * @param verify server_verify, 32 bytes
 */
record ServerHello(int version, int suiteId, int rekeyLog2, byte[] ephemeral, byte[] confirmation, byte[] verify) {

    static final int VERSION_AT = 0;
    static final int SUITE_AT = 1;
    static final int REKEY_AT = 2;
    static final int EPHEMERAL_AT = 3;
    static final int CONFIRMATION_AT = EPHEMERAL_AT + TunnelFrame.POINT_LENGTH;
    static final int VERIFY_AT = CONFIRMATION_AT + TunnelFrame.CONFIRMATION_LENGTH;
    static final int LENGTH = VERIFY_AT + TunnelFrame.VERIFY_LENGTH;
    /** The frame's bytes before server_verify: what TH1 covers of the ServerHello. */
    static final int UNVERIFIED_LENGTH = TunnelFrame.HEADER_LENGTH + VERIFY_AT;

    /** The whole frame, header included. */
    byte[] encode() {
        byte[] f = TunnelFrame.newFrame(TunnelFrame.SERVER_HELLO, LENGTH);
        int b = TunnelFrame.HEADER_LENGTH;
        f[b + VERSION_AT] = (byte) version;
        f[b + SUITE_AT] = (byte) suiteId;
        f[b + REKEY_AT] = (byte) rekeyLog2;
        System.arraycopy(ephemeral, 0, f, b + EPHEMERAL_AT, TunnelFrame.POINT_LENGTH);
        System.arraycopy(confirmation, 0, f, b + CONFIRMATION_AT, TunnelFrame.CONFIRMATION_LENGTH);
        System.arraycopy(verify, 0, f, b + VERIFY_AT, TunnelFrame.VERIFY_LENGTH);
        return f;
    }

    /** Parses a whole ServerHello frame; a wrong type or length is a typed failure. */
    static ServerHello decode(byte[] f) throws TunnelHandshakeException {
        TunnelFrame.checkHeader(f, TunnelFrame.SERVER_HELLO);
        if (f.length != TunnelFrame.HEADER_LENGTH + LENGTH) {
            throw TunnelFrame.badLength(TunnelFrame.SERVER_HELLO, f.length - TunnelFrame.HEADER_LENGTH);
        }
        int b = TunnelFrame.HEADER_LENGTH;
        return new ServerHello(
                f[b + VERSION_AT] & 0xff,
                f[b + SUITE_AT] & 0xff,
                f[b + REKEY_AT] & 0xff,
                Arrays.copyOfRange(f, b + EPHEMERAL_AT, b + EPHEMERAL_AT + TunnelFrame.POINT_LENGTH),
                Arrays.copyOfRange(f, b + CONFIRMATION_AT, b + CONFIRMATION_AT + TunnelFrame.CONFIRMATION_LENGTH),
                Arrays.copyOfRange(f, b + VERIFY_AT, b + VERIFY_AT + TunnelFrame.VERIFY_LENGTH));
    }
}
