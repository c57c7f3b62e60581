package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECPoint;

/**
 * SM2 keys of any provider to gmflux keys, for the SM2 SPIs: our own {@link Sm2EcPublicKey} /
 * {@link Sm2EcPrivateKey} directly; others (BouncyCastle's, Kona's, the JDK's) by their X.509 /
 * PKCS#8 encoding, or else by their {@link ECPublicKey}/{@link ECPrivateKey} values when the
 * parameters are sm2p256v1. Stateless and thread-safe.
 */
final class Sm2JcaKeys {

    private Sm2JcaKeys() {
    }

    static Sm2PublicKey publicKey(Key key) throws InvalidKeyException {
        if (key instanceof Sm2EcPublicKey) {
            return ((Sm2EcPublicKey) key).sm2Key();
        }
        if (!(key instanceof PublicKey)) {
            throw new InvalidKeyException("SM2 needs a PublicKey, got " + (key == null ? "null" : key.getClass().getName()));
        }
        if (key instanceof ECPublicKey) {
            ECPublicKey ec = (ECPublicKey) key;
            if (!Sm2EcParameters.isSm2(ec.getParams())) {
                throw new InvalidKeyException("EC public key is not on sm2p256v1");
            }
            ECPoint w = ec.getW();
            if (w == ECPoint.POINT_INFINITY) {
                throw new InvalidKeyException("public key is the point at infinity");
            }
            return Sm2PublicKey.fromCoordinates(coordinate(w.getAffineX()), coordinate(w.getAffineY()));
        }
        byte[] encoded = key.getEncoded();
        if (encoded == null || !"X.509".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException("SM2 public key must be an ECPublicKey or X.509-encoded, got format " + key.getFormat());
        }
        return Sm2KeyEncoding.publicKeyFromSpki(encoded);
    }

    static Sm2PrivateKey privateKey(Key key) throws InvalidKeyException {
        if (key instanceof Sm2EcPrivateKey) {
            return ((Sm2EcPrivateKey) key).sm2Key();
        }
        if (!(key instanceof PrivateKey)) {
            throw new InvalidKeyException("SM2 needs a PrivateKey, got " + (key == null ? "null" : key.getClass().getName()));
        }
        if (key instanceof ECPrivateKey) {
            ECPrivateKey ec = (ECPrivateKey) key;
            if (!Sm2EcParameters.isSm2(ec.getParams())) {
                throw new InvalidKeyException("EC private key is not on sm2p256v1");
            }
            byte[] d = coordinate(ec.getS());
            try {
                return Sm2PrivateKey.fromBytes(d);
            } finally {
                Bytes.wipe(d);
            }
        }
        byte[] encoded = key.getEncoded();
        if (encoded == null || !"PKCS#8".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException("SM2 private key must be an ECPrivateKey or PKCS#8-encoded, got format " + key.getFormat());
        }
        try {
            return Sm2KeyEncoding.privateKeyFromPkcs8(encoded);
        } finally {
            Bytes.wipe(encoded);
        }
    }

    /** A non-negative integer below 2^256 as 32 bytes; larger or negative values are refused. */
    static byte[] coordinate(BigInteger v) throws InvalidKeyException {
        if (v == null || v.signum() < 0 || v.bitLength() > 256) {
            throw new InvalidKeyException("SM2 key value out of range");
        }
        return Sm2EcParameters.toBytes32(v);
    }
}
