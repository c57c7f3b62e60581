package io.gmflux.codecs.zuc;

import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.engines.Zuc128Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

class Eea3Test {

    @Test
    void encryptsAndDecryptsTheStandardTestSets() {
        for (JsonNode v : Vectors.list("zuc128", "eea3")) {
            String id = v.get("id").asText();
            byte[] key = Vectors.hex(v, "key");
            int count = (int) Long.parseLong(v.get("count").asText(), 16);
            int bearer = v.get("bearer").asInt();
            int direction = v.get("direction").asInt();
            long bits = v.get("length_bits").asLong();
            byte[] pt = Vectors.hex(v, "plaintext");
            byte[] ct = Vectors.hex(v, "ciphertext");
            byte[] out = new byte[pt.length];
            Eea3.apply(key, count, bearer, direction, pt, 0, bits, out, 0);
            assertThat(out).as(id).isEqualTo(ct);
            byte[] back = ct.clone();
            Eea3.apply(key, count, bearer, direction, back, 0, bits, back, 0);
            assertThat(back).as(id + " decrypt in place").isEqualTo(pt);
        }
    }

    @Test
    void agreesWithBouncyCastleKeystreamAtRandomBitLengths() {
        SplittableRandom rnd = new SplittableRandom(0xEEA3L);
        for (int c = 0; c < 1000; c++) {
            byte[] key = random(rnd, 16);
            int count = rnd.nextInt();
            int bearer = rnd.nextInt(32);
            int direction = rnd.nextInt(2);
            long bits = rnd.nextInt(4096 * 8 + 1);
            int bytes = (int) ((bits + 7) / 8);
            byte[] in = random(rnd, bytes + 5);
            // Oracle: BouncyCastle's ZUC-128 keystream under the TS 35.221 §3.3 IV, XOR, then mask.
            Zuc128Engine bc = new Zuc128Engine();
            bc.init(true, new ParametersWithIV(new KeyParameter(key), ZucReference.eea3Iv(count, bearer, direction)));
            byte[] expected = new byte[bytes];
            bc.processBytes(in, 2, bytes, expected, 0);
            if (bits % 8 != 0) {
                expected[bytes - 1] &= (byte) (0xFF << (8 - bits % 8));
            }
            byte[] out = new byte[bytes + 1];
            out[bytes] = 0x5A;
            Eea3.apply(key, count, bearer, direction, in, 2, bits, out, 0);
            assertThat(Arrays.copyOf(out, bytes)).as("seed 0xEEA3 case %d bits %d", c, bits).isEqualTo(expected);
            assertThat(out[bytes]).as("byte after the output untouched").isEqualTo((byte) 0x5A);
        }
    }

    @Test
    void roundTripsAtBitLengthsAndIsBitExact() {
        SplittableRandom rnd = new SplittableRandom(31);
        for (int c = 0; c < 300; c++) {
            byte[] key = random(rnd, 16);
            long bits = rnd.nextInt(20000);
            int bytes = (int) ((bits + 7) / 8);
            byte[] pt = random(rnd, bytes);
            byte[] ct = new byte[bytes];
            Eea3.apply(key, c, c & 31, c & 1, pt, 0, bits, ct, 0);
            Eea3.apply(key, c, c & 31, c & 1, ct, 0, bits, ct, 0);
            if (bits % 8 != 0) {
                pt[bytes - 1] &= (byte) (0xFF << (8 - bits % 8));
            }
            assertThat(ct).as("case %d bits %d", c, bits).isEqualTo(pt);
        }
    }

    @Test
    void handlesLengthsBeyondBouncyCastlesCap() {
        SplittableRandom rnd = new SplittableRandom(8);
        byte[] key = random(rnd, 16);
        int bytes = 1 << 20;
        byte[] in = random(rnd, bytes);
        byte[] out = new byte[bytes];
        Eea3.apply(key, 0x12345678, 7, 1, in, 0, 8L * bytes - 3, out, 0);
        byte[] z = ZucReference.zuc128Keystream(key, ZucReference.eea3Iv(0x12345678, 7, 1), bytes);
        for (int i = 0; i < bytes; i++) {
            z[i] ^= in[i];
        }
        z[bytes - 1] &= (byte) 0xF8;
        assertThat(out).isEqualTo(z);
    }

    @Test
    void rejectsBadArguments() {
        byte[] k = new byte[16];
        byte[] b = new byte[8];
        assertThatThrownBy(() -> Eea3.apply(null, 0, 0, 0, b, 0, 8, b, 0)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("key");
        assertThatThrownBy(() -> Eea3.apply(k, 0, 0, 0, null, 0, 8, b, 0)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("in");
        assertThatThrownBy(() -> Eea3.apply(k, 0, 0, 0, b, 0, 8, null, 0)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("out");
        assertThatThrownBy(() -> Eea3.apply(new byte[32], 0, 0, 0, b, 0, 8, b, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("key");
        assertThatThrownBy(() -> Eea3.apply(k, 0, 32, 0, b, 0, 8, b, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bearer");
        assertThatThrownBy(() -> Eea3.apply(k, 0, -1, 0, b, 0, 8, b, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bearer");
        assertThatThrownBy(() -> Eea3.apply(k, 0, 0, 2, b, 0, 8, b, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("direction");
        assertThatThrownBy(() -> Eea3.apply(k, 0, 0, -1, b, 0, 8, b, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("direction");
        assertThatThrownBy(() -> Eea3.apply(k, 0, 0, 0, b, 0, -1, b, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lengthBits");
        assertThatThrownBy(() -> Eea3.apply(k, 0, 0, 0, b, 0, 1L << 32, b, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lengthBits");
        assertThatThrownBy(() -> Eea3.apply(k, 0, 0, 0, b, 0, 65, b, 0)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("in");
        assertThatThrownBy(() -> Eea3.apply(k, 0, 0, 0, b, 0, 57, new byte[7], 1))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("out");
        byte[] untouched = new byte[8];
        assertThatThrownBy(() -> Eea3.apply(k, 0, 40, 0, b, 0, 8, untouched, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(untouched).containsOnly(0);
    }
}
