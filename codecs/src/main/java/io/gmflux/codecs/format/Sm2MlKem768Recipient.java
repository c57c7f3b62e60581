package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerTag;
import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.sm2.Sm2DecryptionException;
import io.gmflux.codecs.sm2.Sm2Kem;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import io.gmflux.codecs.sm3.HkdfSm3;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * The hybrid SM2 + ML-KEM-768 recipient (stanza type 0x04, FORMAT.md §5): one SM2-KEM and one
 * ML-KEM-768 encapsulation, whose two shared secrets go into one KDF together with both
 * encapsulations,
 * {@code ss = HKDF(salt, ss_sm2 || ss_mlkem, "gmflux/v1 hybrid" || C1 || ct, 32)}, so the file key
 * stays secret as long as either KEM holds. The body is
 * {@code key_id(8) || C1(65) || ct(1088) || wrapped(48)}.
 *
 * <p>Key file: a {@code GMFLUX SM2 MLKEM768 PUBLIC KEY} PEM whose DER is
 * {@code SEQUENCE { sm2 SubjectPublicKeyInfo, ml-kem-768 SubjectPublicKeyInfo }} (each as
 * {@link Sm2KeyEncoding} and {@link MlKem768Recipient} write it alone); the key id is computed over
 * that DER. There is no standard composite encoding for this pair, hence a gmflux label.
 *
 * <p>Needs BouncyCastle for its ML-KEM half (an optional dependency of gmflux-codecs).
 * Immutable and thread-safe.
 */
public final class Sm2MlKem768Recipient implements Recipient {

    /** The PEM label of the public key file. */
    public static final String PEM_LABEL = "GMFLUX SM2 MLKEM768 PUBLIC KEY";

    static final int C1 = Sm2Kem.ENCAPSULATION_LENGTH;
    static final int BODY_LENGTH = RecipientStanza.KEY_ID_LENGTH + C1 + MlKem768.CIPHERTEXT_LENGTH
            + KeyWrap.WRAPPED_LENGTH;
    private static final byte[] HYBRID = StreamKeys.ascii("gmflux/v1 hybrid");

    private final Sm2PublicKey sm2;
    private final byte[] mlkem;
    private final byte[] keyId;

    private Sm2MlKem768Recipient(Sm2PublicKey sm2, byte[] mlkem) {
        this.sm2 = sm2;
        this.mlkem = mlkem;
        this.keyId = KeyWrap.keyId(encode(sm2, mlkem));
    }

    /**
     * The recipient of an SM2 public key and an ML-KEM-768 encapsulation key (1184 bytes).
     *
     * @throws java.security.NoSuchAlgorithmException without BouncyCastle
     * @throws InvalidKeyException if {@code mlkemEk} is not an ML-KEM-768 encapsulation key
     */
    public static Sm2MlKem768Recipient of(Sm2PublicKey sm2, byte[] mlkemEk) throws GeneralSecurityException {
        Objects.requireNonNull(sm2, "sm2");
        byte[] ek = Objects.requireNonNull(mlkemEk, "mlkemEk").clone();
        MlKem768.checkPublicKey(ek);
        return new Sm2MlKem768Recipient(sm2, ek);
    }

    /** Reads the DER of the class documentation. */
    public static Sm2MlKem768Recipient fromDer(byte[] der) throws GeneralSecurityException {
        try {
            byte[][] pair = splitPair(Objects.requireNonNull(der, "der"));
            byte[] sm2Spki = pair[0];
            byte[] mlkemSpki = pair[1];
            return of(Sm2KeyEncoding.publicKeyFromSpki(sm2Spki), MlKem768Recipient.encapsulationKeyFromSpki(mlkemSpki));
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed SM2 + ML-KEM-768 public key: " + e.getMessage(), e);
        }
    }

    /** Reads the {@value #PEM_LABEL} block of a PEM text. */
    public static Sm2MlKem768Recipient fromPem(String pem) throws GeneralSecurityException {
        return fromDer(Pem.decode(Objects.requireNonNull(pem, "pem"), PEM_LABEL));
    }

    /** The two elements of {@code SEQUENCE { SEQUENCE, SEQUENCE }}, each whole (tag, length, contents). */
    static byte[][] splitPair(byte[] der) throws DerFormatException {
        DerReader seq = DerReader.single(der, DerTag.SEQUENCE);
        byte[] a = seq.readRawElement();
        byte[] b = seq.readRawElement();
        seq.expectEnd();
        if ((a[0] & 0xff) != DerTag.SEQUENCE || (b[0] & 0xff) != DerTag.SEQUENCE) {
            throw new DerFormatException("expected two SEQUENCEs");
        }
        return new byte[][] {a, b};
    }

