package io.gmflux.codecs.sm9;

import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.der.Pem;
import java.security.InvalidKeyException;
import java.util.Objects;

/**
 * DER and PEM forms of SM9 keys, following GmSSL 3 (include/gmssl/sm9.h) where it defines one.
 *
 * <table>
 *   <caption>Labels and structures</caption>
 *   <tr><th>PEM label</th><th>DER</th></tr>
 *   <tr><td>{@code SM9 SIGN MASTER PUBLIC KEY}</td><td>{@code SEQUENCE { Ppubs BIT STRING }} (GmSSL's)</td></tr>
 *   <tr><td>{@code SM9 ENC MASTER PUBLIC KEY}</td><td>{@code SEQUENCE { Ppube BIT STRING }} (GmSSL's)</td></tr>
 *   <tr><td>{@code SM9 SIGN MASTER KEY}</td><td>{@code SEQUENCE { ks INTEGER, Ppubs BIT STRING }}</td></tr>
 *   <tr><td>{@code SM9 ENC MASTER KEY}</td><td>{@code SEQUENCE { ke INTEGER, Ppube BIT STRING }}</td></tr>
 *   <tr><td>{@code SM9 SIGN PRIVATE KEY}</td><td>{@code SEQUENCE { ds BIT STRING, Ppubs BIT STRING, id OCTET STRING, hid INTEGER }}</td></tr>
 *   <tr><td>{@code SM9 ENC PRIVATE KEY}</td><td>{@code SEQUENCE { de BIT STRING, Ppube BIT STRING, id OCTET STRING, hid INTEGER }}</td></tr>
 * </table>
 *
 * <p>The public-key forms are exactly GmSSL's, so {@code gmssl sm9setup} output reads here and ours
 * reads in GmSSL. GmSSL writes private keys only password-encrypted (PKCS#8 EncryptedPrivateKeyInfo
 * under labels starting {@code ENCRYPTED SM9 ...}); gmflux writes the same inner structures
 * unencrypted, under the same labels without {@code ENCRYPTED} (protect the files as files). The
 * user-key structures start with GmSSL's two fields and add the identity and hid, which GmSSL keeps
 * outside the key but SM9 decryption and key exchange need (the identity is hashed into K).
 * Points are the raw forms of {@link Sm9G1Point} and {@link Sm9G2Point} inside the BIT STRINGs.
 *
 * <p>Decoding validates everything: points on their curves and in their subgroups, scalars in
 * [1, N - 1], and that a master key's public point is [k] times the generator. Stateless and
 * thread-safe.
 */
public final class Sm9KeyEncoding {

    public static final String SIGN_MASTER_PUBLIC_KEY_LABEL = "SM9 SIGN MASTER PUBLIC KEY";
    public static final String ENC_MASTER_PUBLIC_KEY_LABEL = "SM9 ENC MASTER PUBLIC KEY";
    public static final String SIGN_MASTER_KEY_LABEL = "SM9 SIGN MASTER KEY";
    public static final String ENC_MASTER_KEY_LABEL = "SM9 ENC MASTER KEY";
    public static final String SIGN_PRIVATE_KEY_LABEL = "SM9 SIGN PRIVATE KEY";
    public static final String ENC_PRIVATE_KEY_LABEL = "SM9 ENC PRIVATE KEY";

    private Sm9KeyEncoding() {
    }

    // ---- DER

    public static byte[] toDer(Sm9SignMasterPublicKey key) {
        byte[] p = Objects.requireNonNull(key, "key").encoded();
        return new DerWriter().sequence(b -> b.bitString(p)).toByteArray();
    }

    public static byte[] toDer(Sm9EncryptMasterPublicKey key) {
        byte[] p = Objects.requireNonNull(key, "key").encoded();
        return new DerWriter().sequence(b -> b.bitString(p)).toByteArray();
    }

