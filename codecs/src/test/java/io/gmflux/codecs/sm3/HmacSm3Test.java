package io.gmflux.codecs.sm3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

class HmacSm3Test {

    private static byte[] bc(byte[] key, byte[] m) {
        HMac h = new HMac(new SM3Digest());
        h.init(new KeyParameter(key));
        h.update(m, 0, m.length);
        byte[] out = new byte[32];
        h.doFinal(out, 0);
        return out;
    }

    @Test
    void passesEveryWycheproofCaseIncludingTheInvalidOnes() {
        int valid = 0;
        int invalid = 0;
        for (JsonNode v : Vectors.list("sm3", "hmac_sm3_wycheproof")) {
            String id = v.get("id").asText() + " (" + v.get("comment").asText() + ")";
            byte[] key = Vectors.hex(v, "key");
            byte[] msg = Vectors.hex(v, "message");
            byte[] tag = Vectors.hex(v, "tag");
            int tagBits = v.get("tag_size_bits").asInt();
            assertThat(tag.length * 8).as(id + " tag length").isEqualTo(tagBits);
            boolean expectValid = switch (v.get("result").asText()) {
                case "valid" -> true;
                case "invalid" -> false;
                default -> throw new AssertionError(id + ": unexpected result " + v.get("result"));
            };
            assertThat(HmacSm3.verify(key, msg, tag)).as(id).isEqualTo(expectValid);
            HmacSm3 h = new HmacSm3(key);
            h.update(msg);
            assertThat(h.verify(tag)).as(id + " instance").isEqualTo(expectValid);
            byte[] full = HmacSm3.mac(key, msg);
            assertThat(Arrays.equals(full, 0, tag.length, tag, 0, tag.length)).as(id + " mac prefix").isEqualTo(expectValid);
            if (expectValid) {
                valid++;
            } else {
                invalid++;
            }
        }
        assertThat(valid).isEqualTo(66);
        assertThat(invalid).isEqualTo(108);
    }

    @Test
    void computesTheRfc4231InputVectors() {
        for (JsonNode v : Vectors.list("sm3", "hmac_sm3_rfc4231_inputs")) {
            String id = v.get("id").asText();
            byte[] key = Vectors.hex(v, "key");
            byte[] msg = Vectors.hex(v, "message");
            byte[] tag = Vectors.hex(v, "tag");
            assertThat(v.get("result").asText()).isEqualTo("valid");
            assertThat(tag.length * 8).isEqualTo(v.get("tag_size_bits").asInt());
            byte[] mac = HmacSm3.mac(key, msg);
            assertThat(Arrays.copyOf(mac, tag.length)).as(id).isEqualTo(tag);
            assertThat(HmacSm3.verify(key, msg, tag)).as(id).isTrue();
        }
    }

    @Test
    void agreesWithBouncyCastleOnRandomKeysAndMessages() {
        SplittableRandom rnd = new SplittableRandom(0x5133_1001L);
        for (int c = 0; c < 1200; c++) {
            byte[] key = new byte[rnd.nextInt(201)];
            byte[] msg = new byte[c < 130 ? c : rnd.nextInt(4097)];
            rnd.nextBytes(key);
            rnd.nextBytes(msg);
            byte[] expected = bc(key, msg);
            String what = "case " + c + " key " + key.length + " msg " + msg.length;
            HmacSm3 h = new HmacSm3(key);
            // twice on the same instance: doFinal must reset for the same key
            for (int round = 0; round < 2; round++) {
                int off = 0;
                while (off < msg.length) {
                    int n = Math.min(msg.length - off, rnd.nextInt(150));
                    switch (rnd.nextInt(3)) {
                        case 0 -> h.update(msg, off, n);
                        case 1 -> h.update(ByteBuffer.wrap(msg, off, n));
                        default -> h.update(ByteBuffer.allocateDirect(n).put(msg, off, n).flip());
                    }
                    off += n;
                }
                assertThat(h.doFinal()).as(what + " round " + round).isEqualTo(expected);
            }
            assertThat(HmacSm3.mac(key, msg)).as(what + " static").isEqualTo(expected);
            h.destroy();
        }
    }

