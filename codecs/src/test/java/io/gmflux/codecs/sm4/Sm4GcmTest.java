package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.testing.Vectors;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.GCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

class Sm4GcmTest {

    private static final byte SENTINEL = (byte) 0x5a;

    /** A random case: key, IV, AAD, plaintext, tag length. */
    private record Case(byte[] key, byte[] iv, byte[] aad, byte[] pt, int tagLen, String name) {
    }

    private static Case randomCase(SplittableRandom rnd, int index, long seed) {
        byte[] key = bytes(rnd, 16);
        int ivLen = rnd.nextBoolean() ? 12 : rnd.nextInt(1, 65);
        int aadLen = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(0, rnd.nextBoolean() ? 40 : 300);
        int ptLen = rnd.nextInt(3) == 0 ? rnd.nextInt(0, 48) : rnd.nextInt(0, 4097);
        int tagLen = rnd.nextInt(12, 17);
        return new Case(key, bytes(rnd, ivLen), bytes(rnd, aadLen), bytes(rnd, ptLen), tagLen,
                "seed " + seed + " case " + index + " (iv " + ivLen + ", aad " + aadLen + ", pt " + ptLen
                        + ", tag " + tagLen + ")");
    }

    private static byte[] bytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    static byte[] bcGcm(boolean encrypt, Case c, byte[] input) throws InvalidCipherTextException {
        GCMModeCipher gcm = GCMBlockCipher.newInstance(new SM4Engine());
        gcm.init(encrypt, new AEADParameters(new KeyParameter(c.key), c.tagLen * 8, c.iv, c.aad));
        byte[] out = new byte[gcm.getOutputSize(input.length)];
        int n = gcm.processBytes(input, 0, input.length, out, 0);
        n += gcm.doFinal(out, n);
        return Arrays.copyOf(out, n);
    }

    static byte[] seal(Case c) throws Exception {
        Sm4Gcm gcm = Sm4Gcm.encryptor(Sm4.newTableEngine(c.key), c.iv, c.tagLen);
        gcm.updateAad(c.aad, 0, c.aad.length);
        byte[] out = new byte[gcm.finalOutputSize(c.pt.length)];
        assertThat(gcm.doFinal(c.pt, 0, c.pt.length, out, 0)).isEqualTo(out.length);
        return out;
    }

    static byte[] open(Case c, byte[] ct) throws Exception {
        Sm4Gcm gcm = Sm4Gcm.decryptor(Sm4.newTableEngine(c.key), c.iv, c.tagLen);
        gcm.updateAad(c.aad, 0, c.aad.length);
        byte[] out = new byte[gcm.finalOutputSize(ct.length)];
        assertThat(gcm.doFinal(ct, 0, ct.length, out, 0)).isEqualTo(out.length);
        return out;
    }

    @Test
    void matchesRfc8998Vectors() throws Exception {
        int seen = 0;
        for (JsonNode v : Vectors.list("sm4", "aead")) {
            if (!v.get("mode").asText().equals("gcm")) {
                continue;
            }
            seen++;
            int tagLen = v.get("tag_length_bits").asInt() / 8;
            Case c = new Case(Vectors.hex(v, "key"), Vectors.hex(v, "iv"), Vectors.hex(v, "aad"),
                    Vectors.hex(v, "plaintext"), tagLen, v.get("id").asText());
            byte[] expected = concat(Vectors.hex(v, "ciphertext"), Vectors.hex(v, "tag"));
            assertThat(Hex.encode(seal(c))).as(c.name).isEqualTo(Hex.encode(expected));
            assertThat(open(c, expected)).as(c.name).isEqualTo(c.pt);
            Sm4Engine engine = Sm4.newTableEngine(c.key);
            assertThat(Sm4Gcm.seal(engine, c.iv, c.aad, c.pt)).as(c.name).isEqualTo(expected);
            assertThat(Sm4Gcm.open(engine, c.iv, c.aad, expected)).as(c.name).isEqualTo(c.pt);
        }
        assertThat(seen).isPositive();
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputs() throws Exception {
        long seed = 0x6c6d_0001L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 1000; i++) {
            Case c = randomCase(rnd, i, seed);
            byte[] expected = bcGcm(true, c, c.pt);
            byte[] ct = seal(c);
            assertThat(Hex.encode(ct)).as(c.name).isEqualTo(Hex.encode(expected));
            assertThat(open(c, ct)).as(c.name).isEqualTo(c.pt);
        }
    }