    public static byte[] toDer(Sm9SignMasterPrivateKey key) {
        byte[] k = Objects.requireNonNull(key, "key").toBytes();
        byte[] p = key.publicKey().encoded();
        byte[] der = new DerWriter().sequence(b -> b.unsignedInteger(k).bitString(p)).toByteArray();
        java.util.Arrays.fill(k, (byte) 0);
        return der;
    }

    public static byte[] toDer(Sm9EncryptMasterPrivateKey key) {
        byte[] k = Objects.requireNonNull(key, "key").toBytes();
        byte[] p = key.publicKey().encoded();
        byte[] der = new DerWriter().sequence(b -> b.unsignedInteger(k).bitString(p)).toByteArray();
        java.util.Arrays.fill(k, (byte) 0);
        return der;
    }

    public static byte[] toDer(Sm9SignPrivateKey key) {
        byte[] d = Objects.requireNonNull(key, "key").encoded();
        byte[] p = key.masterPublicKey().encoded();
        return new DerWriter().sequence(b -> b.bitString(d).bitString(p).octetString(key.id()).integer(key.hid() & 0xff))
                .toByteArray();
    }

    public static byte[] toDer(Sm9EncryptPrivateKey key) {
        byte[] d = Objects.requireNonNull(key, "key").encoded();
        byte[] p = key.masterPublicKey().encoded();
        return new DerWriter().sequence(b -> b.bitString(d).bitString(p).octetString(key.id()).integer(key.hid() & 0xff))
                .toByteArray();
    }

    public static Sm9SignMasterPublicKey signMasterPublicKeyFromDer(byte[] der) throws InvalidKeyException {
        return Sm9SignMasterPublicKey.fromEncoded(singleBitString(der));
    }

    public static Sm9EncryptMasterPublicKey encryptMasterPublicKeyFromDer(byte[] der) throws InvalidKeyException {
        return Sm9EncryptMasterPublicKey.fromEncoded(singleBitString(der));
    }

    public static Sm9SignMasterPrivateKey signMasterKeyFromDer(byte[] der) throws InvalidKeyException {
        byte[][] f = masterFields(der);
        Sm9SignMasterPrivateKey k = Sm9SignMasterPrivateKey.fromBytes(f[0]);
        java.util.Arrays.fill(f[0], (byte) 0);
        if (!java.util.Arrays.equals(k.publicKey().encoded(), f[1])) {
            k.destroy();
            throw new InvalidKeyException("SM9 sign master key: Ppubs is not [ks]P2");
        }
        return k;
    }

    public static Sm9EncryptMasterPrivateKey encryptMasterKeyFromDer(byte[] der) throws InvalidKeyException {
        byte[][] f = masterFields(der);
        Sm9EncryptMasterPrivateKey k = Sm9EncryptMasterPrivateKey.fromBytes(f[0]);
        java.util.Arrays.fill(f[0], (byte) 0);
        if (!java.util.Arrays.equals(k.publicKey().encoded(), f[1])) {
            k.destroy();
            throw new InvalidKeyException("SM9 enc master key: Ppube is not [ke]P1");
        }
        return k;
    }

    public static Sm9SignPrivateKey signPrivateKeyFromDer(byte[] der) throws InvalidKeyException {
        UserFields f = userFields(der);
        return Sm9SignPrivateKey.fromEncoded(f.point, Sm9SignMasterPublicKey.fromEncoded(f.master), f.id, f.hid);
    }

    public static Sm9EncryptPrivateKey encryptPrivateKeyFromDer(byte[] der) throws InvalidKeyException {
        UserFields f = userFields(der);
        return Sm9EncryptPrivateKey.fromEncoded(f.point, Sm9EncryptMasterPublicKey.fromEncoded(f.master), f.id, f.hid);
    }

    // ---- PEM

    public static String toPem(Sm9SignMasterPublicKey key) {
        return Pem.encode(SIGN_MASTER_PUBLIC_KEY_LABEL, toDer(key));
    }

