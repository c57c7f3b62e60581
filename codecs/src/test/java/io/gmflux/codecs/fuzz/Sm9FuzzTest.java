package io.gmflux.codecs.fuzz;

import static io.gmflux.codecs.fuzz.FuzzProperty.onlyThrows;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gmflux.codecs.sm9.Sm9Cipher;
import io.gmflux.codecs.sm9.Sm9CipherMode;
import io.gmflux.codecs.sm9.Sm9CiphertextEncoding;
import io.gmflux.codecs.sm9.Sm9DecryptionException;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import io.gmflux.codecs.sm9.Sm9SignatureEncoding;
import java.security.InvalidKeyException;
import java.security.SignatureException;
import java.util.Arrays;

/**
 * SM9 keys, signatures and ciphertexts in their GM/T 0044 DER and raw forms. The first byte of an
 * input selects the decoder or the cipher mode; a decryption that succeeds must release one of the
 * seeds' plaintexts.
 */
class Sm9FuzzTest {

    @FuzzTest(maxDuration = "")
    void keys(byte[] input) {
        if (input.length == 0) {
            return;
        }
        byte[] der = Arrays.copyOfRange(input, 1, input.length);
        onlyThrows(() -> {
            switch (Byte.toUnsignedInt(input[0]) % 8) {
                case 0 -> Sm9KeyEncoding.signMasterPublicKeyFromDer(der);
                case 1 -> Sm9KeyEncoding.encryptMasterPublicKeyFromDer(der);
                case 2 -> Sm9KeyEncoding.signMasterKeyFromDer(der);
                case 3 -> Sm9KeyEncoding.encryptMasterKeyFromDer(der);
                case 4 -> Sm9KeyEncoding.signPrivateKeyFromDer(der);
                case 5 -> Sm9KeyEncoding.encryptPrivateKeyFromDer(der);
                case 6 -> Sm9KeyEncoding.signMasterKeyFromGmsslPkcs8(der);
                default -> Sm9KeyEncoding.encryptPrivateKeyFromGmsslPkcs8(der, FuzzKeys.SM9_ID);
            }
        }, InvalidKeyException.class);
    }

    @FuzzTest(maxDuration = "")
    void signatureDer(byte[] input) {
        onlyThrows(() -> Sm9SignatureEncoding.fromDer(input), SignatureException.class);
    }

    @FuzzTest(maxDuration = "")
    void ciphertextDer(byte[] input) {
        onlyThrows(() -> Sm9CiphertextEncoding.fromDer(input), Sm9DecryptionException.class);
    }

    /** First byte: 0 raw STREAM, 1 raw SM4_ECB, 2 DER (which names its mode). */
    @FuzzTest(maxDuration = "")
    void decrypt(byte[] input) {
        if (input.length == 0) {
            return;
        }
        int form = Byte.toUnsignedInt(input[0]) % 3;
        byte[] body = Arrays.copyOfRange(input, 1, input.length);
        onlyThrows(() -> {
            Sm9CipherMode mode;
            byte[] raw;
            if (form == 2) {
                Sm9CiphertextEncoding.Decoded d = Sm9CiphertextEncoding.fromDer(body);
                mode = d.mode();
                raw = d.raw();
            } else {
                mode = form == 0 ? Sm9CipherMode.STREAM : Sm9CipherMode.SM4_ECB;
                raw = body;
            }
            byte[] plain = new Sm9Cipher(mode).decrypt(FuzzKeys.SM9_ENC, raw);
            FuzzProperty.releasedKnown(plain, FuzzKeys.PLAINTEXTS);
        }, Sm9DecryptionException.class);
    }
}
