package io.gmflux.codecs.sm3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.junit.jupiter.api.Test;

class Sm3Test {

    private static byte[] bc(byte[] m, int off, int len) {
        SM3Digest d = new SM3Digest();
        d.update(m, off, len);
        byte[] out = new byte[32];
        d.doFinal(out, 0);
        return out;
    }

    private static byte[] bc(byte[] m) {
        return bc(m, 0, m.length);
    }

    @Test
    void hashesTheStandardExamples() {
        for (JsonNode v : Vectors.list("sm3", "hash")) {
            byte[] msg = Vectors.hex(v, "message");
            assertThat(msg.length * 8).as(v.get("id").asText()).isEqualTo(v.get("message_length_bits").asInt());
            byte[] expected = Vectors.hex(v, "digest");
            assertThat(Sm3.hash(msg)).as(v.get("id").asText()).isEqualTo(expected);
            Sm3 d = new Sm3();
            for (byte b : msg) {
                d.update(b);
            }
            assertThat(d.digest()).as(v.get("id").asText() + " bytewise").isEqualTo(expected);
        }
    }

    /**
     * Lengths 0..199 one by one, then random lengths up to 4096; each case is fed into one reused
     * instance as an array in random splits, a heap buffer, a direct buffer, a read-only buffer
     * and (every tenth case) single bytes.
     */
    @Test
    void agreesWithBouncyCastleOnRandomInputsFedInRandomSplits() {
        SplittableRandom rnd = new SplittableRandom(0x5133_0001L);
        Sm3 d = new Sm3();
        byte[] out = new byte[40];
        for (int c = 0; c < 1500; c++) {
            int len = c < 200 ? c : rnd.nextInt(4097);
            int pad = rnd.nextInt(8);
            byte[] buf = new byte[len + 2 * pad];
            rnd.nextBytes(buf);
            byte[] expected = bc(buf, pad, len);
            String what = "case " + c + " len " + len;

            // byte[] in random splits, random output offset
            int off = pad;
            int end = pad + len;
            while (off < end) {
                int n = Math.min(end - off, rnd.nextInt(3) == 0 ? rnd.nextInt(4) : rnd.nextInt(200));
                d.update(buf, off, n);
                off += n;
            }
            int outOff = rnd.nextInt(9);
            assertThat(d.digest(out, outOff)).isEqualTo(32);
            assertThat(Arrays.copyOfRange(out, outOff, outOff + 32)).as(what + " array").isEqualTo(expected);

            // heap ByteBuffer (slice with a nonzero array offset) in random splits
            ByteBuffer heap = ByteBuffer.wrap(buf).position(pad).limit(pad + len).slice();
            feedBufferInSplits(d, heap, rnd);
            assertThat(heap.remaining()).isZero();
            assertThat(d.digest()).as(what + " heap buffer").isEqualTo(expected);

            // direct ByteBuffer, little-endian order to prove the order is irrelevant and untouched
            ByteBuffer direct = ByteBuffer.allocateDirect(len + pad).order(ByteOrder.LITTLE_ENDIAN);
            direct.position(pad);
            direct.put(buf, pad, len);
            direct.position(pad);
            feedBufferInSplits(d, direct, rnd);
            assertThat(direct.position()).isEqualTo(pad + len);
            assertThat(direct.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
            assertThat(d.digest()).as(what + " direct buffer").isEqualTo(expected);

            // read-only heap buffer (no accessible array) takes the copying path
            ByteBuffer ro = ByteBuffer.wrap(buf, pad, len).asReadOnlyBuffer();
            d.update(ro);
            assertThat(d.digest()).as(what + " read-only buffer").isEqualTo(expected);

            if (c % 10 == 0) {
                for (int i = pad; i < end; i++) {
                    d.update(buf[i]);
                }
                assertThat(d.digest()).as(what + " single bytes").isEqualTo(expected);
            }
        }
    }

    @Test
    void agreesWithBouncyCastleWhenInputKindsAreMixedWithinOneMessage() {
        SplittableRandom rnd = new SplittableRandom(0x5133_0005L);
        Sm3 d = new Sm3();
        for (int c = 0; c < 500; c++) {
            byte[] m = new byte[rnd.nextInt(3000)];
            rnd.nextBytes(m);
            int off = 0;
            while (off < m.length) {
                int n = Math.min(m.length - off, rnd.nextInt(130));
                switch (rnd.nextInt(5)) {
                    case 0 -> d.update(m, off, n);
                    case 1 -> d.update(ByteBuffer.wrap(m, off, n));
                    case 2 -> d.update(ByteBuffer.allocateDirect(n).put(m, off, n).flip());
                    case 3 -> d.update(ByteBuffer.wrap(m, off, n).asReadOnlyBuffer());
                    default -> {
                        for (int i = off; i < off + n; i++) {
                            d.update(m[i]);
                        }
                    }
                }
                off += n;
            }
            assertThat(d.digest()).as("case " + c + " len " + m.length).isEqualTo(bc(m));
        }
    }

    private static void feedBufferInSplits(Sm3 d, ByteBuffer b, SplittableRandom rnd) {
        int limit = b.limit();
        while (b.position() < limit) {
            int n = Math.min(limit - b.position(), rnd.nextInt(300));
            b.limit(b.position() + n);
            d.update(b);
            assertThat(b.remaining()).isZero();
            b.limit(limit);
        }
    }

    @Test
    void agreesWithBouncyCastleOnAMillionAAndOnFourMebibytesOfRandomData() {
        Sm3 d = new Sm3();
        SM3Digest ref = new SM3Digest();
        byte[] chunk = new byte[1000];
        Arrays.fill(chunk, (byte) 'a');
        for (int i = 0; i < 1000; i++) {
            d.update(chunk);
            ref.update(chunk, 0, chunk.length);
        }
        byte[] expected = new byte[32];
        ref.doFinal(expected, 0);
        assertThat(d.digest()).as("1,000,000 x 'a'").isEqualTo(expected);

        byte[] big = new byte[4 * 1024 * 1024 + 17];
        new SplittableRandom(0x5133_0002L).nextBytes(big);
        assertThat(Sm3.hash(big)).as("4 MiB + 17 random").isEqualTo(bc(big));
        ByteBuffer direct = ByteBuffer.allocateDirect(big.length).put(big).flip();
        d.update(direct);
        assertThat(d.digest()).as("4 MiB + 17 random, direct").isEqualTo(bc(big));
    }

    @Test
    void anyFlippedInputBitChangesTheDigest() {
        SplittableRandom rnd = new SplittableRandom(0x5133_0004L);
        for (int c = 0; c < 200; c++) {
            byte[] m = new byte[1 + rnd.nextInt(300)];
            rnd.nextBytes(m);
            byte[] h = Sm3.hash(m);
            int bit = rnd.nextInt(m.length * 8);
            m[bit >>> 3] ^= (byte) (1 << (bit & 7));
            assertThat(Sm3.hash(m)).as("case " + c + " bit " + bit).isNotEqualTo(h).isEqualTo(bc(m));
        }
    }

    @Test
    void copyIsIndependentOfTheOriginal() {
        SplittableRandom rnd = new SplittableRandom(0x5133_0003L);
        for (int c = 0; c < 200; c++) {
            byte[] prefix = new byte[rnd.nextInt(200)];
            byte[] a = new byte[rnd.nextInt(200)];
            byte[] b = new byte[rnd.nextInt(200)];
            rnd.nextBytes(prefix);
            rnd.nextBytes(a);
            rnd.nextBytes(b);
            Sm3 d = new Sm3();
            d.update(prefix);
            Sm3 copy = d.copy();
            d.update(a);
            copy.update(b);
            assertThat(d.digest()).as("case " + c).isEqualTo(bc(concat(prefix, a)));
            assertThat(copy.digest()).as("case " + c).isEqualTo(bc(concat(prefix, b)));
        }
    }

    @Test
    void digestAndResetReturnToTheInitialState() {
        Sm3 d = new Sm3();
        byte[] abc = {'a', 'b', 'c'};
        d.update(new byte[100]);
        d.reset();
        d.update(abc);
        byte[] first = d.digest();
        assertThat(first).isEqualTo(bc(abc));
        d.update(abc);
        assertThat(d.digest()).as("digest resets").isEqualTo(first);
        assertThat(d.digest()).as("empty after reset").isEqualTo(bc(new byte[0]));
    }

    @Test
    void rejectsNullAndOutOfRangeArgumentsWithoutChangingState() {
        Sm3 d = new Sm3();
        d.update(new byte[] {'a', 'b'});
        assertThatThrownBy(() -> d.update((byte[]) null)).isInstanceOf(NullPointerException.class).hasMessage("in");
        assertThatThrownBy(() -> d.update(null, 0, 0)).isInstanceOf(NullPointerException.class).hasMessage("in");
        assertThatThrownBy(() -> d.update((ByteBuffer) null)).isInstanceOf(NullPointerException.class).hasMessage("in");
        assertThatThrownBy(() -> d.update(new byte[4], 3, 2)).isInstanceOf(IndexOutOfBoundsException.class).hasMessageStartingWith("in:");
        assertThatThrownBy(() -> d.update(new byte[4], -1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> d.update(new byte[4], 0, -1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> d.digest(new byte[40], 9)).isInstanceOf(IndexOutOfBoundsException.class).hasMessageStartingWith("out:");
        assertThatThrownBy(() -> d.digest(null, 0)).isInstanceOf(NullPointerException.class).hasMessage("out");
        assertThatThrownBy(() -> Sm3.hash(null)).isInstanceOf(NullPointerException.class).hasMessage("data");
        d.update((byte) 'c');
        assertThat(d.digest()).as("state unchanged by rejected calls").isEqualTo(bc(new byte[] {'a', 'b', 'c'}));
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
