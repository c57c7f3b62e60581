package io.gmflux.codecs.sm2;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerTag;
import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * SM2 keys in the formats other tools use: SubjectPublicKeyInfo (RFC 5480) and PKCS#8 (RFC 5208)
 * with the algorithm id-ecPublicKey (1.2.840.10045.2.1) and the named curve sm2p256v1
 * (1.2.156.10197.1.301), as OpenSSL 3, GmSSL and BouncyCastle write them; the inner private key is
 * SEC 1 ECPrivateKey (version 1, the 32-byte scalar, and the public key in [1]). PEM labels are
 * "PUBLIC KEY" and "PRIVATE KEY"; "EC PRIVATE KEY" (bare SEC 1) is read too.
 *
 * <p>Reading also accepts the algorithm OID 1.2.156.10197.1.301 in place of id-ecPublicKey and
 * explicit curve parameters (SEC 1 ECParameters) when they are exactly those of sm2p256v1; any
 * other curve is rejected. A public key embedded in a private key must match it. Stateless and
 * thread-safe.
 */
public final class Sm2KeyEncoding {

    static final String OID_EC_PUBLIC_KEY = "1.2.840.10045.2.1";
    static final String OID_SM2P256V1 = "1.2.156.10197.1.301";
    static final String OID_PRIME_FIELD = "1.2.840.10045.1.1";

    private Sm2KeyEncoding() {
    }

    /** SubjectPublicKeyInfo DER of {@code key} (named curve, uncompressed point). */
    public static byte[] toSpki(Sm2PublicKey key) {
        Objects.requireNonNull(key, "key");
        byte[] point = key.toUncompressed();
        return new DerWriter().sequence(spki -> spki
                .sequence(alg -> alg.oid(OID_EC_PUBLIC_KEY).oid(OID_SM2P256V1))
                .bitString(point)).toByteArray();
    }

    /** PKCS#8 PrivateKeyInfo DER of {@code key}; the caller should wipe the result. */
    public static byte[] toPkcs8(Sm2PrivateKey key) {
        Objects.requireNonNull(key, "key");
        byte[] d = key.toBytes();
        byte[] point = key.publicKey().toUncompressed();
        byte[] ecPrivateKey = new DerWriter().sequence(ec -> ec
                .integer(1)
                .octetString(d)
                .constructed(DerTag.contextConstructed(1), pub -> pub.bitString(point))).toByteArray();
        byte[] out = new DerWriter().sequence(p8 -> p8
                .integer(0)
                .sequence(alg -> alg.oid(OID_EC_PUBLIC_KEY).oid(OID_SM2P256V1))
                .octetString(ecPrivateKey)).toByteArray();
        Bytes.wipe(d);
        Bytes.wipe(ecPrivateKey);
        return out;
    }

    /** "PUBLIC KEY" PEM. */
    public static String toPem(Sm2PublicKey key) {
        return Pem.encode("PUBLIC KEY", toSpki(key));
    }

    /** "PRIVATE KEY" PEM (PKCS#8, unencrypted). */
    public static String toPem(Sm2PrivateKey key) {
        byte[] der = toPkcs8(key);
        try {
            return Pem.encode("PRIVATE KEY", der);
        } finally {
            Bytes.wipe(der);
        }
    }

    /**
     * Reads a SubjectPublicKeyInfo.
     *
     * @throws InvalidKeyException if the DER is malformed, the algorithm or curve is not SM2, or the
     *     point is not a valid public key
     */
    public static Sm2PublicKey publicKeyFromSpki(byte[] der) throws InvalidKeyException {
        Objects.requireNonNull(der, "der");
        try {
            DerReader spki = DerReader.single(der, DerTag.SEQUENCE);
            readAlgorithm(spki.readSequence());
            byte[] point = spki.readBitString();
            spki.expectEnd();
            return Sm2PublicKey.fromEncoded(point);
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed SM2 SubjectPublicKeyInfo: " + e.getMessage(), e);
        }
    }

