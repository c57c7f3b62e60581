package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.sm9.Sm9DecryptionException;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPublicKey;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9Kem;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * An SM9 identity as a stream recipient (stanza type 0x02, FORMAT.md §5): the SM9 KEM
 * (GM/T 0044.4 §6, hid 0x03) to {@code identity} under an encryption master public key, ss = K
 * (32 bytes); the body is {@code key_id(8) || hid(1) || C(65) || wrapped(48)} with C = 04 ‖ x ‖ y,
 * and {@code key_id} is taken over {@code SEQUENCE { Ppube BIT STRING } DER || identity} (GmSSL's
 * master public key DER followed by the identity bytes; the identity itself is not stored).
 *
 * <p>Recipient files: a sender needs only the master public key and the identity, written as one
 * PEM block labelled {@value #PEM_LABEL} holding
 * {@code SEQUENCE { masterPublicKey SEQUENCE { Ppube BIT STRING }, identity OCTET STRING }}
 * ({@link #toPem()}, {@link #fromPem(String)}); {@code gmflux keygen sm9-user} writes it beside the
 * user's key. The recipient's own key is an {@code SM9 ENC PRIVATE KEY} ({@link Sm9KeyEncoding}),
 * which carries the identity too, so {@link #identity(Sm9EncryptPrivateKey)} needs nothing else.
 *
 * <p>Immutable and thread-safe. Wrapping costs no pairing (the master key's tables); unwrapping
 * one pairing with the user key's prepared lines.
 */
public final class Sm9Recipient implements Recipient {

    /** The PEM label of a recipient file. */
    public static final String PEM_LABEL = "SM9 ENC RECIPIENT";

    private static final byte HID = Sm9EncryptMasterPrivateKey.HID_ENCRYPT;
    private static final int C = 1 + Sm9Kem.ENCAPSULATION_LENGTH;
    private static final int BODY_LENGTH = RecipientStanza.KEY_ID_LENGTH + 1 + C + KeyWrap.WRAPPED_LENGTH;

    private final Sm9EncryptMasterPublicKey master;
    private final byte[] identity;
    private final byte[] keyId;

    /**
     * @param master the key generation centre's encryption master public key
     * @param identity the recipient's identity, e.g. the UTF-8 bytes of "bob@example.com"
     */
    public Sm9Recipient(Sm9EncryptMasterPublicKey master, byte[] identity) {
        this.master = Objects.requireNonNull(master, "master");
        this.identity = Objects.requireNonNull(identity, "identity").clone();
        this.keyId = keyId(master, this.identity);
    }

    private static byte[] keyId(Sm9EncryptMasterPublicKey master, byte[] identity) {
        return KeyWrap.keyId(StreamKeys.concat(Sm9KeyEncoding.toDer(master), identity));
    }

    @Override
    public int stanzaType() {
        return RecipientStanza.TYPE_SM9;
    }

    @Override
    public RecipientStanza wrap(byte[] fileKey, byte[] salt, SecureRandom random) {
        Sm9Kem.Encapsulated e = new Sm9Kem(random).encapsulate(master, identity, 32);
        try {
            byte[] c = StreamKeys.concat(new byte[] {4}, e.encapsulation());
            byte[] wrapped = KeyWrap.wrap(fileKey, salt, e.sharedSecret(), RecipientStanza.TYPE_SM9, keyId, c);
            return new RecipientStanza(RecipientStanza.TYPE_SM9, StreamKeys.concat(keyId, new byte[] {HID}, c, wrapped));
        } finally {
            e.destroy();
        }
    }

    /** The master public key. */
    public Sm9EncryptMasterPublicKey masterPublicKey() {
        return master;
    }

    /** The identity (a fresh copy). */
    public byte[] identityBytes() {
        return identity.clone();
    }

    /** This recipient as a {@value #PEM_LABEL} PEM block. */
    public String toPem() {
        byte[] m = Sm9KeyEncoding.toDer(master);
        return Pem.encode(PEM_LABEL, new DerWriter().sequence(b -> b.raw(m).octetString(identity)).toByteArray());
    }

    /**
     * Reads a {@value #PEM_LABEL} block.
     *
     * @throws InvalidKeyException if there is no such block or it does not hold a valid master
     *     public key and an identity
     */
    public static Sm9Recipient fromPem(String text) throws InvalidKeyException {
        Objects.requireNonNull(text, "text");
        try {
            DerReader seq = DerReader.single(Pem.decode(text, PEM_LABEL), 0x30);
            DerReader m = seq.readSequence();
            byte[] ppube = m.readBitString();
            m.expectEnd();
            byte[] id = seq.readOctetString();
            seq.expectEnd();
            return new Sm9Recipient(Sm9EncryptMasterPublicKey.fromEncoded(ppube), id);
        } catch (DerFormatException e) {
            throw new InvalidKeyException("not an SM9 recipient: " + e.getMessage(), e);
        }
    }

    /**
     * The identity that opens streams sent to {@code privateKey}'s identity under its master key.
     * The key must be an encryption key (hid 0x03).
     *
     * @throws IllegalArgumentException if {@code privateKey} has another hid
     */
    public static Identity identity(Sm9EncryptPrivateKey privateKey) {
        Objects.requireNonNull(privateKey, "privateKey");
        if (privateKey.hid() != HID) {
            throw new IllegalArgumentException("an SM9 stream identity needs an encryption key (hid 0x03), got hid "
                    + privateKey.hid());
        }
        byte[] keyId = keyId(privateKey.masterPublicKey(), privateKey.id());
        return (stanza, salt) -> {
            if (stanza.type() != RecipientStanza.TYPE_SM9 || !stanza.hasKeyId(keyId)) {
                return null;
            }
            byte[] body = stanza.bodyRef();
            if (body.length != BODY_LENGTH) {
                throw new GeneralSecurityException("SM9 stanza of " + body.length + " bytes, expected " + BODY_LENGTH);
            }
            int k = RecipientStanza.KEY_ID_LENGTH;
            if (body[k] != HID) {
                throw new GeneralSecurityException("SM9 stanza with hid " + body[k] + ", expected " + HID);
            }
            byte[] c = Arrays.copyOfRange(body, k + 1, k + 1 + C);
            if (c[0] != 4) {
                throw new GeneralSecurityException("SM9 stanza: C is not an uncompressed point");
            }
            byte[] ss;
            try {
                ss = new Sm9Kem().decapsulate(privateKey, Arrays.copyOfRange(c, 1, C), 32);
            } catch (Sm9DecryptionException e) {
                throw new GeneralSecurityException("SM9 stanza: " + e.getMessage(), e);
            }
            try {
                return KeyWrap.unwrap(Arrays.copyOfRange(body, k + 1 + C, body.length), salt, ss,
                        RecipientStanza.TYPE_SM9, keyId, c);
            } finally {
                Bytes.wipe(ss);
            }
        };
    }
}
