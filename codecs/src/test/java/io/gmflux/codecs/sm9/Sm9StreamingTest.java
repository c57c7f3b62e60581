package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.testing.SharedFiles;
import io.gmflux.codecs.testing.Vectors;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * SM9 signing and verification of messages given in pieces ({@link Sm9Signer#update},
 * {@link Sm9Verifier.Streaming}): the same signatures as the one-shot methods for any chunking,
 * the standard's example through the streaming path, GmSSL's signature streamed, and misuse.
 */
class Sm9StreamingTest {

    private static final Sm9SignMasterPrivateKey MASTER = Sm9SignMasterPrivateKey.generate(BouncyCastleSm9.seeded(31));
    private static final byte[] ID = "alice@example.com".getBytes(StandardCharsets.UTF_8);
    private static final Sm9SignPrivateKey USER = MASTER.extractUserKey(ID);

    /** Feeds {@code msg} in random pieces (empty ones and single bytes included). */
    private static void feed(byte[] msg, SplittableRandom rnd, java.util.function.Consumer<byte[]> whole,
            PieceSink pieces) {
        int off = 0;
        while (off < msg.length) {
            int kind = rnd.nextInt(4);
            if (kind == 0) {
                pieces.update(msg, off, 0);
            } else if (kind == 1) {
                whole.accept(new byte[] {msg[off++]});
            } else {
                int n = Math.min(msg.length - off, 1 + rnd.nextInt(kind == 2 ? 70 : 3000));
                pieces.update(msg, off, n);
                off += n;
            }
        }
    }

    interface PieceSink {
        void update(byte[] b, int off, int len);
    }

    @Test
    void streamedSignaturesEqualOneShotOnesForRandomMessagesAndChunkings() {
        SplittableRandom rnd = new SplittableRandom(3101);
        Sm9Verifier verifier = new Sm9Verifier(MASTER.publicKey(), ID);
        for (int i = 0; i < 10; i++) {
            String c = "case " + i + " (seed 3101)";
            byte[] msg = new byte[i == 0 ? 0 : rnd.nextInt(i < 5 ? 130 : 20_000)];
            rnd.nextBytes(msg);
            long seed = rnd.nextLong();
            byte[] oneShot = new Sm9Signer(USER, BouncyCastleSm9.seeded(seed)).sign(msg);
            Sm9Signer streaming = new Sm9Signer(USER, BouncyCastleSm9.seeded(seed));
            feed(msg, rnd, b -> streaming.update(b[0]), streaming::update);
            byte[] streamed = streaming.sign();
            assertThat(Hex.encode(streamed)).as(c).isEqualTo(Hex.encode(oneShot));

            Sm9Verifier.Streaming v = verifier.stream();
            feed(msg, rnd, b -> v.update(b[0]), v::update);
            assertThat(v.verify(streamed)).as(c).isTrue();
            // the check started a new message: the empty one, which this signature is not of (unless it is)
            assertThat(v.verify(streamed)).as(c + ": after a check, the message is empty").isEqualTo(msg.length == 0);
            if (msg.length > 0) {
                byte[] other = msg.clone();
                other[rnd.nextInt(other.length)] ^= (byte) (1 << rnd.nextInt(8));
                v.update(other, 0, other.length);
                assertThat(v.verify(streamed)).as(c + ": a flipped bit").isFalse();
                v.update(msg, 0, msg.length - 1);
                assertThat(v.verify(streamed)).as(c + ": truncated by a byte").isFalse();
            }
        }
    }

    /** Gives r (the standard's example) to {@link ScalarN#random}, as the only draw. */
    private static SecureRandom fixed(byte[] r) {
        return new SecureRandom() {
            private static final long serialVersionUID = 1L;

            @Override
            public void nextBytes(byte[] bytes) {
                assertThat(bytes).hasSameSizeAs(r);
                System.arraycopy(r, 0, bytes, 0, r.length);
            }
        };
    }

    @Test
    void theStandardsSignatureExampleThroughTheStreamingPath() throws Exception {
        for (JsonNode v : Vectors.list("sm9", "signature")) {
            Sm9SignMasterPrivateKey master = Sm9SignMasterPrivateKey.fromBytes(Vectors.hex(v, "master_private_key_ks"));
            byte[] id = Vectors.hex(v, "user_id");
            byte hid = Vectors.hex(v, "hid")[0];
            byte[] msg = Vectors.hex(v, "message");
            Sm9Signer signer = new Sm9Signer(master.extractUserKey(id, hid), fixed(Vectors.hex(v, "r")));
            for (byte b : msg) {
                signer.update(b);
            }
            String expected = Hex.encode(Vectors.hex(v, "signature_h_S"));
            assertThat(Hex.encode(signer.sign())).as(v.get("id").asText()).isEqualTo(expected);
            Sm9Verifier.Streaming s = new Sm9Verifier(master.publicKey(), id, hid).stream();
            s.update(msg, 0, msg.length / 2);
            s.update(msg, msg.length / 2, msg.length - msg.length / 2);
            assertThat(s.verify(Vectors.hex(v, "signature_h_S"))).isTrue();
        }
    }

    @Test
    void gmsslSignatureOfMsgTxtVerifiesStreamedForAliceOnly() throws Exception {
        Sm9SignMasterPublicKey pub = Sm9KeyEncoding.signMasterPublicKeyFromPem(
                SharedFiles.gmsslText("sm9sign-master.pub.pem"));
        byte[] msg = SharedFiles.gmsslBytes("msg.txt");
        byte[] sig = SharedFiles.gmsslBytes("msg.sm9.sig");
        Sm9Verifier.Streaming alice = new Sm9Verifier(pub, ID).stream();
        for (int off = 0; off < msg.length; off += 5) {
            alice.update(msg, off, Math.min(5, msg.length - off));
        }
        assertThat(alice.verifyDer(sig)).isTrue();
        Sm9Verifier.Streaming bob = new Sm9Verifier(pub, "bob@example.com".getBytes(StandardCharsets.UTF_8)).stream();
        bob.update(msg, 0, msg.length);
        assertThat(bob.verifyDer(sig)).as("another identity").isFalse();
    }

    @Test
    void aPendingStreamedMessageRefusesOneShotSigningUntilSignedOrReset() {
        Sm9Signer signer = new Sm9Signer(USER, BouncyCastleSm9.seeded(32));
        signer.update(new byte[] {1, 2, 3}, 0, 3);
        assertThatThrownBy(() -> signer.sign(new byte[1])).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("pending");
        signer.reset();
        byte[] msg = "after reset".getBytes(StandardCharsets.UTF_8);
        signer.update(msg, 0, msg.length);
        byte[] sig = signer.sign();
        assertThat(new Sm9Verifier(MASTER.publicKey(), ID).verify(msg, sig)).as("reset dropped 1 2 3").isTrue();
        assertThat(signer.sign(msg)).as("sign() ended the stream").hasSize(Sm9Signer.SIGNATURE_LENGTH);
        assertThatThrownBy(() -> signer.update(msg, 5, 7)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void malformedDerInAStreamedCheckIsASignatureExceptionAndKeepsTheMessage() throws Exception {
        byte[] msg = "m".getBytes(StandardCharsets.UTF_8);
        byte[] der = new Sm9Signer(USER, BouncyCastleSm9.seeded(33)).signDer(msg);
        Sm9Verifier.Streaming v = new Sm9Verifier(MASTER.publicKey(), ID).stream();
        v.update(msg, 0, 1);
        assertThatThrownBy(() -> v.verifyDer(java.util.Arrays.copyOf(der, der.length - 1)))
                .isInstanceOf(SignatureException.class);
        assertThat(v.verifyDer(der)).isTrue();
        v.update(msg, 0, 1);
        v.reset();
        assertThat(v.verifyDer(der)).as("reset dropped the message").isFalse();
    }
}
