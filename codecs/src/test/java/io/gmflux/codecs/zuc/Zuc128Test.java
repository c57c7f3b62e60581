package io.gmflux.codecs.zuc;

import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.testing.Vectors;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.engines.Zuc128Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

class Zuc128Test {

    @Test
    void producesTheStandardKeystreamWords() {
        for (JsonNode v : Vectors.list("zuc128", "keystream")) {
            String id = v.get("id").asText();
            Zuc128 zuc = new Zuc128(Vectors.hex(v, "key"), Vectors.hex(v, "iv"));
            JsonNode words = v.get("keystream_words");
            for (int i = 0; i < words.size(); i++) {
                assertThat(Integer.toHexString(zuc.nextWord())).as(id + " z" + (i + 1))
                        .isEqualTo(Integer.toHexString((int) Long.parseLong(words.get(i).asText(), 16)));
            }
            if (v.has("keystream_word_2000")) {
                Zuc128 again = new Zuc128(Vectors.hex(v, "key"), Vectors.hex(v, "iv"));
                byte[] ks = new byte[4 * 2000];
                again.keystream(ks, 0, ks.length);
                assertThat(Hex.encode(java.util.Arrays.copyOfRange(ks, 4 * 1999, 4 * 2000))).as(id + " z2000")
                        .isEqualTo(v.get("keystream_word_2000").asText());
            }
        }
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputs() {
        SplittableRandom rnd = new SplittableRandom(0x2C128L);
        for (int c = 0; c < 1000; c++) {
            byte[] key = random(rnd, 16);
            byte[] iv = random(rnd, 16);
            int len = rnd.nextInt(4097);
            byte[] in = random(rnd, len);
            Zuc128Engine bc = new Zuc128Engine();
            bc.init(true, new ParametersWithIV(new KeyParameter(key), iv));
            byte[] expected = new byte[len];
            bc.processBytes(in, 0, len, expected, 0);
            byte[] out = new byte[len + 3];
            new Zuc128(key, iv).xorKeystream(in, 0, len, out, 3);
            assertThat(java.util.Arrays.copyOfRange(out, 3, 3 + len)).as("seed 0x2C128 case %d len %d", c, len)
                    .isEqualTo(expected);
        }
    }

    @Test
    void keystreamIsUnlimitedAndMatchesTheWordGenerator() {
        SplittableRandom rnd = new SplittableRandom(77);
        byte[] key = random(rnd, 16);
        byte[] iv = random(rnd, 16);
        int n = 1 << 20; // far beyond BouncyCastle's 2047-word cap
        byte[] bulk = new byte[n];
        new Zuc128(key, iv).keystream(bulk, 0, n);
        Zuc128 words = new Zuc128(key, iv);
        for (int i = 0; i < n; i += 4) {
            int w = words.nextWord();
            int b = ((bulk[i] & 0xFF) << 24) | ((bulk[i + 1] & 0xFF) << 16) | ((bulk[i + 2] & 0xFF) << 8)
                    | (bulk[i + 3] & 0xFF);
            if (w != b) {
                throw new AssertionError("word " + (i / 4) + ": bulk " + Integer.toHexString(b) + " word-by-word "
                        + Integer.toHexString(w));
            }
        }
        assertThat(bulk).isEqualTo(ZucReference.zuc128Keystream(key, iv, n));
    }

    @Test
    void xorKeystreamSplitAtRandomPointsEqualsOneShot() {
        SplittableRandom rnd = new SplittableRandom(4242);
        for (int c = 0; c < 200; c++) {
            byte[] key = random(rnd, 16);
            byte[] iv = random(rnd, 16);
            int len = c < 4 ? rnd.nextInt(1 << 20) : rnd.nextInt(5000);
            byte[] in = random(rnd, len);
            byte[] oneShot = new byte[len];
            new Zuc128(key, iv).xorKeystream(in, 0, len, oneShot, 0);
            byte[] pieces = new byte[len];
            Zuc128 zuc = new Zuc128(key, iv);
            int pos = 0;
            while (pos < len) {
                int step = Math.min(len - pos, rnd.nextInt(4) == 0 ? rnd.nextInt(c < 4 ? 30000 : 300) : rnd.nextInt(9));
                zuc.xorKeystream(in, pos, step, pieces, pos);
                pos += step;
            }
            assertThat(pieces).as("seed 4242 case %d len %d", c, len).isEqualTo(oneShot);
        }
    }

    @Test
    void nextWordContinuesTheByteStreamAtAnyOffset() {
        SplittableRandom rnd = new SplittableRandom(9);
        byte[] key = random(rnd, 16);
        byte[] iv = random(rnd, 16);
        byte[] ref = ZucReference.zuc128Keystream(key, iv, 4000);
        Zuc128 zuc = new Zuc128(key, iv);
        int pos = 0;
        while (pos < 3900) {
            if (rnd.nextBoolean()) {
                int w = zuc.nextWord();
                assertThat(w).as("word at byte %d", pos).isEqualTo(ZucReference.word(
                        java.util.Arrays.copyOfRange(ref, pos, pos + 4)));
                pos += 4;
            } else {
                int n = rnd.nextInt(70);
                byte[] out = new byte[n];
                zuc.keystream(out, 0, n);
                assertThat(out).as("bytes at %d", pos).isEqualTo(java.util.Arrays.copyOfRange(ref, pos, pos + n));
                pos += n;
            }
        }
    }

    @Test
    void worksInPlace() {
        SplittableRandom rnd = new SplittableRandom(5);
        byte[] key = random(rnd, 16);
        byte[] iv = random(rnd, 16);
        byte[] data = random(rnd, 1000);
        byte[] expected = new byte[1000];
        new Zuc128(key, iv).xorKeystream(data, 0, 1000, expected, 0);
        new Zuc128(key, iv).xorKeystream(data, 0, 1000, data, 0);
        assertThat(data).isEqualTo(expected);
    }

    @Test
    void rejectsBadArguments() {
        byte[] k = new byte[16];
        assertThatThrownBy(() -> new Zuc128(null, k)).isInstanceOf(NullPointerException.class).hasMessageContaining("key16");
        assertThatThrownBy(() -> new Zuc128(k, null)).isInstanceOf(NullPointerException.class).hasMessageContaining("iv16");
        assertThatThrownBy(() -> new Zuc128(new byte[15], k)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key16");
        assertThatThrownBy(() -> new Zuc128(k, new byte[17])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("iv16");
        Zuc128 zuc = new Zuc128(k, k);
        assertThatThrownBy(() -> zuc.keystream(null, 0, 1)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("out");
        assertThatThrownBy(() -> zuc.keystream(new byte[4], 2, 3)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> zuc.keystream(new byte[4], 0, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> zuc.xorKeystream(null, 0, 1, new byte[1], 0)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("in");
        assertThatThrownBy(() -> zuc.xorKeystream(new byte[8], 0, 8, new byte[7], 0))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("out");
        // A rejected call does not consume keystream.
        assertThat(zuc.nextWord()).isEqualTo(new Zuc128(k, k).nextWord());
    }

    @Test
    void destroyZeroesAndDisables() {
        Zuc128 zuc = new Zuc128(new byte[16], new byte[16]);
        zuc.nextWord();
        zuc.destroy();
        assertThatThrownBy(zuc::nextWord).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> zuc.keystream(new byte[1], 0, 1)).isInstanceOf(IllegalStateException.class);
    }
}
