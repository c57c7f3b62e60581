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
import org.bouncycastle.crypto.modes.CCMBlockCipher;
import org.bouncycastle.crypto.modes.CCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

class Sm4CcmTest {

    private static final byte SENTINEL = (byte) 0xa5;

    /** A random case: key, nonce, AAD, plaintext, tag length. */
    private record Case(byte[] key, byte[] nonce, byte[] aad, byte[] pt, int tagLen, String name) {
    }

    private static Case randomCase(SplittableRandom rnd, int index, long seed) {
        int nonceLen = rnd.nextInt(7, 14);
        int aadLen = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(0, rnd.nextInt(8) == 0 ? 70000 : 300);
        int ptLen = rnd.nextInt(3) == 0 ? rnd.nextInt(0, 48) : rnd.nextInt(0, 4097);
        int tagLen = 2 * rnd.nextInt(2, 9);
        return new Case(bytes(rnd, 16), bytes(rnd, nonceLen), bytes(rnd, aadLen), bytes(rnd, ptLen), tagLen,
                "seed " + seed + " case " + index + " (nonce " + nonceLen + ", aad " + aadLen + ", pt " + ptLen
                        + ", tag " + tagLen + ")");
    }

    private static byte[] bytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    static byte[] bcCcm(boolean encrypt, Case c, byte[] input) throws InvalidCipherTextException {
        CCMModeCipher ccm = CCMBlockCipher.newInstance(new SM4Engine());
        ccm.init(encrypt, new AEADParameters(new KeyParameter(c.key), c.tagLen * 8, c.nonce, c.aad));
        byte[] out = new byte[ccm.getOutputSize(input.length)];
        int n = ccm.processBytes(input, 0, input.length, out, 0);
        n += ccm.doFinal(out, n);
        return Arrays.copyOf(out, n);
    }

    static byte[] seal(Case c) throws Exception {
        Sm4Ccm ccm = Sm4Ccm.encryptor(Sm4.newTableEngine(c.key), c.nonce, c.tagLen);
        ccm.updateAad(c.aad, 0, c.aad.length);
        byte[] out = new byte[ccm.finalOutputSize(c.pt.length)];
        assertThat(ccm.doFinal(c.pt, 0, c.pt.length, out, 0)).isEqualTo(out.length);
        return out;
    }

    static byte[] open(Case c, byte[] ct) throws Exception {
        Sm4Ccm ccm = Sm4Ccm.decryptor(Sm4.newTableEngine(c.key), c.nonce, c.tagLen);
        ccm.updateAad(c.aad, 0, c.aad.length);
        byte[] out = new byte[ccm.finalOutputSize(ct.length)];
        assertThat(ccm.doFinal(ct, 0, ct.length, out, 0)).isEqualTo(out.length);
        return out;
    }

    @Test
    void matchesRfc8998Vectors() throws Exception {
        int seen = 0;
        for (JsonNode v : Vectors.list("sm4", "aead")) {
            if (!v.get("mode").asText().equals("ccm")) {
                continue;
            }
            seen++;
            Case c = new Case(Vectors.hex(v, "key"), Vectors.hex(v, "iv"), Vectors.hex(v, "aad"),
                    Vectors.hex(v, "plaintext"), v.get("tag_length_bits").asInt() / 8, v.get("id").asText());
            byte[] ct = Vectors.hex(v, "ciphertext");
            byte[] expected = Arrays.copyOf(ct, ct.length + c.tagLen);
            System.arraycopy(Vectors.hex(v, "tag"), 0, expected, ct.length, c.tagLen);
            assertThat(Hex.encode(seal(c))).as(c.name).isEqualTo(Hex.encode(expected));
            assertThat(open(c, expected)).as(c.name).isEqualTo(c.pt);
            Sm4Engine engine = Sm4.newTableEngine(c.key);
            assertThat(Sm4Ccm.seal(engine, c.nonce, c.aad, c.pt)).as(c.name).isEqualTo(expected);
            assertThat(Sm4Ccm.open(engine, c.nonce, c.aad, expected)).as(c.name).isEqualTo(c.pt);
        }
        assertThat(seen).isPositive();
    }

