package io.gmflux.pipeline.tunnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The handshake state machine on its own, without Netty: whole frames in, frames and typed failures out. */
class TunnelHandshakeTest {

    private static TunnelHandshake client() {
        return new TunnelHandshake(TunnelConfig.client(TunnelPair.CLIENT.privateKey(), TunnelPair.SERVER.publicKey()));
    }

    private static TunnelHandshake server() {
        return new TunnelHandshake(TunnelConfig.server(TunnelPair.SERVER.privateKey(), List.of(TunnelPair.CLIENT.publicKey())));
    }

    /** The three frames of one complete handshake between {@code c} and {@code s}. */
    private static byte[][] run(TunnelHandshake c, TunnelHandshake s) throws TunnelHandshakeException {
        byte[] ch = c.start();
        byte[] sh = s.onClientHello(ch);
        byte[] cf = c.onServerHello(sh);
        s.onClientFinished(cf);
        return new byte[][] {ch, sh, cf};
    }

    private static void assertFailed(TunnelHandshake h) {
        assertThat(h.state()).isEqualTo(TunnelHandshake.State.FAILED);
        assertThatThrownBy(h::established).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void walksTheStatesAndAgreesOnCrossedSecrets() throws Exception {
        TunnelHandshake c = client();
        TunnelHandshake s = server();
        assertThat(c.state()).isEqualTo(TunnelHandshake.State.START);
        assertThat(s.state()).isEqualTo(TunnelHandshake.State.AWAIT_CLIENT_HELLO);
        byte[] ch = c.start();
        assertThat(c.state()).isEqualTo(TunnelHandshake.State.AWAIT_SERVER_HELLO);
        assertThat(c.expectedType()).isEqualTo(TunnelFrame.SERVER_HELLO);
        byte[] sh = s.onClientHello(ch);
        assertThat(s.state()).isEqualTo(TunnelHandshake.State.AWAIT_CLIENT_FINISHED);
        assertThat(sh).hasSize(TunnelFrame.HEADER_LENGTH + TunnelFrame.SERVER_HELLO_LENGTH);
        byte[] cf = c.onServerHello(sh);
        assertThat(c.state()).isEqualTo(TunnelHandshake.State.ESTABLISHED);
        assertThat(cf).hasSize(TunnelFrame.HEADER_LENGTH + TunnelFrame.CLIENT_FINISHED_LENGTH);
        s.onClientFinished(cf);
        assertThat(s.state()).isEqualTo(TunnelHandshake.State.ESTABLISHED);
        assertThat(c.expectedType()).isEqualTo(-1);

        TunnelHandshake.Established ce = c.established();
        TunnelHandshake.Established se = s.established();
        assertThat(ce.peerKey()).isEqualTo(TunnelPair.SERVER.publicKey());
        assertThat(se.peerKey()).isEqualTo(TunnelPair.CLIENT.publicKey());
        assertThat(ce.suite()).isEqualTo(Suite.SM4_GCM).isEqualTo(se.suite());
        assertThat(ce.rekeyLog2()).isEqualTo(20).isEqualTo(se.rekeyLog2());
        assertThat(ce.writeSecret()).hasSize(32).isEqualTo(se.readSecret());
        assertThat(ce.readSecret()).hasSize(32).isEqualTo(se.writeSecret());
        assertThat(ce.readSecret()).isNotEqualTo(ce.writeSecret());
        assertThatThrownBy(c::established).as("handed over once").isInstanceOf(IllegalStateException.class);
    }

    @Test
    void twoHandshakesNeverShareSecrets() throws Exception {
        TunnelHandshake c1 = client();
        TunnelHandshake s1 = server();
        run(c1, s1);
        TunnelHandshake c2 = client();
        TunnelHandshake s2 = server();
        run(c2, s2);
        assertThat(c1.established().writeSecret()).isNotEqualTo(c2.established().writeSecret());
    }

    @Test
    void outOfOrderMessagesAreTypedFailures() throws Exception {
        // the server gets a ServerHello or a ClientFinished first
        TunnelHandshake c = client();
        TunnelHandshake s = server();
        byte[][] frames = run(c, s);
        TunnelHandshake fresh = server();
        assertThatThrownBy(() -> fresh.onClientFinished(frames[2]))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("out of order");
        assertFailed(fresh);
        TunnelHandshake fresh2 = server();
        assertThatThrownBy(() -> fresh2.checkHeader(TunnelFrame.SERVER_HELLO, TunnelFrame.SERVER_HELLO_LENGTH))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("expected handshake message 0x1");
        assertFailed(fresh2);
        // the client gets a ServerHello before it sent its ClientHello, and a ClientHello
        TunnelHandshake early = client();
        assertThatThrownBy(() -> early.onServerHello(frames[1]))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("out of order");
        assertFailed(early);
        TunnelHandshake c2 = client();
        c2.start();
        assertThatThrownBy(() -> c2.onClientHello(frames[0]))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("out of order");
        assertFailed(c2);
        // a server message checked on the client side is not a ClientFinished
        TunnelHandshake c3 = client();
        c3.start();
        assertThatThrownBy(() -> c3.checkHeader(TunnelFrame.CLIENT_FINISHED, TunnelFrame.CLIENT_FINISHED_LENGTH))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("expected handshake message 0x2");
        assertFailed(c3);
    }

    @Test
    void replayedMessagesAreTypedFailures() throws Exception {
        // the same ClientHello twice on one connection
        TunnelHandshake c = client();
        TunnelHandshake s = server();
        byte[] ch = c.start();
        s.onClientHello(ch);
        assertThatThrownBy(() -> s.onClientHello(ch))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("out of order");
        assertFailed(s);

        // a ClientFinished after the handshake completed
        TunnelHandshake c1 = client();
        TunnelHandshake s1 = server();
        byte[][] frames = run(c1, s1);
        assertThatThrownBy(() -> s1.onClientFinished(frames[2])).isInstanceOf(TunnelHandshakeException.class);
        assertThat(s1.state()).isEqualTo(TunnelHandshake.State.FAILED);

        // an earlier session's ClientHello and ClientFinished replayed to a fresh server: its new
        // ephemeral key changes the shared key and the transcript
        TunnelHandshake s2 = server();
        s2.onClientHello(frames[0]);
        assertThatThrownBy(() -> s2.onClientFinished(frames[2]))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("key confirmation failed");
        assertFailed(s2);

        // an earlier session's ServerHello replayed to a client: its own fresh R_A makes S_B differ
        TunnelHandshake c2 = client();
        c2.start();
        assertThatThrownBy(() -> c2.onServerHello(frames[1]))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("key confirmation failed");
        assertFailed(c2);
    }

    @Test
    void wrongLengthsAreTypedFailures() throws Exception {
        // announced in the header, before the body arrives
        for (int[] typeAndLength : new int[][] {
                {TunnelFrame.CLIENT_HELLO, TunnelFrame.clientHelloLength(1) - 1},
                {TunnelFrame.CLIENT_HELLO, TunnelFrame.clientHelloLength(TunnelFrame.MAX_SUITES) + 1},
                {TunnelFrame.CLIENT_HELLO, 0}}) {
            TunnelHandshake s = server();
            assertThatThrownBy(() -> s.checkHeader(typeAndLength[0], typeAndLength[1]))
                    .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("bad length " + typeAndLength[1]);
            assertFailed(s);
        }
        TunnelHandshake c = client();
        byte[] ch = c.start();
        TunnelHandshake s = server();
        byte[] sh = s.onClientHello(ch);
        TunnelHandshake cShort = client();
        cShort.start();
        assertThatThrownBy(() -> cShort.checkHeader(TunnelFrame.SERVER_HELLO, TunnelFrame.SERVER_HELLO_LENGTH - 1))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("bad length");
        assertFailed(cShort);
        byte[] cf = c.onServerHello(sh);
        TunnelHandshake sLong = server();
        sLong.onClientHello(freshClientHello());
        assertThatThrownBy(() -> sLong.checkHeader(TunnelFrame.CLIENT_FINISHED, TunnelFrame.CLIENT_FINISHED_LENGTH + 1))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("bad length");
        assertFailed(sLong);

        // whole frames whose body does not match their message's length
        byte[] longCf = withBody(cf, Arrays.copyOf(Arrays.copyOfRange(cf, 3, cf.length), TunnelFrame.CLIENT_FINISHED_LENGTH + 1));
        TunnelHandshake s2 = server();
        s2.onClientHello(freshClientHello());
        assertThatThrownBy(() -> s2.onClientFinished(longCf))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("bad length 65");
        assertFailed(s2);
        byte[] shortSh = withBody(sh, Arrays.copyOfRange(sh, 3, sh.length - 1));
        TunnelHandshake c2 = client();
        c2.start();
        assertThatThrownBy(() -> c2.onServerHello(shortSh))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("bad length 131");
        assertFailed(c2);
        // a ClientHello one byte longer than its suite count says
        byte[] longCh = withBody(ch, Arrays.copyOf(Arrays.copyOfRange(ch, 3, ch.length), ch.length - 3 + 1));
        TunnelHandshake s3 = server();
        assertThatThrownBy(() -> s3.onClientHello(longCh))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("bad suite count");
        assertFailed(s3);
        // a length field that disagrees with the frame's size
        byte[] lying = cf.clone();
        lying[2]--;
        TunnelHandshake s4 = server();
        s4.onClientHello(freshClientHello());
        assertThatThrownBy(() -> s4.onClientFinished(lying))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("length field");
        assertFailed(s4);
    }

    @Test
    void nothingIsAcceptedAfterAFailure() throws Exception {
        TunnelHandshake s = server();
        byte[] ch = freshClientHello();
        byte[] bad = ch.clone();
        bad[TunnelFrame.HEADER_LENGTH + ClientHello.MAGIC_AT] ^= 1;
        assertThatThrownBy(() -> s.onClientHello(bad))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("bad magic");
        assertFailed(s);
        assertThatThrownBy(() -> s.onClientHello(ch))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("after the handshake failed");
        assertFailed(s);
    }

    @Test
    void anUntrustedClientIsRefusedTyped() throws Exception {
        TunnelHandshake stranger = new TunnelHandshake(
                TunnelConfig.client(Sm2KeyPair.generate().privateKey(), TunnelPair.SERVER.publicKey()));
        TunnelHandshake s = server();
        byte[] ch = stranger.start();
        assertThatThrownBy(() -> s.onClientHello(ch)).isInstanceOf(TunnelUntrustedPeerException.class);
        assertFailed(s);
    }

    @Test
    void destroyAbandonsAHandshakeInProgress() throws Exception {
        TunnelHandshake c = client();
        TunnelHandshake s = server();
        s.onClientHello(c.start());
        s.destroy();
        assertFailed(s);
        s.destroy();
        assertFailed(s);
    }

    private static byte[] freshClientHello() throws TunnelHandshakeException {
        return client().start();
    }

    /** {@code frame}'s header with its length field set for {@code body}, followed by {@code body}. */
    private static byte[] withBody(byte[] frame, byte[] body) {
        byte[] f = TunnelFrame.newFrame(frame[0], body.length);
        System.arraycopy(body, 0, f, TunnelFrame.HEADER_LENGTH, body.length);
        return f;
    }
}
