package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

class Sm4EngineTest {

    /** A fused entry point of {@link Sm4Engine} taking a 16-byte chaining value. */
    private interface ChainedEntry {
        void apply(Sm4Engine e, byte[] chain, byte[] in, int inOff, byte[] out, int outOff, int blocks);
    }

    private static final String[] ENTRY_NAMES = {
        "encryptCbc", "decryptCbc", "encryptCfb", "decryptCfb", "encryptOfb", "encryptCtr",
    };
    private static final ChainedEntry[] ENTRIES = {
        Sm4Engine::encryptCbc, Sm4Engine::decryptCbc, Sm4Engine::encryptCfb, Sm4Engine::decryptCfb,
        Sm4Engine::encryptOfb, Sm4Engine::encryptCtr,
    };

    @Test
    void encryptsAndDecryptsTheStandardBlocks() {
        for (JsonNode v : Vectors.list("sm4", "block")) {
            byte[] key = Vectors.hex(v, "key");
            byte[] pt = Vectors.hex(v, "plaintext");
            int iterations = v.get("iterations").asInt();
            Sm4Engine e = Sm4.newTableEngine(key);
            byte[] buf = pt.clone();
            for (int i = 0; i < iterations; i++) {
                e.encryptBlocks(buf, 0, buf, 0, 1);
            }
            assertThat(buf).as(v.get("id").asText()).isEqualTo(Vectors.hex(v, "ciphertext"));
            for (int i = 0; i < iterations; i++) {
                e.decryptBlocks(buf, 0, buf, 0, 1);
            }
            assertThat(buf).isEqualTo(pt);
        }
    }

    @Test
    void agreesWithBouncyCastleOnRandomBlocksOffsetsAndCounts() {
        SplittableRandom r = new SplittableRandom(0xE1L);
        for (int i = 0; i < 1000; i++) {
            byte[] key = bytes(r, 16);
            int blocks = r.nextInt(4) == 0 ? r.nextInt(9) : r.nextInt(80);
            int inOff = r.nextInt(20);
            int outOff = r.nextInt(20);
            byte[] in = bytes(r, inOff + 16 * blocks + r.nextInt(5));
            byte[] expected = new byte[16 * blocks];
            SM4Engine bc = new SM4Engine();
            bc.init(true, new KeyParameter(key));
            for (int b = 0; b < blocks; b++) {
                bc.processBlock(in, inOff + 16 * b, expected, 16 * b);
            }
            String as = "seed=0xE1 case=" + i + " blocks=" + blocks;
            Sm4Engine e = Sm4.newTableEngine(key);
            byte[] out = new byte[outOff + 16 * blocks];
            e.encryptBlocks(in, inOff, out, outOff, blocks);
            assertThat(Arrays.copyOfRange(out, outOff, out.length)).as(as).isEqualTo(expected);
            byte[] back = new byte[16 * blocks];
            e.decryptBlocks(out, outOff, back, 0, blocks);
            assertThat(back).as(as).isEqualTo(Arrays.copyOfRange(in, inOff, inOff + 16 * blocks));
            // In place.
            byte[] buf = in.clone();
            e.encryptBlocks(buf, inOff, buf, inOff, blocks);
            assertThat(Arrays.copyOfRange(buf, inOff, inOff + 16 * blocks)).as(as + " in place").isEqualTo(expected);
        }
    }

