package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import java.io.ObjectStreamException;
import java.math.BigInteger;
import java.security.KeyRep;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECParameterSpec;
import java.util.Objects;

/**
 * An SM2 private key as a JCA {@link ECPrivateKey}: algorithm "SM2", format "PKCS#8" (id-ecPublicKey
 * with the sm2p256v1 OID and the public key embedded, as OpenSSL 3 writes it), parameters
 * sm2p256v1. {@link #destroy()} destroys the underlying {@link Sm2PrivateKey} (zeroes d and its
 * derived values); {@link #getS()} and {@link #getEncoded()} then fail with
 * {@link IllegalStateException}. {@code getS()} and {@code getEncoded()} return BigIntegers and
 * arrays the JCA cannot wipe; prefer the gmflux API where that matters. Thread-safe as the key is;
 * serialised as a {@link KeyRep} of its encoding.
 */
public final class Sm2EcPrivateKey implements ECPrivateKey {

    private static final long serialVersionUID = 1L;

    private final transient Sm2PrivateKey key;

    /**
     * The JCA view of {@code key} (not a copy: destroying one destroys the other).
     *
     * @throws NullPointerException if {@code key} is null
     */
    public Sm2EcPrivateKey(Sm2PrivateKey key) {
        this.key = Objects.requireNonNull(key, "key");
    }

    /** The gmflux key, for {@link io.gmflux.codecs.sm2} APIs. */
    public Sm2PrivateKey sm2Key() {
        return key;
    }

    @Override
    public BigInteger getS() {
        byte[] d = key.toBytes();
        try {
            return new BigInteger(1, d);
        } finally {
            Bytes.wipe(d);
        }
    }

    @Override
    public ECParameterSpec getParams() {
        return Sm2EcParameters.SPEC;
    }

    @Override
    public String getAlgorithm() {
        return "SM2";
    }

    @Override
    public String getFormat() {
        return "PKCS#8";
    }

    @Override
    public byte[] getEncoded() {
        return Sm2KeyEncoding.toPkcs8(key);
    }

    @Override
    public void destroy() {
        key.destroy();
    }

    @Override
    public boolean isDestroyed() {
        return key.isDestroyed();
    }

    @Override
    public String toString() {
        return "Sm2EcPrivateKey[public " + key.publicKey() + "]";
    }

    private Object writeReplace() throws ObjectStreamException {
        return new KeyRep(KeyRep.Type.PRIVATE, getAlgorithm(), getFormat(), getEncoded());
    }
}
