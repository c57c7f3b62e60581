package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Hex;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.util.SplittableRandom;
import org.bouncycastle.asn1.gm.SM9Signature;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.params.SM9SigMasterPrivateKeyParameters;
import org.bouncycastle.crypto.params.SM9SigPrivateKeyParameters;
import org.bouncycastle.crypto.signers.SM9Signer;
import org.junit.jupiter.api.Test;

class Sm9SignerTest {

    @Test
    void agreesWithBouncyCastleBothWaysOnRandomKeysIdsAndMessages() throws Exception {
        SplittableRandom rnd = new SplittableRandom(9001);
        for (int i = 0; i < 12; i++) {
            String c = "case " + i + " (seed 9001)";
            Sm9SignMasterPrivateKey master = Sm9SignMasterPrivateKey.generate(BouncyCastleSm9.seeded(rnd.nextLong()));
            SM9SigMasterPrivateKeyParameters bcMaster = BouncyCastleSm9.signMaster(master);
            assertThat(Hex.encode(master.publicKey().encoded())).as(c)
                    .isEqualTo(Hex.encode(bcMaster.getPublicKeyParameters().getEncoded()));
            byte[] id = BouncyCastleSm9.randomId(rnd, 1);
            byte[] msg = new byte[rnd.nextInt(200)];
            rnd.nextBytes(msg);
            Sm9SignPrivateKey user = master.extractUserKey(id);
            SM9SigPrivateKeyParameters bcUser = bcMaster.generateUserKey(id);
            assertThat(Hex.encode(user.encoded())).as(c).isEqualTo(Hex.encode(bcUser.getEncoded()));

            // gmflux signs, BouncyCastle verifies (BouncyCastle's signer speaks the raw h || S)
            byte[] raw = new Sm9Signer(user, BouncyCastleSm9.seeded(rnd.nextLong())).sign(msg);
            SM9Signer bcVerifier = new SM9Signer();
            bcVerifier.init(false, new ParametersWithID(bcMaster.getPublicKeyParameters(), id));
            bcVerifier.update(msg, 0, msg.length);
            assertThat(bcVerifier.verifySignature(raw)).as(c).isTrue();
            // the DER form is BouncyCastle's SM9Signature ASN.1 structure
            byte[] der = Sm9SignatureEncoding.toDer(raw);
            assertThat(Hex.encode(der)).as(c).isEqualTo(Hex.encode(
                    new SM9Signature(java.util.Arrays.copyOf(raw, 32), java.util.Arrays.copyOfRange(raw, 32, 97)).getEncoded()));

            // BouncyCastle signs, gmflux verifies
            SM9Signer bcSigner = new SM9Signer();
            bcSigner.init(true, new ParametersWithRandom(bcUser, new SecureRandom()));
            bcSigner.update(msg, 0, msg.length);
            byte[] bcSig = bcSigner.generateSignature();
            Sm9Verifier verifier = new Sm9Verifier(master.publicKey(), id);
            assertThat(verifier.verify(msg, bcSig)).as(c).isTrue();
            assertThat(verifier.verifyDer(msg, Sm9SignatureEncoding.toDer(bcSig))).as(c).isTrue();
            assertThat(verifier.verify(msg, raw)).as(c).isTrue();
        }
    }

    private static final Sm9SignMasterPrivateKey MASTER = Sm9SignMasterPrivateKey.generate(BouncyCastleSm9.seeded(77));
    private static final byte[] ID = "alice@example.com".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    private static final Sm9SignPrivateKey USER = MASTER.extractUserKey(ID);