    @Test
    void transmitsTheEncryptedTagNotBouncyCastlesGetMac() throws Exception {
        // BouncyCastle's getMac() returns the CBC-MAC T; the wire carries U = T xor MSB(S0).
        JsonNode v = Vectors.list("sm4", "aead").stream()
                .filter(n -> n.get("mode").asText().equals("ccm")).findFirst().orElseThrow();
        byte[] key = Vectors.hex(v, "key");
        byte[] nonce = Vectors.hex(v, "iv");
        byte[] aad = Vectors.hex(v, "aad");
        byte[] pt = Vectors.hex(v, "plaintext");
        CCMModeCipher bc = CCMBlockCipher.newInstance(new SM4Engine());
        bc.init(true, new AEADParameters(new KeyParameter(key), 128, nonce, aad));
        byte[] bcOut = new byte[bc.getOutputSize(pt.length)];
        bc.doFinal(bcOut, bc.processBytes(pt, 0, pt.length, bcOut, 0));
        byte[] t = bc.getMac();
        byte[] ours = Sm4Ccm.seal(Sm4.newTableEngine(key), nonce, aad, pt);
        byte[] u = Arrays.copyOfRange(ours, pt.length, ours.length);
        assertThat(u).isEqualTo(Vectors.hex(v, "tag")).isNotEqualTo(t);
        byte[] s0Block = new byte[16];
        s0Block[0] = (byte) (15 - nonce.length - 1);
        System.arraycopy(nonce, 0, s0Block, 1, nonce.length);
        Sm4.newTableEngine(key).encryptBlocks(s0Block, 0, s0Block, 0, 1);
        for (int i = 0; i < 16; i++) {
            assertThat((byte) (t[i] ^ s0Block[i])).as("byte %d of U = T xor S0", i).isEqualTo(u[i]);
        }
    }

