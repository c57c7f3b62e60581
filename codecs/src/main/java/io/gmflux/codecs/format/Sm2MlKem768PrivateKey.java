package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Objects;
import javax.security.auth.Destroyable;

/**
 * The private key of a {@link Sm2MlKem768Recipient}: an SM2 private key and an ML-KEM-768 one.
 *
 * <p>Key file: a {@code GMFLUX SM2 MLKEM768 PRIVATE KEY} PEM whose DER is
 * {@code SEQUENCE { sm2 PKCS#8, ml-kem-768 PKCS#8 }}, each as {@link Sm2KeyEncoding} and
 * {@link MlKem768PrivateKey} write it alone (so either half can be taken out with standard tools).
 *
 * <p>Needs BouncyCastle for its ML-KEM half. Thread-safe until {@link #destroy()}, which zeroes both.
 */
public final class Sm2MlKem768PrivateKey implements Destroyable {

    /** The PEM label of the private key file. */
    public static final String PEM_LABEL = "GMFLUX SM2 MLKEM768 PRIVATE KEY";

    private final Sm2PrivateKey sm2;
    private final MlKem768PrivateKey mlkem;

    private Sm2MlKem768PrivateKey(Sm2PrivateKey sm2, MlKem768PrivateKey mlkem) {
        this.sm2 = sm2;
        this.mlkem = mlkem;
    }

    /** A pair of the two keys (taken, not copied: destroying this destroys them). */
    public static Sm2MlKem768PrivateKey of(Sm2PrivateKey sm2, MlKem768PrivateKey mlkem) {
        return new Sm2MlKem768PrivateKey(Objects.requireNonNull(sm2, "sm2"), Objects.requireNonNull(mlkem, "mlkem"));
    }

    /** A fresh pair of keys. */
    public static Sm2MlKem768PrivateKey generate(SecureRandom random) throws GeneralSecurityException {
        Objects.requireNonNull(random, "random");
        MlKem768PrivateKey m = MlKem768PrivateKey.generate(random);
        return new Sm2MlKem768PrivateKey(Sm2PrivateKey.generate(random), m);
    }

    /** Reads the DER of the class documentation. */
    public static Sm2MlKem768PrivateKey fromDer(byte[] der) throws GeneralSecurityException {
        byte[] a = null;
        byte[] b = null;
        try {
            byte[][] pair = Sm2MlKem768Recipient.splitPair(Objects.requireNonNull(der, "der"));
            a = pair[0];
            b = pair[1];
            Sm2PrivateKey s = Sm2KeyEncoding.privateKeyFromPkcs8(a);
            return new Sm2MlKem768PrivateKey(s, MlKem768PrivateKey.fromPkcs8(b));
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed SM2 + ML-KEM-768 private key: " + e.getMessage(), e);
        } finally {
            Bytes.wipe(a);
            Bytes.wipe(b);
        }
    }

    /** Reads the {@value #PEM_LABEL} block of a PEM text. */
    public static Sm2MlKem768PrivateKey fromPem(String pem) throws GeneralSecurityException {
        byte[] der = Pem.decode(Objects.requireNonNull(pem, "pem"), PEM_LABEL);
        try {
            return fromDer(der);
        } finally {
            Bytes.wipe(der);
        }
    }

    /** The DER (the caller should wipe it). */
    public byte[] toDer() {
        byte[] a = Sm2KeyEncoding.toPkcs8(sm2);
        byte[] b = mlkem.toPkcs8();
        try {
            return new DerWriter().sequence(s -> s.raw(a).raw(b)).toByteArray();
        } finally {
            Bytes.wipe(a);
            Bytes.wipe(b);
        }
    }

    /** The {@value #PEM_LABEL} PEM text. */
    public String toPem() {
        byte[] der = toDer();
        try {
            return Pem.encode(PEM_LABEL, der);
        } finally {
            Bytes.wipe(der);
        }
    }

    /** The recipient of this key's public half. */
    public Sm2MlKem768Recipient recipient() {
        try {
            return Sm2MlKem768Recipient.of(sm2.publicKey(), mlkem.encapsulationKeyRef());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a derived encapsulation key is valid", e);
        }
    }

    /** The identity that opens streams sent to this key. */
    public Identity identity() {
        return Sm2MlKem768Recipient.identity(this);
    }

    Sm2PrivateKey sm2() {
        return sm2;
    }

    MlKem768PrivateKey mlkem() {
        return mlkem;
    }

    @Override
    public void destroy() {
        sm2.destroy();
        mlkem.destroy();
    }

    @Override
    public boolean isDestroyed() {
        return sm2.isDestroyed() && mlkem.isDestroyed();
    }
}