    @Test
    void authenticatesLongAssociatedDataAloneLikeBouncyCastle() throws Exception {
        // GMAC: GCM with an empty plaintext, so the tag is GHASH of the associated data alone.
        SplittableRandom rnd = new SplittableRandom(0x6c6d_0005L);
        for (int aadLen : new int[] {0, 1, 15, 16, 17, 255, 256, 257, 1023, 1024, 1025, 5000, 70000}) {
            Case c = new Case(bytes(rnd, 16), bytes(rnd, 12), bytes(rnd, aadLen), new byte[0], 16, "aad " + aadLen);
            byte[] tag = seal(c);
            assertThat(Hex.encode(tag)).as(c.name).isEqualTo(Hex.encode(bcGcm(true, c, c.pt)));
            assertThat(open(c, tag)).as(c.name).isEmpty();
        }
    }

    @Test
    void truncatedTagIsThePrefixOfTheFullTagAndVerifiesOnlyAtItsLength() throws Exception {
        // SP 800-38D §7.1 step 7: T = MSB_t(...). A 16-byte tag cut to 12 bytes passes a 12-byte
        // decryptor and fails a 16-byte one.
        Case c = randomCase(new SplittableRandom(12), 0, 12);
        Case full = new Case(c.key, c.iv, c.aad, c.pt, 16, c.name);
        Case shortTag = new Case(c.key, c.iv, c.aad, c.pt, 12, c.name);
        byte[] ct16 = seal(full);
        byte[] ct12 = seal(shortTag);
        assertThat(ct12).isEqualTo(Arrays.copyOf(ct16, ct16.length - 4));
        assertThat(open(shortTag, ct12)).isEqualTo(c.pt);
        Sm4Gcm dec = Sm4Gcm.decryptor(Sm4.newTableEngine(c.key), c.iv, 16);
        dec.updateAad(c.aad, 0, c.aad.length);
        assertThatThrownBy(() -> dec.doFinal(ct12, 0, ct12.length, new byte[ct12.length], 0))
                .isInstanceOf(AEADBadTagException.class);
    }

