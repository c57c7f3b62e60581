package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Hex;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GhashTest {

    /** SP 800-38D §6.3 Algorithm 1, bit by bit on bytes: the independent reference. */
    static byte[] referenceMultiply(byte[] x, byte[] y) {
        byte[] z = new byte[16];
        byte[] v = y.clone();
        for (int i = 0; i < 128; i++) {
            if ((x[i >>> 3] >>> (7 - (i & 7)) & 1) != 0) {
                for (int k = 0; k < 16; k++) {
                    z[k] ^= v[k];
                }
            }
            boolean lsb = (v[15] & 1) != 0;
            for (int k = 15; k > 0; k--) {
                v[k] = (byte) (((v[k] & 0xff) >>> 1) | ((v[k - 1] & 1) << 7));
            }
            v[0] = (byte) ((v[0] & 0xff) >>> 1);
            if (lsb) {
                v[0] ^= (byte) 0xe1;
            }
        }
        return z;
    }

    /** SP 800-38D §6.4 over whole blocks with the reference multiply. */
    static byte[] referenceGhash(byte[] h, byte[] data) {
        byte[] y = new byte[16];
        for (int off = 0; off < data.length; off += 16) {
            byte[] x = y.clone();
            for (int k = 0; k < 16 && off + k < data.length; k++) {
                x[k] ^= data[off + k];
            }
            y = referenceMultiply(x, h);
        }
        return y;
    }

    private static byte[] digest(Ghash g) {
        byte[] out = new byte[16];
        g.digest(out, 0);
        return out;
    }

    @Test
    void referenceMultiplyMatchesSp80038dTestCase2() {
        // The GCM specification's test case 2 (AES, K = 0): H = 66e94bd4ef8a2c3b884cfa59ca342b2e,
        // C = 0388dace60b6a392f328c2b971b2fe78, GHASH(H, {}, C) = f38cbb1ad69223dcc3457ae5b6b0f885.
        byte[] h = Hex.decode("66e94bd4ef8a2c3b884cfa59ca342b2e");
        byte[] data = Hex.decode("0388dace60b6a392f328c2b971b2fe78"
                + "00000000000000000000000000000080");
        assertThat(Hex.encode(referenceGhash(h, data))).isEqualTo("f38cbb1ad69223dcc3457ae5b6b0f885");
        Ghash g = new Ghash(h);
        g.updateBlocks(data, 0, 1);
        g.updateLengths(0, 16);
        assertThat(Hex.encode(digest(g))).isEqualTo("f38cbb1ad69223dcc3457ae5b6b0f885");
    }

    @Test
    void agreesWithBitByBitMultiplyOnRandomInputs() {
        SplittableRandom rnd = new SplittableRandom(0x6ea5_1001L);
        for (int c = 0; c < 2000; c++) {
            byte[] h = new byte[16];
            byte[] x = new byte[16];
            rnd.nextBytes(h);
            rnd.nextBytes(x);
            if (c % 10 == 0) {
                // sparse operands reach the single-bit table entries and the fold's edge bits
                Arrays.fill(x, (byte) 0);
                x[rnd.nextInt(16)] = (byte) (1 << rnd.nextInt(8));
            }
            Ghash g = new Ghash(h);
            g.updateBlocks(x, 0, 1);
            assertThat(digest(g)).as("case %d, H=%s X=%s", c, Hex.encode(h), Hex.encode(x))
                    .isEqualTo(referenceMultiply(x, h));
        }
    }

    @Test
    void agreesWithReferenceGhashOnRandomMessages() {
        SplittableRandom rnd = new SplittableRandom(0x6ea5_1002L);
        for (int c = 0; c < 300; c++) {
            byte[] h = new byte[16];
            rnd.nextBytes(h);
            int len = rnd.nextInt(0, 300);
            byte[] data = new byte[len + 7];
            rnd.nextBytes(data);
            int off = rnd.nextInt(8);
            byte[] msg = Arrays.copyOfRange(data, off, off + len);
            Ghash g = new Ghash(h);
            g.updatePadded(data, off, len);
            assertThat(digest(g)).as("case %d len %d", c, len).isEqualTo(referenceGhash(h, msg));

            // the same message as whole blocks in random pieces, then the padded tail
            g.reset();
            int whole = len / 16;
            int done = 0;
            while (done < whole) {
                int n = rnd.nextInt(1, whole - done + 1);
                g.updateBlocks(msg, done * 16, n);
                done += n;
            }
            g.updatePadded(msg, whole * 16, len - whole * 16);
            assertThat(digest(g)).as("split case %d len %d", c, len).isEqualTo(referenceGhash(h, msg));
        }
    }

    @Test
    void constantTimeFormAgreesWithReferenceAndWithTables() {
        SplittableRandom rnd = new SplittableRandom(0x6ea5_1003L);
        for (int c = 0; c < 1000; c++) {
            byte[] h = new byte[16];
            byte[] x = new byte[16];
            rnd.nextBytes(h);
            rnd.nextBytes(x);
            if (c % 5 == 0) {
                // all-ones and sparse operands: the largest column sums of the masked multiplications
                Arrays.fill(c % 10 == 0 ? x : h, (byte) 0xff);
            }
            Ghash ct = new Ghash(h, true);
            ct.updateBlocks(x, 0, 1);
            assertThat(digest(ct)).as("case %d, H=%s X=%s", c, Hex.encode(h), Hex.encode(x))
                    .isEqualTo(referenceMultiply(x, h));
        }
        for (int c = 0; c < 200; c++) {
            byte[] h = new byte[16];
            rnd.nextBytes(h);
            byte[] msg = new byte[rnd.nextInt(0, 500)];
            rnd.nextBytes(msg);
            Ghash ct = new Ghash(h, true);
            Ghash table = new Ghash(h, false);
            ct.updatePadded(msg, 0, msg.length);
            ct.updateLengths(3, msg.length);
            table.updatePadded(msg, 0, msg.length);
            table.updateLengths(3, msg.length);
            assertThat(digest(ct)).as("message %d", c).isEqualTo(digest(table));
        }
    }

    @Test
    void carrylessLowHalfMatchesBitByBit() {
        SplittableRandom rnd = new SplittableRandom(0x6ea5_1004L);
        for (int c = 0; c < 2000; c++) {
            long x = c < 4 ? -1L >>> c : rnd.nextLong();
            long y = c < 4 ? -1L : rnd.nextLong();
            long expected = 0;
            for (int i = 0; i < 64; i++) {
                if ((x >>> i & 1) != 0) {
                    expected ^= y << i;
                }
            }
            assertThat(Ghash.clmulLow(x, y)).as("x=%x y=%x", x, y).isEqualTo(expected);
        }
    }

    @Test
    void lengthBlockIsBitLengthsBigEndian() {
        byte[] h = Hex.decode("b83b533708bf535d0aa6e52980d53b78");
        Ghash g = new Ghash(h);
        g.updateLengths(0x0102030405L, 0x0a0b0c0d0eL);
        byte[] block = Hex.decode("0000000810182028" + "0000005058606870");
        assertThat(digest(g)).isEqualTo(referenceGhash(h, block));
    }

    @Test
    void destroyZeroesTheHash() {
        Ghash g = new Ghash(Hex.decode("b83b533708bf535d0aa6e52980d53b78"));
        g.updateBlocks(new byte[32], 0, 2);
        g.updateLengths(1, 1);
        g.destroy();
        assertThat(digest(g)).isEqualTo(new byte[16]);
        // a destroyed table maps everything to zero: H is gone
        g.updateBlocks(Hex.decode("ffffffffffffffffffffffffffffffff"), 0, 1);
        assertThat(digest(g)).isEqualTo(new byte[16]);
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> new Ghash(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("h");
        assertThatThrownBy(() -> new Ghash(new byte[15])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("16");
        Ghash g = new Ghash(new byte[16]);
        assertThatThrownBy(() -> g.updateBlocks(new byte[31], 0, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> g.updatePadded(null, 0, 0)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> g.digest(new byte[16], 1)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
