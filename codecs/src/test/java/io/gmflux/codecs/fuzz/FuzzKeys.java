package io.gmflux.codecs.fuzz;

import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9SignMasterPrivateKey;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.util.List;
import javax.crypto.spec.SecretKeySpec;

/**
 * The fixed keys and plaintexts behind the fuzz seeds ({@link FuzzSeeds} writes the seeds, the
 * targets decrypt with these keys): a decryption that succeeds on a fuzzed input must release one
 * of {@link #PLAINTEXTS}, since the fuzzer never sees a key. Test keys only.
 */
final class FuzzKeys {

    static final byte[] SM4_KEY = bytes(16, 0x11);
    static final SecretKeySpec SM4 = new SecretKeySpec(SM4_KEY, "SM4");
    static final Sm2PrivateKey SM2 = sm2();
    static final Sm9EncryptMasterPrivateKey SM9_ENC_MASTER = sm9Enc();
    static final Sm9SignMasterPrivateKey SM9_SIGN_MASTER = sm9Sign();
    static final byte[] SM9_ID = "alice@fuzz".getBytes(StandardCharsets.US_ASCII);
    static final Sm9EncryptPrivateKey SM9_ENC = SM9_ENC_MASTER.extractUserKey(SM9_ID);
    static final char[] PASSPHRASE = "fuzz passphrase".toCharArray();
    static final byte[] AAD = "fuzz aad".getBytes(StandardCharsets.US_ASCII);

    /** Every plaintext a seed encrypts. */
    static final List<byte[]> PLAINTEXTS = List.of(new byte[0], text(1), text(31), text(100), text(5000));

    private FuzzKeys() {
    }

    static byte[] text(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ('a' + i % 26);
        }
        return b;
    }

    private static byte[] bytes(int n, int fill) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (fill + i);
        }
        return b;
    }

    private static Sm2PrivateKey sm2() {
        try {
            return Sm2PrivateKey.fromBytes(bytes(32, 0x21));
        } catch (InvalidKeyException e) {
            throw new AssertionError(e);
        }
    }

    private static Sm9EncryptMasterPrivateKey sm9Enc() {
        try {
            return Sm9EncryptMasterPrivateKey.fromBytes(bytes(32, 0x31));
        } catch (InvalidKeyException e) {
            throw new AssertionError(e);
        }
    }

    private static Sm9SignMasterPrivateKey sm9Sign() {
        try {
            return Sm9SignMasterPrivateKey.fromBytes(bytes(32, 0x41));
        } catch (InvalidKeyException e) {
            throw new AssertionError(e);
        }
    }
}