    @Test
    void fusedEntryPointsMatchTheInterfaceDefaults() {
        SplittableRandom r = new SplittableRandom(0xE2L);
        for (int i = 0; i < 600; i++) {
            int which = i % ENTRIES.length;
            byte[] key = bytes(r, 16);
            Sm4Engine table = Sm4.newTableEngine(key);
            Sm4Engine defaults = new DefaultPathEngine(Sm4.newTableEngine(key));
            byte[] chain = bytes(r, 16);
            if (r.nextInt(4) == 0) {
                Arrays.fill(chain, 8, 16, (byte) 0xff); // the CTR low half about to carry
            }
            int blocks = r.nextInt(40);
            int inOff = r.nextInt(9);
            byte[] in = bytes(r, inOff + 16 * blocks);
            String as = ENTRY_NAMES[which] + " seed=0xE2 case=" + i + " blocks=" + blocks;

            byte[] chainD = chain.clone();
            byte[] outD = new byte[16 * blocks];
            ENTRIES[which].apply(defaults, chainD, in, inOff, outD, 0, blocks);

            // The fused kernel, in two calls split at a random block (the chain carries over).
            byte[] chainT = chain.clone();
            byte[] outT = new byte[16 * blocks];
            int split = r.nextInt(blocks + 1);
            ENTRIES[which].apply(table, chainT, in, inOff, outT, 0, split);
            ENTRIES[which].apply(table, chainT, in, inOff + 16 * split, outT, 16 * split, blocks - split);
            assertThat(outT).as(as).isEqualTo(outD);
            assertThat(chainT).as(as + " chain").isEqualTo(chainD);

            // In place, through both.
            byte[] bufT = in.clone();
            byte[] chainT2 = chain.clone();
            ENTRIES[which].apply(table, chainT2, bufT, inOff, bufT, inOff, blocks);
            assertThat(Arrays.copyOfRange(bufT, inOff, bufT.length)).as(as + " in place").isEqualTo(outD);
            byte[] bufD = in.clone();
            byte[] chainD2 = chain.clone();
            ENTRIES[which].apply(defaults, chainD2, bufD, inOff, bufD, inOff, blocks);
            assertThat(Arrays.copyOfRange(bufD, inOff, bufD.length)).as(as + " default in place").isEqualTo(outD);
            assertThat(chainT2).isEqualTo(chainD);
            assertThat(chainD2).isEqualTo(chainD);
        }
    }

    @Test
    void rejectsBadKeys() {
        assertThatThrownBy(() -> Sm4.newTableEngine(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("key");
        for (int len : new int[] {0, 15, 17, 32}) {
            assertThatThrownBy(() -> Sm4.newTableEngine(new byte[len]))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("16");
        }
    }

    @Test
    void rejectsBadRangesAndChains() {
        Sm4Engine e = Sm4.newTableEngine(new byte[16]);
        byte[] buf = new byte[64];
        assertThatThrownBy(() -> e.encryptBlocks(buf, 0, buf, 0, 5)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> e.decryptBlocks(buf, 8, buf, 0, 4)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> e.encryptBlocks(buf, 0, new byte[16], 0, 2))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> e.encryptBlocks(buf, -1, buf, 0, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> e.encryptBlocks(buf, 0, buf, 0, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> e.encryptBlocks(null, 0, buf, 0, 1))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("in");
        assertThatThrownBy(() -> e.encryptBlocks(buf, 0, null, 0, 1))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("out");
        for (int k = 0; k < ENTRIES.length; k++) {
            ChainedEntry entry = ENTRIES[k];
            for (Sm4Engine engine : new Sm4Engine[] {e, new DefaultPathEngine(e)}) {
                assertThatThrownBy(() -> entry.apply(engine, new byte[15], buf, 0, buf, 0, 1))
                        .as(ENTRY_NAMES[k]).isInstanceOf(IllegalArgumentException.class);
                assertThatThrownBy(() -> entry.apply(engine, null, buf, 0, buf, 0, 1))
                        .as(ENTRY_NAMES[k]).isInstanceOf(NullPointerException.class);
                byte[] chain = new byte[16];
                assertThatThrownBy(() -> entry.apply(engine, chain, buf, 16, buf, 0, 4))
                        .as(ENTRY_NAMES[k]).isInstanceOf(IndexOutOfBoundsException.class);
                assertThat(chain).as(ENTRY_NAMES[k] + ": no state change on a bad range").isEqualTo(new byte[16]);
            }
        }
    }

    @Test
    void destroyZeroesTheRoundKeys() {
        byte[] key = bytes(new SplittableRandom(0xE3L), 16);
        Sm4Engine e = Sm4.newTableEngine(key);
        byte[] before = new byte[16];
        e.encryptBlocks(new byte[16], 0, before, 0, 1);
        e.destroy();
        e.destroy();
        byte[] after = new byte[16];
        e.encryptBlocks(new byte[16], 0, after, 0, 1);
        assertThat(after).isNotEqualTo(before);
        // All-zero round keys: the same result as any other destroyed engine.
        Sm4Engine other = Sm4.newTableEngine(new byte[16]);
        other.destroy();
        byte[] zero = new byte[16];
        other.encryptBlocks(new byte[16], 0, zero, 0, 1);
        assertThat(after).isEqualTo(zero);
        assertThat(e.isConstantTime()).isFalse();
    }

    private static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }
}
