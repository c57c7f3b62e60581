package io.gmflux.codecs.sm2;

import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;

/**
 * The signer's distinguishing identifier ID_A that enters Z_A (GB/T 32918.2 §5.5), for
 * {@code Signature.setParameter} of the "SM3withSM2" signature of
 * {@link io.gmflux.codecs.jca.GmfluxProvider} (the counterpart of BouncyCastle's
 * {@code org.bouncycastle.jcajce.spec.SM2ParameterSpec}). Without it the default ID
 * "1234567812345678" (GM/T 0009-2012 §10) is used.
 *
 * <p>Immutable and thread-safe: the ID is copied in and out.
 */
public final class Sm2ParameterSpec implements AlgorithmParameterSpec {

    private final byte[] id;

    /**
     * A spec for the user ID {@code id} (at most 8191 bytes, so that its bit length fits ENTL's 16 bits;
     * may be empty).
     *
     * @throws NullPointerException if {@code id} is null
     * @throws IllegalArgumentException if {@code id} is longer than 8191 bytes
     */
    public Sm2ParameterSpec(byte[] id) {
        Objects.requireNonNull(id, "id");
        if (id.length > IdentityHash.MAX_USER_ID_LENGTH) {
            throw new IllegalArgumentException("id is " + id.length + " bytes; its bit length must fit in 16 bits (at most "
                    + IdentityHash.MAX_USER_ID_LENGTH + " bytes)");
        }
        this.id = id.clone();
    }

    /** The spec of the default user ID "1234567812345678". */
    public static Sm2ParameterSpec defaultId() {
        return new Sm2ParameterSpec(IdentityHash.defaultUserId());
    }

    /** The user ID (a fresh copy). */
    public byte[] getId() {
        return id.clone();
    }
}