    @Test
    void agreesWithBouncyCastleOnRandomInputs() throws Exception {
        long seed = 0x6c6d_1001L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 1000; i++) {
            Case c = randomCase(rnd, i, seed);
            if (c.nonce.length == 13 && c.pt.length > 0xffff) {
                continue;
            }
            byte[] expected = bcCcm(true, c, c.pt);
            byte[] ct = seal(c);
            assertThat(Hex.encode(ct)).as(c.name).isEqualTo(Hex.encode(expected));
            assertThat(open(c, ct)).as(c.name).isEqualTo(c.pt);
            assertThat(bcCcm(false, c, ct)).as(c.name).isEqualTo(c.pt);
        }
    }

    @Test
    void agreesWithBouncyCastleOverAnEngineWithoutFusedKernels() throws Exception {
        // An engine with only the block methods runs encryptCtr/encryptCbc through the interface's
        // defaults: the mode must not depend on how the engine implements them.
        long seed = 0x6c6d_1006L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 150; i++) {
            Case c = randomCase(rnd, i, seed);
            if (c.nonce.length == 13 && c.pt.length > 0xffff) {
                continue;
            }
            Sm4Engine engine = new DefaultPathEngine(Sm4.newTableEngine(c.key));
            Sm4Ccm enc = Sm4Ccm.encryptor(engine, c.nonce, c.tagLen);
            enc.updateAad(c.aad, 0, c.aad.length);
            byte[] ct = new byte[c.pt.length + c.tagLen];
            int half = rnd.nextInt(c.pt.length + 1);
            int n = enc.update(c.pt, 0, half, ct, 0);
            enc.doFinal(c.pt, half, c.pt.length - half, ct, n);
            assertThat(Hex.encode(ct)).as(c.name).isEqualTo(Hex.encode(bcCcm(true, c, c.pt)));
            Sm4Ccm dec = Sm4Ccm.decryptor(engine, c.nonce, c.tagLen);
            dec.updateAad(c.aad, 0, c.aad.length);
            byte[] pt = new byte[c.pt.length];
            assertThat(dec.doFinal(ct, 0, ct.length, pt, 0)).isEqualTo(c.pt.length);
            assertThat(pt).as(c.name).isEqualTo(c.pt);
        }
    }

    @Test
    void randomSplitsOfAadAndDataEqualOneShot() throws Exception {
        long seed = 0x6c6d_1002L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 300; i++) {
            Case c = randomCase(rnd, i, seed);
            byte[] expected = seal(c);
            Sm4Engine engine = Sm4.newTableEngine(c.key);
            for (boolean encrypt : new boolean[] {true, false}) {
                Sm4Ccm ccm = encrypt ? Sm4Ccm.encryptor(engine, c.nonce, c.tagLen)
                        : Sm4Ccm.decryptor(engine, c.nonce, c.tagLen);
                byte[] in = encrypt ? c.pt : expected;
                byte[] want = encrypt ? expected : c.pt;
                int aadOff = 0;
                while (aadOff < c.aad.length) {
                    int len = rnd.nextInt(0, c.aad.length - aadOff + 1);
                    ccm.updateAad(c.aad, aadOff, len);
                    aadOff += len;
                }
                byte[] out = new byte[want.length];
                int off = 0;
                while (off < in.length && rnd.nextInt(4) != 0) {
                    int len = rnd.nextInt(0, Math.min(in.length - off, 70) + 1);
                    assertThat(ccm.update(in, off, len, out, 0)).as(c.name).isZero();
                    off += len;
                }
                assertThat(ccm.finalOutputSize(in.length - off)).as(c.name).isEqualTo(want.length);
                assertThat(ccm.doFinal(in, off, in.length - off, out, 0)).as(c.name).isEqualTo(want.length);
                assertThat(out).as("%s encrypt=%s", c.name, encrypt).isEqualTo(want);
            }
        }
    }

    @Test
    void worksInPlace() throws Exception {
        long seed = 0x6c6d_1003L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 100; i++) {
            Case c = randomCase(rnd, i, seed);
            byte[] expected = seal(c);
            int off = rnd.nextInt(0, 20);
            byte[] buf = new byte[off + expected.length + 3];
            System.arraycopy(c.pt, 0, buf, off, c.pt.length);
            Sm4Ccm enc = Sm4Ccm.encryptor(Sm4.newTableEngine(c.key), c.nonce, c.tagLen);
            enc.updateAad(c.aad, 0, c.aad.length);
            int half = c.pt.length / 2;
            enc.update(buf, off, half, buf, off);
            enc.doFinal(buf, off + half, c.pt.length - half, buf, off);
            assertThat(Arrays.copyOfRange(buf, off, off + expected.length)).as(c.name).isEqualTo(expected);

            Sm4Ccm dec = Sm4Ccm.decryptor(Sm4.newTableEngine(c.key), c.nonce, c.tagLen);
            dec.updateAad(c.aad, 0, c.aad.length);
            assertThat(dec.doFinal(buf, off, expected.length, buf, off)).isEqualTo(c.pt.length);
            assertThat(Arrays.copyOfRange(buf, off, off + c.pt.length)).as(c.name).isEqualTo(c.pt);
        }
    }

    @Test
    void rejectsAnyFlippedBitAndWritesNothing() throws Exception {
        long seed = 0x6c6d_1004L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 200; i++) {
            Case c = randomCase(rnd, i, seed);
            byte[] ct = seal(c);
            int where = rnd.nextInt(4);
            byte[] nonce = c.nonce.clone();
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
                int bit = rnd.nextInt(nonce.length * 8);
                nonce[bit >>> 3] ^= (byte) (1 << (bit & 7));
                what = "nonce bit " + bit;
            } else {
                int bit = rnd.nextInt(c.tagLen * 8);
                data[ct.length - c.tagLen + (bit >>> 3)] ^= (byte) (1 << (bit & 7));
                what = "tag bit " + bit;
            }
            Sm4Ccm dec = Sm4Ccm.decryptor(Sm4.newTableEngine(c.key), nonce, c.tagLen);
            dec.updateAad(aad, 0, aad.length);
            byte[] out = new byte[c.pt.length + 8];
            Arrays.fill(out, SENTINEL);
            int split = rnd.nextInt(data.length + 1);
            assertThat(dec.update(data, 0, split, out, 0)).isZero();
            assertThatThrownBy(() -> dec.doFinal(data, split, data.length - split, out, 0))
                    .as("%s: %s", c.name, what).isInstanceOf(AEADBadTagException.class);
            assertThat(out).as("%s: %s wrote output", c.name, what).containsOnly(SENTINEL);
            // reset by the failure: the genuine message opens with the same object
            dec.updateAad(c.aad, 0, c.aad.length);
            if (where == 2) {
                continue;
            }
            assertThat(dec.doFinal(ct, 0, ct.length, out, 0)).as(c.name).isEqualTo(c.pt.length);
            assertThat(Arrays.copyOf(out, c.pt.length)).as(c.name).isEqualTo(c.pt);
        }
    }

    @Test
    void rejectsFlippedTagBitInPlaceWithoutTouchingTheBuffer() throws Exception {
        Case c = randomCase(new SplittableRandom(5), 0, 5);
        byte[] ct = seal(c);
        ct[ct.length - 1] ^= (byte) 0x80;
        byte[] copy = ct.clone();
        Sm4Ccm dec = Sm4Ccm.decryptor(Sm4.newTableEngine(c.key), c.nonce, c.tagLen);
        dec.updateAad(c.aad, 0, c.aad.length);
        assertThatThrownBy(() -> dec.doFinal(ct, 0, ct.length, ct, 0)).isInstanceOf(AEADBadTagException.class);
        assertThat(ct).isEqualTo(copy);
    }

    @Test
    void rejectsInputShorterThanTheTag() throws Exception {
        for (int tagLen = 4; tagLen <= 16; tagLen += 2) {
            Sm4Ccm dec = Sm4Ccm.decryptor(Sm4.newTableEngine(new byte[16]), new byte[12], tagLen);
            byte[] out = new byte[32];
            Arrays.fill(out, SENTINEL);
            byte[] in = new byte[tagLen - 1];
            dec.update(in, 0, 1, out, 0);
            assertThatThrownBy(() -> dec.doFinal(in, 1, in.length - 1, out, 0))
                    .isInstanceOf(AEADBadTagException.class).hasMessageContaining("shorter");
            assertThat(out).containsOnly(SENTINEL);
        }
        Case c = new Case(new byte[16], new byte[7], new byte[0], new byte[0], 4, "empty");
        assertThat(open(c, seal(c))).isEmpty();
    }

    @Test
    void encodesAssociatedDataLengthsAtTheTwoAndSixByteBoundaryLikeBouncyCastle() throws Exception {
        // §A.2.2: a < 2^16 - 2^8 is encoded in 2 bytes, from 0xff00 on as 0xfffe || [a]_32.
        SplittableRandom rnd = new SplittableRandom(0x6c6d_1005L);
        for (int aadLen : new int[] {1, 14, 15, 0xfeff, 0xff00, 0xff01, 0x10000, 70001}) {
            Case c = new Case(bytes(rnd, 16), bytes(rnd, 12), bytes(rnd, aadLen), bytes(rnd, rnd.nextInt(40)), 12,
                    "aad " + aadLen);
            byte[] ct = seal(c);
            assertThat(Hex.encode(ct)).as(c.name).isEqualTo(Hex.encode(bcCcm(true, c, c.pt)));
            assertThat(open(c, ct)).as(c.name).isEqualTo(c.pt);
        }
    }

    @Test
    void rejectsACiphertextOpenedWithAnotherTagLength() throws Exception {
        Case c = randomCase(new SplittableRandom(11), 0, 11);
        c = new Case(c.key, c.nonce, c.aad, c.pt, 16, c.name);
        byte[] ct = seal(c);
        // the tag length is in B0's flags: a 14-byte tag is not a prefix of the 16-byte one
        Sm4Ccm dec = Sm4Ccm.decryptor(Sm4.newTableEngine(c.key), c.nonce, 14);
        dec.updateAad(c.aad, 0, c.aad.length);
        byte[] truncated = Arrays.copyOf(ct, ct.length - 2);
        assertThatThrownBy(() -> dec.doFinal(truncated, 0, truncated.length, new byte[ct.length], 0))
                .isInstanceOf(AEADBadTagException.class);
    }

    @Test
    void enforcesThePayloadLimitOfTheNonceLength() throws Exception {
        // q = 2: the payload must be shorter than 2^16 bytes (SP 800-38C §A.1).
        byte[] key = new byte[16];
        Case max = new Case(key, new byte[13], new byte[0], new byte[0xffff], 16, "q=2 max");
        assertThat(Hex.encode(seal(max))).isEqualTo(Hex.encode(bcCcm(true, max, max.pt)));
        Sm4Ccm enc = Sm4Ccm.encryptor(Sm4.newTableEngine(key), new byte[13], 16);
        enc.update(new byte[0xfff0], 0, 0xfff0, new byte[0], 0);
        assertThatThrownBy(() -> enc.update(new byte[16], 0, 16, new byte[16], 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("13-byte nonce");
        assertThatThrownBy(() -> enc.doFinal(new byte[16], 0, 16, new byte[0x10020], 0))
                .isInstanceOf(IllegalArgumentException.class);
        // the rejected calls changed nothing: the held part still finishes correctly
        byte[] out = new byte[0xffff + 16];
        enc.doFinal(new byte[15], 0, 15, out, 0);
        assertThat(out).isEqualTo(seal(max));
    }

    @Test
    void rejectsBadParametersWithClearExceptions() {
        Sm4Engine engine = Sm4.newTableEngine(new byte[16]);
        assertThatThrownBy(() -> Sm4Ccm.encryptor(null, new byte[12], 16))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("engine");
        assertThatThrownBy(() -> Sm4Ccm.decryptor(engine, null, 16))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("nonce");
        for (int bad : new int[] {0, 1, 6, 14, 16}) {
            assertThatThrownBy(() -> Sm4Ccm.encryptor(engine, new byte[bad], 16))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nonce");
        }
        for (int bad : new int[] {-2, 0, 2, 3, 5, 15, 17, 18}) {
            assertThatThrownBy(() -> Sm4Ccm.encryptor(engine, new byte[12], bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tag length");
        }
        Sm4Ccm enc = Sm4Ccm.encryptor(engine, new byte[12], 16);
        assertThatThrownBy(() -> enc.updateAad(null, 0, 1))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("aad");
        assertThatThrownBy(() -> enc.update(null, 0, 0, new byte[0], 0))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("in");
        assertThatThrownBy(() -> enc.doFinal(new byte[3], 0, 3, null, 0))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("out");
        assertThatThrownBy(() -> enc.doFinal(new byte[3], 0, 3, new byte[18], 0))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("out");
        assertThatThrownBy(() -> Sm4Ccm.seal(engine, new byte[12], new byte[0], null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("plaintext");
    }

    @Test
    void rejectsAadAfterData() {
        for (boolean encrypt : new boolean[] {true, false}) {
            Sm4Engine engine = Sm4.newTableEngine(new byte[16]);
            Sm4Ccm ccm = encrypt ? Sm4Ccm.encryptor(engine, new byte[12], 16)
                    : Sm4Ccm.decryptor(engine, new byte[12], 16);
            ccm.updateAad(new byte[3], 0, 3);
            ccm.update(new byte[5], 0, 5, new byte[5], 0);
            assertThatThrownBy(() -> ccm.updateAad(new byte[1], 0, 1))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("associated data");
        }
    }

    @Test
    void doFinalAndResetReturnToTheSameKeyAndNonce() throws Exception {
        Case c = randomCase(new SplittableRandom(8), 0, 8);
        byte[] expected = seal(c);
        Sm4Ccm enc = Sm4Ccm.encryptor(Sm4.newTableEngine(c.key), c.nonce, c.tagLen);
        for (int round = 0; round < 3; round++) {
            enc.updateAad(new byte[9], 0, 9);
            enc.update(c.pt, 0, c.pt.length / 2, new byte[0], 0);
            enc.reset();
            enc.updateAad(c.aad, 0, c.aad.length);
            byte[] out = new byte[expected.length];
            enc.doFinal(c.pt, 0, c.pt.length, out, 0);
            assertThat(out).as("round %d", round).isEqualTo(expected);
        }
    }

    @Test
    void resetWithNonceEqualsAFreshCipher() throws Exception {
        SplittableRandom rnd = new SplittableRandom(9);
        Case first = randomCase(rnd, 0, 9);
        Sm4Ccm enc = Sm4Ccm.encryptor(Sm4.newTableEngine(first.key), first.nonce, first.tagLen);
        Sm4Ccm dec = Sm4Ccm.decryptor(Sm4.newTableEngine(first.key), first.nonce, first.tagLen);
        for (int i = 0; i < 30; i++) {
            Case c = randomCase(rnd, i, 9);
            c = new Case(first.key, c.nonce, c.aad, c.pt, first.tagLen, c.name);
            if (c.nonce.length == 13 && c.pt.length > 0xffff) {
                continue;
            }
            enc.update(new byte[5], 0, 5, new byte[0], 0);
            enc.resetWithNonce(c.nonce);
            enc.updateAad(c.aad, 0, c.aad.length);
            byte[] ct = new byte[c.pt.length + c.tagLen];
            enc.doFinal(c.pt, 0, c.pt.length, ct, 0);
            assertThat(ct).as(c.name).isEqualTo(bcCcm(true, c, c.pt));
            dec.resetWithNonce(c.nonce);
            dec.updateAad(c.aad, 0, c.aad.length);
            byte[] pt = new byte[c.pt.length];
            dec.doFinal(ct, 0, ct.length, pt, 0);
            assertThat(pt).as(c.name).isEqualTo(c.pt);
        }
        assertThatThrownBy(() -> enc.resetWithNonce(new byte[14])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> enc.resetWithNonce(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void destroyedCipherRefusesWork() {
        Sm4Ccm ccm = Sm4Ccm.decryptor(Sm4.newTableEngine(new byte[16]), new byte[12], 16);
        ccm.destroy();
        ccm.destroy();
        assertThatThrownBy(() -> ccm.update(new byte[1], 0, 1, new byte[1], 0))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("destroyed");
    }

    @Test
    void destroyZeroesKeyDependentBlocksAndHeldPlaintext() throws Exception {
        Sm4Ccm ccm = Sm4Ccm.encryptor(Sm4.newTableEngine(bytes(new SplittableRandom(13), 16)), new byte[12], 16);
        byte[] secret = new byte[50];
        java.util.Arrays.fill(secret, (byte) 7);
        ccm.update(secret, 0, secret.length, new byte[0], 0);
        assertThat((byte[]) Sm4GcmTest.field(ccm, "s0")).as("S0 before destroy").isNotEqualTo(new byte[16]);
        ccm.destroy();
        for (String name : new String[] {"s0", "counter0", "mac", "held", "work", "keystream"}) {
            assertThat((byte[]) Sm4GcmTest.field(ccm, name)).as(name).containsOnly(0);
        }
    }

    @Test
    void reportsItsShape() {
        Sm4Ccm enc = Sm4Ccm.encryptor(Sm4.newTableEngine(new byte[16]), new byte[12], 10);
        assertThat(enc.isEncrypting()).isTrue();
        assertThat(enc.tagLength()).isEqualTo(10);
        assertThat(enc.updateOutputSize(100)).isZero();
        enc.update(new byte[40], 0, 40, new byte[0], 0);
        assertThat(enc.finalOutputSize(5)).isEqualTo(55);
        Sm4Ccm dec = Sm4Ccm.decryptor(Sm4.newTableEngine(new byte[16]), new byte[12], 10);
        assertThat(dec.isEncrypting()).isFalse();
        assertThat(dec.finalOutputSize(5)).isZero();
        assertThat(dec.finalOutputSize(15)).isEqualTo(5);
    }
}
