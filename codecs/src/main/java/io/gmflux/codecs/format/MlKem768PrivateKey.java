package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerTag;
import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.der.Pem;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Objects;
import javax.security.auth.Destroyable;

/**
 * An ML-KEM-768 private key (FIPS 203), kept as its 64-byte seed {@code d || z} with the
 * encapsulation key derived from it.
 *
 * <p>Key file: a {@code PRIVATE KEY} PEM holding PKCS#8 (OneAsymmetricKey, version 0) with
 * algorithm {@code id-alg-ml-kem-768} and, as the private key, the {@code seed [0]} choice of
 * RFC 9935's {@code ML-KEM-768-PrivateKey} (the 64-byte seed). Reading also accepts the
 * {@code both} choice (seed and expanded key; the expanded key must be the seed's), which is what
 * BouncyCastle and OpenSSL 3.5 write by default; the {@code expandedKey}-only choice is refused,
 * since the seed cannot be recovered from it.
 *
 * <p>Needs BouncyCastle (an optional dependency of gmflux-codecs). Thread-safe until
 * {@link #destroy()}, which zeroes the seed.
 */
public final class MlKem768PrivateKey implements Destroyable {

    private static final int SEED_TAG = DerTag.contextPrimitive(0);

    private final byte[] seed;
    private final byte[] publicKey;
    private volatile boolean destroyed;

    private MlKem768PrivateKey(byte[] seed, byte[] publicKey) {
        this.seed = seed;
        this.publicKey = publicKey;
    }

    /** A fresh key pair. */
    public static MlKem768PrivateKey generate(SecureRandom random) throws GeneralSecurityException {
        byte[] seed = MlKem768.generateSeed(Objects.requireNonNull(random, "random"));
        return new MlKem768PrivateKey(seed, MlKem768.publicKey(seed));
    }

    /** The key of a 64-byte seed {@code d || z} (copied). */
    public static MlKem768PrivateKey fromSeed(byte[] seed) throws GeneralSecurityException {
        byte[] s = Objects.requireNonNull(seed, "seed").clone();
        return new MlKem768PrivateKey(s, MlKem768.publicKey(s));
    }

    /** Reads PKCS#8 DER (see the class documentation for the accepted forms). */
    public static MlKem768PrivateKey fromPkcs8(byte[] der) throws GeneralSecurityException {
        byte[] inner = null;
        byte[] seed = null;
        try {
            DerReader top = DerReader.single(Objects.requireNonNull(der, "der"), DerTag.SEQUENCE);
            int version = top.readInt();
            if (version != 0 && version != 1) {
                throw new InvalidKeyException("unsupported PKCS#8 version " + version);
            }
            DerReader alg = top.readSequence();
            String oid = alg.readOid();
            if (!MlKem768Recipient.OID.equals(oid)) {
                throw new InvalidKeyException("not an ML-KEM-768 private key (algorithm " + oid + ")");
            }
            alg.expectEnd();
            inner = top.readOctetString();
            // attributes [0] and a public key [1] may follow in OneAsymmetricKey; they are not needed
            DerReader choice = new DerReader(inner);
            byte[] expanded = null;
            if (choice.peekTag() == SEED_TAG) {
                seed = choice.readPrimitive(SEED_TAG);
            } else if (choice.peekTag() == DerTag.SEQUENCE) {
                DerReader both = choice.readSequence();
                seed = both.readOctetString();
                expanded = both.readOctetString();
                both.expectEnd();
            } else {
                throw new InvalidKeyException("ML-KEM-768 private key without its seed (only the seed and the "
                        + "seed-and-expanded-key forms are read)");
            }
            choice.expectEnd();
            if (seed.length != MlKem768.SEED_LENGTH) {
                throw new InvalidKeyException("an ML-KEM-768 seed has 64 bytes, not " + seed.length);
            }
            if (expanded != null) {
                byte[] derived = MlKem768.expandedPrivateKey(seed);
                boolean same = derived.length == expanded.length
                        && Bytes.constantTimeEquals(derived, 0, expanded, 0, derived.length);
                Bytes.wipe(derived);
                Bytes.wipe(expanded);
                if (!same) {
                    throw new InvalidKeyException("ML-KEM-768 private key: the expanded key is not the seed's");
                }
            }
            MlKem768PrivateKey k = new MlKem768PrivateKey(seed, MlKem768.publicKey(seed));
            seed = null;
            return k;
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed ML-KEM-768 private key: " + e.getMessage(), e);
        } finally {
            Bytes.wipe(inner);
            Bytes.wipe(seed);
        }
    }

    /** Reads the {@code PRIVATE KEY} block of a PEM text. */
    public static MlKem768PrivateKey fromPem(String pem) throws GeneralSecurityException {
        byte[] der = Pem.decode(Objects.requireNonNull(pem, "pem"), "PRIVATE KEY");
        try {
            return fromPkcs8(der);
        } finally {
            Bytes.wipe(der);
        }
    }

    /** Whether {@code der} is PKCS#8 whose algorithm is ML-KEM-768 (no BouncyCastle needed). */
    static boolean isMlKem768Pkcs8(byte[] der) {
        try {
            DerReader top = DerReader.single(der, DerTag.SEQUENCE);
            top.readInt();
            return MlKem768Recipient.OID.equals(top.readSequence().readOid());
        } catch (DerFormatException e) {
            return false;
        }
    }

    /** PKCS#8 DER with the seed form. The caller should wipe it. */
    public byte[] toPkcs8() {
        checkNotDestroyed();
        byte[] choice = new DerWriter().primitive(SEED_TAG, seed).toByteArray();
        try {
            return new DerWriter().sequence(s -> s.integer(0).sequence(a -> a.oid(MlKem768Recipient.OID))
                    .octetString(choice)).toByteArray();
        } finally {
            Bytes.wipe(choice);
        }
    }

    /** The {@code PRIVATE KEY} PEM text. */
    public String toPem() {
        byte[] der = toPkcs8();
        try {
            return Pem.encode("PRIVATE KEY", der);
        } finally {
            Bytes.wipe(der);
        }
    }

    /** The recipient of this key's public half. */
    public MlKem768Recipient recipient() {
        try {
            return MlKem768Recipient.fromEncapsulationKey(publicKey);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a derived encapsulation key is valid", e);
        }
    }

    /** The identity that opens streams sent to this key. */
    public Identity identity() {
        return MlKem768Recipient.identity(this);
    }

    byte[] encapsulationKeyRef() {
        return publicKey;
    }

    byte[] decapsulate(byte[] ct) throws GeneralSecurityException {
        checkNotDestroyed();
        return MlKem768.decapsulate(seed, ct);
    }

    private void checkNotDestroyed() {
        if (destroyed) {
            throw new IllegalStateException("the ML-KEM-768 private key has been destroyed");
        }
    }

    @Override
    public void destroy() {
        destroyed = true;
        Bytes.wipe(seed);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }

    @Override
    public String toString() {
        return "MlKem768PrivateKey[public key id " + io.gmflux.codecs.bytes.Hex.encode(KeyWrap.keyId(publicKey)) + "]";
    }
}
