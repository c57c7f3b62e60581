package io.gmflux.codecs.fuzz;

import static io.gmflux.codecs.fuzz.FuzzProperty.onlyThrows;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gmflux.codecs.jca.GmfluxProvider;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * The provider's decrypt paths. An input is nonce or IV followed by the ciphertext (and tag).
 * AEAD modes may only throw {@link AEADBadTagException} (or {@link IllegalBlockSizeException} /
 * parameter refusals for impossible lengths) and must release nothing but a seed's plaintext;
 * CBC with padding may throw {@link BadPaddingException} / {@link IllegalBlockSizeException}.
 */
class JcaDecryptFuzzTest {

    private static final GmfluxProvider PROVIDER = new GmfluxProvider();
    private static final PrivateKey SM2 = sm2();

    @FuzzTest(maxDuration = "")
    void sm4Gcm(byte[] input) {
        aead("SM4/GCM/NoPadding", 12, 16, input);
    }

    @FuzzTest(maxDuration = "")
    void sm4Ccm(byte[] input) {
        aead("SM4/CCM/NoPadding", 12, 16, input);
    }

    @FuzzTest(maxDuration = "")
    void sm4CbcPadding(byte[] input) {
        if (input.length < 16) {
            return;
        }
        onlyThrows(() -> {
            Cipher c = Cipher.getInstance("SM4/CBC/PKCS5Padding", PROVIDER);
            c.init(Cipher.DECRYPT_MODE, FuzzKeys.SM4, new IvParameterSpec(Arrays.copyOf(input, 16)));
            byte[] plain = c.doFinal(input, 16, input.length - 16);
            if (plain.length > input.length - 16) {
                throw new AssertionError("more plaintext than ciphertext");
            }
        }, BadPaddingException.class, IllegalBlockSizeException.class);
    }

    @FuzzTest(maxDuration = "")
    void sm2Cipher(byte[] input) {
        onlyThrows(() -> {
            Cipher c = Cipher.getInstance("SM2", PROVIDER);
            c.init(Cipher.DECRYPT_MODE, SM2);
            byte[] plain = c.doFinal(input);
            FuzzProperty.releasedKnown(plain, FuzzKeys.PLAINTEXTS);
        }, BadPaddingException.class, IllegalBlockSizeException.class);
    }

    private static void aead(String transformation, int nonce, int tag, byte[] input) {
        if (input.length < nonce) {
            return;
        }
        onlyThrows(() -> {
            Cipher c = Cipher.getInstance(transformation, PROVIDER);
            c.init(Cipher.DECRYPT_MODE, FuzzKeys.SM4, new GCMParameterSpec(tag * 8, Arrays.copyOf(input, nonce)));
            c.updateAAD(FuzzKeys.AAD);
            byte[] plain = c.doFinal(input, nonce, input.length - nonce);
            FuzzProperty.releasedKnown(plain, FuzzKeys.PLAINTEXTS);
        }, AEADBadTagException.class, IllegalBlockSizeException.class);
    }

    private static PrivateKey sm2() {
        try {
            return KeyFactory.getInstance("SM2", PROVIDER)
                    .generatePrivate(new PKCS8EncodedKeySpec(Sm2KeyEncoding.toPkcs8(FuzzKeys.SM2)));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }
}
