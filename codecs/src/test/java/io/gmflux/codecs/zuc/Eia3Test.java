package io.gmflux.codecs.zuc;

import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Eia3Test {

    @Test
    void computesTheStandardMacs() {
        for (JsonNode v : Vectors.list("zuc128", "eia3")) {
            String id = v.get("id").asText();
            int mac = Eia3.mac(Vectors.hex(v, "key"), (int) Long.parseLong(v.get("count").asText(), 16),
                    v.get("bearer").asInt(), v.get("direction").asInt(), Vectors.hex(v, "message"), 0,
                    v.get("length_bits").asLong());
            assertThat(String.format("%08x", mac)).as(id).isEqualTo(v.get("mac").asText());
        }
    }

    @Test
    void agreesWithTheBitByBitReferenceAtRandomBitLengths() {
        SplittableRandom rnd = new SplittableRandom(0xE1A3L);
        for (int c = 0; c < 1000; c++) {
            byte[] key = random(rnd, 16);
            int count = rnd.nextInt();
            int bearer = rnd.nextInt(32);
            int direction = rnd.nextInt(2);
            long bits = c < 100 ? rnd.nextInt(130) : rnd.nextInt(8 * 1200);
            byte[] msg = random(rnd, (int) ((bits + 7) / 8) + 3);
            int expected = ZucReference.eia3(key, ZucReference.eia3Iv(count, bearer, direction),
                    java.util.Arrays.copyOfRange(msg, 1, msg.length), bits);
            assertThat(Eia3.mac(key, count, bearer, direction, msg, 1, bits))
                    .as("seed 0xE1A3 case %d bits %d", c, bits).isEqualTo(expected);
        }
    }

    @Test
    void ignoresMessageBitsAfterTheLength() {
        SplittableRandom rnd = new SplittableRandom(12);
        for (int c = 0; c < 100; c++) {
            byte[] key = random(rnd, 16);
            long bits = 1 + rnd.nextInt(500);
            byte[] msg = random(rnd, (int) ((bits + 7) / 8));
            int mac = Eia3.mac(key, c, 3, 1, msg, 0, bits);
            if (bits % 8 != 0) {
                msg[msg.length - 1] ^= (byte) (0xFF >>> (bits % 8));
            }
            assertThat(Eia3.mac(key, c, 3, 1, msg, 0, bits)).as("case %d", c).isEqualTo(mac);
        }
    }

    @Test
    void anyFlippedMessageBitOrParameterChangesTheMac() {
        SplittableRandom rnd = new SplittableRandom(13);
        byte[] key = random(rnd, 16);
        long bits = 999;
        byte[] msg = random(rnd, 125);
        int mac = Eia3.mac(key, 5, 6, 1, msg, 0, bits);
        for (long i = 0; i < bits; i++) {
            msg[(int) (i >>> 3)] ^= (byte) (0x80 >>> (i & 7));
            assertThat(Eia3.mac(key, 5, 6, 1, msg, 0, bits)).as("bit %d flipped", i).isNotEqualTo(mac);
            msg[(int) (i >>> 3)] ^= (byte) (0x80 >>> (i & 7));
        }
        assertThat(Eia3.mac(key, 5, 6, 0, msg, 0, bits)).isNotEqualTo(mac);
        assertThat(Eia3.mac(key, 5, 7, 1, msg, 0, bits)).isNotEqualTo(mac);
        assertThat(Eia3.mac(key, 4, 6, 1, msg, 0, bits)).isNotEqualTo(mac);
        assertThat(Eia3.mac(key, 5, 6, 1, msg, 0, bits - 1)).isNotEqualTo(mac);
        key[15] ^= 1;
        assertThat(Eia3.mac(key, 5, 6, 1, msg, 0, bits)).isNotEqualTo(mac);
    }

    @Test
    void handlesLongMessages() {
        SplittableRandom rnd = new SplittableRandom(14);
        byte[] key = random(rnd, 16);
        byte[] msg = random(rnd, 1 << 18);
        long bits = 8L * msg.length - 5;
        assertThat(Eia3.mac(key, -1, 31, 1, msg, 0, bits))
                .isEqualTo(ZucReference.eia3(key, ZucReference.eia3Iv(-1, 31, 1), msg, bits));
    }

    @Test
    void isSafeToCallFromManyThreadsAtOnce() throws Exception {
        SplittableRandom rnd = new SplittableRandom(15);
        int cases = 64;
        byte[][] keys = new byte[cases][];
        byte[][] msgs = new byte[cases][];
        int[] expected = new int[cases];
        for (int c = 0; c < cases; c++) {
            keys[c] = random(rnd, 16);
            msgs[c] = random(rnd, rnd.nextInt(3000));
            expected[c] = Eia3.mac(keys[c], c, c & 31, c & 1, msgs[c], 0, 8L * msgs[c].length);
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            java.util.List<java.util.concurrent.Future<int[]>> results = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                results.add(pool.submit(() -> {
                    int[] got = new int[cases * 20];
                    for (int i = 0; i < got.length; i++) {
                        int c = i % cases;
                        got[i] = Eia3.mac(keys[c], c, c & 31, c & 1, msgs[c], 0, 8L * msgs[c].length);
                    }
                    return got;
                }));
            }
            for (java.util.concurrent.Future<int[]> f : results) {
                int[] got = f.get();
                for (int i = 0; i < got.length; i++) {
                    assertThat(got[i]).as("call %d", i).isEqualTo(expected[i % cases]);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void rejectsBadArguments() {
        byte[] k = new byte[16];
        byte[] m = new byte[8];
        assertThatThrownBy(() -> Eia3.mac(null, 0, 0, 0, m, 0, 8)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("key");
        assertThatThrownBy(() -> Eia3.mac(k, 0, 0, 0, null, 0, 8)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("msg");
        assertThatThrownBy(() -> Eia3.mac(new byte[15], 0, 0, 0, m, 0, 8))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("key");
        assertThatThrownBy(() -> Eia3.mac(k, 0, 32, 0, m, 0, 8)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bearer");
        assertThatThrownBy(() -> Eia3.mac(k, 0, 0, 2, m, 0, 8)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("direction");
        assertThatThrownBy(() -> Eia3.mac(k, 0, 0, 0, m, 0, -8)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lengthBits");
        assertThatThrownBy(() -> Eia3.mac(k, 0, 0, 0, m, 1, 64)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("msg");
    }
}