    @Test
    void verifyAcceptsOnlyTruncationsOfAtLeastSixteenBytes() {
        byte[] key = new byte[20];
        byte[] msg = "message".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] tag = HmacSm3.mac(key, msg);
        for (int len = 0; len <= 33; len++) {
            byte[] t = Arrays.copyOf(tag, len);
            boolean expected = len >= HmacSm3.MIN_TAG_LENGTH && len <= HmacSm3.MAC_LENGTH;
            assertThat(HmacSm3.verify(key, msg, t)).as("tag length " + len).isEqualTo(expected);
        }
    }

    @Test
    void verifiesATagEmbeddedInALargerBuffer() {
        byte[] key = {7};
        byte[] msg = {1, 2, 3};
        byte[] frame = new byte[50];
        System.arraycopy(HmacSm3.mac(key, msg), 0, frame, 9, 32);
        HmacSm3 h = new HmacSm3(key);
        h.update(msg);
        assertThat(h.verify(frame, 9, 32)).isTrue();
        h.update(msg);
        assertThat(h.verify(frame, 9, 20)).as("truncated to 20 bytes").isTrue();
        h.update(msg);
        assertThat(h.verify(frame, 8, 32)).as("misaligned").isFalse();
        h.update(msg);
        assertThatThrownBy(() -> h.verify(frame, 30, 32)).isInstanceOf(IndexOutOfBoundsException.class).hasMessageStartingWith("tag:");
        assertThat(h.verify(frame, 9, 32)).as("state unchanged by the rejected call").isTrue();
    }

    @Test
    void rejectsEveryFlippedTagBitAndAnyChangedMessageByte() {
        SplittableRandom rnd = new SplittableRandom(0x5133_1002L);
        byte[] key = new byte[32];
        byte[] msg = new byte[100];
        rnd.nextBytes(key);
        rnd.nextBytes(msg);
        byte[] tag = HmacSm3.mac(key, msg);
        HmacSm3 h = new HmacSm3(key);
        for (int bit = 0; bit < 256; bit++) {
            byte[] t = tag.clone();
            t[bit >>> 3] ^= (byte) (1 << (bit & 7));
            h.update(msg);
            assertThat(h.verify(t)).as("flipped tag bit " + bit).isFalse();
        }
        for (int i = 0; i < msg.length; i++) {
            byte[] m = msg.clone();
            m[i] ^= (byte) (1 + rnd.nextInt(255));
            h.update(m);
            assertThat(h.verify(tag)).as("changed message byte " + i).isFalse();
        }
        h.update(msg);
        assertThat(h.verify(tag)).as("the original still verifies").isTrue();
        assertThat(HmacSm3.verify(key, msg, new byte[32])).isFalse();
    }

    @Test
    void hashesKeysLongerThanTheBlockAndZeroPadsShorterOnes() {
        // RFC 2104 §2: K0 is H(K) for |K| > 64, else K padded with zeros to 64 bytes.
        SplittableRandom rnd = new SplittableRandom(0x5133_1003L);
        byte[] msg = new byte[50];
        rnd.nextBytes(msg);
        for (int len = 60; len <= 70; len++) {
            byte[] key = new byte[len];
            rnd.nextBytes(key);
            byte[] equivalent = len > 64 ? Sm3.hash(key) : java.util.Arrays.copyOf(key, 64);
            assertThat(HmacSm3.mac(key, msg)).as("key length " + len).isEqualTo(HmacSm3.mac(equivalent, msg))
                    .isEqualTo(bc(key, msg));
        }
    }

    @Test
    void resetDiscardsTheMessageButKeepsTheKey() {
        byte[] key = {1, 2, 3};
        HmacSm3 h = new HmacSm3(key);
        h.update(new byte[77]);
        h.reset();
        h.update((byte) 'x');
        byte[] out = new byte[40];
        assertThat(h.doFinal(out, 5)).isEqualTo(32);
        assertThat(Arrays.copyOfRange(out, 5, 37)).isEqualTo(bc(key, new byte[] {'x'}));
    }

    @Test
    void aCopyHasTheKeyButNotThePendingMessageAndLeavesItsTemplateAlone() {
        SplittableRandom rnd = new SplittableRandom(0x5133_1003L);
        for (int keyLength : new int[] {0, 1, 32, 64, 65, 200}) {
            byte[] key = new byte[keyLength];
            rnd.nextBytes(key);
            HmacSm3 template = new HmacSm3(key);
            template.update(new byte[] {9, 9, 9}); // pending in the template: not copied
            byte[] msg = new byte[1 + rnd.nextInt(150)];
            rnd.nextBytes(msg);
            HmacSm3 copy = template.forSameKey();
            copy.update(msg);
            assertThat(copy.doFinal()).as("key length " + keyLength).isEqualTo(bc(key, msg));
            assertThat(template.doFinal()).isEqualTo(bc(key, new byte[] {9, 9, 9}));
        }
        HmacSm3 destroyed = new HmacSm3(new byte[16]);
        destroyed.destroy();
        assertThatThrownBy(destroyed::forSameKey).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void destroyedInstanceRefusesFurtherUse() {
        HmacSm3 h = new HmacSm3(new byte[16]);
        h.update((byte) 1);
        h.destroy();
        assertThatThrownBy(() -> h.update((byte) 1)).isInstanceOf(IllegalStateException.class).hasMessageContaining("destroyed");
        assertThatThrownBy(() -> h.update(new byte[1], 0, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(h::doFinal).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> h.verify(new byte[32])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(h::reset).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void rejectsNullAndOutOfRangeArgumentsWithoutChangingState() {
        assertThatThrownBy(() -> new HmacSm3(null)).isInstanceOf(NullPointerException.class).hasMessage("key");
        assertThatThrownBy(() -> HmacSm3.mac(null, new byte[0])).isInstanceOf(NullPointerException.class).hasMessage("key");
        assertThatThrownBy(() -> HmacSm3.mac(new byte[0], null)).isInstanceOf(NullPointerException.class).hasMessage("data");
        assertThatThrownBy(() -> HmacSm3.verify(new byte[0], new byte[0], null)).isInstanceOf(NullPointerException.class).hasMessage("tag");
        byte[] key = new byte[10];
        HmacSm3 h = new HmacSm3(key);
        h.update(new byte[] {'a'});
        assertThatThrownBy(() -> h.update((byte[]) null)).isInstanceOf(NullPointerException.class).hasMessage("in");
        assertThatThrownBy(() -> h.update((ByteBuffer) null)).isInstanceOf(NullPointerException.class).hasMessage("in");
        assertThatThrownBy(() -> h.update(new byte[3], 2, 2)).isInstanceOf(IndexOutOfBoundsException.class).hasMessageStartingWith("in:");
        assertThatThrownBy(() -> h.doFinal(new byte[31], 0)).isInstanceOf(IndexOutOfBoundsException.class).hasMessageStartingWith("out:");
        assertThatThrownBy(() -> h.verify(null)).isInstanceOf(NullPointerException.class).hasMessage("tag");
        h.update(new byte[] {'b'});
        assertThat(h.doFinal()).isEqualTo(bc(key, new byte[] {'a', 'b'}));
    }
}
