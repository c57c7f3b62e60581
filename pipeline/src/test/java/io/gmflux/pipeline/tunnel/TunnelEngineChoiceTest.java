package io.gmflux.pipeline.tunnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm4.EngineChoice;
import io.netty.buffer.Unpooled;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The tunnel's engine choice: same records on the wire either way, and the choice survives the config's copies. */
class TunnelEngineChoiceTest {

    @ParameterizedTest
    @EnumSource(value = Suite.class, names = {"SM4_GCM", "ZUC128_EEA3_EIA3", "ZUC256_MAC128"})
    void bothEnginesSealTheSameRecordsAcrossKeyUpdates(Suite suite) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x14e9L + suite.id());
        byte[] secret = new byte[32];
        rnd.nextBytes(secret);
        TrafficKeys table = new TrafficKeys(suite, EngineChoice.TABLE, secret.clone(), TunnelConfig.MIN_REKEY_LOG2);
        TrafficKeys ct = new TrafficKeys(suite, EngineChoice.CONSTANT_TIME, secret.clone(), TunnelConfig.MIN_REKEY_LOG2);
        for (int record = 0; record < 40; record++) {   // 2^4 records an epoch: crosses two key updates
            byte[] plain = new byte[rnd.nextInt(2000)];
            rnd.nextBytes(plain);
            byte[] a = new byte[plain.length + table.tagLength()];
            byte[] b = new byte[a.length];
            table.cipher().seal(table.seq(), false, plain, 0, plain.length, a, 0);
            ct.cipher().seal(ct.seq(), false, plain, 0, plain.length, b, 0);
            assertThat(b).as("%s record %d", suite, record).isEqualTo(a);
            byte[] back = new byte[plain.length];
            ct.cipher().open(ct.seq(), false, a, 0, a.length, back, 0);
            assertThat(back).isEqualTo(plain);
            table.advance();
            ct.advance();
        }
        assertThat(ct.epoch()).isEqualTo(2);
        table.destroy();
        ct.destroy();
    }

    @Test
    void aConstantTimeClientTalksToATableServer() {
        TunnelPair t = new TunnelPair(
                TunnelConfig.client(TunnelPair.CLIENT.privateKey(), TunnelPair.SERVER.publicKey())
                        .withEngine(EngineChoice.CONSTANT_TIME),
                TunnelConfig.server(TunnelPair.SERVER.privateKey(), List.of(TunnelPair.CLIENT.publicKey())));
        t.pump();
        byte[] up = new byte[5000];
        new SplittableRandom(3).nextBytes(up);
        t.client.writeOutbound(Unpooled.copiedBuffer(up));
        t.server.writeOutbound(Unpooled.copiedBuffer(new byte[] {9, 8, 7}));
        t.pump();
        assertThat(t.serverApp.received.toByteArray()).isEqualTo(up);
        assertThat(t.clientApp.received.toByteArray()).containsExactly(9, 8, 7);
        assertThat(t.clientApp.errors).isEmpty();
        assertThat(t.serverApp.errors).isEmpty();
        t.client.finishAndReleaseAll();
        t.server.finishAndReleaseAll();
    }

    @Test
    void theChoiceDefaultsToAutoAndSurvivesTheOtherSettings() {
        TunnelConfig c = TunnelConfig.client(TunnelPair.CLIENT.privateKey(), TunnelPair.SERVER.publicKey());
        assertThat(c.engine()).isEqualTo(EngineChoice.AUTO);
        TunnelConfig ct = c.withEngine(EngineChoice.CONSTANT_TIME).withSuites(Suite.SM4_GCM).withRekeyLog2(8)
                .withHandshakeTimeout(Duration.ofSeconds(3)).withHandshakeExecutor(null)
                .withRandom(new java.security.SecureRandom());
        assertThat(ct.engine()).isEqualTo(EngineChoice.CONSTANT_TIME);
        assertThat(c.engine()).isEqualTo(EngineChoice.AUTO);
        assertThatThrownBy(() -> c.withEngine(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("engine");
    }
}
