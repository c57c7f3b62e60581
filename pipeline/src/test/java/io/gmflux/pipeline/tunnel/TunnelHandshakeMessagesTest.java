package io.gmflux.pipeline.tunnel;

import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The handshake message records against the layouts of codecs/PROXY.md §1-§4. */
class TunnelHandshakeMessagesTest {

    @Test
    void offsetsAndLengthsAreProxyMds() {
        // §2: suites at 7, server_fp at 7+n, client_fp at 39+n, R_A at 71+n, body 136+n
        assertThat(ClientHello.SUITES_AT).isEqualTo(7);
        assertThat(ClientHello.serverFpAt(3)).isEqualTo(10);
        assertThat(ClientHello.clientFpAt(3)).isEqualTo(42);
        assertThat(ClientHello.ephemeralAt(3)).isEqualTo(74);
        assertThat(ClientHello.ephemeralAt(3) + TunnelFrame.POINT_LENGTH).isEqualTo(TunnelFrame.clientHelloLength(3));
        // §3: R_B at 3, S_B at 68, server_verify at 100, body 132
        assertThat(ServerHello.EPHEMERAL_AT).isEqualTo(3);
        assertThat(ServerHello.CONFIRMATION_AT).isEqualTo(68);
        assertThat(ServerHello.VERIFY_AT).isEqualTo(100);
        assertThat(ServerHello.LENGTH).isEqualTo(TunnelFrame.SERVER_HELLO_LENGTH).isEqualTo(132);
        // §4: S_A at 0, client_verify at 32, body 64
        assertThat(ClientFinished.VERIFY_AT).isEqualTo(32);
        assertThat(ClientFinished.LENGTH).isEqualTo(TunnelFrame.CLIENT_FINISHED_LENGTH).isEqualTo(64);
    }

    @Test
    void eachMessageDecodesWhatItEncodes() throws Exception {
        SplittableRandom rnd = new SplittableRandom(18);
        for (int n = 1; n <= TunnelFrame.MAX_SUITES; n++) {
            ClientHello ch = new ClientHello(1, 4 + n, random(rnd, n), Fingerprint.wrap(random(rnd, 32)),
                    Fingerprint.wrap(random(rnd, 32)), random(rnd, TunnelFrame.POINT_LENGTH));
            byte[] f = ch.encode();
            assertThat(f).hasSize(TunnelFrame.HEADER_LENGTH + TunnelFrame.clientHelloLength(n));
            assertThat(f[0]).isEqualTo((byte) TunnelFrame.CLIENT_HELLO);
            assertThat(((f[1] & 0xff) << 8) | (f[2] & 0xff)).isEqualTo(TunnelFrame.clientHelloLength(n));
            assertThat(new String(f, 3, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("GMTN");
            ClientHello back = ClientHello.decode(f);
            assertThat(back.version()).isEqualTo(1);
            assertThat(back.rekeyLog2()).isEqualTo(4 + n);
            assertThat(back.suiteIds()).isEqualTo(ch.suiteIds());
            assertThat(back.serverFp()).isEqualTo(ch.serverFp());
            assertThat(back.clientFp()).isEqualTo(ch.clientFp());
            assertThat(back.ephemeral()).isEqualTo(ch.ephemeral());
            assertThat(back.encode()).isEqualTo(f);
        }
        ServerHello sh = new ServerHello(1, 4, 12, random(rnd, 65), random(rnd, 32), random(rnd, 32));
        byte[] f = sh.encode();
        assertThat(f).hasSize(3 + 132);
        assertThat(f[3 + 1]).isEqualTo((byte) 4);
        assertThat(java.util.Arrays.copyOfRange(f, 3 + 68, 3 + 100)).isEqualTo(sh.confirmation());
        ServerHello shBack = ServerHello.decode(f);
        assertThat(shBack.encode()).isEqualTo(f);
        assertThat(shBack.verify()).isEqualTo(sh.verify());
        ClientFinished cf = new ClientFinished(random(rnd, 32), random(rnd, 32));
        byte[] g = cf.encode();
        assertThat(g).hasSize(3 + 64);
        ClientFinished cfBack = ClientFinished.decode(g);
        assertThat(cfBack.confirmation()).isEqualTo(cf.confirmation());
        assertThat(cfBack.verify()).isEqualTo(cf.verify());
    }

    @Test
    void aFrameOfAnotherTypeIsATypedFailure() {
        SplittableRandom rnd = new SplittableRandom(19);
        byte[] cf = new ClientFinished(random(rnd, 32), random(rnd, 32)).encode();
        assertThatThrownBy(() -> ServerHello.decode(cf))
                .isInstanceOf(TunnelHandshakeException.class).hasMessageContaining("expected handshake message 0x2");
        assertThatThrownBy(() -> ClientHello.decode(new byte[0])).isInstanceOf(TunnelHandshakeException.class);
        byte[] tiny = TunnelFrame.newFrame(TunnelFrame.CLIENT_HELLO, 2);
        assertThatThrownBy(() -> ClientHello.decode(tiny)).isInstanceOf(TunnelHandshakeException.class);
    }
}
