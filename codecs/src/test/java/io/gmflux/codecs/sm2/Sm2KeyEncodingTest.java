package io.gmflux.codecs.sm2;

import static io.gmflux.codecs.sm2.Sm2SignerTest.seeded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Hex;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Arrays;
import org.bouncycastle.asn1.gm.GMObjectIdentifiers;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECNamedDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.util.PrivateKeyFactory;
import org.bouncycastle.crypto.util.PrivateKeyInfoFactory;
import org.bouncycastle.crypto.util.PublicKeyFactory;
import org.bouncycastle.crypto.util.SubjectPublicKeyInfoFactory;
import org.junit.jupiter.api.Test;

class Sm2KeyEncodingTest {

    private static final ECNamedDomainParameters NAMED = new ECNamedDomainParameters(GMObjectIdentifiers.sm2p256v1, BouncyCastleSm2.X9);

    @Test
    void keysWeExportParseInBouncyCastleAndBack() throws Exception {
        SecureRandom random = seeded(91);
        for (int i = 0; i < 1_000; i++) {
            Sm2KeyPair pair = Sm2KeyPair.generate(random);
            byte[] spki = Sm2KeyEncoding.toSpki(pair.publicKey());
            ECPublicKeyParameters bcPub = (ECPublicKeyParameters) PublicKeyFactory.createKey(spki);
            assertThat(bcPub.getQ().getEncoded(false)).as("case " + i).isEqualTo(pair.publicKey().toUncompressed());
            byte[] p8 = Sm2KeyEncoding.toPkcs8(pair.privateKey());
            ECPrivateKeyParameters bcPriv = (ECPrivateKeyParameters) PrivateKeyFactory.createKey(p8);
            assertThat(bcPriv.getD()).isEqualTo(new BigInteger(1, pair.privateKey().toBytes()));
            assertThat(Sm2KeyEncoding.publicKeyFromSpki(spki)).isEqualTo(pair.publicKey());
            assertThat(Sm2KeyEncoding.privateKeyFromPkcs8(p8).toBytes()).isEqualTo(pair.privateKey().toBytes());
        }
    }

    @Test
    void readsBouncyCastleNamedAndExplicitParameterForms() throws Exception {
        SecureRandom random = seeded(92);
        ECDomainParameters explicit = BouncyCastleSm2.DOMAIN;
        for (int i = 0; i < 50; i++) {
            Sm2KeyPair pair = Sm2KeyPair.generate(random);
            BigInteger d = new BigInteger(1, pair.privateKey().toBytes());
            for (ECDomainParameters domain : new ECDomainParameters[] {NAMED, explicit}) {
                ECPrivateKeyParameters priv = new ECPrivateKeyParameters(d, domain);
                ECPublicKeyParameters pub = new ECPublicKeyParameters(domain.getG().multiply(d).normalize(), domain);
                byte[] p8 = PrivateKeyInfoFactory.createPrivateKeyInfo(priv).getEncoded();
                byte[] spki = SubjectPublicKeyInfoFactory.createSubjectPublicKeyInfo(pub).getEncoded();
                assertThat(Sm2KeyEncoding.privateKeyFromPkcs8(p8).toBytes()).isEqualTo(pair.privateKey().toBytes());
                assertThat(Sm2KeyEncoding.publicKeyFromSpki(spki)).isEqualTo(pair.publicKey());
            }
        }
    }

