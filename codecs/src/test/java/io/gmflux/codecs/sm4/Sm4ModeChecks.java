package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.BufferedBlockCipher;
import org.bouncycastle.crypto.CipherParameters;
import org.bouncycastle.crypto.StreamCipher;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * The checks every non-AEAD mode test runs (vectors, BouncyCastle agreement, splits, in place,
 * argument rejection), written once and driven by a factory for the mode under test and a
 * BouncyCastle oracle for the same mode.
 */
final class Sm4ModeChecks {

    /** Creates the mode under test. {@code iv} is ignored by ECB. */
    interface Factory {
        Sm4Cipher create(Sm4Engine engine, byte[] iv, boolean encrypt);
    }

    /** The same mode computed by BouncyCastle's lightweight API, one shot. */
    interface Oracle {
        byte[] apply(byte[] key, byte[] iv, boolean encrypt, byte[] in) throws Exception;
    }

    static final int CASES = 1000;
    static final int MAX_LEN = 4096;

    final String name;
    final Factory factory;
    final Oracle oracle;
    /** Whether lengths must be whole blocks (ECB/CBC without padding). */
    final boolean wholeBlocksOnly;

    Sm4ModeChecks(String name, Factory factory, Oracle oracle, boolean wholeBlocksOnly) {
        this.name = name;
        this.factory = factory;
        this.oracle = oracle;
        this.wholeBlocksOnly = wholeBlocksOnly;
    }

    // ---- BouncyCastle oracles ----

    static Oracle bcBuffered(java.util.function.Supplier<BufferedBlockCipher> make, boolean withIv) {
        return (key, iv, encrypt, in) -> {
            BufferedBlockCipher c = make.get();
            c.init(encrypt, params(key, iv, withIv));
            byte[] out = new byte[c.getOutputSize(in.length)];
            int n = c.processBytes(in, 0, in.length, out, 0);
            n += c.doFinal(out, n);
            return Arrays.copyOf(out, n);
        };
    }

    static Oracle bcStream(java.util.function.Function<BlockCipher, StreamCipher> make) {
        return (key, iv, encrypt, in) -> {
            StreamCipher c = make.apply(new SM4Engine());
            c.init(encrypt, params(key, iv, true));
            byte[] out = new byte[in.length];
            c.processBytes(in, 0, in.length, out, 0);
            return out;
        };
    }

    private static CipherParameters params(byte[] key, byte[] iv, boolean withIv) {
        KeyParameter k = new KeyParameter(key);
        return withIv ? new ParametersWithIV(k, iv) : k;
    }

    // ---- drivers ----

    static byte[] oneShot(Sm4Cipher c, byte[] in) throws Exception {
        byte[] out = new byte[c.finalOutputSize(in.length)];
        int n = c.doFinal(in, 0, in.length, out, 0);
        return Arrays.copyOf(out, n);
    }

    /** Random pieces (including empty ones) through update, the last through doFinal. */
    static byte[] split(Sm4Cipher c, byte[] in, SplittableRandom r) throws Exception {
        byte[] out = new byte[in.length + 32];
        int inPos = 0;
        int outPos = 0;
        while (true) {
            int piece = r.nextInt(4) == 0 ? r.nextInt(3) : r.nextInt(Math.max(1, in.length / 3 + 1) + 1);
            piece = Math.min(piece, in.length - inPos);
            if (inPos + piece == in.length && r.nextBoolean()) {
                int bound = c.finalOutputSize(piece);
                int n = c.doFinal(in, inPos, piece, out, outPos);
                assertThat(n).isLessThanOrEqualTo(bound);
                return Arrays.copyOf(out, outPos + n);
            }
            int bound = c.updateOutputSize(piece);
            int n = c.update(in, inPos, piece, out, outPos);
            assertThat(n).as("update output within updateOutputSize").isLessThanOrEqualTo(bound);
            inPos += piece;
            outPos += n;
            if (inPos == in.length && r.nextInt(3) == 0) {
                int m = c.doFinal(new byte[0], 0, 0, out, outPos);
                return Arrays.copyOf(out, outPos + m);
            }
        }
    }