    static byte[] encode(Sm2PublicKey sm2, byte[] mlkemEk) {
        byte[] a = Sm2KeyEncoding.toSpki(sm2);
        byte[] b = MlKem768Recipient.spki(mlkemEk);
        return new DerWriter().sequence(s -> s.raw(a).raw(b)).toByteArray();
    }

    /** The public key DER. */
    public byte[] toDer() {
        return encode(sm2, mlkem);
    }

    /** The {@value #PEM_LABEL} PEM text. */
    public String toPem() {
        return Pem.encode(PEM_LABEL, toDer());
    }

    /** The key id written in this recipient's stanzas (a copy). */
    public byte[] keyId() {
        return keyId.clone();
    }

    @Override
    public int stanzaType() {
        return RecipientStanza.TYPE_SM2_MLKEM768;
    }

    @Override
    public RecipientStanza wrap(byte[] fileKey, byte[] salt, SecureRandom random) throws GeneralSecurityException {
        byte[] ctSs = MlKem768.encapsulate(mlkem, random);
        Sm2Kem.Encapsulated e = new Sm2Kem(random).encapsulate(sm2, 32);
        byte[] ikm = null;
        byte[] ss = null;
        try {
            byte[] c1 = e.encapsulation();
            byte[] ct = Arrays.copyOf(ctSs, MlKem768.CIPHERTEXT_LENGTH);
            byte[] ssSm2 = e.sharedSecret();
            ikm = StreamKeys.concat(ssSm2, Arrays.copyOfRange(ctSs, MlKem768.CIPHERTEXT_LENGTH, ctSs.length));
            Bytes.wipe(ssSm2);
            byte[] enc = StreamKeys.concat(c1, ct);
            ss = combine(salt, ikm, enc);
            byte[] wrapped = KeyWrap.wrap(fileKey, salt, ss, RecipientStanza.TYPE_SM2_MLKEM768, keyId, enc);
            return new RecipientStanza(RecipientStanza.TYPE_SM2_MLKEM768, StreamKeys.concat(keyId, enc, wrapped));
        } finally {
            e.destroy();
            Bytes.wipe(ctSs);
            Bytes.wipe(ikm);
            Bytes.wipe(ss);
        }
    }

    /** {@code HKDF(salt, ss_sm2 || ss_mlkem, "gmflux/v1 hybrid" || C1 || ct, 32)}; {@code enc = C1 || ct}. */
    static byte[] combine(byte[] salt, byte[] ikm, byte[] enc) {
        return HkdfSm3.derive(salt, ikm, StreamKeys.concat(HYBRID, enc), 32);
    }

    /** The identity that opens streams sent to {@code privateKey}'s public key. */
    public static Identity identity(Sm2MlKem768PrivateKey privateKey) {
        Objects.requireNonNull(privateKey, "privateKey");
        byte[] keyId = KeyWrap.keyId(encode(privateKey.sm2().publicKey(), privateKey.mlkem().encapsulationKeyRef()));
        return (stanza, salt) -> {
            if (stanza.type() != RecipientStanza.TYPE_SM2_MLKEM768 || !stanza.hasKeyId(keyId)) {
                return null;
            }
            byte[] body = stanza.bodyRef();
            if (body.length != BODY_LENGTH) {
                throw new GeneralSecurityException("SM2 + ML-KEM-768 stanza of " + body.length + " bytes, expected "
                        + BODY_LENGTH);
            }
            int k = RecipientStanza.KEY_ID_LENGTH;
            byte[] enc = Arrays.copyOfRange(body, k, k + C1 + MlKem768.CIPHERTEXT_LENGTH);
            byte[] ssSm2;
            try {
                ssSm2 = new Sm2Kem().decapsulate(privateKey.sm2(), Arrays.copyOf(enc, C1), 32);
            } catch (Sm2DecryptionException e) {
                throw new GeneralSecurityException("SM2 + ML-KEM-768 stanza: " + e.getMessage(), e);
            }
            byte[] ssMlkem = null;
            byte[] ikm = null;
            byte[] ss = null;
            try {
                ssMlkem = privateKey.mlkem().decapsulate(Arrays.copyOfRange(enc, C1, enc.length));
                ikm = StreamKeys.concat(ssSm2, ssMlkem);
                ss = combine(salt, ikm, enc);
                return KeyWrap.unwrap(Arrays.copyOfRange(body, k + enc.length, body.length), salt, ss,
                        RecipientStanza.TYPE_SM2_MLKEM768, keyId, enc);
            } finally {
                Bytes.wipe(ssSm2);
                Bytes.wipe(ssMlkem);
                Bytes.wipe(ikm);
                Bytes.wipe(ss);
            }
        };
    }

    @Override
    public String toString() {
        return "Sm2MlKem768Recipient[key id " + io.gmflux.codecs.bytes.Hex.encode(keyId) + "]";
    }
}
