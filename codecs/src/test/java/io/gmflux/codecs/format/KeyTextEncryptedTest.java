package io.gmflux.codecs.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import io.gmflux.codecs.pkcs8.PassphraseSource;
import io.gmflux.codecs.pkcs8.WrongPassphraseException;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link KeyText#identity(String, PassphraseSource)} on passphrase-encrypted key files. */
class KeyTextEncryptedTest {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int FAST = EncryptedPrivateKeyInfo.MIN_ITERATIONS;

    /** Counts the times it is asked; each answer is a fresh array, as the contract says. */
    private static final class CountingSource implements PassphraseSource {
        final AtomicInteger asked = new AtomicInteger();
        private final String passphrase;

        CountingSource(String passphrase) {
            this.passphrase = passphrase;
        }

        @Override
        public char[] passphrase() {
            asked.incrementAndGet();
            return passphrase.toCharArray();
        }
    }

    /** The identity opens a stanza made for the recipient, and only that one. */
    private static void assertOpens(Identity id, Recipient recipient) throws GeneralSecurityException {
        byte[] fileKey = new byte[32];
        byte[] salt = new byte[32];
        RANDOM.nextBytes(fileKey);
        RANDOM.nextBytes(salt);
        assertThat(id.unwrap(recipient.wrap(fileKey, salt, RANDOM), salt)).isEqualTo(fileKey);
    }

    @Test
    void readsEncryptedSm2KeysInBothPrfForms() throws Exception {
        for (EncryptedPrivateKeyInfo.Prf prf : EncryptedPrivateKeyInfo.Prf.values()) {
            Sm2KeyPair pair = Sm2KeyPair.generate();
            String pem = Sm2KeyEncoding.toEncryptedPem(pair.privateKey(), "correct horse".toCharArray(), prf, FAST, RANDOM);
            CountingSource source = new CountingSource("correct horse");
            assertOpens(KeyText.identity(pem, source), new Sm2Recipient(pair.publicKey()));
            assertThat(source.asked).as(prf.toString()).hasValue(1);
        }
    }

    @Test
    void readsEncryptedSm9UserKeyWithItsRecipientBlock() throws Exception {
        Sm9EncryptMasterPrivateKey kgc = Sm9EncryptMasterPrivateKey.generate(RANDOM);
        byte[] bob = "bob@example.com".getBytes(StandardCharsets.UTF_8);
        Sm9EncryptPrivateKey key = kgc.extractUserKey(bob);
        Sm9Recipient recipient = new Sm9Recipient(kgc.publicKey(), bob);
        String encrypted = EncryptedPrivateKeyInfo.encrypt(Sm9KeyEncoding.toGmsslPkcs8(key), "pw".toCharArray(),
                EncryptedPrivateKeyInfo.Prf.HMAC_SM3, FAST, RANDOM).toPem();

        assertOpens(KeyText.identity(encrypted + recipient.toPem(), new CountingSource("pw")), recipient);

        // GmSSL's file alone does not say whose key it is.
        assertThatThrownBy(() -> KeyText.identity(encrypted, new CountingSource("pw")))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("SM9 ENC RECIPIENT");
        // A recipient block of another key generation centre is refused, not trusted.
        Sm9Recipient other = new Sm9Recipient(Sm9EncryptMasterPrivateKey.generate(RANDOM).publicKey(), bob);
        assertThatThrownBy(() -> KeyText.identity(encrypted + other.toPem(), new CountingSource("pw")))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("another master public key");
    }

    @Test
    void attackWrongPassphraseIsRefusedWithTheTypedException() throws Exception {
        Sm2KeyPair pair = Sm2KeyPair.generate();
        String pem = Sm2KeyEncoding.toEncryptedPem(pair.privateKey(), "right".toCharArray(),
                EncryptedPrivateKeyInfo.Prf.HMAC_SM3, FAST, RANDOM);
        assertThatThrownBy(() -> KeyText.identity(pem, new CountingSource("wrong")))
                .isInstanceOf(WrongPassphraseException.class);
    }

    @Test
    void clearKeysNeverAskForAPassphraseAndEncryptedOnesNeedOne() throws Exception {
        Sm2KeyPair pair = Sm2KeyPair.generate();
        CountingSource source = new CountingSource("unused");
        assertOpens(KeyText.identity(Sm2KeyEncoding.toPem(pair.privateKey()), source), new Sm2Recipient(pair.publicKey()));
        assertThat(source.asked).hasValue(0);

        String encrypted = Sm2KeyEncoding.toEncryptedPem(pair.privateKey(), "pw".toCharArray(),
                EncryptedPrivateKeyInfo.Prf.HMAC_SM3, FAST, RANDOM);
        assertThat(KeyText.isEncrypted(encrypted)).isTrue();
        assertThatThrownBy(() -> KeyText.identity(encrypted))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("passphrase");
    }

    @Test
    void attackHostileParametersAreRefusedBeforeThePassphraseIsAsked() throws Exception {
        // A file naming a PRF gmflux does not take (hmacWithSHA1 in place of hmacWithSHA256): refused
        // on parsing, before any prompt or PBKDF2 work.
        Sm2KeyPair pair = Sm2KeyPair.generate();
        byte[] der = EncryptedPrivateKeyInfo.encrypt(Sm2KeyEncoding.toPkcs8(pair.privateKey()), "pw".toCharArray(),
                EncryptedPrivateKeyInfo.Prf.HMAC_SHA256, FAST, RANDOM).toDer();
        byte[] hmacWithSha256 = {0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x02, 0x09};
        der[indexOf(der, hmacWithSha256) + 7] = 0x07;
        String hostile = io.gmflux.codecs.der.Pem.encode(EncryptedPrivateKeyInfo.PEM_LABEL, der);
        CountingSource source = new CountingSource("pw");
        assertThatThrownBy(() -> KeyText.identity(hostile, source))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("unsupported PBKDF2 PRF");
        assertThat(source.asked).hasValue(0);
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i <= hay.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }
}
