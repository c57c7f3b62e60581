package io.gmflux.codecs.zuc;

import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

class Zuc256MacTest {

    private static final int[] TAG_BITS = {32, 64, 128};

    private static byte[] randomIv25(SplittableRandom rnd) {
        byte[] iv = random(rnd, 25);
        for (int i = 17; i < 25; i++) {
            iv[i] &= 0x3F;
        }
        return iv;
    }

    @Test
    void computesTheDraftTagsWithBothIvForms() {
        for (JsonNode v : Vectors.list("zuc256", "mac")) {
            String id = v.get("id").asText();
            byte[] msg = Vectors.hex(v, "message");
            long bits = v.get("length_bits").asLong();
            for (int t : TAG_BITS) {
                byte[] expected = Vectors.hex(v, "tag_" + t);
                for (String ivField : new String[] {"iv_25", "iv_packed_23"}) {
                    byte[] key = Vectors.hex(v, "key");
                    byte[] iv = Vectors.hex(v, ivField);
                    assertThat(Zuc256Mac.mac(key, iv, t, msg, 0, bits)).as(id + " " + ivField + " tag_" + t)
                            .isEqualTo(expected);
                    if (bits % 8 == 0) {
                        Zuc256Mac mac = new Zuc256Mac(key, iv, t);
                        mac.update(msg, 0, (int) (bits / 8));
                        assertThat(mac.doFinal()).as(id + " streaming " + ivField + " tag_" + t).isEqualTo(expected);
                    }
                }
            }
        }
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputs() {
        SplittableRandom rnd = new SplittableRandom(0x256AL);
        for (int c = 0; c < 1200; c++) {
            int t = TAG_BITS[c % 3];
            byte[] key = random(rnd, 32);
            byte[] iv = randomIv25(rnd);
            // BouncyCastle stops after 625 keystream words per key/IV, tag words included.
            byte[] msg = random(rnd, rnd.nextInt(2400));
            org.bouncycastle.crypto.macs.Zuc256Mac bc = new org.bouncycastle.crypto.macs.Zuc256Mac(t);
            bc.init(new ParametersWithIV(new KeyParameter(key), iv));
            bc.update(msg, 0, msg.length);
            byte[] expected = new byte[t / 8];
            bc.doFinal(expected, 0);
            Zuc256Mac mac = new Zuc256Mac(key, c % 2 == 0 ? iv : ZucReference.packIv(iv), t);
            mac.update(msg);
            assertThat(mac.doFinal()).as("seed 0x256A case %d tag %d len %d", c, t, msg.length).isEqualTo(expected);
        }
    }

    @Test
    void agreesWithTheBitByBitReferenceAtRandomBitLengths() {
        SplittableRandom rnd = new SplittableRandom(0x256BL);
        for (int c = 0; c < 300; c++) {
            int t = TAG_BITS[c % 3];
            byte[] key = random(rnd, 32);
            byte[] iv = randomIv25(rnd);
            long bits = c < 60 ? rnd.nextInt(200) : rnd.nextInt(8 * 600);
            byte[] msg = random(rnd, (int) ((bits + 7) / 8));
            assertThat(Zuc256Mac.mac(key, iv, t, msg, 0, bits)).as("seed 0x256B case %d tag %d bits %d", c, t, bits)
                    .isEqualTo(ZucReference.zuc256Mac(key, iv, t, msg, bits));
        }
        byte[] key = random(rnd, 32);
        byte[] iv = randomIv25(rnd);
        byte[] msg = random(rnd, 40_000); // beyond BouncyCastle's cap
        assertThat(Zuc256Mac.mac(key, iv, 128, msg, 0, 8L * msg.length - 1))
                .isEqualTo(ZucReference.zuc256Mac(key, iv, 128, msg, 8L * msg.length - 1));
    }

    @Test
    void updatesSplitAtRandomPointsEqualOneShot() {
        SplittableRandom rnd = new SplittableRandom(21);
        for (int c = 0; c < 150; c++) {
            int t = TAG_BITS[c % 3];
            byte[] key = random(rnd, 32);
            byte[] iv = random(rnd, 23);
            byte[] msg = random(rnd, rnd.nextInt(6000));
            byte[] expected = Zuc256Mac.mac(key, iv, t, msg, 0, 8L * msg.length);
            Zuc256Mac mac = new Zuc256Mac(key, iv, t);
            for (int round = 0; round < 2; round++) {
                int pos = 0;
                while (pos < msg.length) {
                    if (rnd.nextInt(4) == 0) {
                        mac.update(msg[pos++]);
                    } else {
                        int step = Math.min(msg.length - pos, rnd.nextInt(700));
                        mac.update(msg, pos, step);
                        pos += step;
                    }
                }
                assertThat(mac.doFinal()).as("seed 21 case %d round %d", c, round).isEqualTo(expected);
            }
        }
    }

    @Test
    void rejectsTamperedMessagesAndTagsDifferPerSize() {
        SplittableRandom rnd = new SplittableRandom(22);
        byte[] key = random(rnd, 32);
        byte[] iv = randomIv25(rnd);
        byte[] msg = random(rnd, 64);
        for (int t : TAG_BITS) {
            byte[] tag = Zuc256Mac.mac(key, iv, t, msg, 0, 512);
            for (int i = 0; i < 512; i++) {
                msg[i >>> 3] ^= (byte) (0x80 >>> (i & 7));
                assertThat(Zuc256Mac.mac(key, iv, t, msg, 0, 512)).as("tag %d bit %d", t, i).isNotEqualTo(tag);
                msg[i >>> 3] ^= (byte) (0x80 >>> (i & 7));
            }
        }
        byte[] t32 = Zuc256Mac.mac(key, iv, 32, msg, 0, 512);
        byte[] t64 = Zuc256Mac.mac(key, iv, 64, msg, 0, 512);
        assertThat(java.util.Arrays.copyOf(t64, 4)).as("tag sizes use different constants").isNotEqualTo(t32);
    }

    @Test
    void rejectsBadArguments() {
        byte[] k = new byte[32];
        byte[] iv = new byte[25];
        assertThatThrownBy(() -> new Zuc256Mac(k, iv, 96)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tagBits");
        assertThatThrownBy(() -> new Zuc256Mac(null, iv, 32)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("key32");
        assertThatThrownBy(() -> new Zuc256Mac(k, new byte[24], 32)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("iv");
        assertThatThrownBy(() -> Zuc256Mac.mac(k, iv, 32, new byte[4], 0, 33)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("msg");
        assertThatThrownBy(() -> Zuc256Mac.mac(k, iv, 32, new byte[4], 0, -1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lengthBits");
        assertThatThrownBy(() -> Zuc256Mac.mac(k, iv, 32, null, 0, 0)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("msg");
        Zuc256Mac mac = new Zuc256Mac(k, iv, 64);
        assertThat(mac.tagLength()).isEqualTo(8);
        assertThatThrownBy(() -> mac.update(null, 0, 1)).isInstanceOf(NullPointerException.class);
        mac.destroy();
        assertThatThrownBy(() -> mac.update((byte) 1)).isInstanceOf(IllegalStateException.class);
    }
}