    public static String toPem(Sm9EncryptMasterPublicKey key) {
        return Pem.encode(ENC_MASTER_PUBLIC_KEY_LABEL, toDer(key));
    }

    public static String toPem(Sm9SignMasterPrivateKey key) {
        return Pem.encode(SIGN_MASTER_KEY_LABEL, toDer(key));
    }

    public static String toPem(Sm9EncryptMasterPrivateKey key) {
        return Pem.encode(ENC_MASTER_KEY_LABEL, toDer(key));
    }

    public static String toPem(Sm9SignPrivateKey key) {
        return Pem.encode(SIGN_PRIVATE_KEY_LABEL, toDer(key));
    }

    public static String toPem(Sm9EncryptPrivateKey key) {
        return Pem.encode(ENC_PRIVATE_KEY_LABEL, toDer(key));
    }

    public static Sm9SignMasterPublicKey signMasterPublicKeyFromPem(String pem) throws InvalidKeyException {
        return signMasterPublicKeyFromDer(pem(pem, SIGN_MASTER_PUBLIC_KEY_LABEL));
    }

    public static Sm9EncryptMasterPublicKey encryptMasterPublicKeyFromPem(String pem) throws InvalidKeyException {
        return encryptMasterPublicKeyFromDer(pem(pem, ENC_MASTER_PUBLIC_KEY_LABEL));
    }

    public static Sm9SignMasterPrivateKey signMasterKeyFromPem(String pem) throws InvalidKeyException {
        return signMasterKeyFromDer(pem(pem, SIGN_MASTER_KEY_LABEL));
    }

    public static Sm9EncryptMasterPrivateKey encryptMasterKeyFromPem(String pem) throws InvalidKeyException {
        return encryptMasterKeyFromDer(pem(pem, ENC_MASTER_KEY_LABEL));
    }

    public static Sm9SignPrivateKey signPrivateKeyFromPem(String pem) throws InvalidKeyException {
        return signPrivateKeyFromDer(pem(pem, SIGN_PRIVATE_KEY_LABEL));
    }

    public static Sm9EncryptPrivateKey encryptPrivateKeyFromPem(String pem) throws InvalidKeyException {
        return encryptPrivateKeyFromDer(pem(pem, ENC_PRIVATE_KEY_LABEL));
    }

    // ---- helpers

    private static byte[] pem(String text, String label) throws InvalidKeyException {
        Objects.requireNonNull(text, "pem");
        try {
            return Pem.decode(text, label);
        } catch (DerFormatException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    private static byte[] singleBitString(byte[] der) throws InvalidKeyException {
        Objects.requireNonNull(der, "der");
        try {
            DerReader seq = DerReader.single(der, 0x30);
            byte[] p = seq.readBitString();
            seq.expectEnd();
            return p;
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed SM9 master public key: " + e.getMessage(), e);
        }
    }

    private static byte[][] masterFields(byte[] der) throws InvalidKeyException {
        Objects.requireNonNull(der, "der");
        try {
            DerReader seq = DerReader.single(der, 0x30);
            byte[] k = seq.readUnsignedInteger(32);
            byte[] p = seq.readBitString();
            seq.expectEnd();
            return new byte[][] {k, p};
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed SM9 master key: " + e.getMessage(), e);
        }
    }

    private record UserFields(byte[] point, byte[] master, byte[] id, byte hid) {
    }

    private static UserFields userFields(byte[] der) throws InvalidKeyException {
        Objects.requireNonNull(der, "der");
        try {
            DerReader seq = DerReader.single(der, 0x30);
            byte[] point = seq.readBitString();
            byte[] master = seq.readBitString();
            byte[] id = seq.readOctetString();
            int hid = seq.readInt();
            seq.expectEnd();
            if (hid < 0 || hid > 255) {
                throw new InvalidKeyException("SM9 user key: hid " + hid + " is not one byte");
            }
            return new UserFields(point, master, id, (byte) hid);
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed SM9 user key: " + e.getMessage(), e);
        }
    }
}