    /**
     * Reads a PKCS#8 PrivateKeyInfo.
     *
     * @throws InvalidKeyException if the DER is malformed, the algorithm or curve is not SM2, the
     *     scalar is out of range or an embedded public key does not match
     */
    public static Sm2PrivateKey privateKeyFromPkcs8(byte[] der) throws InvalidKeyException {
        Objects.requireNonNull(der, "der");
        try {
            DerReader p8 = DerReader.single(der, DerTag.SEQUENCE);
            int version = p8.readInt();
            if (version != 0 && version != 1) {
                throw new InvalidKeyException("unsupported PKCS#8 version " + version);
            }
            readAlgorithm(p8.readSequence());
            byte[] inner = p8.readOctetString();
            // optional attributes [0] and (v2) public key [1] are ignored
            p8.readOptionalConstructed(DerTag.contextConstructed(0));
            if (p8.hasMore() && p8.peekTag() == DerTag.contextPrimitive(1)) {
                p8.readPrimitive(DerTag.contextPrimitive(1));
            }
            p8.expectEnd();
            try {
                return privateKeyFromSec1(inner);
            } finally {
                Bytes.wipe(inner);
            }
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed SM2 PKCS#8 private key: " + e.getMessage(), e);
        }
    }

    /**
     * Reads a bare SEC 1 ECPrivateKey ({@code SEQUENCE { 1, OCTET STRING d, [0] parameters OPTIONAL,
     * [1] publicKey OPTIONAL }}).
     */
    public static Sm2PrivateKey privateKeyFromSec1(byte[] der) throws InvalidKeyException {
        Objects.requireNonNull(der, "der");
        byte[] d = null;
        try {
            DerReader ec = DerReader.single(der, DerTag.SEQUENCE);
            if (ec.readInt() != 1) {
                throw new InvalidKeyException("ECPrivateKey version must be 1");
            }
            byte[] raw = ec.readOctetString();
            if (raw.length == 0 || raw.length > 32) {
                Bytes.wipe(raw);
                throw new InvalidKeyException("ECPrivateKey scalar must be 1 to 32 bytes, got " + raw.length);
            }
            d = new byte[32];
            System.arraycopy(raw, 0, d, 32 - raw.length, raw.length);
            Bytes.wipe(raw);
            DerReader params = ec.readOptionalConstructed(DerTag.contextConstructed(0));
            if (params != null) {
                readCurve(params);
                params.expectEnd();
            }
            DerReader pub = ec.readOptionalConstructed(DerTag.contextConstructed(1));
            byte[] point = null;
            if (pub != null) {
                point = pub.readBitString();
                pub.expectEnd();
            }
            ec.expectEnd();
            Sm2PrivateKey key = Sm2PrivateKey.fromBytes(d);
            if (point != null && !key.publicKey().equals(Sm2PublicKey.fromEncoded(point))) {
                key.destroy();
                throw new InvalidKeyException("the embedded public key does not match the private key");
            }
            return key;
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed SM2 ECPrivateKey: " + e.getMessage(), e);
        } finally {
            if (d != null) {
                Bytes.wipe(d);
            }
        }
    }

