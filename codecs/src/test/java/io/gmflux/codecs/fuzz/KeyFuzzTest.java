package io.gmflux.codecs.fuzz;

import static io.gmflux.codecs.fuzz.FuzzProperty.onlyThrows;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.format.KeyText;
import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;

/**
 * The key decoders: SPKI, PKCS#8, SEC1 ({@link InvalidKeyException} only), encrypted PKCS#8
 * ({@link InvalidKeyException}, of which {@code WrongPassphraseException}), and {@link KeyText}
 * ({@link GeneralSecurityException}).
 */
class KeyFuzzTest {

    @FuzzTest(maxDuration = "")
    void spki(byte[] input) {
        onlyThrows(() -> Sm2KeyEncoding.publicKeyFromSpki(input), InvalidKeyException.class);
    }

    @FuzzTest(maxDuration = "")
    void pkcs8(byte[] input) {
        onlyThrows(() -> Sm2KeyEncoding.privateKeyFromPkcs8(input), InvalidKeyException.class);
    }

    @FuzzTest(maxDuration = "")
    void sec1(byte[] input) {
        onlyThrows(() -> Sm2KeyEncoding.privateKeyFromSec1(input), InvalidKeyException.class);
    }

    /**
     * Parses, and decrypts with the seeds' passphrase when the input asks for the minimum PBKDF2
     * count (more would only slow the campaign). The scheme is CBC, unauthenticated: what the
     * contract promises is that a released key is a well-formed PrivateKeyInfo, checked here.
     */
    @FuzzTest(maxDuration = "")
    void encryptedPkcs8(byte[] input) {
        onlyThrows(() -> {
            EncryptedPrivateKeyInfo info = EncryptedPrivateKeyInfo.fromDer(input);
            if (info.iterations() == EncryptedPrivateKeyInfo.MIN_ITERATIONS) {
                byte[] plain = info.decrypt(FuzzKeys.PASSPHRASE);
                DerReader outer = new DerReader(plain);
                outer.readSequence();
                outer.expectEnd();
            }
        }, InvalidKeyException.class);
    }

    @FuzzTest(maxDuration = "")
    void keyText(byte[] input) {
        String text = new String(input, StandardCharsets.ISO_8859_1);
        onlyThrows(() -> KeyText.recipient(text), GeneralSecurityException.class);
        onlyThrows(() -> KeyText.identity(text), GeneralSecurityException.class);
    }
}
