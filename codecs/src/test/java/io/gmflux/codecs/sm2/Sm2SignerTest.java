package io.gmflux.codecs.sm2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.testing.Vectors;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.PlainDSAEncoding;
import org.bouncycastle.crypto.signers.SM2Signer;
import org.junit.jupiter.api.Test;

class Sm2SignerTest {

    private static final BigInteger N = BouncyCastleSm2.X9.getN();

    /** A deterministic SecureRandom for reproducible tests (seeded SHA1PRNG-free wrapper). */
    static SecureRandom seeded(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        return new SecureRandom() {
            @Override
            public void nextBytes(byte[] bytes) {
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = (byte) r.nextInt(256);
                }
            }
        };
    }

    @Test
    void reproducesTheRecommendedCurveVectorWithFixedK() throws Exception {
        int checked = 0;
        for (JsonNode v : Vectors.list("sm2", "signature")) {
            if (!v.path("curve").asText().equals("sm2p256v1")) {
                continue; // the example curve is covered by GenericCurveVectorsTest
            }
            Sm2PrivateKey key = Sm2PrivateKey.fromBytes(Vectors.hex(v, "private_key"));
            assertThat(key.publicKey().x()).as(v.path("id").asText()).isEqualTo(Vectors.hex(v, "public_key_x"));
            assertThat(key.publicKey().y()).isEqualTo(Vectors.hex(v, "public_key_y"));
            byte[] id = Vectors.hex(v, "user_id");
            assertThat(IdentityHash.za(id, key.publicKey())).isEqualTo(Vectors.hex(v, "za"));
            Sm2Signer signer = new Sm2Signer(key, id, new SecureRandom());
            byte[] sig = signer.signWithFixedK(Vectors.hex(v, "message"), Vectors.hex(v, "k"));
            assertThat(Hex.encode(sig)).isEqualTo(v.path("r").asText() + v.path("s").asText());
            assertThat(new Sm2Verifier(key.publicKey(), id).verify(Vectors.hex(v, "message"), sig)).isTrue();
            checked++;
        }
        assertThat(checked).isPositive();
    }

    /**
     * The attack of issue 14: two signers whose random generators are in the same state (a VM
     * snapshot restored twice, a seeded SHA1PRNG) sign different messages. With k from the generator
     * alone both use the same k and the formula below gives the key; hedged, k differs.
     */
    @Test
    void sameRngStateTwiceDoesNotRepeatNonce() throws Exception {
        Sm2PrivateKey key = Sm2KeyPair.generate(seeded(101)).privateKey();
        byte[] id = "1234567812345678".getBytes();
        byte[] seed = "snapshot".getBytes();
        SecureRandom first = SecureRandom.getInstance("SHA1PRNG");
        first.setSeed(seed);
        SecureRandom second = SecureRandom.getInstance("SHA1PRNG");
        second.setSeed(seed);
        byte[] m1 = "pay 10 to alice".getBytes();
        byte[] m2 = "pay 10000 to mallory".getBytes();
        byte[] sig1 = new Sm2Signer(key, id, first).sign(m1);
        byte[] sig2 = new Sm2Signer(key, id, second).sign(m2);
        byte[] sameState1 = new byte[32];
        byte[] sameState2 = new byte[32];
        first.nextBytes(sameState1);
        second.nextBytes(sameState2);
        assertThat(sameState1).as("the two generators are still in the same state").isEqualTo(sameState2);

        BigInteger x1First = x1Of(key, id, m1, sig1);
        BigInteger x1Second = x1Of(key, id, m2, sig2);
        assertThat(x1First).as("x1 of [k]G, i.e. k, repeated").isNotEqualTo(x1Second);
        BigInteger d = new BigInteger(1, key.toBytes());
        assertThat(recoverKeyFromSharedNonce(sig1, sig2)).isNotEqualTo(d);
        assertThat(new Sm2Verifier(key.publicKey(), id).verify(m1, sig1)).isTrue();
        assertThat(new Sm2Verifier(key.publicKey(), id).verify(m2, sig2)).isTrue();
    }

    @Test
    void theKeyRecoveryFormulaWorksWhenTheNonceRepeats() throws Exception {
        Sm2PrivateKey key = Sm2KeyPair.generate(seeded(102)).privateKey();
        byte[] id = "1234567812345678".getBytes();
        byte[] k = BouncyCastleSm2.bytes32(new BigInteger("1234567890abcdef1234567890abcdef", 16));
        Sm2Signer signer = new Sm2Signer(key, id, new SecureRandom());
        byte[] sig1 = signer.signWithFixedK("pay 10 to alice".getBytes(), k);
        byte[] sig2 = signer.signWithFixedK("pay 10000 to mallory".getBytes(), k);
        assertThat(recoverKeyFromSharedNonce(sig1, sig2)).isEqualTo(new BigInteger(1, key.toBytes()));
    }

    @Test
    void aFixedRandomOutputAndTheSameMessageGiveTheSameSignatureAndAnotherMessageAnotherNonce() throws Exception {
        Sm2PrivateKey key = Sm2KeyPair.generate(seeded(103)).privateKey();
        byte[] id = "1234567812345678".getBytes();
        byte[] msg = "message digest".getBytes();
        byte[] a = new Sm2Signer(key, id, constant((byte) 0x5a)).sign(msg);
        byte[] b = new Sm2Signer(key, id, constant((byte) 0x5a)).sign(msg);
        assertThat(a).isEqualTo(b);
        byte[] other = "message digesT".getBytes();
        byte[] c = new Sm2Signer(key, id, constant((byte) 0x5a)).sign(other);
        assertThat(x1Of(key, id, other, c)).isNotEqualTo(x1Of(key, id, msg, a));
        byte[] d = new Sm2Signer(key, id, constant((byte) 0x5b)).sign(msg);
        assertThat(d).as("other fresh bytes, same message").isNotEqualTo(a);
        assertThat(new Sm2Verifier(key.publicKey(), id).verify(msg, a)).isTrue();
        SM2Signer bc = new SM2Signer(PlainDSAEncoding.INSTANCE);
        bc.init(false, new ParametersWithID(BouncyCastleSm2.publicKey(key.publicKey()), id));
        bc.update(other, 0, other.length);
        assertThat(bc.verifySignature(c)).isTrue();
    }

    /** A generator that returns {@code b} for every byte. */
    private static SecureRandom constant(byte b) {
        return new SecureRandom() {
            @Override
            public void nextBytes(byte[] bytes) {
                java.util.Arrays.fill(bytes, b);
            }
        };
    }

    /** x1 mod n = r - e for a signature of {@code msg}: equal x1 means equal k. */
    private static BigInteger x1Of(Sm2PrivateKey key, byte[] id, byte[] msg, byte[] sig) {
        io.gmflux.codecs.sm3.Sm3 sm3 = new io.gmflux.codecs.sm3.Sm3();
        sm3.update(IdentityHash.za(id, key.publicKey()));
        sm3.update(msg, 0, msg.length);
        byte[] e = new byte[32];
        sm3.digest(e, 0);
        return new BigInteger(1, java.util.Arrays.copyOfRange(sig, 0, 32)).subtract(new BigInteger(1, e)).mod(N);
    }

    /** s = (1 + d)^-1 (k - r d) for both, same k: d = (s2 - s1) / (s1 + r1 - s2 - r2) mod n. */
    private static BigInteger recoverKeyFromSharedNonce(byte[] sig1, byte[] sig2) {
        BigInteger r1 = new BigInteger(1, java.util.Arrays.copyOfRange(sig1, 0, 32));
        BigInteger s1 = new BigInteger(1, java.util.Arrays.copyOfRange(sig1, 32, 64));
        BigInteger r2 = new BigInteger(1, java.util.Arrays.copyOfRange(sig2, 0, 32));
        BigInteger s2 = new BigInteger(1, java.util.Arrays.copyOfRange(sig2, 32, 64));
        return s2.subtract(s1).multiply(s1.add(r1).subtract(s2).subtract(r2).modInverse(N)).mod(N);
    }

    @Test
    void agreesWithBouncyCastleBothWaysOnRandomKeysAndMessages() throws Exception {
        SplittableRandom rnd = new SplittableRandom(41);
        SecureRandom random = seeded(42);
        for (int i = 0; i < 1_000; i++) {
            Sm2KeyPair pair = Sm2KeyPair.generate(random);
            byte[] msg = new byte[rnd.nextInt(0, 300)];
            rnd.nextBytes(msg);
            byte[] id = rnd.nextInt(4) == 0 ? new byte[rnd.nextInt(0, 40)] : "1234567812345678".getBytes();
            rnd.nextBytes(id);
            String ctx = "seed 41 case " + i;
            Sm2Signer ours = new Sm2Signer(pair.privateKey(), id, random);
            Sm2Verifier verifier = new Sm2Verifier(pair.publicKey(), id);
            // ours -> BC (DER and raw)
            byte[] der = ours.signDer(msg);
            SM2Signer bcv = new SM2Signer();
            bcv.init(false, new ParametersWithID(BouncyCastleSm2.publicKey(pair.publicKey()), id));
            bcv.update(msg, 0, msg.length);
            assertThat(bcv.verifySignature(der)).as(ctx).isTrue();
            byte[] raw = ours.sign(msg);
            SM2Signer bcvPlain = new SM2Signer(PlainDSAEncoding.INSTANCE);
            bcvPlain.init(false, new ParametersWithID(BouncyCastleSm2.publicKey(pair.publicKey()), id));
            bcvPlain.update(msg, 0, msg.length);
            assertThat(bcvPlain.verifySignature(raw)).as(ctx).isTrue();
            assertThat(verifier.verify(msg, raw)).as(ctx).isTrue();
            // BC -> ours
            SM2Signer bcs = new SM2Signer();
            bcs.init(true, new ParametersWithID(new ParametersWithRandom(BouncyCastleSm2.privateKey(pair.privateKey()), random), id));
            bcs.update(msg, 0, msg.length);
            byte[] bcDer = bcs.generateSignature();
            assertThat(verifier.verifyDer(msg, bcDer)).as(ctx).isTrue();
            if (msg.length > 0) {
                msg[rnd.nextInt(msg.length)] ^= (byte) (1 << rnd.nextInt(8));
                assertThat(verifier.verifyDer(msg, bcDer)).as(ctx + " flipped message bit").isFalse();
            }
        }
    }

    @Test
    void rejectsTamperedAndOutOfRangeSignatures() throws Exception {
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(43));
        Sm2Signer signer = new Sm2Signer(pair.privateKey(), "1234567812345678".getBytes(), seeded(44));
        Sm2Verifier verifier = new Sm2Verifier(pair.publicKey());
        byte[] msg = "message digest".getBytes();
        byte[] sig = signer.sign(msg);
        assertThat(verifier.verify(msg, sig)).isTrue();
        for (int bit = 0; bit < 512; bit += 7) {
            byte[] t = sig.clone();
            t[bit / 8] ^= (byte) (1 << (bit % 8));
            assertThat(verifier.verify(msg, t)).as("bit " + bit).isFalse();
        }
        BigInteger r = new BigInteger(1, java.util.Arrays.copyOfRange(sig, 0, 32));
        BigInteger s = new BigInteger(1, java.util.Arrays.copyOfRange(sig, 32, 64));
        for (BigInteger[] rs : new BigInteger[][] {
                {BigInteger.ZERO, s}, {r, BigInteger.ZERO}, {r.add(N), s}, {r, s.add(N)}, {N, s}, {r, N},
                {r, N.subtract(r)}, // t = r + s = n
                {BigInteger.ONE, N.subtract(BigInteger.ONE)}, {N.subtract(BigInteger.ONE), BigInteger.ONE},
                {BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE), s}}) {
            if (rs[0].bitLength() > 256 || rs[1].bitLength() > 256) {
                continue;
            }
            byte[] t = new byte[64];
            System.arraycopy(BouncyCastleSm2.bytes32(rs[0]), 0, t, 0, 32);
            System.arraycopy(BouncyCastleSm2.bytes32(rs[1]), 0, t, 32, 32);
            assertThat(verifier.verify(msg, t)).as("r=" + rs[0].toString(16) + " s=" + rs[1].toString(16)).isFalse();
        }
        assertThat(verifier.verify(msg, java.util.Arrays.copyOf(sig, 63))).isFalse();
        assertThat(verifier.verify(msg, java.util.Arrays.copyOf(sig, 65))).isFalse();
        assertThat(new Sm2Verifier(pair.publicKey(), "other id".getBytes()).verify(msg, sig)).isFalse();
        assertThat(new Sm2Verifier(Sm2KeyPair.generate(seeded(45)).publicKey()).verify(msg, sig)).isFalse();
    }

    @Test
    void rejectsMalformedDerWithTypedException() {
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(46));
        Sm2Verifier verifier = new Sm2Verifier(pair.publicKey());
        byte[] msg = {1, 2, 3};
        byte[] der = new Sm2Signer(pair.privateKey(), "1234567812345678".getBytes(), seeded(47)).signDer(msg);
        byte[][] bad = {
            new byte[0],
            java.util.Arrays.copyOf(der, der.length - 1), // truncated
            java.util.Arrays.copyOf(der, der.length + 1), // trailing byte
            Hex.decode("3006020101020180"), // negative s
            Hex.decode("300702020001020101"), // non-minimal r
            Hex.decode("3081060201010201 01".replace(" ", "")), // non-minimal length
            Hex.decode("30250221010000000000000000000000000000000000000000000000000000000000000000020101"), // r of 33 bytes
            Hex.decode("310602010102010101"), // SET, not SEQUENCE
        };
        for (byte[] b : bad) {
            assertThatThrownBy(() -> verifier.verifyDer(msg, b)).as(Hex.encode(b)).isInstanceOf(SignatureException.class);
        }
    }

    @Test
    void rejectsBadArgumentsWithClearExceptions() {
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(48));
        assertThatThrownBy(() -> new Sm2Signer(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("key");
        assertThatThrownBy(() -> new Sm2Signer(pair.privateKey(), new byte[8192], new SecureRandom()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("userId");
        assertThatThrownBy(() -> new Sm2Signer(pair.privateKey()).sign(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("message");
        Sm2PrivateKey k = Sm2PrivateKey.generate(seeded(49));
        Sm2Signer signer = new Sm2Signer(k);
        k.destroy();
        assertThatThrownBy(() -> signer.sign(new byte[1])).isInstanceOf(IllegalStateException.class);
        // the largest ID (8191 bytes) still works
        byte[] longId = new byte[IdentityHash.MAX_USER_ID_LENGTH];
        byte[] sig = new Sm2Signer(pair.privateKey(), longId, new SecureRandom()).sign(new byte[5]);
        assertThat(new Sm2Verifier(pair.publicKey(), longId).verify(new byte[5], sig)).isTrue();
    }

    @Test
    void streamedMessagesSignAndVerifyLikeWholeOnesAndMixingIsRefused() throws Exception {
        SplittableRandom rnd = new SplittableRandom(91);
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(92));
        Sm2Signer signer = new Sm2Signer(pair.privateKey(), "id".getBytes(), seeded(93));
        Sm2Verifier verifier = new Sm2Verifier(pair.publicKey(), "id".getBytes());
        for (int i = 0; i < 30; i++) {
            byte[] msg = new byte[rnd.nextInt(0, 300)];
            rnd.nextBytes(msg);
            int cut = rnd.nextInt(msg.length + 1);
            signer.update(msg, 0, cut);
            for (int j = cut; j < msg.length; j++) {
                signer.update(msg[j]);
            }
            byte[] sig = signer.sign();
            String what = "seed 91 case " + i + ", cut " + cut + " of " + msg.length;
            assertThat(verifier.verify(msg, sig)).as(what).isTrue();
            verifier.update(msg, 0, cut);
            verifier.update(msg, cut, msg.length - cut);
            assertThat(verifier.verify(sig)).as(what).isTrue();
            verifier.update(msg, 0, msg.length);
            verifier.update((byte) 1);
            assertThat(verifier.verify(sig)).as("extended, " + what).isFalse();
        }
        signer.update(new byte[3], 0, 3);
        assertThatThrownBy(() -> signer.sign(new byte[3])).isInstanceOf(IllegalStateException.class);
        signer.reset();
        byte[] sig = signer.sign(new byte[3]);
        verifier.update(new byte[3], 0, 3);
        assertThatThrownBy(() -> verifier.verify(new byte[3], sig)).isInstanceOf(IllegalStateException.class);
        verifier.reset();
        assertThat(verifier.verify(new byte[3], sig)).isTrue();
    }
}