    /** Reads the first "PUBLIC KEY" block of a PEM text. */
    public static Sm2PublicKey publicKeyFromPem(String pem) throws InvalidKeyException {
        Objects.requireNonNull(pem, "pem");
        try {
            return publicKeyFromSpki(Pem.decode(pem, "PUBLIC KEY"));
        } catch (DerFormatException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    /**
     * Reads an {@code ENCRYPTED PRIVATE KEY} block (PKCS#8 EncryptedPrivateKeyInfo with PBES2), as
     * {@code gmssl sm2keygen -pass} and {@code openssl pkcs8 -topk8 -v2 ...} write it.
     *
     * @throws io.gmflux.codecs.pkcs8.WrongPassphraseException if the passphrase is wrong or the
     *     ciphertext was altered
     * @throws InvalidKeyException if the file or the key inside is malformed or unsupported
     */
    public static Sm2PrivateKey privateKeyFromEncryptedPem(String pem, char[] passphrase) throws InvalidKeyException {
        byte[] pki = EncryptedPrivateKeyInfo.fromPem(pem).decrypt(passphrase);
        try {
            return privateKeyFromPkcs8(pki);
        } finally {
            Bytes.wipe(pki);
        }
    }

    /**
     * The PKCS#8 form of {@code key} encrypted under {@code passphrase} as an
     * {@code ENCRYPTED PRIVATE KEY} PEM: {@link EncryptedPrivateKeyInfo.Prf#HMAC_SM3} for GmSSL,
     * {@link EncryptedPrivateKeyInfo.Prf#HMAC_SHA256} for OpenSSL 3 (both SM4-CBC).
     */
    public static String toEncryptedPem(Sm2PrivateKey key, char[] passphrase, EncryptedPrivateKeyInfo.Prf prf,
            int iterations, SecureRandom random) {
        byte[] pki = toPkcs8(key);
        try {
            return EncryptedPrivateKeyInfo.encrypt(pki, passphrase, prf, iterations, random).toPem();
        } finally {
            Bytes.wipe(pki);
        }
    }

    /** Reads a "PRIVATE KEY" (PKCS#8) or "EC PRIVATE KEY" (SEC 1) block of a PEM text. */
    public static Sm2PrivateKey privateKeyFromPem(String pem) throws InvalidKeyException {
        Objects.requireNonNull(pem, "pem");
        try {
            for (Pem.Block b : Pem.decodeAll(pem)) {
                try {
                    if (b.label().equals("PRIVATE KEY")) {
                        return privateKeyFromPkcs8(b.der());
                    }
                    if (b.label().equals("EC PRIVATE KEY")) {
                        return privateKeyFromSec1(b.der());
                    }
                } finally {
                    Bytes.wipe(b.der());
                }
            }
        } catch (DerFormatException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
        throw new InvalidKeyException("no PRIVATE KEY or EC PRIVATE KEY block found");
    }

    /** AlgorithmIdentifier: id-ecPublicKey (or the SM2 OID) with sm2p256v1 as named or explicit curve. */
    private static void readAlgorithm(DerReader alg) throws DerFormatException, InvalidKeyException {
        String oid = alg.readOid();
        if (!oid.equals(OID_EC_PUBLIC_KEY) && !oid.equals(OID_SM2P256V1)) {
            throw new InvalidKeyException("not an EC/SM2 key: algorithm " + oid);
        }
        if (!alg.hasMore()) {
            if (oid.equals(OID_SM2P256V1)) {
                return; // the SM2 algorithm OID alone names the curve
            }
            throw new InvalidKeyException("EC key without curve parameters");
        }
        readCurve(alg);
        alg.expectEnd();
    }

    /** ECParameters: the named curve OID or the explicit SEC 1 form, which must be sm2p256v1. */
    private static void readCurve(DerReader r) throws DerFormatException, InvalidKeyException {
        if (r.peekTag() == DerTag.OBJECT_IDENTIFIER) {
            String curve = r.readOid();
            if (!curve.equals(OID_SM2P256V1)) {
                throw new InvalidKeyException("unsupported curve " + curve + " (only sm2p256v1, " + OID_SM2P256V1 + ")");
            }
            return;
        }
        DerReader p = r.readSequence();
        if (p.readInt() != 1) {
            throw new InvalidKeyException("explicit curve parameters: version must be 1");
        }
        DerReader field = p.readSequence();
        if (!field.readOid().equals(OID_PRIME_FIELD)) {
            throw new InvalidKeyException("explicit curve parameters: not a prime field");
        }
        requireEqual(field.readBigInteger(), Sm2Curve.P, "p");
        field.expectEnd();
        DerReader curve = p.readSequence();
        requireEqual(new BigInteger(1, curve.readOctetString()), Sm2Curve.A_BYTES, "a");
        requireEqual(new BigInteger(1, curve.readOctetString()), Sm2Curve.B_BYTES, "b");
        if (curve.hasMore()) {
            curve.readBitString(); // optional seed
        }
        curve.expectEnd();
        byte[] base = p.readOctetString();
        Sm2PublicKey g = Sm2PublicKey.fromEncoded(base);
        if (!Arrays.equals(g.x(), Sm2Curve.GX_BYTES) || !Arrays.equals(g.y(), Sm2Curve.GY_BYTES)) {
            throw new InvalidKeyException("explicit curve parameters: base point is not that of sm2p256v1");
        }
        requireEqual(p.readBigInteger(), Sm2Curve.N, "n");
        if (p.hasMore() && p.readInt() != 1) {
            throw new InvalidKeyException("explicit curve parameters: cofactor must be 1");
        }
        p.expectEnd();
    }

    private static void requireEqual(BigInteger v, long[] limbs, String name) throws InvalidKeyException {
        byte[] b = new byte[32];
        Sm2Curve.toBytes(limbs, b, 0);
        requireEqual(v, b, name);
    }

    private static void requireEqual(BigInteger v, byte[] expected, String name) throws InvalidKeyException {
        if (!v.equals(new BigInteger(1, expected))) {
            throw new InvalidKeyException("explicit curve parameters: " + name + " is not that of sm2p256v1");
        }
    }
}
