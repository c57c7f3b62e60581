package io.gmflux.pipeline.tunnel;

import java.util.Arrays;

/**
 * The ClientFinished of codecs/PROXY.md §4, encoded and decoded with its named offsets (relative to
 * the frame's body, after the 3-byte header of §1). TH2 covers the frame's first
 * {@link #UNVERIFIED_LENGTH} bytes, everything but client_verify. Arrays are neither copied nor
 * wiped: both are public values.
 *
 * @param confirmation S_A, 32 bytes
 * @param verify client_verify, 32 bytes
 */
record ClientFinished(byte[] confirmation, byte[] verify) {

    static final int CONFIRMATION_AT = 0;
    static final int VERIFY_AT = CONFIRMATION_AT + TunnelFrame.CONFIRMATION_LENGTH;
    static final int LENGTH = VERIFY_AT + TunnelFrame.VERIFY_LENGTH;
    /** The frame's bytes before client_verify: what TH2 covers of the ClientFinished. */
    static final int UNVERIFIED_LENGTH = TunnelFrame.HEADER_LENGTH + VERIFY_AT;

    /** The whole frame, header included. */
    byte[] encode() {
        byte[] f = TunnelFrame.newFrame(TunnelFrame.CLIENT_FINISHED, LENGTH);
        int b = TunnelFrame.HEADER_LENGTH;
        System.arraycopy(confirmation, 0, f, b + CONFIRMATION_AT, TunnelFrame.CONFIRMATION_LENGTH);
        System.arraycopy(verify, 0, f, b + VERIFY_AT, TunnelFrame.VERIFY_LENGTH);
        return f;
    }

    /** Parses a whole ClientFinished frame; a wrong type or length is a typed failure. */
    static ClientFinished decode(byte[] f) throws TunnelHandshakeException {
        TunnelFrame.checkHeader(f, TunnelFrame.CLIENT_FINISHED);
        if (f.length != TunnelFrame.HEADER_LENGTH + LENGTH) {
            throw TunnelFrame.badLength(TunnelFrame.CLIENT_FINISHED, f.length - TunnelFrame.HEADER_LENGTH);
        }
        int b = TunnelFrame.HEADER_LENGTH;
        return new ClientFinished(
                Arrays.copyOfRange(f, b + CONFIRMATION_AT, b + CONFIRMATION_AT + TunnelFrame.CONFIRMATION_LENGTH),
                Arrays.copyOfRange(f, b + VERIFY_AT, b + VERIFY_AT + TunnelFrame.VERIFY_LENGTH));
    }
}
