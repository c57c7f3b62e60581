package io.gmflux.codecs.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import io.gmflux.codecs.pkcs8.WrongPassphraseException;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm9.Sm9Cipher;
import io.gmflux.codecs.sm9.Sm9CipherMode;
import io.gmflux.codecs.sm9.Sm9CiphertextEncoding;
import io.gmflux.codecs.sm9.Sm9DecryptionException;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPublicKey;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import io.gmflux.codecs.sm9.Sm9MacMode;
import io.gmflux.codecs.sm9.Sm9SignMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9SignMasterPublicKey;
import io.gmflux.codecs.sm9.Sm9SignPrivateKey;
import io.gmflux.codecs.sm9.Sm9Verifier;
import io.gmflux.codecs.testing.SharedFiles;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Keys and messages made by GmSSL 3.3 ({@code ../shared/interop/gmssl/}, passphrases in its
 * README): its passphrase-encrypted PKCS#8 keys read here, its SM9 ciphertext decrypts in the
 * GmSSL MAC mode only, its SM9 signature verifies. Skipped when the folder is absent.
 */
class GmsslFilesTest {

    private static final char[] PASS_1 = "gmflux-test-1".toCharArray();
    private static final byte[] BOB = "bob@example.com".getBytes(StandardCharsets.UTF_8);
    private static final byte[] ALICE = "alice@example.com".getBytes(StandardCharsets.UTF_8);

    @Test
    void gmsslSm2KeysDecryptAndMatchTheirPublicKeys() throws Exception {
        for (int n = 1; n <= 3; n++) {
            String pem = SharedFiles.gmsslText("sm2-" + n + ".key.pem");
            EncryptedPrivateKeyInfo info = EncryptedPrivateKeyInfo.fromPem(pem);
            assertThat(info.prf()).isEqualTo(EncryptedPrivateKeyInfo.Prf.HMAC_SM3);
            assertThat(info.encryptionScheme()).isEqualTo(EncryptedPrivateKeyInfo.EncryptionScheme.SM4_CBC);
            assertThat(info.iterations()).isEqualTo(65_536);
            Sm2PrivateKey key = Sm2KeyEncoding.privateKeyFromEncryptedPem(pem, ("gmflux-test-" + n).toCharArray());
            assertThat(key.publicKey()).as("sm2-%d", n)
                    .isEqualTo(Sm2KeyEncoding.publicKeyFromPem(SharedFiles.gmsslText("sm2-" + n + ".pub.pem")));
            int other = n % 3 + 1;
            assertThatThrownBy(() -> Sm2KeyEncoding.privateKeyFromEncryptedPem(pem, ("gmflux-test-" + other).toCharArray()))
                    .as("sm2-%d under the passphrase of sm2-%d", n, other).isInstanceOf(WrongPassphraseException.class);
        }
    }

    @Test
    void gmsslSm9MasterAndUserKeysDecryptAndBelongTogether() throws Exception {
        Sm9EncryptMasterPrivateKey encMaster = Sm9KeyEncoding.encryptMasterKeyFromEncryptedPem(
                SharedFiles.gmsslText("sm9enc-master.key.pem"), PASS_1);
        Sm9EncryptMasterPublicKey encPub = Sm9KeyEncoding.encryptMasterPublicKeyFromPem(
                SharedFiles.gmsslText("sm9enc-master.pub.pem"));
        assertThat(encMaster.publicKey()).isEqualTo(encPub);
        Sm9EncryptPrivateKey bob = Sm9KeyEncoding.encryptPrivateKeyFromEncryptedPem(
                SharedFiles.gmsslText("sm9enc-bob.key.pem"), PASS_1, BOB);
        assertThat(bob.masterPublicKey()).isEqualTo(encPub);
        assertThat(bob.encoded()).as("GmSSL's de for bob is the master's extraction")
                .isEqualTo(encMaster.extractUserKey(BOB).encoded());

        Sm9SignMasterPrivateKey signMaster = Sm9KeyEncoding.signMasterKeyFromEncryptedPem(
                SharedFiles.gmsslText("sm9sign-master.key.pem"), PASS_1);
        Sm9SignMasterPublicKey signPub = Sm9KeyEncoding.signMasterPublicKeyFromPem(
                SharedFiles.gmsslText("sm9sign-master.pub.pem"));
        assertThat(signMaster.publicKey()).isEqualTo(signPub);
        Sm9SignPrivateKey alice = Sm9KeyEncoding.signPrivateKeyFromEncryptedPem(
                SharedFiles.gmsslText("sm9sign-alice.key.pem"), PASS_1, ALICE);
        assertThat(alice.encoded()).isEqualTo(signMaster.extractUserKey(ALICE).encoded());

        // A user key is not a master key, and the wrong passphrase is a typed refusal.
        assertThatThrownBy(() -> Sm9KeyEncoding.encryptMasterKeyFromEncryptedPem(
                SharedFiles.gmsslText("sm9enc-bob.key.pem"), PASS_1)).hasMessageContaining("not an SM9 master key");
        assertThatThrownBy(() -> Sm9KeyEncoding.encryptPrivateKeyFromEncryptedPem(
                SharedFiles.gmsslText("sm9enc-bob.key.pem"), "gmflux-test-2".toCharArray(), BOB))
                .isInstanceOf(WrongPassphraseException.class);
    }

