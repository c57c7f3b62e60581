package io.gmflux.codecs.fuzz;

import static io.gmflux.codecs.fuzz.FuzzProperty.onlyThrows;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gmflux.codecs.sm2.Sm2Cipher;
import io.gmflux.codecs.sm2.Sm2CiphertextEncoding;
import io.gmflux.codecs.sm2.Sm2CiphertextLayout;
import io.gmflux.codecs.sm2.Sm2DecryptionException;
import io.gmflux.codecs.sm2.Sm2SignatureEncoding;
import java.security.SignatureException;
import java.util.Arrays;

/**
 * SM2 signature and ciphertext encodings and SM2 decryption in all three layouts (raw C1C3C2, raw
 * C1C2C3, DER). The first byte of a ciphertext input names the layout (0, 1, 2: see
 * {@link #layout}); a decryption that succeeds must release one of the seeds' plaintexts.
 */
class Sm2FuzzTest {

    private static final Sm2Cipher CIPHER = new Sm2Cipher();

    @FuzzTest(maxDuration = "")
    void signatureDer(byte[] input) {
        onlyThrows(() -> Sm2SignatureEncoding.toRaw(input), SignatureException.class);
    }

    @FuzzTest(maxDuration = "")
    void ciphertextEncoding(byte[] input) {
        if (input.length == 0) {
            return;
        }
        Sm2CiphertextLayout layout = (input[0] & 1) == 0 ? Sm2CiphertextLayout.C1C3C2 : Sm2CiphertextLayout.C1C2C3;
        byte[] body = Arrays.copyOfRange(input, 1, input.length);
        onlyThrows(() -> Sm2CiphertextEncoding.fromDer(body, layout), Sm2DecryptionException.class);
        onlyThrows(() -> Sm2CiphertextEncoding.toDer(body, layout), Sm2DecryptionException.class);
        onlyThrows(() -> Sm2CiphertextEncoding.convert(body, layout,
                layout == Sm2CiphertextLayout.C1C3C2 ? Sm2CiphertextLayout.C1C2C3 : Sm2CiphertextLayout.C1C3C2),
                Sm2DecryptionException.class);
    }

    @FuzzTest(maxDuration = "")
    void decrypt(byte[] input) {
        if (input.length == 0) {
            return;
        }
        int layout = Byte.toUnsignedInt(input[0]) % 3;
        byte[] body = Arrays.copyOfRange(input, 1, input.length);
        onlyThrows(() -> {
            byte[] raw = layout == 2 ? Sm2CiphertextEncoding.fromDer(body, Sm2CiphertextLayout.C1C3C2) : body;
            byte[] plain = CIPHER.decrypt(FuzzKeys.SM2, raw, layout(layout));
            FuzzProperty.releasedKnown(plain, FuzzKeys.PLAINTEXTS);
        }, Sm2DecryptionException.class);
    }

    /** 0: raw C1C3C2, 1: raw C1C2C3, 2: DER (decoded to raw C1C3C2 first). */
    static Sm2CiphertextLayout layout(int selector) {
        return selector == 1 ? Sm2CiphertextLayout.C1C2C3 : Sm2CiphertextLayout.C1C3C2;
    }
}
