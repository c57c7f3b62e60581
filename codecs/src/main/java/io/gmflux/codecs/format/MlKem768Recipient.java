package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.der.Pem;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * An ML-KEM-768 public key (FIPS 203) as a stream recipient (stanza type 0x03, FORMAT.md §5): the
 * body is {@code key_id(8) || ct(1088) || wrapped(48)} and the shared secret is ML-KEM's.
 *
 * <p>Key files: the public key is a {@code PUBLIC KEY} PEM holding an X.509 SubjectPublicKeyInfo
 * with algorithm {@code id-alg-ml-kem-768} (2.16.840.1.101.3.4.4.2, no parameters) and the
 * 1184-byte encapsulation key as the BIT STRING (RFC 9935), as OpenSSL 3.5 and BouncyCastle write it.
 * The private key is {@link MlKem768PrivateKey}.
 *
 * <p>Needs BouncyCastle (an optional dependency of gmflux-codecs): without it the factories fail
 * with a {@link java.security.NoSuchAlgorithmException} that says so. Immutable and thread-safe.
 */
public final class MlKem768Recipient implements Recipient {

    /** The OID of ML-KEM-768 (NIST CSOR, id-alg-ml-kem-768). */
    public static final String OID = "2.16.840.1.101.3.4.4.2";

    static final int BODY_LENGTH = RecipientStanza.KEY_ID_LENGTH + MlKem768.CIPHERTEXT_LENGTH + KeyWrap.WRAPPED_LENGTH;

    private final byte[] publicKey;
    private final byte[] keyId;

    private MlKem768Recipient(byte[] publicKey) {
        this.publicKey = publicKey;
        this.keyId = KeyWrap.keyId(publicKey);
    }

    /**
     * The recipient with encapsulation key {@code ek} (1184 bytes), after FIPS 203's input checks.
     *
     * @throws java.security.NoSuchAlgorithmException without BouncyCastle
     * @throws InvalidKeyException if {@code ek} is not an ML-KEM-768 encapsulation key
     */
    public static MlKem768Recipient fromEncapsulationKey(byte[] ek) throws GeneralSecurityException {
        byte[] copy = Objects.requireNonNull(ek, "ek").clone();
        MlKem768.checkPublicKey(copy);
        return new MlKem768Recipient(copy);
    }

    /** Reads a SubjectPublicKeyInfo DER with the ML-KEM-768 OID. */
    public static MlKem768Recipient fromSpki(byte[] der) throws GeneralSecurityException {
        return fromEncapsulationKey(encapsulationKeyFromSpki(der));
    }

    /** Reads the {@code PUBLIC KEY} block of a PEM text. */
    public static MlKem768Recipient fromPem(String pem) throws GeneralSecurityException {
        return fromSpki(Pem.decode(Objects.requireNonNull(pem, "pem"), "PUBLIC KEY"));
    }

    /** Whether {@code der} is a SubjectPublicKeyInfo whose algorithm is ML-KEM-768 (no BouncyCastle needed). */
    static boolean isMlKem768Spki(byte[] der) {
        try {
            DerReader spki = DerReader.single(der, io.gmflux.codecs.der.DerTag.SEQUENCE);
            return OID.equals(spki.readSequence().readOid());
        } catch (DerFormatException e) {
            return false;
        }
    }

    static byte[] encapsulationKeyFromSpki(byte[] der) throws GeneralSecurityException {
        try {
            DerReader spki = DerReader.single(Objects.requireNonNull(der, "der"), io.gmflux.codecs.der.DerTag.SEQUENCE);
            DerReader alg = spki.readSequence();
            String oid = alg.readOid();
            if (!OID.equals(oid)) {
                throw new InvalidKeyException("not an ML-KEM-768 public key (algorithm " + oid + ")");
            }
            alg.expectEnd();
            byte[] ek = spki.readBitString();
            spki.expectEnd();
            return ek;
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed ML-KEM-768 public key: " + e.getMessage(), e);
        }
    }

    /** The 1184-byte encapsulation key (a copy). */
    public byte[] encapsulationKey() {
        return publicKey.clone();
    }

    /** The SubjectPublicKeyInfo DER. */
    public byte[] toSpki() {
        return spki(publicKey);
    }

    static byte[] spki(byte[] ek) {
        return new DerWriter().sequence(s -> s.sequence(a -> a.oid(OID)).bitString(ek)).toByteArray();
    }

    /** The {@code PUBLIC KEY} PEM text. */
    public String toPem() {
        return Pem.encode("PUBLIC KEY", toSpki());
    }

    /** The key id written in this recipient's stanzas (a copy). */
    public byte[] keyId() {
        return keyId.clone();
    }

    @Override
    public int stanzaType() {
        return RecipientStanza.TYPE_MLKEM768;
    }

    @Override
    public RecipientStanza wrap(byte[] fileKey, byte[] salt, SecureRandom random) throws GeneralSecurityException {
        byte[] ctSs = MlKem768.encapsulate(publicKey, random);
        byte[] ct = Arrays.copyOf(ctSs, MlKem768.CIPHERTEXT_LENGTH);
        byte[] ss = Arrays.copyOfRange(ctSs, MlKem768.CIPHERTEXT_LENGTH, ctSs.length);
        Bytes.wipe(ctSs);
        try {
            byte[] wrapped = KeyWrap.wrap(fileKey, salt, ss, RecipientStanza.TYPE_MLKEM768, keyId, ct);
            return new RecipientStanza(RecipientStanza.TYPE_MLKEM768, StreamKeys.concat(keyId, ct, wrapped));
        } finally {
            Bytes.wipe(ss);
        }
    }

    /** The identity that opens streams sent to {@code privateKey}'s public key. */
    public static Identity identity(MlKem768PrivateKey privateKey) {
        Objects.requireNonNull(privateKey, "privateKey");
        byte[] keyId = KeyWrap.keyId(privateKey.encapsulationKeyRef());
        return (stanza, salt) -> {
            if (stanza.type() != RecipientStanza.TYPE_MLKEM768 || !stanza.hasKeyId(keyId)) {
                return null;
            }
            byte[] body = stanza.bodyRef();
            if (body.length != BODY_LENGTH) {
                throw new GeneralSecurityException("ML-KEM-768 stanza of " + body.length + " bytes, expected "
                        + BODY_LENGTH);
            }
            int k = RecipientStanza.KEY_ID_LENGTH;
            byte[] ct = Arrays.copyOfRange(body, k, k + MlKem768.CIPHERTEXT_LENGTH);
            byte[] ss = privateKey.decapsulate(ct);
            try {
                return KeyWrap.unwrap(Arrays.copyOfRange(body, k + MlKem768.CIPHERTEXT_LENGTH, body.length), salt, ss,
                        RecipientStanza.TYPE_MLKEM768, keyId, ct);
            } finally {
                Bytes.wipe(ss);
            }
        };
    }

    @Override
    public String toString() {
        return "MlKem768Recipient[key id " + io.gmflux.codecs.bytes.Hex.encode(keyId) + "]";
    }
}