    /** What gmflux writes for GmSSL is, byte for byte, the PrivateKeyInfo inside GmSSL's own files. */
    @Test
    void gmfluxWritesGmsslsSm9PrivateKeyInfoExactly() throws Exception {
        byte[] encMaster = decrypted("sm9enc-master.key.pem");
        assertThat(Sm9KeyEncoding.toGmsslPkcs8(Sm9KeyEncoding.encryptMasterKeyFromGmsslPkcs8(encMaster)))
                .isEqualTo(encMaster);
        byte[] bob = decrypted("sm9enc-bob.key.pem");
        assertThat(Sm9KeyEncoding.toGmsslPkcs8(Sm9KeyEncoding.encryptPrivateKeyFromGmsslPkcs8(bob, BOB))).isEqualTo(bob);
        byte[] signMaster = decrypted("sm9sign-master.key.pem");
        assertThat(Sm9KeyEncoding.toGmsslPkcs8(Sm9KeyEncoding.signMasterKeyFromGmsslPkcs8(signMaster)))
                .isEqualTo(signMaster);
        byte[] alice = decrypted("sm9sign-alice.key.pem");
        assertThat(Sm9KeyEncoding.toGmsslPkcs8(Sm9KeyEncoding.signPrivateKeyFromGmsslPkcs8(alice, ALICE)))
                .isEqualTo(alice);
    }

    private static byte[] decrypted(String name) throws Exception {
        return EncryptedPrivateKeyInfo.fromPem(SharedFiles.gmsslText(name)).decrypt(PASS_1);
    }

    @Test
    void gmsslSm9CiphertextDecryptsInTheGmsslMacModeOnly() throws Exception {
        Sm9EncryptPrivateKey bob = Sm9KeyEncoding.encryptPrivateKeyFromEncryptedPem(
                SharedFiles.gmsslText("sm9enc-bob.key.pem"), PASS_1, BOB);
        Sm9CiphertextEncoding.Decoded ct = Sm9CiphertextEncoding.fromDer(SharedFiles.gmsslBytes("msg.sm9.der"));
        assertThat(ct.mode()).isEqualTo(Sm9CipherMode.STREAM);
        byte[] expected = SharedFiles.gmsslBytes("msg.txt");
        assertThat(new Sm9Cipher(Sm9CipherMode.STREAM, Sm9MacMode.GMSSL_HMAC_SM3).decrypt(bob, ct.raw()))
                .isEqualTo(expected);
        assertThatThrownBy(() -> new Sm9Cipher(Sm9CipherMode.STREAM).decrypt(bob, ct.raw()))
                .isInstanceOf(Sm9DecryptionException.class).hasMessageContaining("C3 does not match");

        // And back: what gmflux writes in the GmSSL mode has the DER shape of GmSSL's file.
        Sm9EncryptMasterPublicKey pub = Sm9KeyEncoding.encryptMasterPublicKeyFromPem(
                SharedFiles.gmsslText("sm9enc-master.pub.pem"));
        Sm9Cipher gm = new Sm9Cipher(Sm9CipherMode.STREAM, Sm9MacMode.GMSSL_HMAC_SM3);
        byte[] der = Sm9CiphertextEncoding.toDer(gm.encrypt(pub, BOB, expected), Sm9CipherMode.STREAM);
        assertThat(der).hasSameSizeAs(SharedFiles.gmsslBytes("msg.sm9.der"));
        assertThat(gm.decrypt(bob, Sm9CiphertextEncoding.fromDer(der).raw())).isEqualTo(expected);
    }

    @Test
    void gmsslSm9SignatureVerifiesForAlice() throws Exception {
        Sm9SignMasterPublicKey pub = Sm9KeyEncoding.signMasterPublicKeyFromPem(
                SharedFiles.gmsslText("sm9sign-master.pub.pem"));
        byte[] msg = SharedFiles.gmsslBytes("msg.txt");
        byte[] sig = SharedFiles.gmsslBytes("msg.sm9.sig");
        assertThat(new Sm9Verifier(pub, ALICE).verifyDer(msg, sig)).isTrue();
        assertThat(new Sm9Verifier(pub, BOB).verifyDer(msg, sig)).as("another identity").isFalse();
        byte[] other = msg.clone();
        other[0] ^= 1;
        assertThat(new Sm9Verifier(pub, ALICE).verifyDer(other, sig)).as("another message").isFalse();
    }
}
