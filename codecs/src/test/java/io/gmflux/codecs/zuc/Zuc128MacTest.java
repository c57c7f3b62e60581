package io.gmflux.codecs.zuc;

import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Bytes;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

class Zuc128MacTest {

    private static byte[] bc(byte[] key, byte[] iv, byte[] msg) {
        org.bouncycastle.crypto.macs.Zuc128Mac bc = new org.bouncycastle.crypto.macs.Zuc128Mac();
        bc.init(new ParametersWithIV(new KeyParameter(key), iv));
        bc.update(msg, 0, msg.length);
        byte[] out = new byte[4];
        bc.doFinal(out, 0);
        return out;
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputs() {
        SplittableRandom rnd = new SplittableRandom(0x128AL);
        for (int c = 0; c < 1000; c++) {
            byte[] key = random(rnd, 16);
            byte[] iv = random(rnd, 16);
            byte[] msg = random(rnd, rnd.nextInt(4097));
            Zuc128Mac mac = new Zuc128Mac(key, iv);
            mac.update(msg);
            assertThat(mac.doFinal()).as("seed 0x128A case %d len %d", c, msg.length).isEqualTo(bc(key, iv, msg));
        }
    }

    @Test
    void agreesWithBouncyCastleOnEmptyAndShortMessages() {
        SplittableRandom rnd = new SplittableRandom(0x128BL);
        for (int len = 0; len <= 72; len++) {
            byte[] key = random(rnd, 16);
            byte[] iv = random(rnd, 16);
            byte[] msg = random(rnd, len);
            Zuc128Mac mac = new Zuc128Mac(key, iv);
            for (byte b : msg) {
                mac.update(b);
            }
            assertThat(mac.doFinal()).as("len %d", len).isEqualTo(bc(key, iv, msg));
        }
    }

    @Test
    void equalsEia3WithTheEia3Iv() {
        SplittableRandom rnd = new SplittableRandom(17);
        for (int c = 0; c < 100; c++) {
            byte[] key = random(rnd, 16);
            byte[] msg = random(rnd, rnd.nextInt(3000));
            Zuc128Mac mac = new Zuc128Mac(key, ZucReference.eia3Iv(c * 7919, c & 31, c & 1));
            mac.update(msg);
            byte[] expected = new byte[4];
            Bytes.putIntBE(expected, 0, Eia3.mac(key, c * 7919, c & 31, c & 1, msg, 0, 8L * msg.length));
            assertThat(mac.doFinal()).as("case %d", c).isEqualTo(expected);
        }
    }

    @Test
    void updatesSplitAtRandomPointsEqualOneShotAndDoFinalResets() {
        SplittableRandom rnd = new SplittableRandom(18);
        for (int c = 0; c < 300; c++) {
            byte[] key = random(rnd, 16);
            byte[] iv = random(rnd, 16);
            byte[] msg = random(rnd, rnd.nextInt(c < 10 ? 200_000 : 3000));
            Zuc128Mac oneShot = new Zuc128Mac(key, iv);
            oneShot.update(msg, 0, msg.length);
            byte[] expected = oneShot.doFinal();
            Zuc128Mac mac = new Zuc128Mac(key, iv);
            mac.update(new byte[] {1, 2, 3}); // discarded by reset
            mac.reset();
            for (int round = 0; round < 2; round++) { // doFinal resets: the same tag twice
                int pos = 0;
                while (pos < msg.length) {
                    if (rnd.nextInt(4) == 0) {
                        mac.update(msg[pos++]);
                    } else {
                        int step = Math.min(msg.length - pos, rnd.nextInt(2) == 0 ? rnd.nextInt(7) : rnd.nextInt(5000));
                        mac.update(msg, pos, step);
                        pos += step;
                    }
                }
                assertThat(mac.doFinal()).as("seed 18 case %d round %d", c, round).isEqualTo(expected);
            }
        }
    }

    @Test
    void matchesTheReferenceBeyondBouncyCastlesCap() {
        SplittableRandom rnd = new SplittableRandom(19);
        byte[] key = random(rnd, 16);
        byte[] iv = random(rnd, 16);
        byte[] msg = random(rnd, 100_003);
        Zuc128Mac mac = new Zuc128Mac(key, iv);
        mac.update(msg);
        byte[] expected = new byte[4];
        Bytes.putIntBE(expected, 0, ZucReference.eia3(key, iv, msg, 8L * msg.length));
        assertThat(mac.doFinal()).isEqualTo(expected);
    }

    @Test
    void rejectsTamperedMessages() {
        SplittableRandom rnd = new SplittableRandom(20);
        byte[] key = random(rnd, 16);
        byte[] iv = random(rnd, 16);
        byte[] msg = random(rnd, 300);
        Zuc128Mac mac = new Zuc128Mac(key, iv);
        mac.update(msg);
        byte[] tag = mac.doFinal();
        for (int i = 0; i < msg.length * 8; i++) {
            msg[i >>> 3] ^= (byte) (0x80 >>> (i & 7));
            mac.update(msg);
            assertThat(mac.doFinal()).as("bit %d flipped", i).isNotEqualTo(tag);
            msg[i >>> 3] ^= (byte) (0x80 >>> (i & 7));
        }
        mac.update(msg, 0, msg.length - 1);
        assertThat(mac.doFinal()).as("truncated").isNotEqualTo(tag);
        mac.update(msg);
        mac.update((byte) 0);
        assertThat(mac.doFinal()).as("extended by a zero byte").isNotEqualTo(tag);
    }

    @Test
    void rejectsBadArguments() {
        byte[] k = new byte[16];
        assertThatThrownBy(() -> new Zuc128Mac(null, k)).isInstanceOf(NullPointerException.class).hasMessageContaining("key16");
        assertThatThrownBy(() -> new Zuc128Mac(k, new byte[15])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("iv16");
        Zuc128Mac mac = new Zuc128Mac(k, k);
        assertThatThrownBy(() -> mac.update(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("in");
        assertThatThrownBy(() -> mac.update(new byte[3], 2, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        mac.destroy();
        assertThatThrownBy(mac::doFinal).isInstanceOf(IllegalStateException.class);
    }
}