    @Test
    void pemRoundTripsAndCompressedPointsDecode() throws Exception {
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(93));
        String pub = Sm2KeyEncoding.toPem(pair.publicKey());
        String priv = Sm2KeyEncoding.toPem(pair.privateKey());
        assertThat(pub).startsWith("-----BEGIN PUBLIC KEY-----\n");
        assertThat(priv).startsWith("-----BEGIN PRIVATE KEY-----\n");
        assertThat(Sm2KeyEncoding.publicKeyFromPem(pub)).isEqualTo(pair.publicKey());
        assertThat(Sm2KeyEncoding.privateKeyFromPem(priv).publicKey()).isEqualTo(pair.publicKey());
        SecureRandom random = seeded(94);
        for (int i = 0; i < 200; i++) {
            Sm2PublicKey k = Sm2KeyPair.generate(random).publicKey();
            assertThat(Sm2PublicKey.fromEncoded(k.toCompressed())).isEqualTo(k);
            assertThat(BouncyCastleSm2.X9.getCurve().decodePoint(k.toCompressed()).getEncoded(false)).isEqualTo(k.toUncompressed());
        }
    }

    @Test
    void rejectsInvalidPublicKeys() {
        Sm2PublicKey k = Sm2KeyPair.generate(seeded(95)).publicKey();
        byte[] off = k.toUncompressed();
        off[64] ^= 1;
        byte[] xTooBig = k.toUncompressed();
        System.arraycopy(Hex.decode("fffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffff"), 0, xTooBig, 1, 32);
        byte[] badCompressed = k.toCompressed();
        byte[][] bad = {off, xTooBig, new byte[0], {0}, new byte[65], Arrays.copyOf(k.toUncompressed(), 64),
            Arrays.copyOf(k.toCompressed(), 34), {5, 1, 2}};
        for (byte[] b : bad) {
            assertThatThrownBy(() -> Sm2PublicKey.fromEncoded(b)).as(Hex.encode(b)).isInstanceOf(InvalidKeyException.class);
        }
        // a compressed x with no square root: find one by trying x values
        int found = 0;
        for (int x = 1; x < 50; x++) {
            byte[] c = new byte[33];
            c[0] = 2;
            c[32] = (byte) x;
            try {
                Sm2PublicKey.fromEncoded(c);
            } catch (InvalidKeyException e) {
                found++;
            }
        }
        assertThat(found).as("x values without a point").isPositive();
        byte[] compressedXIsP = new byte[33];
        compressedXIsP[0] = 3;
        System.arraycopy(Hex.decode("fffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffff"), 0, compressedXIsP, 1, 32);
        assertThatThrownBy(() -> Sm2PublicKey.fromEncoded(compressedXIsP)).isInstanceOf(InvalidKeyException.class)
                .hasMessageContaining("below p");
        assertThat(badCompressed).hasSize(33);
    }

    @Test
    void rejectsOutOfRangePrivateKeysAndMalformedDer() throws Exception {
        BigInteger n = BouncyCastleSm2.X9.getN();
        for (BigInteger d : new BigInteger[] {BigInteger.ZERO, n.subtract(BigInteger.ONE), n, n.add(BigInteger.ONE),
                BigInteger.ONE.shiftLeft(256).subtract(BigInteger.ONE)}) {
            assertThatThrownBy(() -> Sm2PrivateKey.fromBytes(BouncyCastleSm2.bytes32(d))).as(d.toString(16))
                    .isInstanceOf(InvalidKeyException.class);
        }
        assertThat(Sm2PrivateKey.fromBytes(BouncyCastleSm2.bytes32(n.subtract(BigInteger.TWO))).toBytes())
                .isEqualTo(BouncyCastleSm2.bytes32(n.subtract(BigInteger.TWO)));
        assertThat(Sm2PrivateKey.fromBytes(BouncyCastleSm2.bytes32(BigInteger.ONE)).publicKey().x()).isEqualTo(Sm2Curve.GX_BYTES);
        assertThatThrownBy(() -> Sm2PrivateKey.fromBytes(new byte[31])).isInstanceOf(InvalidKeyException.class);
        Sm2KeyPair pair = Sm2KeyPair.generate(seeded(96));
        byte[] spki = Sm2KeyEncoding.toSpki(pair.publicKey());
        byte[] p8 = Sm2KeyEncoding.toPkcs8(pair.privateKey());
        for (int len = 0; len < spki.length; len++) {
            byte[] t = Arrays.copyOf(spki, len);
            assertThatThrownBy(() -> Sm2KeyEncoding.publicKeyFromSpki(t)).isInstanceOf(InvalidKeyException.class);
        }
        for (int len = 0; len < p8.length; len++) {
            byte[] t = Arrays.copyOf(p8, len);
            assertThatThrownBy(() -> Sm2KeyEncoding.privateKeyFromPkcs8(t)).isInstanceOf(InvalidKeyException.class);
        }
        byte[] trailing = Arrays.copyOf(spki, spki.length + 1);
        assertThatThrownBy(() -> Sm2KeyEncoding.publicKeyFromSpki(trailing)).isInstanceOf(InvalidKeyException.class);
        // another curve: P-256 (1.2.840.10045.3.1.7)
        byte[] p256 = spki.clone();
        byte[] sm2Oid = Hex.decode("06082a811ccf5501822d");
        int at = indexOf(p256, sm2Oid);
        byte[] other = Hex.decode("06082a8648ce3d030107");
        System.arraycopy(other, 0, p256, at, other.length);
        assertThatThrownBy(() -> Sm2KeyEncoding.publicKeyFromSpki(p256)).isInstanceOf(InvalidKeyException.class).hasMessageContaining("curve");
        // a PKCS#8 whose embedded public key belongs to another private key
        byte[] mismatched = p8.clone();
        byte[] otherPoint = Sm2KeyPair.generate(seeded(97)).publicKey().toUncompressed();
        int pointAt = indexOf(mismatched, pair.publicKey().toUncompressed());
        System.arraycopy(otherPoint, 0, mismatched, pointAt, 65);
        assertThatThrownBy(() -> Sm2KeyEncoding.privateKeyFromPkcs8(mismatched)).isInstanceOf(InvalidKeyException.class)
                .hasMessageContaining("does not match");
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }
}
