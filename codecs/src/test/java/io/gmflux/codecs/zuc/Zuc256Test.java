package io.gmflux.codecs.zuc;

import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.engines.Zuc256Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

class Zuc256Test {

    /** A random 25-byte IV; IV17..IV24 random 8-bit bytes (their top two bits must be ignored). */
    private static byte[] randomIv25(SplittableRandom rnd) {
        return random(rnd, 25);
    }

    private static byte[] masked(byte[] iv25) {
        byte[] m = iv25.clone();
        for (int i = 17; i < 25; i++) {
            m[i] &= 0x3F;
        }
        return m;
    }

    @Test
    void producesTheDraftKeystreamWithBothIvForms() {
        for (JsonNode v : Vectors.list("zuc256", "keystream")) {
            String id = v.get("id").asText();
            for (String ivField : new String[] {"iv_25", "iv_packed_23"}) {
                Zuc256 zuc = new Zuc256(Vectors.hex(v, "key"), Vectors.hex(v, ivField));
                JsonNode words = v.get("keystream_words");
                for (int i = 0; i < words.size(); i++) {
                    assertThat(zuc.nextWord()).as(id + " " + ivField + " z" + (i + 1))
                            .isEqualTo((int) Long.parseLong(words.get(i).asText(), 16));
                }
            }
        }
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputs() {
        SplittableRandom rnd = new SplittableRandom(0x2C256L);
        for (int c = 0; c < 1000; c++) {
            byte[] key = random(rnd, 32);
            byte[] iv = randomIv25(rnd);
            int len = rnd.nextInt(2501); // BouncyCastle stops after 625 words per key/IV
            byte[] in = random(rnd, len);
            Zuc256Engine bc = new Zuc256Engine();
            bc.init(true, new ParametersWithIV(new KeyParameter(key), masked(iv)));
            byte[] expected = new byte[len];
            bc.processBytes(in, 0, len, expected, 0);
            byte[] out = new byte[len];
            new Zuc256(key, iv).xorKeystream(in, 0, len, out, 0);
            assertThat(out).as("seed 0x2C256 case %d len %d", c, len).isEqualTo(expected);
            byte[] viaPacked = new byte[len];
            new Zuc256(key, ZucReference.packIv(masked(iv))).xorKeystream(in, 0, len, viaPacked, 0);
            assertThat(viaPacked).as("packed IV, case %d", c).isEqualTo(expected);
        }
    }

    @Test
    void keystreamBeyondBouncyCastlesCapMatchesItsUncappedEngine() {
        SplittableRandom rnd = new SplittableRandom(256);
        for (int c = 0; c < 3; c++) {
            byte[] key = random(rnd, 32);
            byte[] iv = masked(randomIv25(rnd));
            int n = (1 << 20) + rnd.nextInt(100);
            byte[] ours = new byte[n];
            new Zuc256(key, iv).keystream(ours, 0, n);
            assertThat(ours).as("case %d", c).isEqualTo(ZucReference.zuc256Keystream(key, iv, 0, n));
            Zuc256 words = new Zuc256(key, iv);
            for (int i = 0; i + 4 <= n; i += 4) {
                int w = words.nextWord();
                if (w != ZucReference.word(Arrays.copyOfRange(ours, i, i + 4))) {
                    throw new AssertionError("case " + c + " word " + i / 4);
                }
            }
        }
    }

    @Test
    void xorKeystreamSplitAtRandomPointsEqualsOneShotInPlace() {
        SplittableRandom rnd = new SplittableRandom(2561);
        for (int c = 0; c < 100; c++) {
            byte[] key = random(rnd, 32);
            byte[] iv = random(rnd, 23);
            int len = rnd.nextInt(20000);
            byte[] in = random(rnd, len);
            byte[] oneShot = new byte[len];
            new Zuc256(key, iv).xorKeystream(in, 0, len, oneShot, 0);
            byte[] data = in.clone();
            Zuc256 zuc = new Zuc256(key, iv);
            int pos = 0;
            while (pos < len) {
                int step = Math.min(len - pos, rnd.nextInt(3) == 0 ? rnd.nextInt(500) : rnd.nextInt(9));
                zuc.xorKeystream(data, pos, step, data, pos);
                pos += step;
            }
            assertThat(data).as("seed 2561 case %d len %d", c, len).isEqualTo(oneShot);
        }
    }

    @Test
    void ignoresTheTopTwoBitsOfIv17ToIv24() {
        SplittableRandom rnd = new SplittableRandom(3);
        byte[] key = random(rnd, 32);
        byte[] iv = randomIv25(rnd);
        byte[] a = new byte[64];
        byte[] b = new byte[64];
        new Zuc256(key, iv).keystream(a, 0, 64);
        new Zuc256(key, masked(iv)).keystream(b, 0, 64);
        assertThat(a).isEqualTo(b);
        byte[] changed = masked(iv);
        changed[24] ^= 0x01;
        new Zuc256(key, changed).keystream(b, 0, 64);
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void rejectsBadArguments() {
        byte[] k = new byte[32];
        byte[] iv = new byte[25];
        assertThatThrownBy(() -> new Zuc256(null, iv)).isInstanceOf(NullPointerException.class).hasMessageContaining("key32");
        assertThatThrownBy(() -> new Zuc256(k, null)).isInstanceOf(NullPointerException.class).hasMessageContaining("iv");
        assertThatThrownBy(() -> new Zuc256(new byte[16], iv)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key32");
        for (int bad : new int[] {0, 16, 22, 24, 26}) {
            assertThatThrownBy(() -> new Zuc256(k, new byte[bad])).as("iv length %d", bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("iv");
        }
        Zuc256 zuc = new Zuc256(k, iv);
        assertThatThrownBy(() -> zuc.xorKeystream(new byte[4], 0, 5, new byte[5], 0))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("in");
        zuc.destroy();
        assertThatThrownBy(zuc::nextWord).isInstanceOf(IllegalStateException.class);
    }
}
