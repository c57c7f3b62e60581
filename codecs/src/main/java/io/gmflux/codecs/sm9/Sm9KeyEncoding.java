package io.gmflux.codecs.sm9;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
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
 * reads in GmSSL. GmSSL writes private keys only passphrase-encrypted: {@code ENCRYPTED PRIVATE KEY}
 * (PKCS#8 EncryptedPrivateKeyInfo, PBES2 with PBKDF2-HMAC-SM3 and SM4-CBC) around a PrivateKeyInfo
 * whose algorithm is sm9 (1.2.156.10197.1.302) with parameter sm9sign (.1) or sm9encrypt (.3) for
 * master keys, and sm9sign or sm9encrypt alone for user keys, and whose privateKey holds the master
 * structures below or a user key's first two fields; the {@code *FromEncryptedPem} and
 * {@code *FromGmsslPkcs8} readers take those (a user key's identity, which GmSSL keeps outside the
 * file, is an argument). gmflux's clear key files hold the inner structures under the labels
 * below; protected ones are GmSSL's encrypted form ({@link #toGmsslPkcs8} inside an
 * {@link EncryptedPrivateKeyInfo}, as {@code gmflux keygen --passphrase-*} writes). The
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

    // ---- GmSSL's passphrase-encrypted PKCS#8

    /** sm9, 1.2.156.10197.1.302: the algorithm of GmSSL's master-key PrivateKeyInfo (the scheme is its parameter). */
    public static final String OID_SM9 = "1.2.156.10197.1.302";
    /** sm9sign: the algorithm of GmSSL's sign user-key PrivateKeyInfo, or a master key's parameter. */
    public static final String OID_SM9_SIGN = "1.2.156.10197.1.302.1";
    /** sm9encrypt: the algorithm of GmSSL's encrypt user-key PrivateKeyInfo, or a master key's parameter. */
    public static final String OID_SM9_ENCRYPT = "1.2.156.10197.1.302.3";

    /** Reads {@code gmssl sm9setup -alg sm9sign}'s encrypted master key. */
    public static Sm9SignMasterPrivateKey signMasterKeyFromEncryptedPem(String pem, char[] passphrase)
            throws InvalidKeyException {
        byte[] pki = EncryptedPrivateKeyInfo.fromPem(pem).decrypt(passphrase);
        try {
            return signMasterKeyFromGmsslPkcs8(pki);
        } finally {
            Bytes.wipe(pki);
        }
    }

    /** Reads {@code gmssl sm9setup -alg sm9encrypt}'s encrypted master key. */
    public static Sm9EncryptMasterPrivateKey encryptMasterKeyFromEncryptedPem(String pem, char[] passphrase)
            throws InvalidKeyException {
        byte[] pki = EncryptedPrivateKeyInfo.fromPem(pem).decrypt(passphrase);
        try {
            return encryptMasterKeyFromGmsslPkcs8(pki);
        } finally {
            Bytes.wipe(pki);
        }
    }

    /** Reads {@code gmssl sm9keygen -alg sm9sign -id ID}'s encrypted user key for {@code id} (hid 0x01). */
    public static Sm9SignPrivateKey signPrivateKeyFromEncryptedPem(String pem, char[] passphrase, byte[] id)
            throws InvalidKeyException {
        byte[] pki = EncryptedPrivateKeyInfo.fromPem(pem).decrypt(passphrase);
        try {
            return signPrivateKeyFromGmsslPkcs8(pki, id);
        } finally {
            Bytes.wipe(pki);
        }
    }

    /** Reads {@code gmssl sm9keygen -alg sm9encrypt -id ID}'s encrypted user key for {@code id} (hid 0x03). */
    public static Sm9EncryptPrivateKey encryptPrivateKeyFromEncryptedPem(String pem, char[] passphrase, byte[] id)
            throws InvalidKeyException {
        byte[] pki = EncryptedPrivateKeyInfo.fromPem(pem).decrypt(passphrase);
        try {
            return encryptPrivateKeyFromGmsslPkcs8(pki, id);
        } finally {
            Bytes.wipe(pki);
        }
    }

    /**
     * GmSSL's PrivateKeyInfo of a sign master key, to be encrypted with
     * {@link EncryptedPrivateKeyInfo#encrypt} ({@code Prf.HMAC_SM3} for GmSSL to read it).
     */
    public static byte[] toGmsslPkcs8(Sm9SignMasterPrivateKey key) {
        return gmsslPrivateKeyInfo(true, OID_SM9_SIGN, toDer(key));
    }

    /** GmSSL's PrivateKeyInfo of an encrypt master key (see {@link #toGmsslPkcs8(Sm9SignMasterPrivateKey)}). */
    public static byte[] toGmsslPkcs8(Sm9EncryptMasterPrivateKey key) {
        return gmsslPrivateKeyInfo(true, OID_SM9_ENCRYPT, toDer(key));
    }

    /** GmSSL's PrivateKeyInfo of a sign user key; the identity is not in it. */
    public static byte[] toGmsslPkcs8(Sm9SignPrivateKey key) {
        byte[] d = Objects.requireNonNull(key, "key").encoded();
        byte[] p = key.masterPublicKey().encoded();
        return gmsslPrivateKeyInfo(false, OID_SM9_SIGN, new DerWriter().sequence(b -> b.bitString(d).bitString(p))
                .toByteArray());
    }

    /** GmSSL's PrivateKeyInfo of an encrypt user key; the identity is not in it. */
    public static byte[] toGmsslPkcs8(Sm9EncryptPrivateKey key) {
        byte[] d = Objects.requireNonNull(key, "key").encoded();
        byte[] p = key.masterPublicKey().encoded();
        return gmsslPrivateKeyInfo(false, OID_SM9_ENCRYPT, new DerWriter().sequence(b -> b.bitString(d).bitString(p))
                .toByteArray());
    }

    private static byte[] gmsslPrivateKeyInfo(boolean master, String scheme, byte[] inner) {
        byte[] der = new DerWriter().sequence(b -> b.integer(0)
                .sequence(a -> {
                    if (master) {
                        a.oid(OID_SM9).oid(scheme);
                    } else {
                        a.oid(scheme);
                    }
                })
                .octetString(inner)).toByteArray();
        Bytes.wipe(inner);
        return der;
    }

    /** A decrypted GmSSL SM9 sign master PrivateKeyInfo (ks checked against Ppubs). */
    public static Sm9SignMasterPrivateKey signMasterKeyFromGmsslPkcs8(byte[] privateKeyInfo) throws InvalidKeyException {
        byte[] inner = gmsslPkcs8(privateKeyInfo, true, OID_SM9_SIGN);
        try {
            return signMasterKeyFromDer(inner);
        } finally {
            Bytes.wipe(inner);
        }
    }

    /** A decrypted GmSSL SM9 encrypt master PrivateKeyInfo (ke checked against Ppube). */
    public static Sm9EncryptMasterPrivateKey encryptMasterKeyFromGmsslPkcs8(byte[] privateKeyInfo)
            throws InvalidKeyException {
        byte[] inner = gmsslPkcs8(privateKeyInfo, true, OID_SM9_ENCRYPT);
        try {
            return encryptMasterKeyFromDer(inner);
        } finally {
            Bytes.wipe(inner);
        }
    }

    /** A decrypted GmSSL SM9 sign user PrivateKeyInfo ({@code SEQUENCE { ds, Ppubs }}) for {@code id}. */
    public static Sm9SignPrivateKey signPrivateKeyFromGmsslPkcs8(byte[] privateKeyInfo, byte[] id)
            throws InvalidKeyException {
        Objects.requireNonNull(id, "id");
        byte[][] f = gmsslUserFields(gmsslPkcs8(privateKeyInfo, false, OID_SM9_SIGN));
        return Sm9SignPrivateKey.fromEncoded(f[0], Sm9SignMasterPublicKey.fromEncoded(f[1]), id,
                Sm9SignMasterPrivateKey.HID_SIGN);
    }

    /** A decrypted GmSSL SM9 encrypt user PrivateKeyInfo ({@code SEQUENCE { de, Ppube }}) for {@code id}. */
    public static Sm9EncryptPrivateKey encryptPrivateKeyFromGmsslPkcs8(byte[] privateKeyInfo, byte[] id)
            throws InvalidKeyException {
        Objects.requireNonNull(id, "id");
        byte[][] f = gmsslUserFields(gmsslPkcs8(privateKeyInfo, false, OID_SM9_ENCRYPT));
        return Sm9EncryptPrivateKey.fromEncoded(f[0], Sm9EncryptMasterPublicKey.fromEncoded(f[1]), id,
                Sm9EncryptMasterPrivateKey.HID_ENCRYPT);
    }

    /** The privateKey OCTET STRING of a GmSSL SM9 PrivateKeyInfo, its AlgorithmIdentifier checked. */
    private static byte[] gmsslPkcs8(byte[] der, boolean master, String scheme) throws InvalidKeyException {
        Objects.requireNonNull(der, "privateKeyInfo");
        try {
            DerReader p8 = DerReader.single(der, 0x30);
            if (p8.readInt() != 0) {
                throw new InvalidKeyException("GmSSL SM9 PrivateKeyInfo: version is not 0");
            }
            DerReader alg = p8.readSequence();
            String oid = alg.readOid();
            String param = alg.hasMore() ? alg.readOid() : null;
            alg.expectEnd();
            boolean ok = master ? OID_SM9.equals(oid) && scheme.equals(param) : scheme.equals(oid) && param == null;
            if (!ok) {
                throw new InvalidKeyException("GmSSL SM9 PrivateKeyInfo: algorithm " + oid + (param == null ? "" : " " + param)
                        + " is not an SM9 " + (master ? "master " : "user ") + "key of " + scheme);
            }
            byte[] inner = p8.readOctetString();
            p8.expectEnd();
            return inner;
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed GmSSL SM9 PrivateKeyInfo: " + e.getMessage(), e);
        }
    }

    private static byte[][] gmsslUserFields(byte[] inner) throws InvalidKeyException {
        try {
            DerReader seq = DerReader.single(inner, 0x30);
            byte[] point = seq.readBitString();
            byte[] master = seq.readBitString();
            seq.expectEnd();
            return new byte[][] {point, master};
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed GmSSL SM9 user key: " + e.getMessage(), e);
        } finally {
            Bytes.wipe(inner);
        }
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
