package io.gmflux.codecs.sm2;

import java.math.BigInteger;
import org.bouncycastle.asn1.gm.GMNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;

/** BouncyCastle key objects for gmflux keys (the test oracle). */
final class BouncyCastleSm2 {

    static final X9ECParameters X9 = GMNamedCurves.getByName("sm2p256v1");
    static final ECDomainParameters DOMAIN = new ECDomainParameters(X9.getCurve(), X9.getG(), X9.getN(), X9.getH());

    private BouncyCastleSm2() {
    }

    static ECPrivateKeyParameters privateKey(Sm2PrivateKey k) {
        return new ECPrivateKeyParameters(new BigInteger(1, k.toBytes()), DOMAIN);
    }

    static ECPublicKeyParameters publicKey(Sm2PublicKey k) {
        return new ECPublicKeyParameters(X9.getCurve().decodePoint(k.toUncompressed()), DOMAIN);
    }

    static Sm2PublicKey fromBc(ECPublicKeyParameters k) throws Exception {
        return Sm2PublicKey.fromEncoded(k.getQ().getEncoded(false));
    }

    static byte[] bytes32(BigInteger v) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(32, b.length);
        System.arraycopy(b, b.length - n, out, 32 - n, n);
        return out;
    }
}