    /**
     * In place per call: each piece is put in its own array and processed there at the same
     * offset, so output that was buffered earlier runs ahead of the input it overwrites.
     */
    static byte[] inPlaceSameOffsets(Sm4Cipher c, byte[] in, SplittableRandom r) throws Exception {
        byte[] out = new byte[in.length + 32];
        int pos = 0;
        int outPos = 0;
        while (pos < in.length) {
            int piece = Math.min(in.length - pos, 1 + r.nextInt(40));
            int off = r.nextInt(4);
            byte[] tmp = new byte[off + piece + 32];
            System.arraycopy(in, pos, tmp, off, piece);
            int n = c.update(tmp, off, piece, tmp, off);
            System.arraycopy(tmp, off, out, outPos, n);
            outPos += n;
            pos += piece;
        }
        byte[] tmp = new byte[32];
        int n = c.doFinal(tmp, 0, 0, tmp, 0);
        System.arraycopy(tmp, 0, out, outPos, n);
        return Arrays.copyOf(out, outPos + n);
    }

    /**
     * In place, streaming through one array as a JCA caller does: input advances, output is
     * written from the start and lags behind by what is buffered.
     */
    static byte[] inPlaceStreaming(Sm4Cipher c, byte[] in, SplittableRandom r) throws Exception {
        byte[] buf = Arrays.copyOf(in, in.length + 32);
        int inPos = 0;
        int outPos = 0;
        while (inPos < in.length) {
            int piece = Math.min(in.length - inPos, r.nextInt(60));
            outPos += c.update(buf, inPos, piece, buf, outPos);
            inPos += piece;
        }
        outPos += c.doFinal(buf, inPos, 0, buf, outPos);
        return Arrays.copyOf(buf, outPos);
    }

    /** In place in one shot: the output overwrites the input from the same offset. */
    static byte[] inPlaceOneShot(Sm4Cipher c, byte[] in, int offset) throws Exception {
        byte[] buf = new byte[offset + Math.max(in.length, c.finalOutputSize(in.length))];
        System.arraycopy(in, 0, buf, offset, in.length);
        int n = c.doFinal(buf, offset, in.length, buf, offset);
        return Arrays.copyOfRange(buf, offset, offset + n);
    }

    int randomLength(SplittableRandom r, int max) {
        int len = randomLength(r) % (max + 1);
        return wholeBlocksOnly ? len & -16 : len;
    }

    int randomLength(SplittableRandom r) {
        int len;
        switch (r.nextInt(4)) {
            case 0:
                len = r.nextInt(MAX_LEN + 1);
                break;
            case 1:
                len = r.nextInt(80);
                break;
            default:
                len = Math.min(MAX_LEN, Math.max(0, 16 * r.nextInt(MAX_LEN / 16 + 1) + r.nextInt(3) - 1));
                break;
        }
        return wholeBlocksOnly ? len & -16 : len;
    }

    // ---- the checks ----

    /** Every {@code sm4.modes} vector of {@code mode}, both directions; returns how many ran. */
    int matchesVectors(String mode) throws Exception {
        int count = 0;
        for (JsonNode v : Vectors.list("sm4", "modes")) {
            if (!v.get("mode").asText().equals(mode)) {
                continue;
            }
            assertThat(v.get("padding").asText()).isEqualTo("none");
            byte[] key = Vectors.hex(v, "key");
            byte[] iv = v.has("iv") ? Vectors.hex(v, "iv") : new byte[16];
            byte[] pt = Vectors.hex(v, "plaintext");
            byte[] ct = Vectors.hex(v, "ciphertext");
            String id = v.get("id").asText();
            assertThat(oneShot(factory.create(Sm4.newTableEngine(key), iv, true), pt)).as(id).isEqualTo(ct);
            assertThat(oneShot(factory.create(Sm4.newTableEngine(key), iv, false), ct)).as(id).isEqualTo(pt);
            count++;
        }
        assertThat(count).as("vectors for " + mode).isPositive();
        return count;
    }

