package io.gmflux.pipeline.tunnel;

import java.util.Arrays;

/**
 * The ClientHello of codecs/PROXY.md §2, encoded and decoded with its named offsets (relative to the
 * frame's body, after the 3-byte header of §1). Checks the layout only (magic, suite count, length);
 * what the values mean is {@link TunnelHandshake}'s to judge. Arrays are neither copied nor wiped:
 * all of them are public values.
 *
 * @param version the protocol version (0x01)
 * @param rekeyLog2 the client's key-update interval
 * @param suiteIds suite ids in the client's order of preference, 1 to {@link TunnelFrame#MAX_SUITES}
 * @param serverFp the fingerprint of the server key the client expects
 * @param clientFp the fingerprint of the client's static key
 * @param ephemeral R_A, {@code 04 || x || y}
 */
record ClientHello(int version, int rekeyLog2, byte[] suiteIds, Fingerprint serverFp, Fingerprint clientFp,
        byte[] ephemeral) {

    static final int MAGIC_AT = 0;
    static final int VERSION_AT = 4;
    static final int REKEY_AT = 5;
    static final int COUNT_AT = 6;
    static final int SUITES_AT = 7;

    /** Offset of server_fp for {@code n} suites: 7 + n. */
    static int serverFpAt(int n) {
        return SUITES_AT + n;
    }

    /** Offset of client_fp for {@code n} suites: 39 + n. */
    static int clientFpAt(int n) {
        return serverFpAt(n) + Fingerprint.LENGTH;
    }

    /** Offset of R_A for {@code n} suites: 71 + n. */
    static int ephemeralAt(int n) {
        return clientFpAt(n) + Fingerprint.LENGTH;
    }

    /** The whole frame, header included. */
    byte[] encode() {
        int n = suiteIds.length;
        byte[] f = TunnelFrame.newFrame(TunnelFrame.CLIENT_HELLO, TunnelFrame.clientHelloLength(n));
        int b = TunnelFrame.HEADER_LENGTH;
        System.arraycopy(TunnelFrame.MAGIC, 0, f, b + MAGIC_AT, TunnelFrame.MAGIC.length);
        f[b + VERSION_AT] = (byte) version;
        f[b + REKEY_AT] = (byte) rekeyLog2;
        f[b + COUNT_AT] = (byte) n;
        System.arraycopy(suiteIds, 0, f, b + SUITES_AT, n);
        System.arraycopy(serverFp.bytes(), 0, f, b + serverFpAt(n), Fingerprint.LENGTH);
        System.arraycopy(clientFp.bytes(), 0, f, b + clientFpAt(n), Fingerprint.LENGTH);
        System.arraycopy(ephemeral, 0, f, b + ephemeralAt(n), TunnelFrame.POINT_LENGTH);
        return f;
    }

    /** Parses a whole ClientHello frame; a wrong type, magic, suite count or length is a typed failure. */
    static ClientHello decode(byte[] f) throws TunnelHandshakeException {
        TunnelFrame.checkHeader(f, TunnelFrame.CLIENT_HELLO);
        int b = TunnelFrame.HEADER_LENGTH;
        if (f.length < b + SUITES_AT
                || !Arrays.equals(f, b + MAGIC_AT, b + MAGIC_AT + TunnelFrame.MAGIC.length, TunnelFrame.MAGIC, 0, TunnelFrame.MAGIC.length)) {
            throw new TunnelHandshakeException("not a gmflux tunnel client (bad magic)");
        }
        int n = f[b + COUNT_AT] & 0xff;
        if (n < 1 || n > TunnelFrame.MAX_SUITES || f.length != b + TunnelFrame.clientHelloLength(n)) {
            throw new TunnelHandshakeException("ClientHello: bad suite count " + n);
        }
        return new ClientHello(
                f[b + VERSION_AT] & 0xff,
                f[b + REKEY_AT] & 0xff,
                Arrays.copyOfRange(f, b + SUITES_AT, b + SUITES_AT + n),
                Fingerprint.wrap(Arrays.copyOfRange(f, b + serverFpAt(n), b + serverFpAt(n) + Fingerprint.LENGTH)),
                Fingerprint.wrap(Arrays.copyOfRange(f, b + clientFpAt(n), b + clientFpAt(n) + Fingerprint.LENGTH)),
                Arrays.copyOfRange(f, b + ephemeralAt(n), b + ephemeralAt(n) + TunnelFrame.POINT_LENGTH));
    }
}
