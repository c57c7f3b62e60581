package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.testing.Vectors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.modes.CFBBlockCipher;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

class Sm4ConstantTimeEngineTest {

    private static final int BLOCK = Sm4Engine.BLOCK_SIZE;

    @Test
    void encryptsAndDecryptsTheStandardBlocks() {
        int seen = 0;
        for (JsonNode v : Vectors.list("sm4", "block")) {
            String id = v.get("id").asText();
            byte[] key = Vectors.hex(v, "key");
            byte[] pt = Vectors.hex(v, "plaintext");
            int iterations = v.get("iterations").asInt();
            Sm4ConstantTimeEngine e = new Sm4ConstantTimeEngine(key);
            byte[] buf = pt.clone();
            byte[] beforeLast = null;
            for (int i = 0; i < iterations; i++) {
                if (i == iterations - 1) {
                    beforeLast = buf.clone();
                }
                e.encryptBlocks(buf, 0, buf, 0, 1);
            }
            assertThat(buf).as(id).isEqualTo(Vectors.hex(v, "ciphertext"));
            // decrypting back through all 1,000,000 iterations would double the slowest test: one
            // step back checks the inverse on this chain (random tests against BouncyCastle cover it)
            e.decryptBlocks(buf, 0, buf, 0, 1);
            assertThat(buf).as(id + " decrypted one step").isEqualTo(beforeLast);
            if (iterations == 1) {
                assertThat(buf).as(id + " decrypted").isEqualTo(pt);
            }
            seen++;
        }
        assertThat(seen).isGreaterThanOrEqualTo(4);
    }

    @Test
    void roundKeysMatchTheStandardsPrintedValues() {
        int checked = 0;
        for (JsonNode v : Vectors.list("sm4", "block")) {
            JsonNode printed = v.get("round_keys");
            if (printed == null) {
                continue;
            }
            int[] rk = new Sm4ConstantTimeEngine(Vectors.hex(v, "key")).roundKeys();
            assertThat(printed.size()).as(v.get("id").asText()).isEqualTo(32);
            for (int i = 0; i < 32; i++) {
                assertThat(String.format("%08x", rk[i])).as(v.get("id").asText() + " rk" + i)
                        .isEqualTo(printed.get(i).asText());
            }
            checked++;
        }
        assertThat(checked).isGreaterThanOrEqualTo(2);
    }

    @Test
    void sboxCircuitEqualsTheStandardTableForAll256Inputs() {
        // four calls of 64 lanes: lane l of call c evaluates input 64c + l
        for (int c = 0; c < 4; c++) {
            long[] s = new long[8];
            for (int lane = 0; lane < 64; lane++) {
                int x = 64 * c + lane;
                for (int j = 0; j < 8; j++) {
                    s[j] |= (long) ((x >>> j) & 1) << lane;
                }
            }
            Sm4SboxCircuit.apply(s, 0);
            for (int lane = 0; lane < 64; lane++) {
                int x = 64 * c + lane;
                int y = 0;
                for (int j = 0; j < 8; j++) {
                    y |= (int) ((s[j] >>> lane) & 1) << j;
                }
                assertThat(y).as("S(0x%02x)", x).isEqualTo(Sm4TableEngine.SBOX[x] & 0xff);
            }
        }
    }

    @Test
    void sboxCircuitWorksAtAnOffsetAndLeavesOtherSlicesAlone() {
        long[] s = new long[12];
        Arrays.fill(s, 0x5a5a5a5a5a5a5a5aL);
        // inputs at offset 2: lane 0 holds 0x01, every other lane 0x00 -> S(1) in lane 0, S(0) elsewhere
        Arrays.fill(s, 2, 10, 0L);
        s[2] = 1L;
        Sm4SboxCircuit.apply(s, 2);
        for (int j = 0; j < 8; j++) {
            long lane0 = (Sm4TableEngine.SBOX[1] >>> j) & 1;
            long others = (Sm4TableEngine.SBOX[0] >>> j) & 1;
            long expected = (others == 1 ? ~1L : 0L) | lane0;
            assertThat(s[2 + j]).as("slice %d", j).isEqualTo(expected);
        }
        assertThat(new long[] {s[0], s[1], s[10], s[11]}).containsOnly(0x5a5a5a5a5a5a5a5aL);
    }