    void agreesWithOracle(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < CASES; i++) {
            byte[] key = bytes(r, 16);
            byte[] iv = bytes(r, 16);
            byte[] pt = bytes(r, randomLength(r));
            String as = name + " seed=" + seed + " case=" + i + " len=" + pt.length;
            // The fused table kernels, the interface's default entry points, and the constant-time engine.
            String[] engineNames = {" table", " default path", " constant-time"};
            Sm4Engine engine = i % 3 == 0 ? Sm4.newTableEngine(key)
                    : i % 3 == 1 ? new DefaultPathEngine(Sm4.newTableEngine(key)) : Sm4.newConstantTimeEngine(key);
            as += engineNames[i % 3];
            byte[] ct = oneShot(factory.create(engine, iv, true), pt);
            assertThat(ct).as(as).isEqualTo(oracle.apply(key, iv, true, pt));
            assertThat(oneShot(factory.create(engine, iv, false), ct)).as(as).isEqualTo(pt);
            assertThat(oracle.apply(key, iv, false, ct)).as(as).isEqualTo(pt);
        }
    }

    void splitsEqualOneShot(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 300; i++) {
            byte[] key = bytes(r, 16);
            byte[] iv = bytes(r, 16);
            byte[] pt = bytes(r, randomLength(r, 700));
            String as = name + " seed=" + seed + " case=" + i + " len=" + pt.length;
            Sm4Engine engine = Sm4.newTableEngine(key);
            byte[] ct = oneShot(factory.create(engine, iv, true), pt);
            Sm4Cipher enc = factory.create(engine, iv, true);
            Sm4Cipher dec = factory.create(engine, iv, false);
            // Twice on the same objects: doFinal must leave them ready for the next message.
            for (int round = 0; round < 2; round++) {
                assertThat(split(enc, pt, r)).as(as + " encrypt round " + round).isEqualTo(ct);
                assertThat(split(dec, ct, r)).as(as + " decrypt round " + round).isEqualTo(pt);
            }
        }
    }

    void worksInPlace(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 200; i++) {
            byte[] key = bytes(r, 16);
            byte[] iv = bytes(r, 16);
            byte[] pt = bytes(r, randomLength(r, 600));
            String as = name + " seed=" + seed + " case=" + i + " len=" + pt.length;
            Sm4Engine engine = Sm4.newTableEngine(key);
            byte[] ct = oneShot(factory.create(engine, iv, true), pt);
            int offset = r.nextInt(20);
            assertThat(inPlaceOneShot(factory.create(engine, iv, true), pt, offset)).as(as).isEqualTo(ct);
            assertThat(inPlaceOneShot(factory.create(engine, iv, false), ct, offset)).as(as).isEqualTo(pt);
            assertThat(inPlaceSameOffsets(factory.create(engine, iv, true), pt, r)).as(as).isEqualTo(ct);
            assertThat(inPlaceSameOffsets(factory.create(engine, iv, false), ct, r)).as(as).isEqualTo(pt);
            assertThat(inPlaceStreaming(factory.create(engine, iv, true), pt, r)).as(as).isEqualTo(ct);
            assertThat(inPlaceStreaming(factory.create(engine, iv, false), ct, r)).as(as).isEqualTo(pt);
        }
    }

    /**
     * Overlapping output that runs ahead of its input, on a large input (beyond the reusable copy
     * buffer) and a small one: the first bytes are buffered by a separate call, then the rest is
     * processed in one array with the output 3 bytes ahead of the input.
     */
    void handlesOutputAheadOfInputInOneArray() throws Exception {
        SplittableRandom r = new SplittableRandom(0xA4EADL);
        for (int len : new int[] {16 * 4400, 16 * 20}) {
            byte[] key = bytes(r, 16);
            byte[] iv = bytes(r, 16);
            byte[] pt = bytes(r, len);
            Sm4Engine engine = Sm4.newTableEngine(key);
            for (boolean encrypt : new boolean[] {true, false}) {
                byte[] input = encrypt ? pt : oneShot(factory.create(engine, iv, true), pt);
                byte[] expected = oneShot(factory.create(engine, iv, encrypt), input);
                Sm4Cipher c = factory.create(engine, iv, encrypt);
                byte[] head = new byte[32];
                int n0 = c.update(input, 0, 5, head, 0);
                byte[] buf = new byte[input.length + 64];
                System.arraycopy(input, 5, buf, 0, input.length - 5);
                int n1 = c.update(buf, 0, input.length - 5, buf, 3);
                byte[] got = new byte[n0 + n1 + 32];
                System.arraycopy(head, 0, got, 0, n0);
                System.arraycopy(buf, 3, got, n0, n1);
                int n2 = c.doFinal(new byte[0], 0, 0, got, n0 + n1);
                assertThat(Arrays.copyOf(got, n0 + n1 + n2)).as(name + " len=" + len + " encrypt=" + encrypt)
                        .isEqualTo(expected);
            }
        }
    }

    /** One input of about 1 MiB (plus a block, or plus 7 bytes where partial blocks are allowed) against the oracle. */
    void agreesWithOracleOnALargeInput() throws Exception {
        SplittableRandom r = new SplittableRandom(0x1A26EL);
        byte[] key = bytes(r, 16);
        byte[] iv = bytes(r, 16);
        byte[] pt = bytes(r, (1 << 20) + (wholeBlocksOnly ? 16 : 7));
        byte[] ct = oneShot(factory.create(Sm4.newTableEngine(key), iv, true), pt);
        assertThat(ct).as(name + " 1 MiB").isEqualTo(oracle.apply(key, iv, true, pt));
        assertThat(oneShot(factory.create(Sm4.newTableEngine(key), iv, false), ct)).as(name + " 1 MiB back").isEqualTo(pt);
    }

    /** reset() drops what was buffered and restarts from the IV. */
    void resetDropsBufferedDataAndRestartsFromTheIv() throws Exception {
        SplittableRandom r = new SplittableRandom(0x2E5E7L);
        for (int i = 0; i < 50; i++) {
            byte[] key = bytes(r, 16);
            byte[] iv = bytes(r, 16);
            byte[] pt = bytes(r, randomLength(r, 300));
            Sm4Engine engine = Sm4.newTableEngine(key);
            for (boolean encrypt : new boolean[] {true, false}) {
                byte[] input = encrypt ? pt : oneShot(factory.create(engine, iv, true), pt);
                byte[] expected = oneShot(factory.create(engine, iv, encrypt), input);
                Sm4Cipher c = factory.create(engine, iv, encrypt);
                byte[] junk = bytes(r, 1 + r.nextInt(40));
                c.update(junk, 0, junk.length, new byte[junk.length + 32], 0);
                c.reset();
                assertThat(oneShot(c, input)).as(name + " case " + i + " encrypt=" + encrypt).isEqualTo(expected);
            }
        }
    }

    /** Bad ranges throw IndexOutOfBoundsException and leave the object as it was. */
    void rejectsBadRangesWithoutStateChange() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        byte[] key = bytes(r, 16);
        byte[] iv = bytes(r, 16);
        byte[] pt = bytes(r, 100 & (wholeBlocksOnly ? -16 : -1));
        byte[] ct = oneShot(factory.create(Sm4.newTableEngine(key), iv, true), pt);
        Sm4Cipher c = factory.create(Sm4.newTableEngine(key), iv, true);
        byte[] out = new byte[256];
        int n = c.update(pt, 0, 5, out, 0);
        assertThatThrownBy(() -> c.update(pt, 5, pt.length, out, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.update(pt, -1, 3, out, 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.update(pt, 5, 20, new byte[1], 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.update(null, 0, 0, out, 0))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("in");
        assertThatThrownBy(() -> c.doFinal(pt, 5, pt.length - 5, new byte[1], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.update(pt, 5, pt.length - 5, null, 0))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("out");
        n += c.update(pt, 5, pt.length - 5, out, n);
        n += c.doFinal(pt, 0, 0, out, n);
        assertThat(Arrays.copyOf(out, n)).as(name).isEqualTo(ct);
    }

    /** Null engine, null or wrong-length IV are rejected when the mode is created. */
    void rejectsBadConstructorArguments(boolean usesIv) {
        Sm4Engine engine = Sm4.newTableEngine(new byte[16]);
        assertThatThrownBy(() -> factory.create(null, new byte[16], true))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("engine");
        if (usesIv) {
            assertThatThrownBy(() -> factory.create(engine, null, true))
                    .isInstanceOf(NullPointerException.class).hasMessageContaining("iv");
            for (int len : new int[] {0, 8, 12, 15, 17, 32}) {
                assertThatThrownBy(() -> factory.create(engine, new byte[len], false))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("16");
            }
        }
    }

    /** After destroy, use fails clearly; destroy is idempotent. */
    void refusesUseAfterDestroy() {
        Sm4Cipher c = factory.create(Sm4.newTableEngine(new byte[16]), new byte[16], true);
        c.destroy();
        c.destroy();
        assertThatThrownBy(() -> c.update(new byte[16], 0, 16, new byte[32], 0))
                .isInstanceOf(IllegalStateException.class);
    }

    /**
     * A block-mode pair (NONE and PKCS7 factories for the same mode): every malformed PKCS#7
     * ending is rejected with BadPaddingException, nothing is written, and the object is ready
     * for the next message.
     */
    static void rejectsBadPadding(Factory none, Factory pkcs7) throws Exception {
        SplittableRandom r = new SplittableRandom(0xBADL);
        byte[] key = bytes(r, 16);
        byte[] iv = bytes(r, 16);
        Sm4Engine engine = Sm4.newTableEngine(key);
        Sm4Cipher dec = pkcs7.create(engine, iv, false);
        java.util.List<byte[]> bad = new java.util.ArrayList<>();
        for (int last : new int[] {0, 17, 18, 0x80, 0xff}) {
            byte[] block = bytes(r, 16);
            block[15] = (byte) last;
            bad.add(block);
        }
        for (int pad = 2; pad <= 16; pad++) {
            for (int wrong = 16 - pad; wrong < 15; wrong++) {
                byte[] block = bytes(r, 16);
                java.util.Arrays.fill(block, 16 - pad, 16, (byte) pad);
                block[wrong] ^= (byte) (1 + r.nextInt(255));
                bad.add(block);
            }
        }
        for (byte[] block : bad) {
            for (int prefixBlocks : new int[] {0, 1, 3}) {
                byte[] pt = new byte[16 * prefixBlocks + 16];
                r.nextBytes(pt);
                System.arraycopy(block, 0, pt, 16 * prefixBlocks, 16);
                byte[] ct = oneShot(none.create(engine, iv, true), pt);
                byte[] out = new byte[ct.length];
                java.util.Arrays.fill(out, (byte) 0x55);
                int split = r.nextInt(ct.length + 1);
                int n = dec.update(ct, 0, split, out, 0);
                byte[] before = out.clone();
                String as = "block=" + io.gmflux.codecs.bytes.Hex.encode(block) + " prefix=" + prefixBlocks;
                assertThatThrownBy(() -> dec.doFinal(ct, split, ct.length - split, out, n))
                        .as(as).isInstanceOf(javax.crypto.BadPaddingException.class);
                assertThat(out).as(as + ": doFinal wrote nothing").isEqualTo(before);
                // Reset by the failure: a good message decrypts next.
                byte[] good = bytes(r, r.nextInt(50));
                assertThat(oneShot(dec, oneShot(pkcs7.create(engine, iv, true), good))).as(as).isEqualTo(good);
            }
        }
    }

    /** NONE padding on a partial block, and PKCS#7 decryption of a non-multiple, are refused. */
    static void rejectsPartialBlocks(Factory none, Factory pkcs7) throws Exception {
        Sm4Engine engine = Sm4.newTableEngine(new byte[16]);
        byte[] iv = new byte[16];
        for (int len : new int[] {1, 15, 17, 31, 100}) {
            for (boolean encrypt : new boolean[] {true, false}) {
                Sm4Cipher c = none.create(engine, iv, encrypt);
                assertThatThrownBy(() -> oneShot(c, new byte[len])).as("len=" + len)
                        .isInstanceOf(javax.crypto.IllegalBlockSizeException.class);
                assertThat(oneShot(c, new byte[32])).as("reset after the failure").hasSize(32);
            }
            assertThatThrownBy(() -> oneShot(pkcs7.create(engine, iv, false), new byte[len]))
                    .isInstanceOf(javax.crypto.IllegalBlockSizeException.class);
        }
        assertThatThrownBy(() -> oneShot(pkcs7.create(engine, iv, false), new byte[0]))
                .isInstanceOf(javax.crypto.IllegalBlockSizeException.class);
        assertThat(oneShot(none.create(engine, iv, true), new byte[0])).isEmpty();
        assertThat(oneShot(pkcs7.create(engine, iv, true), new byte[0])).hasSize(16);
    }

    /** Output sizes: update writes whole blocks, PKCS#7 decryption holds the last one back. */
    static void reportsOutputSizes(Factory none, Factory pkcs7) throws Exception {
        Sm4Engine engine = Sm4.newTableEngine(new byte[16]);
        byte[] iv = new byte[16];
        Sm4Cipher enc = pkcs7.create(engine, iv, true);
        assertThat(enc.updateOutputSize(15)).isZero();
        assertThat(enc.updateOutputSize(16)).isEqualTo(16);
        assertThat(enc.finalOutputSize(16)).isEqualTo(32);
        assertThat(enc.finalOutputSize(15)).isEqualTo(16);
        assertThat(enc.update(new byte[10], 0, 10, new byte[0], 0)).isZero();
        assertThat(enc.updateOutputSize(6)).isEqualTo(16);
        assertThat(enc.finalOutputSize(6)).isEqualTo(32);
        Sm4Cipher dec = pkcs7.create(engine, iv, false);
        assertThat(dec.updateOutputSize(16)).isZero();
        assertThat(dec.updateOutputSize(32)).isEqualTo(16);
        assertThat(dec.updateOutputSize(33)).isEqualTo(32);
        assertThat(dec.update(new byte[32], 0, 32, new byte[16], 0)).isEqualTo(16);
        assertThat(dec.updateOutputSize(0)).isZero();
        assertThat(dec.finalOutputSize(0)).isEqualTo(16);
        Sm4Cipher decNone = none.create(engine, iv, false);
        assertThat(decNone.updateOutputSize(32)).isEqualTo(32);
        assertThat(enc.isEncrypting()).isTrue();
        assertThat(dec.isEncrypting()).isFalse();
        assertThatThrownBy(() -> enc.updateOutputSize(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }
}
