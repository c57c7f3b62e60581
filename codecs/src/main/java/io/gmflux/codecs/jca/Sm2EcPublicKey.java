package io.gmflux.codecs.jca;

import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import java.io.ObjectStreamException;
import java.math.BigInteger;
import java.security.KeyRep;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.util.Objects;

/**
 * An SM2 public key as a JCA {@link ECPublicKey} (what {@code KeyPairGenerator}, {@code KeyFactory}
 * "SM2" of {@link GmfluxProvider} return): algorithm "SM2", format "X.509" (SPKI with
 * id-ecPublicKey and the sm2p256v1 OID, as OpenSSL 3, GmSSL and BouncyCastle write it), parameters
 * sm2p256v1. Being an {@code ECPublicKey}, it is accepted by BouncyCastle's and the JDK's EC code.
 * Immutable and thread-safe; serialised as a {@link KeyRep} of its encoding.
 */
public final class Sm2EcPublicKey implements ECPublicKey {

    private static final long serialVersionUID = 1L;

    private final transient Sm2PublicKey key;

    /**
     * The JCA view of {@code key}.
     *
     * @throws NullPointerException if {@code key} is null
     */
    public Sm2EcPublicKey(Sm2PublicKey key) {
        this.key = Objects.requireNonNull(key, "key");
    }

    /** The gmflux key, for {@link io.gmflux.codecs.sm2} APIs. */
    public Sm2PublicKey sm2Key() {
        return key;
    }

    @Override
    public ECPoint getW() {
        return new ECPoint(new BigInteger(1, key.x()), new BigInteger(1, key.y()));
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
        return "X.509";
    }

    @Override
    public byte[] getEncoded() {
        return Sm2KeyEncoding.toSpki(key);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Sm2EcPublicKey && ((Sm2EcPublicKey) o).key.equals(key);
    }

    @Override
    public int hashCode() {
        return key.hashCode();
    }

    @Override
    public String toString() {
        return "Sm2EcPublicKey[" + key + "]";
    }

    private Object writeReplace() throws ObjectStreamException {
        return new KeyRep(KeyRep.Type.PUBLIC, getAlgorithm(), getFormat(), getEncoded());
    }
}
