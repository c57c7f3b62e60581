package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import io.gmflux.codecs.pkcs8.WrongPassphraseException;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactorySpi;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;

/**
 * KeyFactory "SM2": {@link X509EncodedKeySpec} (SPKI, named or explicit sm2p256v1 parameters) and
 * {@link ECPublicKeySpec} to {@link Sm2EcPublicKey}; {@link PKCS8EncodedKeySpec} (also with a SEC 1
 * body as OpenSSL and BouncyCastle write it), {@link EncryptedPrivateKeySpec} (a passphrase-encrypted
 * PKCS#8 key with its passphrase) and {@link ECPrivateKeySpec} to {@link Sm2EcPrivateKey};
 * and back with {@code getKeySpec}. Keys are validated (on the curve; private key in [1, n-2]).
 * Stateless and thread-safe.
 */
final class Sm2KeyFactorySpi extends KeyFactorySpi {

    @Override
    protected PublicKey engineGeneratePublic(KeySpec keySpec) throws InvalidKeySpecException {
        try {
            if (keySpec instanceof X509EncodedKeySpec) {
                return new Sm2EcPublicKey(Sm2KeyEncoding.publicKeyFromSpki(((X509EncodedKeySpec) keySpec).getEncoded()));
            }
            if (keySpec instanceof ECPublicKeySpec) {
                ECPublicKeySpec spec = (ECPublicKeySpec) keySpec;
                if (!Sm2EcParameters.isSm2(spec.getParams())) {
                    throw new InvalidKeySpecException("ECPublicKeySpec is not on sm2p256v1");
                }
                return new Sm2EcPublicKey(Sm2PublicKey.fromCoordinates(
                        Sm2JcaKeys.coordinate(spec.getW().getAffineX()), Sm2JcaKeys.coordinate(spec.getW().getAffineY())));
            }
        } catch (InvalidKeyException | NullPointerException e) {
            throw new InvalidKeySpecException("invalid SM2 public key: " + e.getMessage(), e);
        }
        throw new InvalidKeySpecException("SM2 public keys come from X509EncodedKeySpec or ECPublicKeySpec, got "
                + (keySpec == null ? "null" : keySpec.getClass().getName()));
    }

    @Override
    protected PrivateKey engineGeneratePrivate(KeySpec keySpec) throws InvalidKeySpecException {
        try {
            if (keySpec instanceof PKCS8EncodedKeySpec) {
                byte[] der = ((PKCS8EncodedKeySpec) keySpec).getEncoded();
                try {
                    return new Sm2EcPrivateKey(Sm2KeyEncoding.privateKeyFromPkcs8(der));
                } finally {
                    Bytes.wipe(der);
                }
            }
            if (keySpec instanceof EncryptedPrivateKeySpec) {
                return new Sm2EcPrivateKey(decrypt((EncryptedPrivateKeySpec) keySpec));
            }
            if (keySpec instanceof ECPrivateKeySpec) {
                ECPrivateKeySpec spec = (ECPrivateKeySpec) keySpec;
                if (!Sm2EcParameters.isSm2(spec.getParams())) {
                    throw new InvalidKeySpecException("ECPrivateKeySpec is not on sm2p256v1");
                }
                byte[] d = Sm2JcaKeys.coordinate(spec.getS());
                try {
                    return new Sm2EcPrivateKey(Sm2PrivateKey.fromBytes(d));
                } finally {
                    Bytes.wipe(d);
                }
            }
        } catch (InvalidKeyException | NullPointerException e) {
            throw new InvalidKeySpecException("invalid SM2 private key: " + e.getMessage(), e);
        }
        throw new InvalidKeySpecException("SM2 private keys come from PKCS8EncodedKeySpec, EncryptedPrivateKeySpec or"
                + " ECPrivateKeySpec, got "
                + (keySpec == null ? "null" : keySpec.getClass().getName()));
    }

    private static Sm2PrivateKey decrypt(EncryptedPrivateKeySpec spec) throws InvalidKeySpecException {
        byte[] pki;
        try {
            pki = EncryptedPrivateKeyInfo.fromDer(spec.getEncoded()).decrypt(spec::getPassphrase);
        } catch (WrongPassphraseException e) {
            throw new InvalidKeySpecException(e.getMessage(), e);
        } catch (InvalidKeyException e) {
            throw new InvalidKeySpecException("not a supported EncryptedPrivateKeyInfo: " + e.getMessage(), e);
        }
        try {
            return Sm2KeyEncoding.privateKeyFromPkcs8(pki);
        } catch (InvalidKeyException e) {
            throw new InvalidKeySpecException("the encrypted key is not an SM2 private key: " + e.getMessage(), e);
        } finally {
            Bytes.wipe(pki);
        }
    }

    @Override
    protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> keySpec) throws InvalidKeySpecException {
        if (keySpec == null) {
            throw new InvalidKeySpecException("keySpec is null");
        }
        try {
            if (key instanceof PublicKey) {
                Sm2EcPublicKey pub = new Sm2EcPublicKey(Sm2JcaKeys.publicKey(key));
                if (keySpec.isAssignableFrom(X509EncodedKeySpec.class)) {
                    return keySpec.cast(new X509EncodedKeySpec(pub.getEncoded()));
                }
                if (keySpec.isAssignableFrom(ECPublicKeySpec.class)) {
                    return keySpec.cast(new ECPublicKeySpec(pub.getW(), pub.getParams()));
                }
            } else if (key instanceof PrivateKey) {
                Sm2EcPrivateKey priv = new Sm2EcPrivateKey(Sm2JcaKeys.privateKey(key));
                if (keySpec.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
                    byte[] der = priv.getEncoded();
                    try {
                        return keySpec.cast(new PKCS8EncodedKeySpec(der));
                    } finally {
                        Bytes.wipe(der);
                    }
                }
                if (keySpec.isAssignableFrom(ECPrivateKeySpec.class)) {
                    return keySpec.cast(new ECPrivateKeySpec(priv.getS(), priv.getParams()));
                }
            }
        } catch (InvalidKeyException e) {
            throw new InvalidKeySpecException("not an SM2 key: " + e.getMessage(), e);
        }
        throw new InvalidKeySpecException("cannot give " + (key == null ? "a null key" : key.getClass().getName())
                + " as " + keySpec.getName());
    }

    @Override
    protected Key engineTranslateKey(Key key) throws InvalidKeyException {
        if (key instanceof Sm2EcPublicKey || key instanceof Sm2EcPrivateKey) {
            return key;
        }
        if (key instanceof PublicKey) {
            return new Sm2EcPublicKey(Sm2JcaKeys.publicKey(key));
        }
        if (key instanceof PrivateKey) {
            return new Sm2EcPrivateKey(Sm2JcaKeys.privateKey(key));
        }
        throw new InvalidKeyException("not an SM2 key: " + (key == null ? "null" : key.getClass().getName()));
    }
}
