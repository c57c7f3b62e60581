package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import java.math.BigInteger;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class Sm2KeyFactorySpiTest {

    /** BouncyCastle reads SM2 keys with its "EC" KeyFactory; ours is "SM2". */
    static KeyFactory factory(Provider p) throws Exception {
        return KeyFactory.getInstance(p == GMFLUX ? "SM2" : "EC", p);
    }

    @Test
    void keysTravelBothWaysThroughX509AndPkcs8() throws Exception {
        for (int i = 0; i < 40; i++) {
            for (Provider maker : List.of(GMFLUX, BC)) {
                KeyPair pair = Sm3WithSm2SignatureSpiTest.generate(maker);
                ECPublicKey pub = (ECPublicKey) pair.getPublic();
                ECPrivateKey priv = (ECPrivateKey) pair.getPrivate();
                for (Provider reader : List.of(GMFLUX, BC)) {
                    String what = "case " + i + ": " + maker.getName() + " -> " + reader.getName();
                    KeyFactory f = factory(reader);
                    ECPublicKey pub2 = (ECPublicKey) f.generatePublic(new X509EncodedKeySpec(pub.getEncoded()));
                    ECPrivateKey priv2 = (ECPrivateKey) f.generatePrivate(new PKCS8EncodedKeySpec(priv.getEncoded()));
                    assertThat(pub2.getW()).as(what).isEqualTo(pub.getW());
                    assertThat(priv2.getS()).as(what).isEqualTo(priv.getS());
                    // and back out through getKeySpec
                    X509EncodedKeySpec x509 = f.getKeySpec(pub2, X509EncodedKeySpec.class);
                    PKCS8EncodedKeySpec pkcs8 = f.getKeySpec(priv2, PKCS8EncodedKeySpec.class);
                    KeyFactory ours = factory(GMFLUX);
                    assertThat(((ECPublicKey) ours.generatePublic(x509)).getW()).as(what).isEqualTo(pub.getW());
                    assertThat(((ECPrivateKey) ours.generatePrivate(pkcs8)).getS()).as(what).isEqualTo(priv.getS());
                }
            }
        }
    }

    @Test
    void ourEncodingsAreTheGmfluxOnesAndTheValueSpecsRoundTrip() throws Exception {
        KeyPair pair = Sm3WithSm2SignatureSpiTest.generate(GMFLUX);
        Sm2EcPublicKey pub = (Sm2EcPublicKey) pair.getPublic();
        Sm2EcPrivateKey priv = (Sm2EcPrivateKey) pair.getPrivate();
        assertThat(pub.getAlgorithm()).isEqualTo("SM2");
        assertThat(pub.getFormat()).isEqualTo("X.509");
        assertThat(priv.getFormat()).isEqualTo("PKCS#8");
        assertThat(pub.getEncoded()).isEqualTo(Sm2KeyEncoding.toSpki(pub.sm2Key()));
        assertThat(priv.getEncoded()).isEqualTo(Sm2KeyEncoding.toPkcs8(priv.sm2Key()));
        assertThat(priv.sm2Key().publicKey()).isEqualTo(pub.sm2Key());
        KeyFactory f = factory(GMFLUX);
        ECPublicKeySpec ps = f.getKeySpec(pub, ECPublicKeySpec.class);
        ECPrivateKeySpec ss = f.getKeySpec(priv, ECPrivateKeySpec.class);
        assertThat(f.generatePublic(ps)).isEqualTo(pub);
        assertThat(((ECPrivateKey) f.generatePrivate(ss)).getS()).isEqualTo(priv.getS());
        // BouncyCastle's keys translate into ours
        KeyPair bc = Sm3WithSm2SignatureSpiTest.generate(BC);
        PublicKey translated = (PublicKey) f.translateKey(bc.getPublic());
        assertThat(translated).isInstanceOf(Sm2EcPublicKey.class);
        assertThat(((ECPublicKey) translated).getW()).isEqualTo(((ECPublicKey) bc.getPublic()).getW());
        PrivateKey translatedPrivate = (PrivateKey) f.translateKey(bc.getPrivate());
        assertThat(((ECPrivateKey) translatedPrivate).getS()).isEqualTo(((ECPrivateKey) bc.getPrivate()).getS());
        priv.destroy();
        assertThat(priv.isDestroyed()).isTrue();
        assertThatThrownBy(priv::getEncoded).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void rejectsOtherCurvesOffCurvePointsOutOfRangeScalarsAndGarbage() throws Exception {
        KeyFactory f = factory(GMFLUX);
        KeyPair p256 = KeyPairGenerator.getInstance("EC").generateKeyPair();
        assertThatThrownBy(() -> f.generatePublic(new X509EncodedKeySpec(p256.getPublic().getEncoded())))
                .isInstanceOf(InvalidKeySpecException.class);
        assertThatThrownBy(() -> f.generatePrivate(new PKCS8EncodedKeySpec(p256.getPrivate().getEncoded())))
                .isInstanceOf(InvalidKeySpecException.class);
        assertThatThrownBy(() -> f.translateKey(p256.getPublic())).isInstanceOf(java.security.InvalidKeyException.class);
        KeyPair ours = Sm3WithSm2SignatureSpiTest.generate(GMFLUX);
        ECPublicKey pub = (ECPublicKey) ours.getPublic();
        ECPoint w = pub.getW();
        ECPoint off = new ECPoint(w.getAffineX(), w.getAffineY().add(BigInteger.ONE));
        assertThatThrownBy(() -> f.generatePublic(new ECPublicKeySpec(off, pub.getParams())))
                .isInstanceOf(InvalidKeySpecException.class);
        assertThatThrownBy(() -> f.generatePublic(new ECPublicKeySpec(w, ((ECPublicKey) p256.getPublic()).getParams())))
                .isInstanceOf(InvalidKeySpecException.class);
        BigInteger n = pub.getParams().getOrder();
        for (BigInteger s : List.of(BigInteger.ZERO, n.subtract(BigInteger.ONE), n, BigInteger.ONE.negate())) {
            assertThatThrownBy(() -> f.generatePrivate(new ECPrivateKeySpec(s, pub.getParams()))).as("s = " + s)
                    .isInstanceOf(InvalidKeySpecException.class);
        }
        byte[] spki = pub.getEncoded();
        for (byte[] bad : List.of(new byte[0], Arrays.copyOf(spki, spki.length - 1), Arrays.copyOf(spki, spki.length + 1))) {
            assertThatThrownBy(() -> f.generatePublic(new X509EncodedKeySpec(bad))).isInstanceOf(InvalidKeySpecException.class);
        }
        assertThatThrownBy(() -> f.generatePublic(new RSAPublicKeySpec(BigInteger.TEN, BigInteger.TWO)))
                .isInstanceOf(InvalidKeySpecException.class);
        assertThatThrownBy(() -> f.getKeySpec(pub, RSAPublicKeySpec.class)).isInstanceOf(InvalidKeySpecException.class);
    }

    @Test
    void readsPassphraseEncryptedPkcs8ThroughEncryptedPrivateKeySpec() throws Exception {
        KeyFactory f = factory(GMFLUX);
        for (io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo.Prf prf
                : io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo.Prf.values()) {
            KeyPair pair = Sm3WithSm2SignatureSpiTest.generate(GMFLUX);
            byte[] der = io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo.encrypt(pair.getPrivate().getEncoded(),
                    "s3cret".toCharArray(), prf, io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo.MIN_ITERATIONS,
                    new java.security.SecureRandom()).toDer();
            EncryptedPrivateKeySpec spec = new EncryptedPrivateKeySpec(der, "s3cret".toCharArray());
            ECPrivateKey read = (ECPrivateKey) f.generatePrivate(spec);
            assertThat(read.getS()).as(prf.toString()).isEqualTo(((ECPrivateKey) pair.getPrivate()).getS());

            assertThatThrownBy(() -> f.generatePrivate(new EncryptedPrivateKeySpec(der, "s3creT".toCharArray())))
                    .isInstanceOf(InvalidKeySpecException.class)
                    .hasCauseInstanceOf(io.gmflux.codecs.pkcs8.WrongPassphraseException.class);
            spec.clearPassphrase();
            assertThatThrownBy(() -> f.generatePrivate(spec)).isInstanceOf(IllegalStateException.class);
        }
    }
}