    @Test
    void tauEqualsTheTableForEveryByteInEveryPosition() {
        long[] slices = new long[8];
        SplittableRandom rnd = new SplittableRandom(0x7a0L);
        for (int x = 0; x < 256; x++) {
            for (int pos = 0; pos < 4; pos++) {
                int a = (rnd.nextInt() & ~(0xff << (8 * pos))) | (x << (8 * pos));
                assertThat(Sm4ConstantTimeEngine.tau(a, slices)).as("tau(%08x)", a).isEqualTo(Sm4TableEngine.tau(a));
            }
        }
    }

    @Test
    void agreesWithBouncyCastleOnRandomKeysAndBlockCounts() {
        long seed = 0x5eed_0001L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int c = 0; c < 1200; c++) {
            byte[] key = bytes(rnd, 16);
            int blocks = rnd.nextInt(65);
            int inOff = rnd.nextInt(5);
            int outOff = rnd.nextInt(5);
            byte[] pt = bytes(rnd, inOff + blocks * BLOCK + rnd.nextInt(3));
            String what = "seed " + seed + " case " + c + " blocks " + blocks;

            byte[] expected = bouncyCastle(key, true, pt, inOff, blocks);
            Sm4ConstantTimeEngine e = new Sm4ConstantTimeEngine(key);
            byte[] out = new byte[outOff + blocks * BLOCK];
            e.encryptBlocks(pt, inOff, out, outOff, blocks);
            assertThat(Arrays.copyOfRange(out, outOff, out.length)).as(what + " encrypt").isEqualTo(expected);

            byte[] expectedPt = bouncyCastle(key, false, out, outOff, blocks);
            byte[] back = new byte[blocks * BLOCK];
            e.decryptBlocks(out, outOff, back, 0, blocks);
            assertThat(back).as(what + " decrypt").isEqualTo(expectedPt)
                    .isEqualTo(Arrays.copyOfRange(pt, inOff, inOff + blocks * BLOCK));

            // decryption of random data, not just of our own ciphertext
            byte[] randomCt = bytes(rnd, blocks * BLOCK);
            byte[] dec = new byte[randomCt.length];
            e.decryptBlocks(randomCt, 0, dec, 0, blocks);
            assertThat(dec).as(what + " decrypt random").isEqualTo(bouncyCastle(key, false, randomCt, 0, blocks));
        }
    }

    @Test
    void worksInPlace() {
        long seed = 0x5eed_0002L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int c = 0; c < 200; c++) {
            byte[] key = bytes(rnd, 16);
            int blocks = rnd.nextInt(70);
            int off = rnd.nextInt(7);
            byte[] buf = bytes(rnd, off + blocks * BLOCK + 3);
            byte[] original = buf.clone();
            String what = "seed " + seed + " case " + c + " blocks " + blocks;
            Sm4ConstantTimeEngine e = new Sm4ConstantTimeEngine(key);
            e.encryptBlocks(buf, off, buf, off, blocks);
            byte[] expected = original.clone();
            System.arraycopy(bouncyCastle(key, true, original, off, blocks), 0, expected, off, blocks * BLOCK);
            assertThat(buf).as(what + " encrypt in place").isEqualTo(expected);
            e.decryptBlocks(buf, off, buf, off, blocks);
            assertThat(buf).as(what + " decrypt in place").isEqualTo(original);
        }
    }

    @Test
    void agreesWithTheTableEngineOnRandomInputs() {
        long seed = 0x5eed_0003L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int c = 0; c < 300; c++) {
            byte[] key = bytes(rnd, 16);
            int blocks = rnd.nextInt(200);
            byte[] in = bytes(rnd, blocks * BLOCK);
            String what = "seed " + seed + " case " + c + " blocks " + blocks;
            Sm4Engine table = Sm4.newTableEngine(key);
            Sm4ConstantTimeEngine ct = new Sm4ConstantTimeEngine(key);
            byte[] a = new byte[in.length];
            byte[] b = new byte[in.length];
            table.encryptBlocks(in, 0, a, 0, blocks);
            ct.encryptBlocks(in, 0, b, 0, blocks);
            assertThat(b).as(what + " encrypt").isEqualTo(a);
            table.decryptBlocks(in, 0, a, 0, blocks);
            ct.decryptBlocks(in, 0, b, 0, blocks);
            assertThat(b).as(what + " decrypt").isEqualTo(a);
        }
    }

    @Test
    void writesNothingOutsideTheOutputRange() {
        long seed = 0x5eed_0004L;
        SplittableRandom rnd = new SplittableRandom(seed);
        Sm4ConstantTimeEngine e = new Sm4ConstantTimeEngine(bytes(rnd, 16));
        for (int blocks = 0; blocks <= 40; blocks++) {
            byte[] in = bytes(rnd, blocks * BLOCK);
            byte[] out = new byte[blocks * BLOCK + 64];
            Arrays.fill(out, (byte) 0xa5);
            e.encryptBlocks(in, 0, out, 32, blocks);
            for (int i = 0; i < 32; i++) {
                assertThat(out[i]).as("blocks %d, byte %d before", blocks, i).isEqualTo((byte) 0xa5);
                assertThat(out[out.length - 1 - i]).as("blocks %d, byte %d after", blocks, i).isEqualTo((byte) 0xa5);
            }
        }
    }

    @Test
    void blocksOfOneCallAreIndependentOfTheirNeighbours() {
        // a batch of 16 is computed together: each block must still depend only on itself
        SplittableRandom rnd = new SplittableRandom(0x5eed_0005L);
        Sm4ConstantTimeEngine e = new Sm4ConstantTimeEngine(bytes(rnd, 16));
        byte[] in = bytes(rnd, 37 * BLOCK);
        byte[] all = new byte[in.length];
        e.encryptBlocks(in, 0, all, 0, 37);
        for (int b = 0; b < 37; b++) {
            byte[] one = new byte[BLOCK];
            e.encryptBlocks(in, b * BLOCK, one, 0, 1);
            assertThat(one).as("block %d", b).isEqualTo(Arrays.copyOfRange(all, b * BLOCK, (b + 1) * BLOCK));
        }
    }

    @Test
    void givesTheSameResultsFromSeveralThreadsAtOnce() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5eed_0006L);
        byte[] key = bytes(rnd, 16);
        Sm4ConstantTimeEngine shared = new Sm4ConstantTimeEngine(key);
        Sm4Engine reference = Sm4.newTableEngine(key);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long threadSeed = rnd.nextLong();
                results.add(pool.submit(() -> {
                    SplittableRandom r = new SplittableRandom(threadSeed);
                    for (int c = 0; c < 300; c++) {
                        int blocks = r.nextInt(40);
                        byte[] in = bytes(r, blocks * BLOCK);
                        byte[] a = new byte[in.length];
                        byte[] b = new byte[in.length];
                        shared.encryptBlocks(in, 0, a, 0, blocks);
                        reference.encryptBlocks(in, 0, b, 0, blocks);
                        assertThat(a).as("thread seed %d case %d", threadSeed, c).isEqualTo(b);
                    }
                    return null;
                }));
            }
            for (Future<?> f : results) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void rejectsBadArgumentsBeforeWriting() {
        Sm4ConstantTimeEngine e = new Sm4ConstantTimeEngine(new byte[16]);
        byte[] buf = new byte[32];
        assertThatThrownBy(() -> e.encryptBlocks(null, 0, buf, 0, 1))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("in");
        assertThatThrownBy(() -> e.decryptBlocks(buf, 0, null, 0, 1))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("out");
        assertThatThrownBy(() -> e.encryptBlocks(buf, 0, buf, 0, -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blocks");
        // 2^28 + 1 blocks: the byte length would wrap around to 16 in int arithmetic
        assertThatThrownBy(() -> e.encryptBlocks(buf, 0, buf, 0, (1 << 28) + 1))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("blocks");
        byte[] out = new byte[32];
        assertThatThrownBy(() -> e.encryptCtr(new byte[15], buf, 0, buf, 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("16");
        assertThatThrownBy(() -> e.decryptCbc(null, buf, 0, buf, 0, 1))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> e.decryptCfb(new byte[16], buf, 0, out, 8, 2))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("out");
        assertThatThrownBy(() -> e.encryptBlocks(buf, 17, out, 0, 1))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("in");
        assertThatThrownBy(() -> e.encryptBlocks(buf, 0, out, 1, 2))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("out");
        assertThatThrownBy(() -> e.encryptBlocks(buf, -1, out, 0, 1))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(out).containsOnly(0);
    }

    @Test
    void destroyZeroesTheRoundKeysAndRefusesFurtherUse() {
        Sm4ConstantTimeEngine e = new Sm4ConstantTimeEngine(Vectors.hex(Vectors.list("sm4", "block").get(0), "key"));
        assertThat(e.roundKeys()).isNotEqualTo(new int[32]);
        assertThat(e.isConstantTime()).isTrue();
        e.destroy();
        assertThat(e.roundKeys()).containsOnly(0);
        e.destroy(); // idempotent
        byte[] buf = new byte[16];
        assertThatThrownBy(() -> e.encryptBlocks(buf, 0, buf, 0, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> e.decryptBlocks(buf, 0, buf, 0, 1)).isInstanceOf(IllegalStateException.class);
        assertThat(buf).containsOnly(0);
    }

    @Test
    void batchedModeEntryPointsAgreeWithBouncyCastle() {
        long seed = 0x5eed_0007L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int c = 0; c < 400; c++) {
            byte[] key = bytes(rnd, 16);
            byte[] iv = bytes(rnd, 16);
            int blocks = rnd.nextInt(70);
            int inOff = rnd.nextInt(4);
            boolean inPlace = rnd.nextBoolean();
            byte[] in = bytes(rnd, inOff + blocks * BLOCK);
            int mode = c % 3;
            String what = "seed " + seed + " case " + c + " mode " + mode + " blocks " + blocks + " inPlace " + inPlace;

            BlockCipher bc = mode == 0 ? CBCBlockCipher.newInstance(new SM4Engine())
                    : mode == 1 ? CFBBlockCipher.newInstance(new SM4Engine(), 128)
                    : SICBlockCipher.newInstance(new SM4Engine());
            bc.init(mode == 2, new ParametersWithIV(new KeyParameter(key), iv));
            byte[] expected = new byte[blocks * BLOCK];
            for (int b = 0; b < blocks; b++) {
                bc.processBlock(in, inOff + b * BLOCK, expected, b * BLOCK);
            }

            Sm4ConstantTimeEngine e = new Sm4ConstantTimeEngine(key);
            byte[] register = iv.clone();
            byte[] out = inPlace ? in.clone() : new byte[blocks * BLOCK + 1];
            int outOff = inPlace ? inOff : 1;
            byte[] src = inPlace ? out : in;
            switch (mode) {
                case 0 -> e.decryptCbc(register, src, inOff, out, outOff, blocks);
                case 1 -> e.decryptCfb(register, src, inOff, out, outOff, blocks);
                default -> e.encryptCtr(register, src, inOff, out, outOff, blocks);
            }
            assertThat(Arrays.copyOfRange(out, outOff, outOff + blocks * BLOCK)).as(what).isEqualTo(expected);

            // the register ends where the interface's block-by-block default leaves it
            byte[] defaultRegister = iv.clone();
            byte[] defaultOut = new byte[blocks * BLOCK];
            Sm4Engine byBlock = new DefaultPathEngine(e);
            switch (mode) {
                case 0 -> byBlock.decryptCbc(defaultRegister, in, inOff, defaultOut, 0, blocks);
                case 1 -> byBlock.decryptCfb(defaultRegister, in, inOff, defaultOut, 0, blocks);
                default -> byBlock.encryptCtr(defaultRegister, in, inOff, defaultOut, 0, blocks);
            }
            assertThat(register).as(what + " register").isEqualTo(defaultRegister);
        }
    }

    @Test
    void ctrCounterCarriesAndWrapsAroundModulo2To128() {
        Sm4ConstantTimeEngine e = new Sm4ConstantTimeEngine(new byte[16]);
        byte[][] starts = {
            Hex.decode("0000000000000000fffffffffffffff0"),
            Hex.decode("00000000000000ffffffffffffffffff"),
            Hex.decode("fffffffffffffffffffffffffffffff5"),
        };
        SplittableRandom rnd = new SplittableRandom(0x5eed_0008L);
        for (byte[] start : starts) {
            for (int blocks : new int[] {1, 11, 12, 16, 17, 40}) {
                byte[] in = bytes(rnd, blocks * BLOCK);
                byte[] counter = start.clone();
                byte[] out = new byte[in.length];
                e.encryptCtr(counter, in, 0, out, 0, blocks);
                byte[] defaultCounter = start.clone();
                byte[] defaultOut = new byte[in.length];
                new DefaultPathEngine(e).encryptCtr(defaultCounter, in, 0, defaultOut, 0, blocks);
                String what = Hex.encode(start) + " + " + blocks;
                assertThat(out).as(what).isEqualTo(defaultOut);
                assertThat(counter).as(what + " counter").isEqualTo(defaultCounter);
            }
        }
    }

    @Test
    void factoryBuildsThisEngineAndChecksTheKey() {
        SplittableRandom rnd = new SplittableRandom(0x5eed_0009L);
        byte[] key = bytes(rnd, 16);
        Sm4Engine viaFactory = Sm4.newConstantTimeEngine(key);
        assertThat(viaFactory).isInstanceOf(Sm4ConstantTimeEngine.class);
        assertThat(viaFactory.isConstantTime()).isTrue();
        byte[] in = bytes(rnd, 5 * BLOCK);
        byte[] a = new byte[in.length];
        viaFactory.encryptBlocks(in, 0, a, 0, 5);
        assertThat(a).isEqualTo(bouncyCastle(key, true, in, 0, 5));
        assertThatThrownBy(() -> Sm4.newConstantTimeEngine(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("key");
        assertThatThrownBy(() -> Sm4.newConstantTimeEngine(new byte[15]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("16");
        assertThatThrownBy(() -> Sm4.newConstantTimeEngine(new byte[17]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("16");
    }

    @Test
    void everyModeGivesTheSameBytesAsWithTheTableEngine() throws Exception {
        long seed = 0x5eed_000aL;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int c = 0; c < 70; c++) {
            byte[] key = bytes(rnd, 16);
            byte[] iv = bytes(rnd, 16);
            byte[] nonce = bytes(rnd, 12);
            byte[] aad = bytes(rnd, rnd.nextInt(40));
            byte[] msg = bytes(rnd, rnd.nextInt(4097));
            String what = "seed " + seed + " case " + c + " length " + msg.length;
            Sm4Engine table = Sm4.newTableEngine(key);
            Sm4Engine ct = new Sm4ConstantTimeEngine(key);

            assertThat(Sm4Gcm.seal(ct, nonce, aad, msg)).as(what + " gcm").isEqualTo(Sm4Gcm.seal(table, nonce, aad, msg));
            assertThat(Sm4Gcm.open(ct, nonce, aad, Sm4Gcm.seal(table, nonce, aad, msg))).as(what + " gcm open").isEqualTo(msg);
            assertThat(Sm4Ccm.seal(ct, nonce, aad, msg)).as(what + " ccm").isEqualTo(Sm4Ccm.seal(table, nonce, aad, msg));
            assertSameBothWays(what + " ctr", Sm4Ctr.encryptor(table, iv), Sm4Ctr.encryptor(ct, iv), Sm4Ctr.decryptor(ct, iv), msg);
            assertSameBothWays(what + " cfb", Sm4Cfb.encryptor(table, iv), Sm4Cfb.encryptor(ct, iv), Sm4Cfb.decryptor(ct, iv), msg);
            assertSameBothWays(what + " ofb", Sm4Ofb.encryptor(table, iv), Sm4Ofb.encryptor(ct, iv), Sm4Ofb.decryptor(ct, iv), msg);
            assertSameBothWays(what + " cbc", Sm4Cbc.encryptor(table, iv, Sm4Padding.PKCS7),
                    Sm4Cbc.encryptor(ct, iv, Sm4Padding.PKCS7), Sm4Cbc.decryptor(ct, iv, Sm4Padding.PKCS7), msg);
            assertSameBothWays(what + " ecb", Sm4Ecb.encryptor(table, Sm4Padding.PKCS7),
                    Sm4Ecb.encryptor(ct, Sm4Padding.PKCS7), Sm4Ecb.decryptor(ct, Sm4Padding.PKCS7), msg);
        }
    }

    /** The constant-time encryptor matches the reference one, and the constant-time decryptor inverts it. */
    private static void assertSameBothWays(String what, Sm4Cipher reference, Sm4Cipher encryptor, Sm4Cipher decryptor,
            byte[] msg) throws Exception {
        byte[] expected = oneShot(reference, msg);
        assertThat(oneShot(encryptor, msg)).as(what).isEqualTo(expected);
        assertThat(oneShot(decryptor, expected)).as(what + " decrypt").isEqualTo(msg);
    }

    private static byte[] oneShot(Sm4Cipher cipher, byte[] in) throws Exception {
        byte[] out = new byte[cipher.finalOutputSize(in.length)];
        int n = cipher.doFinal(in, 0, in.length, out, 0);
        return Arrays.copyOf(out, n);
    }

    private static byte[] bouncyCastle(byte[] key, boolean encrypt, byte[] in, int inOff, int blocks) {
        SM4Engine bc = new SM4Engine();
        bc.init(encrypt, new KeyParameter(key));
        byte[] out = new byte[blocks * BLOCK];
        for (int b = 0; b < blocks; b++) {
            bc.processBlock(in, inOff + b * BLOCK, out, b * BLOCK);
        }
        return out;
    }

    private static byte[] bytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }
}
