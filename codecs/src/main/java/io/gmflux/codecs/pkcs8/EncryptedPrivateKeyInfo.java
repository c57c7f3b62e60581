package io.gmflux.codecs.pkcs8;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerTag;
import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.sm3.Pbkdf2HmacSm3;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Cbc;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Padding;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.Cipher;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A PKCS#8 EncryptedPrivateKeyInfo (RFC 5958 §3) protected with PBES2 (RFC 8018 §6.2): PBKDF2
 * with HMAC-SM3 or HMAC-SHA256 derives the key of SM4-CBC, AES-128-CBC or AES-256-CBC, which
 * encrypts a PrivateKeyInfo. PEM label {@code ENCRYPTED PRIVATE KEY}.
 *
 * <p>Reading ({@link #fromDer}, {@link #fromPem}) is strict DER and checks every parameter before
 * any work: PBES2 and PBKDF2 only, a supported PRF and cipher, {@value #MIN_ITERATIONS} to
 * {@value #MAX_ITERATIONS} iterations (so a hostile file cannot buy minutes of CPU), a salt of 8 to
 * 64 bytes, a 16-byte IV, a keyLength (if present) equal to the cipher's. {@link #decrypt} then
 * returns the PrivateKeyInfo DER, or throws {@link WrongPassphraseException} when the padding or
 * the DER of the result is wrong, without saying which.
 *
 * <p>Writing ({@link #encrypt}) uses SM4-CBC with a fresh 16-byte salt and IV, in one of two forms:
 * {@link Prf#HMAC_SM3} is GmSSL 3's form (what {@code gmssl sm2keygen -pass} writes: keyLength 16,
 * the PRF identifier without parameters); {@link Prf#HMAC_SHA256} is the form OpenSSL 3 writes and
 * reads ({@code -v2 sm4-cbc -v2prf hmacWithSHA256}; OpenSSL has no hmacWithSM3). The default count,
 * {@value #DEFAULT_ITERATIONS}, is the one gmflux's passphrase stanza uses (codecs/FORMAT.md): a few
 * tenths of a second of CPU time for PBKDF2-HMAC-SM3, paid once per key load, and 4.6 times GmSSL's fixed 65,536; GmSSL and
 * OpenSSL read any count.
 *
 * <p>PBES2 has no integrity check: an altered file can decrypt, with the right passphrase, to a
 * well-formed but different key. The key readers built on this class ({@code Sm2KeyEncoding},
 * {@code Sm9KeyEncoding}) validate what they read (an SM2 key's embedded public key, SM9 points in
 * their groups, a master key's public point).
 *
 * <p>Passphrases are encoded as UTF-8, as both tools take them from the command line. SHA-256 and
 * AES come from the JDK's own providers (every JDK has them); SM3, SM4 and PBKDF2-HMAC-SM3 are
 * gmflux's. Instances are immutable and thread-safe; arrays passed in or returned are copies.
 */
public final class EncryptedPrivateKeyInfo {

    /** The PEM label of this structure. */
    public static final String PEM_LABEL = "ENCRYPTED PRIVATE KEY";
    /** The fewest PBKDF2 iterations read or written (RFC 8018 §4.2 recommends at least 1,000). */
    public static final int MIN_ITERATIONS = 1_000;
    /** The most PBKDF2 iterations read or written. */
    public static final int MAX_ITERATIONS = 10_000_000;
    /** The count {@link #encrypt(byte[], char[], Prf, SecureRandom)} uses. */
    public static final int DEFAULT_ITERATIONS = 300_000;

    private static final String PBES2 = "1.2.840.113549.1.5.13";
    private static final String PBKDF2 = "1.2.840.113549.1.5.12";
    private static final int SALT_LENGTH = 16;
    private static final int IV_LENGTH = 16;

    /** The PBKDF2 pseudorandom function. */
    public enum Prf {
        /** hmacWithSM3, 1.2.156.10197.1.401.2 (GmSSL's). */
        HMAC_SM3("1.2.156.10197.1.401.2"),
        /** hmacWithSHA256, 1.2.840.113549.2.9 (RFC 8018 B.1.2). */
        HMAC_SHA256("1.2.840.113549.2.9");

        private final String oid;

        Prf(String oid) {
            this.oid = oid;
        }

        public String oid() {
            return oid;
        }
    }

    /** The PBES2 encryption scheme: a block cipher in CBC mode with PKCS#7 padding. */
    public enum EncryptionScheme {
        /** sm4-cbc, 1.2.156.10197.1.104.2. */
        SM4_CBC("1.2.156.10197.1.104.2", 16),
        /** aes128-CBC, 2.16.840.1.101.3.4.1.2. */
        AES_128_CBC("2.16.840.1.101.3.4.1.2", 16),
        /** aes256-CBC, 2.16.840.1.101.3.4.1.42. */
        AES_256_CBC("2.16.840.1.101.3.4.1.42", 32);

        private final String oid;
        private final int keyLength;

        EncryptionScheme(String oid, int keyLength) {
            this.oid = oid;
            this.keyLength = keyLength;
        }

        public String oid() {
            return oid;
        }

        public int keyLength() {
            return keyLength;
        }
    }

    private final Prf prf;
    private final EncryptionScheme scheme;
    private final int iterations;
    private final byte[] salt;
    private final byte[] iv;
    private final byte[] encrypted;
    private final byte[] der;

    private EncryptedPrivateKeyInfo(Prf prf, EncryptionScheme scheme, int iterations, byte[] salt, byte[] iv,
            byte[] encrypted, byte[] der) {
        this.prf = prf;
        this.scheme = scheme;
        this.iterations = iterations;
        this.salt = salt;
        this.iv = iv;
        this.encrypted = encrypted;
        this.der = der;
    }

    public Prf prf() {
        return prf;
    }

    public EncryptionScheme encryptionScheme() {
        return scheme;
    }

    public int iterations() {
        return iterations;
    }

    public byte[] toDer() {
        return der.clone();
    }

    public String toPem() {
        return Pem.encode(PEM_LABEL, der);
    }

    // ---- reading

    /** Parses the PEM block labelled {@code ENCRYPTED PRIVATE KEY} in {@code pem}. */
    public static EncryptedPrivateKeyInfo fromPem(String pem) throws InvalidKeyException {
        Objects.requireNonNull(pem, "pem");
        try {
            return fromDer(Pem.decode(pem, PEM_LABEL));
        } catch (DerFormatException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    /**
     * Parses and checks an EncryptedPrivateKeyInfo; decrypts nothing.
     *
     * @throws InvalidKeyException if it is not strict DER of that structure, or names an algorithm,
     *     iteration count, salt, IV or key length this class does not accept (the message says which)
     */
    public static EncryptedPrivateKeyInfo fromDer(byte[] der) throws InvalidKeyException {
        Objects.requireNonNull(der, "der");
        try {
            DerReader top = DerReader.single(der, DerTag.SEQUENCE);
            DerReader alg = top.readSequence();
            expectOid(alg.readOid(), PBES2, "encryption algorithm (only PBES2 is supported)");
            DerReader pbes2 = alg.readSequence();
            alg.expectEnd();
            byte[] encrypted = top.readOctetString();
            top.expectEnd();

            DerReader kdf = pbes2.readSequence();
            expectOid(kdf.readOid(), PBKDF2, "key derivation function (only PBKDF2 is supported)");
            DerReader params = kdf.readSequence();
            kdf.expectEnd();
            byte[] salt = params.readOctetString();
            BigInteger iter = params.readBigInteger();
            BigInteger keyLength = params.peekTag() == DerTag.INTEGER ? params.readBigInteger() : null;
            if (!params.hasMore()) {
                throw new InvalidKeyException("PBKDF2 PRF hmacWithSHA1 (the default) is not supported");
            }
            Prf prf = prf(params.readSequence());
            params.expectEnd();

            DerReader enc = pbes2.readSequence();
            EncryptionScheme scheme = scheme(enc.readOid());
            byte[] iv = enc.readOctetString();
            enc.expectEnd();
            pbes2.expectEnd();

            if (iter.compareTo(BigInteger.valueOf(MIN_ITERATIONS)) < 0
                    || iter.compareTo(BigInteger.valueOf(MAX_ITERATIONS)) > 0) {
                throw new InvalidKeyException("PBKDF2 iteration count " + iter + " is outside [" + MIN_ITERATIONS + ", "
                        + MAX_ITERATIONS + "]");
            }
            if (salt.length < 8 || salt.length > 64) {
                throw new InvalidKeyException("PBKDF2 salt of " + salt.length + " bytes (8 to 64 accepted)");
            }
            if (keyLength != null && !keyLength.equals(BigInteger.valueOf(scheme.keyLength))) {
                throw new InvalidKeyException("PBKDF2 keyLength " + keyLength + " does not match " + scheme + " ("
                        + scheme.keyLength + ")");
            }
            if (iv.length != IV_LENGTH) {
                throw new InvalidKeyException(scheme + " IV of " + iv.length + " bytes, expected 16");
            }
            if (encrypted.length == 0 || encrypted.length % 16 != 0) {
                throw new InvalidKeyException("encrypted private key of " + encrypted.length
                        + " bytes is not a whole number of blocks");
            }
            return new EncryptedPrivateKeyInfo(prf, scheme, iter.intValueExact(), salt, iv, encrypted, der.clone());
        } catch (DerFormatException e) {
            throw new InvalidKeyException("malformed EncryptedPrivateKeyInfo: " + e.getMessage(), e);
        }
    }

    /**
     * Decrypts with {@code passphrase} and returns the PrivateKeyInfo DER (a fresh array; the
     * caller should wipe it when done).
     *
     * @throws WrongPassphraseException if the passphrase is wrong or the ciphertext was altered
     * @throws IllegalArgumentException if {@code passphrase} is empty or not valid UTF-16
     */
    public byte[] decrypt(char[] passphrase) throws WrongPassphraseException {
        byte[] key = deriveKey(passphrase, prf, salt, iterations, scheme.keyLength);
        byte[] plain = null;
        try {
            plain = cbc(false, scheme, key, iv, encrypted);
            checkPrivateKeyInfo(plain);
            return plain;
        } catch (GeneralSecurityException | IllegalStateException e) {
            if (plain != null) {
                Bytes.wipe(plain);
            }
            throw new WrongPassphraseException();
        } finally {
            Bytes.wipe(key);
        }
    }

    /**
     * As {@link #decrypt(char[])} with the passphrase {@code source} gives, which is asked once and
     * wiped after use.
     */
    public byte[] decrypt(PassphraseSource source) throws WrongPassphraseException {
        char[] passphrase = Objects.requireNonNull(source, "source").passphrase();
        try {
            return decrypt(Objects.requireNonNull(passphrase, "the passphrase source gave null"));
        } finally {
            Arrays.fill(passphrase, '\0');
        }
    }

    /**
     * The algorithm OID of a PrivateKeyInfo (its AlgorithmIdentifier's first field), which tells a
     * reader what key a decrypted PrivateKeyInfo holds.
     *
     * @throws InvalidKeyException if {@code privateKeyInfo} is not a PrivateKeyInfo
     */
    public static String privateKeyAlgorithm(byte[] privateKeyInfo) throws InvalidKeyException {
        try {
            DerReader seq = DerReader.single(Objects.requireNonNull(privateKeyInfo, "privateKeyInfo"), DerTag.SEQUENCE);
            seq.readInt();
            return seq.readSequence().readOid();
        } catch (DerFormatException e) {
            throw new InvalidKeyException("not a PrivateKeyInfo: " + e.getMessage(), e);
        }
    }

    // ---- writing

    /** As {@link #encrypt(byte[], char[], Prf, int, SecureRandom)} with {@value #DEFAULT_ITERATIONS} iterations. */
    public static EncryptedPrivateKeyInfo encrypt(byte[] privateKeyInfo, char[] passphrase, Prf prf,
            SecureRandom random) {
        return encrypt(privateKeyInfo, passphrase, prf, DEFAULT_ITERATIONS, random);
    }

    /**
     * Encrypts a PrivateKeyInfo under {@code passphrase} with PBES2: PBKDF2 with {@code prf} and a
     * fresh 16-byte salt, then SM4-CBC with a fresh IV. {@link Prf#HMAC_SM3} writes GmSSL's form,
     * {@link Prf#HMAC_SHA256} OpenSSL's (see the class comment).
     *
     * @throws IllegalArgumentException if {@code privateKeyInfo} is not a PrivateKeyInfo, the
     *     passphrase is empty, or {@code iterations} is outside [{@value #MIN_ITERATIONS},
     *     {@value #MAX_ITERATIONS}]
     */
    public static EncryptedPrivateKeyInfo encrypt(byte[] privateKeyInfo, char[] passphrase, Prf prf, int iterations,
            SecureRandom random) {
        Objects.requireNonNull(privateKeyInfo, "privateKeyInfo");
        Objects.requireNonNull(prf, "prf");
        Objects.requireNonNull(random, "random");
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
            throw new IllegalArgumentException("iterations must be in [" + MIN_ITERATIONS + ", " + MAX_ITERATIONS
                    + "], got " + iterations);
        }
        try {
            checkPrivateKeyInfo(privateKeyInfo);
        } catch (DerFormatException e) {
            throw new IllegalArgumentException("not a PrivateKeyInfo: " + e.getMessage(), e);
        }
        EncryptionScheme scheme = EncryptionScheme.SM4_CBC;
        byte[] salt = new byte[SALT_LENGTH];
        byte[] iv = new byte[IV_LENGTH];
        random.nextBytes(salt);
        random.nextBytes(iv);
        byte[] key = deriveKey(passphrase, prf, salt, iterations, scheme.keyLength);
        byte[] encrypted;
        try {
            encrypted = cbc(true, scheme, key, iv, privateKeyInfo);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        } finally {
            Bytes.wipe(key);
        }
        byte[] der = new DerWriter().sequence(top -> top
                .sequence(alg -> alg.oid(PBES2).sequence(p -> p
                        .sequence(kdf -> kdf.oid(PBKDF2).sequence(k -> {
                            k.octetString(salt).integer(iterations);
                            if (prf == Prf.HMAC_SM3) {
                                // GmSSL 3 writes keyLength and the PRF without parameters.
                                k.integer(scheme.keyLength).sequence(a -> a.oid(prf.oid));
                            } else {
                                k.sequence(a -> a.oid(prf.oid).nullValue());
                            }
                        }))
                        .sequence(e -> e.oid(scheme.oid).octetString(iv))))
                .octetString(encrypted)).toByteArray();
        return new EncryptedPrivateKeyInfo(prf, scheme, iterations, salt, iv, encrypted, der);
    }

    // ---- helpers

    private static void expectOid(String got, String expected, String what) throws InvalidKeyException {
        if (!got.equals(expected)) {
            throw new InvalidKeyException("unsupported " + what + ": " + got);
        }
    }

    /** AlgorithmIdentifier of the PRF; parameters absent (GmSSL) or NULL (RFC 8018, OpenSSL). */
    private static Prf prf(DerReader alg) throws DerFormatException, InvalidKeyException {
        String oid = alg.readOid();
        if (alg.hasMore()) {
            alg.readNull();
        }
        alg.expectEnd();
        for (Prf p : Prf.values()) {
            if (p.oid.equals(oid)) {
                return p;
            }
        }
        throw new InvalidKeyException("unsupported PBKDF2 PRF " + oid + " (hmacWithSM3 and hmacWithSHA256 are)");
    }

    private static EncryptionScheme scheme(String oid) throws InvalidKeyException {
        for (EncryptionScheme s : EncryptionScheme.values()) {
            if (s.oid.equals(oid)) {
                return s;
            }
        }
        throw new InvalidKeyException("unsupported PBES2 encryption scheme " + oid
                + " (sm4-cbc, aes128-CBC and aes256-CBC are)");
    }

    /** PrivateKeyInfo / OneAsymmetricKey: version, AlgorithmIdentifier, OCTET STRING, [0], [1]. */
    private static void checkPrivateKeyInfo(byte[] der) throws DerFormatException {
        DerReader seq = DerReader.single(der, DerTag.SEQUENCE);
        int version = seq.readInt();
        if (version != 0 && version != 1) {
            throw new DerFormatException("PrivateKeyInfo version " + version);
        }
        seq.readSequence();
        seq.readOctetString();
        if (seq.peekTag() == 0xa0) {
            seq.readConstructed(0xa0);
        }
        if (seq.peekTag() == 0x81 || seq.peekTag() == 0xa1) {
            seq.readRawElement();
        }
        seq.expectEnd();
    }

    private static byte[] deriveKey(char[] passphrase, Prf prf, byte[] salt, int iterations, int length) {
        Objects.requireNonNull(passphrase, "passphrase");
        if (passphrase.length == 0) {
            throw new IllegalArgumentException("the passphrase is empty");
        }
        if (prf == Prf.HMAC_SM3) {
            byte[] pw = utf8(passphrase);
            try {
                return Pbkdf2HmacSm3.derive(pw, salt, iterations, length);
            } finally {
                Bytes.wipe(pw);
            }
        }
        utf8(passphrase); // the same strictness (unpaired surrogates refused) for both PRFs
        PBEKeySpec spec = new PBEKeySpec(passphrase, salt, iterations, length * 8);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no PBKDF2WithHmacSHA256", e);
        } finally {
            spec.clearPassword();
        }
    }

    private static byte[] utf8(char[] passphrase) {
        try {
            ByteBuffer bb = StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).encode(CharBuffer.wrap(passphrase));
            byte[] out = Arrays.copyOfRange(bb.array(), bb.position(), bb.limit());
            Bytes.wipe(bb.array());
            return out;
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("the passphrase is not valid UTF-16 (unpaired surrogate)", e);
        }
    }

    private static byte[] cbc(boolean encrypt, EncryptionScheme scheme, byte[] key, byte[] iv, byte[] in)
            throws GeneralSecurityException {
        if (scheme == EncryptionScheme.SM4_CBC) {
            Sm4Engine engine = Sm4.newConstantTimeEngine(key);
            Sm4Cipher c = encrypt ? Sm4Cbc.encryptor(engine, iv, Sm4Padding.PKCS7)
                    : Sm4Cbc.decryptor(engine, iv, Sm4Padding.PKCS7);
            try {
                byte[] out = new byte[c.finalOutputSize(in.length)];
                int n = c.doFinal(in, 0, in.length, out, 0);
                if (n == out.length) {
                    return out;
                }
                byte[] r = Arrays.copyOf(out, n);
                Bytes.wipe(out);
                return r;
            } finally {
                c.destroy();
                engine.destroy();
            }
        }
        Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
        c.init(encrypt ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(iv));
        return c.doFinal(in);
    }
}