    @Test
    void rejectsEveryFlippedBitOfOneByteInEachPosition() {
        byte[] msg = "pay bob 100".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] sig = new Sm9Signer(USER, BouncyCastleSm9.seeded(5)).sign(msg);
        Sm9Verifier v = new Sm9Verifier(MASTER.publicKey(), ID);
        assertThat(v.verify(msg, sig)).isTrue();
        SplittableRandom rnd = new SplittableRandom(6);
        for (int i = 0; i < sig.length; i++) {
            byte[] t = sig.clone();
            t[i] ^= (byte) (1 << rnd.nextInt(8));
            assertThat(v.verify(msg, t)).as("flipped byte %d (seed 6)", i).isFalse();
        }
    }

    @Test
    void rejectsAnotherMessageIdentityOrMasterKey() {
        byte[] msg = "pay bob 100".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] sig = new Sm9Signer(USER, BouncyCastleSm9.seeded(7)).sign(msg);
        assertThat(new Sm9Verifier(MASTER.publicKey(), ID).verify("pay bob 900".getBytes(), sig)).isFalse();
        assertThat(new Sm9Verifier(MASTER.publicKey(), "mallory@example.com".getBytes()).verify(msg, sig)).isFalse();
        Sm9SignMasterPrivateKey other = Sm9SignMasterPrivateKey.generate(BouncyCastleSm9.seeded(8));
        assertThat(new Sm9Verifier(other.publicKey(), ID).verify(msg, sig)).isFalse();
        assertThat(new Sm9Verifier(MASTER.publicKey(), ID, (byte) 2).verify(msg, sig)).isFalse();
    }

    @Test
    void rejectsHOutOfRangeSOffCurveAndWrongLengths() {
        byte[] msg = new byte[32];
        byte[] sig = new Sm9Signer(USER, BouncyCastleSm9.seeded(9)).sign(msg);
        Sm9Verifier v = new Sm9Verifier(MASTER.publicKey(), ID);
        byte[] zeroH = sig.clone();
        java.util.Arrays.fill(zeroH, 0, 32, (byte) 0);
        assertThat(v.verify(msg, zeroH)).isFalse();
        byte[] nH = sig.clone();
        System.arraycopy(Sm9Curve.N_BYTES, 0, nH, 0, 32);
        assertThat(v.verify(msg, nH)).isFalse();
        byte[] offCurve = sig.clone();
        offCurve[96] ^= 1;
        assertThat(v.verify(msg, offCurve)).isFalse();
        byte[] xTooBig = sig.clone();
        java.util.Arrays.fill(xTooBig, 33, 65, (byte) 0xff);
        assertThat(v.verify(msg, xTooBig)).isFalse();
        assertThat(v.verify(msg, java.util.Arrays.copyOf(sig, 96))).isFalse();
        assertThat(v.verify(msg, java.util.Arrays.copyOf(sig, 98))).isFalse();
        assertThat(v.verify(msg, new byte[97])).isFalse();
    }

    @Test
    void derFormRoundTripsAndMalformedDerIsASignatureException() throws Exception {
        byte[] msg = "m".getBytes();
        Sm9Signer signer = new Sm9Signer(USER, BouncyCastleSm9.seeded(10));
        byte[] der = signer.signDer(msg);
        Sm9Verifier v = new Sm9Verifier(MASTER.publicKey(), ID);
        assertThat(v.verifyDer(msg, der)).isTrue();
        assertThat(Sm9SignatureEncoding.toDer(Sm9SignatureEncoding.fromDer(der))).isEqualTo(der);
        assertThatThrownBy(() -> v.verifyDer(msg, java.util.Arrays.copyOf(der, der.length - 1)))
                .isInstanceOf(SignatureException.class);
        byte[] extra = java.util.Arrays.copyOf(der, der.length + 1);
        assertThatThrownBy(() -> v.verifyDer(msg, extra)).isInstanceOf(SignatureException.class);
        byte[] wrongTag = der.clone();
        wrongTag[2] = 0x02;
        assertThatThrownBy(() -> v.verifyDer(msg, wrongTag)).isInstanceOf(SignatureException.class);
        assertThatThrownBy(() -> Sm9SignatureEncoding.toDer(new byte[96])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void signaturesAreRandomizedAndStreamingOffsetsWork() {
        byte[] buf = "xxhelloyy".getBytes();
        Sm9Signer signer = new Sm9Signer(USER, BouncyCastleSm9.seeded(11));
        byte[] a = signer.sign(buf, 2, 5);
        byte[] b = signer.sign(buf, 2, 5);
        assertThat(a).isNotEqualTo(b);
        Sm9Verifier v = new Sm9Verifier(MASTER.publicKey(), ID);
        assertThat(v.verify("hello".getBytes(), a)).isTrue();
        assertThat(v.verify(buf, 2, 5, b)).isTrue();
    }

    @Test
    void nullArgumentsAndDestroyedKeysGetClearExceptions() {
        assertThatThrownBy(() -> new Sm9Signer(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("key");
        Sm9Signer signer = new Sm9Signer(USER);
        assertThatThrownBy(() -> signer.sign(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("message");
        assertThatThrownBy(() -> new Sm9Verifier(MASTER.publicKey(), null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("id");
        Sm9SignPrivateKey k = MASTER.extractUserKey("temp".getBytes());
        Sm9Signer s2 = new Sm9Signer(k);
        k.destroy();
        assertThat(k.isDestroyed()).isTrue();
        assertThatThrownBy(() -> s2.sign(new byte[1])).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void rejectsANegatedOrSubstitutedSAndAcceptsIdentitiesOfAnyLength() {
        byte[] msg = "m".getBytes();
        byte[] sig = new Sm9Signer(USER, BouncyCastleSm9.seeded(12)).sign(msg);
        Sm9Verifier v = new Sm9Verifier(MASTER.publicKey(), ID);
        // -S: same x, y -> q - y
        long[] s = new long[8];
        assertThat(Sm9Codec.decodeG1Coordinates(s, 0, sig, 33)).isTrue();
        Fq.neg(s, 4, s, 4);
        byte[] negated = sig.clone();
        Sm9Codec.encodeG1Coordinates(negated, 33, s, 0);
        assertThat(v.verify(msg, negated)).isFalse();
        // S replaced by P1 (a valid point of G1)
        byte[] p1 = sig.clone();
        System.arraycopy(Sm9G1Point.generator().encoded(), 0, p1, 32, 65);
        assertThat(v.verify(msg, p1)).isFalse();
        // the empty identity and a 10,000-byte identity work like any other
        for (byte[] id : new byte[][] {new byte[0], new byte[10_000]}) {
            Sm9SignPrivateKey k = MASTER.extractUserKey(id);
            assertThat(new Sm9Verifier(MASTER.publicKey(), id).verify(msg, new Sm9Signer(k).sign(msg)))
                    .as("identity of %d bytes", id.length).isTrue();
        }
    }
}
