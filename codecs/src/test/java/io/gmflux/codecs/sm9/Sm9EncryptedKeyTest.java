package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo.Prf;
import io.gmflux.codecs.pkcs8.WrongPassphraseException;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import org.junit.jupiter.api.Test;

/** SM9 keys in GmSSL's passphrase-encrypted PKCS#8 form, written and read back without GmSSL. */
class Sm9EncryptedKeyTest {

    private static final SecureRandom RANDOM = BouncyCastleSm9.seeded(91);
    private static final char[] PASS = "sm9 passphrase".toCharArray();
    private static final byte[] ID = "bob@example.com".getBytes(StandardCharsets.UTF_8);

    private static String encrypted(byte[] privateKeyInfo, Prf prf) {
        return EncryptedPrivateKeyInfo.encrypt(privateKeyInfo, PASS, prf, 1_000, RANDOM).toPem();
    }

    @Test
    void allFourKeyKindsRoundTripInBothWrittenForms() throws Exception {
        Sm9EncryptMasterPrivateKey enc = Sm9EncryptMasterPrivateKey.generate(RANDOM);
        Sm9SignMasterPrivateKey sign = Sm9SignMasterPrivateKey.generate(RANDOM);
        Sm9EncryptPrivateKey bob = enc.extractUserKey(ID);
        Sm9SignPrivateKey signer = sign.extractUserKey(ID);
        for (Prf prf : Prf.values()) {
            assertThat(Sm9KeyEncoding.encryptMasterKeyFromEncryptedPem(encrypted(Sm9KeyEncoding.toGmsslPkcs8(enc), prf), PASS)
                    .toBytes()).as(prf.name()).isEqualTo(enc.toBytes());
            assertThat(Sm9KeyEncoding.signMasterKeyFromEncryptedPem(encrypted(Sm9KeyEncoding.toGmsslPkcs8(sign), prf), PASS)
                    .toBytes()).as(prf.name()).isEqualTo(sign.toBytes());
            Sm9EncryptPrivateKey bob2 = Sm9KeyEncoding.encryptPrivateKeyFromEncryptedPem(
                    encrypted(Sm9KeyEncoding.toGmsslPkcs8(bob), prf), PASS, ID);
            assertThat(bob2.encoded()).isEqualTo(bob.encoded());
            assertThat(bob2.id()).isEqualTo(ID);
            assertThat(Sm9KeyEncoding.signPrivateKeyFromEncryptedPem(encrypted(Sm9KeyEncoding.toGmsslPkcs8(signer), prf),
                    PASS, ID).encoded()).isEqualTo(signer.encoded());
        }
    }

    @Test
    void kindsAreNotInterchangeableAndTheWrongPassphraseIsTyped() {
        Sm9EncryptMasterPrivateKey enc = Sm9EncryptMasterPrivateKey.generate(RANDOM);
        String encMaster = encrypted(Sm9KeyEncoding.toGmsslPkcs8(enc), Prf.HMAC_SM3);
        String bob = encrypted(Sm9KeyEncoding.toGmsslPkcs8(enc.extractUserKey(ID)), Prf.HMAC_SM3);
        assertThatThrownBy(() -> Sm9KeyEncoding.signMasterKeyFromEncryptedPem(encMaster, PASS))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("is not an SM9 master key of 1.2.156.10197.1.302.1");
        assertThatThrownBy(() -> Sm9KeyEncoding.encryptMasterKeyFromEncryptedPem(bob, PASS))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("not an SM9 master key");
        assertThatThrownBy(() -> Sm9KeyEncoding.signPrivateKeyFromEncryptedPem(bob, PASS, ID))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("user key");
        assertThatThrownBy(() -> Sm9KeyEncoding.encryptPrivateKeyFromEncryptedPem(bob, "sm9 passphrasE".toCharArray(), ID))
                .isInstanceOf(WrongPassphraseException.class);
    }

    /** Altered point bytes in a user key are refused: de and Ppub-e must be points of their groups. */
    @Test
    void aTamperedUserKeyIsRefused() throws Exception {
        Sm9EncryptMasterPrivateKey enc = Sm9EncryptMasterPrivateKey.generate(RANDOM);
        byte[] pki = Sm9KeyEncoding.toGmsslPkcs8(enc.extractUserKey(ID));
        for (int i = pki.length - 130; i < pki.length; i += 9) {
            byte[] t = pki.clone();
            t[i] ^= 1;
            int at = i;
            assertThatThrownBy(() -> Sm9KeyEncoding.encryptPrivateKeyFromGmsslPkcs8(t, ID)).as("byte %d", at)
                    .isInstanceOf(InvalidKeyException.class);
        }
    }
}