    @Test
    void agreesWithBouncyCastleOverAnEngineWithoutFusedKernels() throws Exception {
        // An engine with only the block methods runs encryptCtr/encryptCbc through the interface's
        // defaults: the mode must not depend on how the engine implements them.
        long seed = 0x6c6d_0006L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 150; i++) {
            Case c = randomCase(rnd, i, seed);
            Sm4Engine engine = new DefaultPathEngine(Sm4.newTableEngine(c.key));
            Sm4Gcm enc = Sm4Gcm.encryptor(engine, c.iv, c.tagLen);
            enc.updateAad(c.aad, 0, c.aad.length);
            byte[] ct = new byte[c.pt.length + c.tagLen];
            int half = rnd.nextInt(c.pt.length + 1);
            int n = enc.update(c.pt, 0, half, ct, 0);
            enc.doFinal(c.pt, half, c.pt.length - half, ct, n);
            assertThat(Hex.encode(ct)).as(c.name).isEqualTo(Hex.encode(bcGcm(true, c, c.pt)));
            Sm4Gcm dec = Sm4Gcm.decryptor(engine, c.iv, c.tagLen);
            dec.updateAad(c.aad, 0, c.aad.length);
            byte[] pt = new byte[c.pt.length];
            assertThat(dec.doFinal(ct, 0, ct.length, pt, 0)).isEqualTo(c.pt.length);
            assertThat(pt).as(c.name).isEqualTo(c.pt);
        }
    }

    /** Test double: the table engine claiming to be constant-time, to select the constant-time GHASH. */
    private static final class ConstantTimeClaimingEngine extends DelegatingEngine {
        ConstantTimeClaimingEngine(Sm4Engine engine) {
            super(engine);
        }

        @Override
        public boolean isConstantTime() {
            return true;
        }
    }

    /** Delegates the block methods only (fused entry points run through the interface's defaults). */
    private static class DelegatingEngine implements Sm4Engine {
        private final Sm4Engine engine;

        DelegatingEngine(Sm4Engine engine) {
            this.engine = engine;
        }

        @Override
        public void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
            engine.encryptBlocks(in, inOff, out, outOff, blocks);
        }

        @Override
        public void decryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int blocks) {
            engine.decryptBlocks(in, inOff, out, outOff, blocks);
        }

        @Override
        public boolean isConstantTime() {
            return engine.isConstantTime();
        }

        @Override
        public void destroy() {
            engine.destroy();
        }
    }

    @Test
    void usesTheConstantTimeGhashOverAConstantTimeEngineAndStillAgreesWithBouncyCastle() throws Exception {
        long seed = 0x6c6d_0007L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 150; i++) {
            Case c = randomCase(rnd, i, seed);
            Sm4Engine engine = new ConstantTimeClaimingEngine(Sm4.newTableEngine(c.key));
            Sm4Gcm enc = Sm4Gcm.encryptor(engine, c.iv, c.tagLen);
            assertThat((boolean) field(field(enc, "ghash"), "constantTime")).isTrue();
            enc.updateAad(c.aad, 0, c.aad.length);
            byte[] ct = new byte[c.pt.length + c.tagLen];
            enc.doFinal(c.pt, 0, c.pt.length, ct, 0);
            assertThat(Hex.encode(ct)).as(c.name).isEqualTo(Hex.encode(bcGcm(true, c, c.pt)));
            Sm4Gcm dec = Sm4Gcm.decryptor(engine, c.iv, c.tagLen);
            dec.updateAad(c.aad, 0, c.aad.length);
            byte[] pt = new byte[c.pt.length];
            dec.doFinal(ct, 0, ct.length, pt, 0);
            assertThat(pt).as(c.name).isEqualTo(c.pt);
        }
        Sm4Gcm table = Sm4Gcm.encryptor(Sm4.newTableEngine(new byte[16]), new byte[12], 16);
        assertThat((boolean) field(field(table, "ghash"), "constantTime")).isFalse();
    }

    @Test
    void randomSplitsOfAadAndDataEqualOneShot() throws Exception {
        long seed = 0x6c6d_0002L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 300; i++) {
            Case c = randomCase(rnd, i, seed);
            byte[] expected = seal(c);
            Sm4Engine engine = Sm4.newTableEngine(c.key);

            Sm4Gcm enc = Sm4Gcm.encryptor(engine, c.iv, c.tagLen);
            byte[] ct = new byte[expected.length];
            feedAad(enc, c.aad, rnd);
            int n = 0;
            int off = 0;
            while (off < c.pt.length && rnd.nextInt(4) != 0) {
                int len = rnd.nextInt(0, Math.min(c.pt.length - off, 70) + 1);
                int w = enc.update(c.pt, off, len, ct, n);
                assertThat(w).as(c.name).isEqualTo(len).isLessThanOrEqualTo(enc.updateOutputSize(len));
                n += w;
                off += len;
            }
            assertThat(enc.finalOutputSize(c.pt.length - off)).isEqualTo(expected.length - n);
            n += enc.doFinal(c.pt, off, c.pt.length - off, ct, n);
            assertThat(n).as(c.name).isEqualTo(expected.length);
            assertThat(ct).as(c.name).isEqualTo(expected);

            Sm4Gcm dec = Sm4Gcm.decryptor(engine, c.iv, c.tagLen);
            byte[] pt = new byte[c.pt.length];
            feedAad(dec, c.aad, rnd);
            off = 0;
            while (off < ct.length && rnd.nextInt(4) != 0) {
                int len = rnd.nextInt(0, Math.min(ct.length - off, 70) + 1);
                assertThat(dec.update(ct, off, len, pt, 0)).as(c.name).isZero();
                off += len;
            }
            assertThat(dec.finalOutputSize(ct.length - off)).isEqualTo(c.pt.length);
            assertThat(dec.doFinal(ct, off, ct.length - off, pt, 0)).as(c.name).isEqualTo(c.pt.length);
            assertThat(pt).as(c.name).isEqualTo(c.pt);
        }
    }

    private static void feedAad(Sm4AeadCipher cipher, byte[] aad, SplittableRandom rnd) {
        int off = 0;
        while (off < aad.length) {
            int len = rnd.nextInt(0, aad.length - off + 1);
            cipher.updateAad(aad, off, len);
            off += len;
        }
        if (rnd.nextBoolean()) {
            cipher.updateAad(aad, aad.length, 0);
        }
    }

    @Test
    void worksInPlace() throws Exception {
        long seed = 0x6c6d_0003L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 100; i++) {
            Case c = randomCase(rnd, i, seed);
            byte[] expected = seal(c);
            int off = rnd.nextInt(0, 20);
            byte[] buf = new byte[off + expected.length + 5];
            System.arraycopy(c.pt, 0, buf, off, c.pt.length);
            Sm4Gcm enc = Sm4Gcm.encryptor(Sm4.newTableEngine(c.key), c.iv, c.tagLen);
            enc.updateAad(c.aad, 0, c.aad.length);
            int half = c.pt.length / 2;
            int n = enc.update(buf, off, half, buf, off);
            enc.doFinal(buf, off + n, c.pt.length - half, buf, off + n);
            assertThat(Arrays.copyOfRange(buf, off, off + expected.length)).as(c.name).isEqualTo(expected);

            Sm4Gcm dec = Sm4Gcm.decryptor(Sm4.newTableEngine(c.key), c.iv, c.tagLen);
            dec.updateAad(c.aad, 0, c.aad.length);
            assertThat(dec.doFinal(buf, off, expected.length, buf, off)).isEqualTo(c.pt.length);
            assertThat(Arrays.copyOfRange(buf, off, off + c.pt.length)).as(c.name).isEqualTo(c.pt);
        }
    }

    @Test
    void rejectsAnyFlippedBitAndWritesNothing() throws Exception {
        long seed = 0x6c6d_0004L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 200; i++) {
            Case c = randomCase(rnd, i, seed);
            byte[] ct = seal(c);
            int where = rnd.nextInt(4);
            byte[] iv = c.iv.clone();
            byte[] aad = c.aad.clone();
            byte[] data = ct.clone();
            String what;
            if (where == 0 && ct.length > c.tagLen) {
                int bit = rnd.nextInt((ct.length - c.tagLen) * 8);
                data[bit >>> 3] ^= (byte) (1 << (bit & 7));
                what = "ciphertext bit " + bit;
            } else if (where == 1 && aad.length > 0) {
                int bit = rnd.nextInt(aad.length * 8);
                aad[bit >>> 3] ^= (byte) (1 << (bit & 7));
                what = "aad bit " + bit;
            } else if (where == 2) {
                int bit = rnd.nextInt(iv.length * 8);
                iv[bit >>> 3] ^= (byte) (1 << (bit & 7));
                what = "iv bit " + bit;
            } else {
                int bit = rnd.nextInt(c.tagLen * 8);
                data[ct.length - c.tagLen + (bit >>> 3)] ^= (byte) (1 << (bit & 7));
                what = "tag bit " + bit;
            }
            Sm4Gcm dec = Sm4Gcm.decryptor(Sm4.newTableEngine(c.key), iv, c.tagLen);
            dec.updateAad(aad, 0, aad.length);
            byte[] out = new byte[c.pt.length + 8];
            Arrays.fill(out, SENTINEL);
            int split = rnd.nextInt(data.length + 1);
            assertThat(dec.update(data, 0, split, out, 0)).isZero();
            assertThatThrownBy(() -> dec.doFinal(data, split, data.length - split, out, 0))
                    .as("%s: %s", c.name, what).isInstanceOf(AEADBadTagException.class);
            assertThat(out).as("%s: %s wrote output", c.name, what).containsOnly(SENTINEL);

            // the failure reset the object: the genuine message still opens
            Sm4Gcm good = Sm4Gcm.decryptor(Sm4.newTableEngine(c.key), c.iv, c.tagLen);
            good.updateAad(c.aad, 0, c.aad.length);
            assertThat(good.doFinal(ct, 0, ct.length, out, 0)).isEqualTo(c.pt.length);
        }
    }

    @Test
    void rejectsFlippedTagBitInPlaceWithoutTouchingTheBuffer() throws Exception {
        Case c = randomCase(new SplittableRandom(5), 0, 5);
        byte[] ct = seal(c);
        ct[ct.length - 1] ^= 1;
        byte[] copy = ct.clone();
        Sm4Gcm dec = Sm4Gcm.decryptor(Sm4.newTableEngine(c.key), c.iv, c.tagLen);
        dec.updateAad(c.aad, 0, c.aad.length);
        assertThatThrownBy(() -> dec.doFinal(ct, 0, ct.length, ct, 0)).isInstanceOf(AEADBadTagException.class);
        assertThat(ct).isEqualTo(copy);
    }

    @Test
    void rejectsInputShorterThanTheTag() throws Exception {
        byte[] key = new byte[16];
        for (int tagLen = 12; tagLen <= 16; tagLen++) {
            Sm4Gcm dec = Sm4Gcm.decryptor(Sm4.newTableEngine(key), new byte[12], tagLen);
            byte[] out = new byte[32];
            Arrays.fill(out, SENTINEL);
            byte[] in = new byte[tagLen - 1];
            dec.update(in, 0, 3, out, 0);
            assertThatThrownBy(() -> dec.doFinal(in, 3, in.length - 3, out, 0))
                    .isInstanceOf(AEADBadTagException.class).hasMessageContaining("shorter");
            assertThat(out).containsOnly(SENTINEL);
            assertThatThrownBy(() -> dec.doFinal(new byte[0], 0, 0, out, 0)).isInstanceOf(AEADBadTagException.class);
        }
        // the tag alone (empty message) is not truncated: it verifies
        Case c = new Case(new byte[16], new byte[12], new byte[0], new byte[0], 16, "empty");
        assertThat(open(c, seal(c))).isEmpty();
    }

    @Test
    void rejectsBadParametersWithClearExceptions() {
        Sm4Engine engine = Sm4.newTableEngine(new byte[16]);
        assertThatThrownBy(() -> Sm4Gcm.encryptor(null, new byte[12], 16))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("engine");
        assertThatThrownBy(() -> Sm4Gcm.decryptor(engine, null, 16))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("iv");
        assertThatThrownBy(() -> Sm4Gcm.encryptor(engine, new byte[0], 16))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("IV");
        for (int bad : new int[] {-1, 0, 4, 8, 11, 17, 32}) {
            assertThatThrownBy(() -> Sm4Gcm.encryptor(engine, new byte[12], bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tag length");
        }
        assertThatThrownBy(() -> Sm4.newTableEngine(new byte[15])).isInstanceOf(IllegalArgumentException.class);
        Sm4Gcm enc = Sm4Gcm.encryptor(engine, new byte[12], 16);
        assertThatThrownBy(() -> enc.updateAad(null, 0, 0))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("aad");
        assertThatThrownBy(() -> enc.update(null, 0, 0, new byte[1], 0))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("in");
        assertThatThrownBy(() -> enc.update(new byte[1], 0, 1, null, 0))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("out");
        assertThatThrownBy(() -> enc.update(new byte[4], 2, 3, new byte[8], 0))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("in");
        assertThatThrownBy(() -> Sm4Gcm.seal(engine, new byte[12], null, new byte[0]))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("aad");
        assertThatThrownBy(() -> Sm4Gcm.open(engine, new byte[12], new byte[0], null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("ciphertextAndTag");
    }

    @Test
    void rejectsAadAfterData() {
        for (boolean encrypt : new boolean[] {true, false}) {
            Sm4Engine engine = Sm4.newTableEngine(new byte[16]);
            Sm4Gcm gcm = encrypt ? Sm4Gcm.encryptor(engine, new byte[12], 16)
                    : Sm4Gcm.decryptor(engine, new byte[12], 16);
            gcm.updateAad(new byte[3], 0, 3);
            gcm.update(new byte[5], 0, 5, new byte[5], 0);
            assertThatThrownBy(() -> gcm.updateAad(new byte[1], 0, 1))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("associated data");
            // even an empty update counts as the start of the message
            gcm.reset();
            gcm.update(new byte[0], 0, 0, new byte[0], 0);
            assertThatThrownBy(() -> gcm.updateAad(new byte[1], 0, 1)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void tooSmallOutputChangesNoState() throws Exception {
        Case c = randomCase(new SplittableRandom(7), 0, 7);
        c = new Case(c.key, c.iv, c.aad, Arrays.copyOf(c.pt, 100), 16, "fixed");
        byte[] expected = seal(c);
        Sm4Gcm enc = Sm4Gcm.encryptor(Sm4.newTableEngine(c.key), c.iv, 16);
        enc.updateAad(c.aad, 0, c.aad.length);
        byte[] pt = c.pt;
        assertThatThrownBy(() -> enc.update(pt, 0, 50, new byte[49], 0)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> enc.doFinal(pt, 0, 100, new byte[115], 0))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("out");
        byte[] out = new byte[116];
        enc.doFinal(pt, 0, 100, out, 0);
        assertThat(out).isEqualTo(expected);

        Sm4Gcm dec = Sm4Gcm.decryptor(Sm4.newTableEngine(c.key), c.iv, 16);
        dec.updateAad(c.aad, 0, c.aad.length);
        assertThatThrownBy(() -> dec.doFinal(expected, 0, 116, new byte[99], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        byte[] back = new byte[100];
        assertThat(dec.doFinal(expected, 0, 116, back, 0)).isEqualTo(100);
        assertThat(back).isEqualTo(pt);
    }

    @Test
    void doFinalAndResetReturnToTheSameKeyAndIv() throws Exception {
        Case c = randomCase(new SplittableRandom(8), 0, 8);
        byte[] expected = seal(c);
        Sm4Gcm enc = Sm4Gcm.encryptor(Sm4.newTableEngine(c.key), c.iv, c.tagLen);
        for (int round = 0; round < 3; round++) {
            enc.updateAad(new byte[7], 0, 7);
            enc.update(c.pt, 0, c.pt.length / 3, new byte[c.pt.length], 0);
            enc.reset();
            enc.updateAad(c.aad, 0, c.aad.length);
            byte[] out = new byte[expected.length];
            enc.doFinal(c.pt, 0, c.pt.length, out, 0);
            assertThat(out).as("round %d", round).isEqualTo(expected);
        }
    }

    @Test
    void resetWithIvEqualsAFreshCipher() throws Exception {
        SplittableRandom rnd = new SplittableRandom(9);
        Case first = randomCase(rnd, 0, 9);
        Sm4Gcm enc = Sm4Gcm.encryptor(Sm4.newTableEngine(first.key), first.iv, first.tagLen);
        Sm4Gcm dec = Sm4Gcm.decryptor(Sm4.newTableEngine(first.key), first.iv, first.tagLen);
        for (int i = 0; i < 20; i++) {
            Case c = randomCase(rnd, i, 9);
            c = new Case(first.key, c.iv, c.aad, c.pt, first.tagLen, c.name);
            enc.resetWithIv(c.iv);
            enc.updateAad(c.aad, 0, c.aad.length);
            byte[] ct = new byte[c.pt.length + c.tagLen];
            enc.doFinal(c.pt, 0, c.pt.length, ct, 0);
            assertThat(ct).as(c.name).isEqualTo(bcGcm(true, c, c.pt));
            dec.resetWithIv(c.iv);
            dec.updateAad(c.aad, 0, c.aad.length);
            byte[] pt = new byte[c.pt.length];
            dec.doFinal(ct, 0, ct.length, pt, 0);
            assertThat(pt).as(c.name).isEqualTo(c.pt);
        }
        assertThatThrownBy(() -> enc.resetWithIv(new byte[0])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void wrapsTheCounterModulo2To32LikeBouncyCastle() throws Exception {
        // inc32 (SP 800-38D §6.2) wraps the low 32 bits without carrying into the rest of the
        // block. Choose a 16-byte IV whose J0 = GHASH(IV || [0]_64 || [128]_64) ends in fffffffd,
        // so that the message's counters run fffffffe, ffffffff, 00000000, ...:
        // IV = ((J0 * H^-1) xor L) * H^-1.
        SplittableRandom rnd = new SplittableRandom(0x6c6d_0010L);
        for (int trial = 0; trial < 4; trial++) {
            byte[] key = bytes(rnd, 16);
            byte[] h = new byte[16];
            Sm4.newTableEngine(key).encryptBlocks(h, 0, h, 0, 1);
            byte[] hInverse = gfPower(h);
            byte[] j0 = bytes(rnd, 16);
            j0[12] = (byte) 0xff;
            j0[13] = (byte) 0xff;
            j0[14] = (byte) 0xff;
            j0[15] = (byte) (0xfd - trial);
            byte[] y1 = GhashTest.referenceMultiply(j0, hInverse);
            y1[15] ^= (byte) 0x80;   // L = [0]_64 || [128]_64
            byte[] iv = GhashTest.referenceMultiply(y1, hInverse);
            byte[] ghashOfIv = GhashTest.referenceGhash(h, concat(iv, Hex.decode("00000000000000000000000000000080")));
            assertThat(ghashOfIv).as("constructed J0").isEqualTo(j0);

            Case c = new Case(key, iv, bytes(rnd, 5), bytes(rnd, 16 * 9 + 7), 16, "wrap trial " + trial);
            byte[] expected = bcGcm(true, c, c.pt);
            assertThat(Hex.encode(seal(c))).as(c.name).isEqualTo(Hex.encode(expected));
            // streaming, with a partial block straddling the wrap
            Sm4Gcm enc = Sm4Gcm.encryptor(Sm4.newTableEngine(key), iv, 16);
            enc.updateAad(c.aad, 0, c.aad.length);
            byte[] ct = new byte[expected.length];
            int n = enc.update(c.pt, 0, 21, ct, 0);
            n += enc.update(c.pt, 21, 30, ct, n);
            enc.doFinal(c.pt, 51, c.pt.length - 51, ct, n);
            assertThat(ct).as(c.name).isEqualTo(expected);
            assertThat(open(c, expected)).as(c.name).isEqualTo(c.pt);
        }
    }

    /** {@code h^(2^128 - 2)}, the inverse of h in GF(2^128), with the reference multiply. */
    private static byte[] gfPower(byte[] h) {
        byte[] r = new byte[16];
        r[0] = (byte) 0x80;   // the field's 1 in GCM bit order
        for (int bit = 127; bit >= 0; bit--) {
            r = GhashTest.referenceMultiply(r, r);
            if (bit != 0) {
                r = GhashTest.referenceMultiply(r, h);
            }
        }
        return r;
    }

    @Test
    void destroyedCipherRefusesWork() {
        Sm4Engine engine = Sm4.newTableEngine(new byte[16]);
        Sm4Gcm enc = Sm4Gcm.encryptor(engine, new byte[12], 16);
        enc.destroy();
        enc.destroy();
        assertThatThrownBy(() -> enc.update(new byte[1], 0, 1, new byte[1], 0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("destroyed");
        assertThatThrownBy(() -> enc.updateAad(new byte[1], 0, 1)).isInstanceOf(IllegalStateException.class);
        // the engine is the caller's and still works
        byte[] block = new byte[16];
        engine.encryptBlocks(block, 0, block, 0, 1);
    }

    @Test
    void destroyZeroesTheHashKeyTablesAndJ0() throws Exception {
        Sm4Gcm gcm = Sm4Gcm.encryptor(Sm4.newTableEngine(bytes(new SplittableRandom(13), 16)), new byte[12], 16);
        gcm.updateAad(new byte[20], 0, 20);
        gcm.update(new byte[40], 0, 40, new byte[40], 0);
        Ghash ghash = (Ghash) field(gcm, "ghash");
        assertThat((long[]) field(ghash, "high")).as("table before destroy").isNotEqualTo(new long[2048]);
        gcm.destroy();
        assertThat((long[]) field(ghash, "high")).containsOnly(0L);
        assertThat((long[]) field(ghash, "low")).containsOnly(0L);
        assertThat((byte[]) field(gcm, "j0")).containsOnly(0);
        assertThat((byte[]) field(gcm, "tagMask")).containsOnly(0);
        byte[] digest = new byte[16];
        ghash.digest(digest, 0);
        assertThat(digest).containsOnly(0);
    }

    static Object field(Object o, String name) throws ReflectiveOperationException {
        java.lang.reflect.Field f = o.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }

    @Test
    void reportsItsShape() {
        Sm4Gcm dec = Sm4Gcm.decryptor(Sm4.newTableEngine(new byte[16]), new byte[12], 13);
        assertThat(dec.isEncrypting()).isFalse();
        assertThat(dec.tagLength()).isEqualTo(13);
        assertThat(dec.updateOutputSize(100)).isZero();
        assertThat(dec.finalOutputSize(5)).isZero();
        dec.update(new byte[40], 0, 40, new byte[0], 0);
        assertThat(dec.finalOutputSize(10)).isEqualTo(37);
        Sm4Gcm enc = Sm4Gcm.encryptor(Sm4.newTableEngine(new byte[16]), new byte[12], 13);
        assertThat(enc.isEncrypting()).isTrue();
        assertThat(enc.finalOutputSize(10)).isEqualTo(23);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
