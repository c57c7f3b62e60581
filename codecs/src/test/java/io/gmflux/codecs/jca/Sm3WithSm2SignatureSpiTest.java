package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm2.Sm2ParameterSpec;
import io.gmflux.codecs.sm2.Sm2SignatureEncoding;
import java.nio.charset.StandardCharsets;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.List;
import java.util.SplittableRandom;
import org.bouncycastle.jcajce.spec.SM2ParameterSpec;
import org.junit.jupiter.api.Test;

class Sm3WithSm2SignatureSpiTest {

    static final List<Provider> PROVIDERS = List.of(GMFLUX, BC);

    /** The user-ID spec each provider understands (the semantics are the same). */
    static AlgorithmParameterSpec idSpec(Provider p, byte[] id) {
        return p == GMFLUX ? new Sm2ParameterSpec(id) : new SM2ParameterSpec(id);
    }

    /**
     * A key pair on sm2p256v1 from {@code p}'s "SM2" KeyPairGenerator. The curve is named because
     * BouncyCastle's generator, left uninitialised, makes keys on a 239-bit X9.62 curve.
     */
    static KeyPair generate(Provider p) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("SM2", p);
        g.initialize(new java.security.spec.ECGenParameterSpec("sm2p256v1"));
        return g.generateKeyPair();
    }

    /** Feeds {@code msg} in random pieces: byte arrays, single bytes and direct buffers. */
    static void feedInPieces(Signature s, byte[] msg, SplittableRandom rnd) throws SignatureException {
        int pos = 0;
        while (pos < msg.length) {
            int n = CipherPaths.nextPiece(rnd, msg.length - pos);
            switch (rnd.nextInt(3)) {
                case 0:
                    s.update(msg, pos, n);
                    break;
                case 1:
                    java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(n);
                    direct.put(msg, pos, n).flip();
                    s.update(direct);
                    break;
                default:
                    for (int j = 0; j < n; j++) {
                        s.update(msg[pos + j]);
                    }
            }
            pos += n;
        }
    }

    @Test
    void signaturesInteroperateWithBouncyCastleBothWaysOnRandomKeysIdsAndMessages() throws Exception {
        long seed = 0x5A2L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 150; i++) {
            Provider keyMaker = PROVIDERS.get(i % 2);
            KeyPair pair = generate(keyMaker);
            byte[] msg = CipherPaths.bytes(rnd, rnd.nextInt(0, i % 25 == 0 ? 5000 : 300));
            byte[] id = rnd.nextInt(3) == 0 ? null : CipherPaths.bytes(rnd, rnd.nextInt(0, 40));
            for (Provider signing : PROVIDERS) {
                Signature s = Signature.getInstance("SM3withSM2", signing);
                if (id != null) {
                    s.setParameter(idSpec(signing, id));
                }
                s.initSign(pair.getPrivate());
                feedInPieces(s, msg, rnd);
                byte[] sig = s.sign();
                for (Provider verifying : PROVIDERS) {
                    String what = "seed " + seed + " case " + i + ": keys " + keyMaker.getName() + ", signed by "
                            + signing.getName() + ", verified by " + verifying.getName() + ", id " + (id == null ? "default" : id.length)
                            + ", " + msg.length + " bytes";
                    Signature v = Signature.getInstance("SM3withSM2", verifying);
                    if (id != null) {
                        v.setParameter(idSpec(verifying, id));
                    }
                    v.initVerify(pair.getPublic());
                    v.update(msg);
                    assertThat(v.verify(sig)).as(what).isTrue();
                    byte[] other = msg.clone();
                    if (other.length > 0) {
                        other[rnd.nextInt(other.length)] ^= (byte) (1 << rnd.nextInt(8));
                    } else {
                        other = new byte[] {0};
                    }
                    v.update(other);
                    assertThat(v.verify(sig)).as("changed message, " + what).isFalse();
                }
            }
        }
    }

    @Test
    void theDefaultIdIsTheSixteenDigitsInBothProviders() throws Exception {
        byte[] msg = "message digest".getBytes(StandardCharsets.US_ASCII);
        byte[] defaultId = "1234567812345678".getBytes(StandardCharsets.US_ASCII);
        KeyPair pair = generate(GMFLUX);
        for (Provider signing : PROVIDERS) {
            for (Provider verifying : PROVIDERS) {
                Signature s = Signature.getInstance("SM3withSM2", signing);
                s.initSign(pair.getPrivate());
                s.update(msg);
                byte[] sig = s.sign();
                Signature v = Signature.getInstance("SM3withSM2", verifying);
                v.setParameter(idSpec(verifying, defaultId));
                v.initVerify(pair.getPublic());
                v.update(msg);
                assertThat(v.verify(sig)).as(signing.getName() + " -> " + verifying.getName()).isTrue();
                Signature w = Signature.getInstance("SM3withSM2", verifying);
                w.setParameter(idSpec(verifying, "someone else".getBytes(StandardCharsets.US_ASCII)));
                w.initVerify(pair.getPublic());
                w.update(msg);
                assertThat(w.verify(sig)).as("other ID, " + signing.getName() + " -> " + verifying.getName()).isFalse();
            }
        }
    }

    @Test
    void anIdSetAfterInitAppliesAndRestartsTheMessage() throws Exception {
        byte[] id = "alice@example.com".getBytes(StandardCharsets.US_ASCII);
        byte[] msg = "hello".getBytes(StandardCharsets.US_ASCII);
        KeyPair pair = generate(GMFLUX);
        Signature s = Signature.getInstance("SM3withSM2", GMFLUX);
        s.initSign(pair.getPrivate());
        s.update("dropped".getBytes(StandardCharsets.US_ASCII));
        s.setParameter(new Sm2ParameterSpec(id));
        s.update(msg);
        byte[] sig = s.sign();
        Signature bc = Signature.getInstance("SM3withSM2", BC);
        bc.setParameter(new SM2ParameterSpec(id));
        bc.initVerify(pair.getPublic());
        bc.update(msg);
        assertThat(bc.verify(sig)).isTrue();
        // the same verifier object keeps working across initVerify calls with the same key
        Signature v = Signature.getInstance("SM3withSM2", GMFLUX);
        v.setParameter(new Sm2ParameterSpec(id));
        for (int round = 0; round < 3; round++) {
            v.initVerify(pair.getPublic());
            v.update("partial".getBytes(StandardCharsets.US_ASCII));
            v.initVerify(pair.getPublic());
            v.update(msg);
            assertThat(v.verify(sig)).as("round " + round).isTrue();
        }
        v.setParameter(null);
        v.update(msg);
        assertThat(v.verify(sig)).as("default ID now").isFalse();
    }

    @Test
    void rejectsMalformedDerWithSignatureExceptionAndOutOfRangeValuesAsInvalid() throws Exception {
        KeyPair pair = generate(GMFLUX);
        byte[] msg = new byte[10];
        Signature s = Signature.getInstance("SM3withSM2", GMFLUX);
        s.initSign(pair.getPrivate());
        s.update(msg);
        byte[] sig = s.sign();
        Signature v = Signature.getInstance("SM3withSM2", GMFLUX);
        v.initVerify(pair.getPublic());
        byte[] trailing = java.util.Arrays.copyOf(sig, sig.length + 1);
        for (byte[] bad : List.of(trailing, java.util.Arrays.copyOf(sig, sig.length - 1), new byte[0],
                new byte[] {0x30, 0x06, 0x02, 0x01, (byte) 0x80, 0x02, 0x01, 0x01})) {
            v.update(msg);
            assertThatThrownBy(() -> v.verify(bad)).isInstanceOf(SignatureException.class);
            v.update(msg);
            assertThat(v.verify(sig)).as("the failed check must not leave the message in the verifier").isTrue();
        }
        byte[] zeroR = new byte[64];
        System.arraycopy(Sm2SignatureEncoding.toRaw(sig), 32, zeroR, 32, 32);
        v.update(msg);
        assertThat(v.verify(Sm2SignatureEncoding.toDer(zeroR))).isFalse();
        byte[] nS = Sm2SignatureEncoding.toRaw(sig);
        byte[] n = io.gmflux.codecs.bytes.Hex.decode("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123");
        System.arraycopy(n, 0, nS, 32, 32);
        v.update(msg);
        assertThat(v.verify(Sm2SignatureEncoding.toDer(nS))).isFalse();
    }

    @Test
    void refusesWrongKeysParametersAndUseBeforeInit() throws Exception {
        KeyPair pair = generate(GMFLUX);
        Signature s = Signature.getInstance("SM3withSM2", GMFLUX);
        assertThatThrownBy(() -> s.update(new byte[1])).isInstanceOf(SignatureException.class);
        assertThatThrownBy(() -> s.setParameter(new PSSParameterSpec("SHA-256", "MGF1", null, 32, 1)))
                .isInstanceOf(InvalidAlgorithmParameterException.class);
        KeyPair p256 = KeyPairGenerator.getInstance("EC").generateKeyPair(); // secp256r1 by default
        assertThatThrownBy(() -> s.initSign(p256.getPrivate())).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> s.initVerify(p256.getPublic())).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> s.initSign(null)).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> new Sm2ParameterSpec(new byte[8192])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Sm2ParameterSpec(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("id");
        s.initVerify(pair.getPublic());
        assertThatThrownBy(s::sign).isInstanceOf(SignatureException.class);
        pair.getPrivate().destroy();
        assertThatThrownBy(() -> s.initSign(pair.getPrivate())).isInstanceOf(InvalidKeyException.class);
    }

    @Test
    void isRegisteredUnderItsOid() throws Exception {
        assertThat(Signature.getInstance("1.2.156.10197.1.501", GMFLUX).getAlgorithm()).isEqualTo("1.2.156.10197.1.501");
        assertThat(Signature.getInstance("SM3WITHSM2", GMFLUX).getProvider()).isSameAs(GMFLUX);
    }

    /**
     * Issue 14 through the JCA: two Signature objects whose SecureRandoms are in the same state
     * (identically seeded SHA1PRNGs) sign different messages; with k from the generator alone they
     * would share k and the two signatures would give the key away. Hedged, they do not.
     */
    @Test
    void sameRngStateTwiceDoesNotRepeatNonceThroughTheJca() throws Exception {
        KeyPair pair = generate(GMFLUX);
        byte[][] sigs = new byte[2][];
        byte[][] messages = {"pay 10 to alice".getBytes(StandardCharsets.UTF_8), "pay 10000 to mallory".getBytes(StandardCharsets.UTF_8)};
        for (int i = 0; i < 2; i++) {
            java.security.SecureRandom random = java.security.SecureRandom.getInstance("SHA1PRNG");
            random.setSeed("snapshot".getBytes(StandardCharsets.UTF_8));
            Signature s = Signature.getInstance("SM3withSM2", GMFLUX);
            s.initSign(pair.getPrivate(), random);
            s.update(messages[i]);
            sigs[i] = Sm2SignatureEncoding.toRaw(s.sign());
        }
        java.math.BigInteger n = new java.math.BigInteger("FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123", 16);
        java.math.BigInteger[] r = new java.math.BigInteger[2];
        java.math.BigInteger[] sv = new java.math.BigInteger[2];
        for (int i = 0; i < 2; i++) {
            r[i] = new java.math.BigInteger(1, java.util.Arrays.copyOfRange(sigs[i], 0, 32));
            sv[i] = new java.math.BigInteger(1, java.util.Arrays.copyOfRange(sigs[i], 32, 64));
        }
        // s = (1 + d)^-1 (k - r d) for both with one k gives d = (s2 - s1) / (s1 + r1 - s2 - r2)
        java.math.BigInteger recovered = sv[1].subtract(sv[0])
                .multiply(sv[0].add(r[0]).subtract(sv[1]).subtract(r[1]).modInverse(n)).mod(n);
        assertThat(recovered).isNotEqualTo(((java.security.interfaces.ECPrivateKey) pair.getPrivate()).getS());
        for (int i = 0; i < 2; i++) {
            Signature v = Signature.getInstance("SM3withSM2", BC);
            v.initVerify(pair.getPublic());
            v.update(messages[i]);
            assertThat(v.verify(Sm2SignatureEncoding.toDer(sigs[i]))).isTrue();
        }
    }
}
