package io.gmflux.codecs.jca;

import io.gmflux.codecs.sm2.Sm2ParameterSpec;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import io.gmflux.codecs.sm2.Sm2SignatureEncoding;
import io.gmflux.codecs.sm2.Sm2Signer;
import io.gmflux.codecs.sm2.Sm2Verifier;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;

/**
 * Signature "SM3withSM2" (GB/T 32918.2 with SM3 and Z_A): signatures are DER
 * {@code SEQUENCE { INTEGER r, INTEGER s }} (GM/T 0009, as BouncyCastle's "SM3withSM2" writes them).
 * The user ID comes from {@code setParameter(new }{@link Sm2ParameterSpec}{@code (id))}, before or
 * after {@code initSign}/{@code initVerify} (a later call restarts the message); the default is
 * "1234567812345678". Keys: {@link Sm2EcPublicKey}/{@link Sm2EcPrivateKey} or any provider's
 * sm2p256v1 EC keys (BouncyCastle's included).
 *
 * <p>{@code verify} returns false for a well-formed signature that does not verify, r or s out of
 * [1, n-1] included, and throws {@link SignatureException} for malformed DER (wrong lengths,
 * trailing bytes, negative integers), as the JDK's ECDSA does (BouncyCastle returns false there).
 *
 * <p>Speed: the verifier of a key keeps a table of the key's multiples, built on first use; calling
 * {@code initVerify} again with the same key and ID keeps it, so one {@code Signature} per key
 * verifies fastest. Not thread-safe (JCA engines are not).
 */
final class Sm3WithSm2SignatureSpi extends SignatureSpi {

    private byte[] userId;
    private Sm2PrivateKey signKey;
    private SecureRandom signRandom;
    private Sm2Signer signer;
    private Sm2PublicKey verifyKey;
    private Sm2Verifier verifier;
    private byte[] verifierId;

    @Override
    protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
        Sm2PublicKey key = Sm2JcaKeys.publicKey(publicKey);
        signKey = null;
        signer = null;
        if (verifier != null && key.equals(verifyKey) && Arrays.equals(verifierId, id())) {
            verifier.reset(); // same key and ID: keep the table
        } else {
            verifier = null;
        }
        verifyKey = key;
    }

    @Override
    protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
        engineInitSign(privateKey, null);
    }

    @Override
    protected void engineInitSign(PrivateKey privateKey, SecureRandom random) throws InvalidKeyException {
        Sm2PrivateKey key = Sm2JcaKeys.privateKey(privateKey);
        if (key.isDestroyed()) {
            throw new InvalidKeyException("SM2 private key has been destroyed");
        }
        verifyKey = null;
        verifier = null;
        signKey = key;
        signRandom = random != null ? random : appRandom != null ? appRandom : new SecureRandom();
        signer = new Sm2Signer(key, id(), signRandom);
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        if (signer != null) {
            signer.update(b);
        } else {
            verifier().update(b);
        }
    }

    @Override
    protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
        if (signer != null) {
            signer.update(b, off, len);
        } else {
            verifier().update(b, off, len);
        }
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        if (signer == null) {
            throw new SignatureException("not initialised for signing");
        }
        try {
            return Sm2SignatureEncoding.toDer(signer.sign());
        } catch (IllegalStateException e) {
            throw new SignatureException(e.getMessage(), e); // the key was destroyed meanwhile
        }
    }

    @Override
    protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
        Sm2Verifier v = verifier();
        if (sigBytes == null) {
            v.reset();
            throw new SignatureException("signature is null");
        }
        byte[] raw;
        try {
            raw = Sm2SignatureEncoding.toRaw(sigBytes);
        } catch (SignatureException e) {
            v.reset();
            throw e;
        }
        return v.verify(raw);
    }

    /** The verifier, built on first use after initVerify or an ID change. */
    private Sm2Verifier verifier() throws SignatureException {
        if (verifyKey == null) {
            throw new SignatureException("not initialised");
        }
        if (verifier == null) {
            verifierId = id();
            verifier = new Sm2Verifier(verifyKey, verifierId);
        }
        return verifier;
    }

    private byte[] id() {
        return userId != null ? userId : Sm2ParameterSpec.defaultId().getId();
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (params != null && !(params instanceof Sm2ParameterSpec)) {
            throw new InvalidAlgorithmParameterException("SM3withSM2 takes an Sm2ParameterSpec (the user ID), got "
                    + params.getClass().getName());
        }
        userId = params == null ? null : ((Sm2ParameterSpec) params).getId();
        // restart with the new ID
        if (signKey != null) {
            signer = new Sm2Signer(signKey, id(), signRandom);
        }
        if (verifyKey != null && verifier != null && !Arrays.equals(verifierId, id())) {
            verifier = null;
        } else if (verifier != null) {
            verifier.reset();
        }
    }

    @Override
    @Deprecated
    protected void engineSetParameter(String param, Object value) {
        throw new InvalidParameterException("SM3withSM2 takes no named parameters; use setParameter(Sm2ParameterSpec)");
    }

    @Override
    @Deprecated
    protected Object engineGetParameter(String param) {
        throw new InvalidParameterException("SM3withSM2 has no named parameters");
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return null;
    }
}
