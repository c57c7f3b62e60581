package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class Sm2CipherSpiTest {

    static final List<Provider> PROVIDERS = List.of(GMFLUX, BC);

    @Test
    void explicitModesInteroperateWithBouncyCastleBothWaysOnRandomKeysAndMessages() throws Exception {
        long seed = 0xC1C3C2L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 120; i++) {
            Provider keyMaker = PROVIDERS.get(i % 2);
            KeyPair pair = Sm3WithSm2SignatureSpiTest.generate(keyMaker);
            String transformation = rnd.nextBoolean() ? "SM2/C1C3C2/NoPadding" : "SM2/C1C2C3/NoPadding";
            byte[] msg = CipherPaths.bytes(rnd, rnd.nextInt(1, i % 20 == 0 ? 3000 : 200));
            for (Provider encrypting : PROVIDERS) {
                Cipher enc = Cipher.getInstance(transformation, encrypting);
                enc.init(Cipher.ENCRYPT_MODE, pair.getPublic());
                byte[] ct = enc.doFinal(msg);
                assertThat(ct.length).isEqualTo(msg.length + 97);
                for (Provider decrypting : PROVIDERS) {
                    String what = "seed " + seed + " case " + i + " " + transformation + ": keys " + keyMaker.getName()
                            + ", " + encrypting.getName() + " -> " + decrypting.getName() + ", " + msg.length + " bytes";
                    Cipher dec = Cipher.getInstance(transformation, decrypting);
                    dec.init(Cipher.DECRYPT_MODE, pair.getPrivate());
                    int split = rnd.nextInt(ct.length + 1);
                    byte[] head = dec.update(ct, 0, split);
                    byte[] tail = dec.doFinal(ct, split, ct.length - split);
                    byte[] pt = head == null ? tail : concat(head, tail);
                    assertThat(pt).as(what).isEqualTo(msg);
                }
            }
        }
    }

    /**
     * Keys encrypted to again and again (prepared on their second use in the provider's shared
     * cache, by new and reused instances, more keys than it holds so that tables are evicted and
     * rebuilt): every ciphertext decrypts in BouncyCastle.
     */
    @Test
    void repeatedRecipientsServedFromPreparedTablesStillDecryptInBouncyCastle() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5EEDL);
        int keys = Sm2CipherSpi.PREPARED_KEYS + 2;
        KeyPair[] pairs = new KeyPair[keys];
        for (int i = 0; i < keys; i++) {
            pairs[i] = Sm3WithSm2SignatureSpiTest.generate(PROVIDERS.get(i % 2));
        }
        Cipher reused = Cipher.getInstance("SM2/C1C3C2/NoPadding", GMFLUX);
        long hitsBefore = Sm2CipherSpi.PREPARED.hits();
        for (int round = 0; round < 6; round++) {
            for (int j = 0; j < 3 * keys; j++) {
                int i = j / 3; // three messages per key: plain, then prepared, then from the cache
                byte[] msg = CipherPaths.bytes(rnd, rnd.nextInt(1, 100));
                Cipher enc = round % 2 == 0 ? reused : Cipher.getInstance("SM2/C1C3C2/NoPadding", GMFLUX);
                enc.init(Cipher.ENCRYPT_MODE, pairs[i].getPublic());
                byte[] ct = enc.doFinal(msg);
                Cipher dec = Cipher.getInstance("SM2/C1C3C2/NoPadding", BC);
                dec.init(Cipher.DECRYPT_MODE, pairs[i].getPrivate());
                assertThat(dec.doFinal(ct)).as("round " + round + " key " + i).isEqualTo(msg);
            }
        }
        assertThat(Sm2CipherSpi.PREPARED.hits() - hitsBefore).as("encryptions served from a prepared table").isGreaterThanOrEqualTo(6L * keys);
    }

    @Test
    void plainSm2IsC1C3C2HereAndC1C2C3InBouncyCastle() throws Exception {
        KeyPair pair = KeyPairGenerator.getInstance("SM2", GMFLUX).generateKeyPair();
        byte[] msg = "the documented difference".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Cipher ours = Cipher.getInstance("SM2", GMFLUX);
        ours.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        byte[] c132 = ours.doFinal(msg);
        Cipher bc132 = Cipher.getInstance("SM2/C1C3C2/NoPadding", BC);
        bc132.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        assertThat(bc132.doFinal(c132)).isEqualTo(msg);

        Cipher theirs = Cipher.getInstance("SM2", BC);
        theirs.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        byte[] c123 = theirs.doFinal(msg);
        Cipher ours123 = Cipher.getInstance("SM2/C1C2C3/NoPadding", GMFLUX);
        ours123.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        assertThat(ours123.doFinal(c123)).isEqualTo(msg);
        Cipher oursPlain = Cipher.getInstance("SM2", GMFLUX);
        oursPlain.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        assertThatThrownBy(() -> oursPlain.doFinal(c123)).isInstanceOf(BadPaddingException.class);
        // NONE and the alias mean C1C3C2 too
        Cipher none = Cipher.getInstance("SM2/NONE/NoPadding", GMFLUX);
        none.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        assertThat(none.doFinal(c132)).isEqualTo(msg);
        Cipher alias = Cipher.getInstance("SM2withSM3", GMFLUX);
        alias.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        assertThat(alias.doFinal(c132)).isEqualTo(msg);
    }

    @Test
    void writesIntoACallersArrayAndReportsSizes() throws Exception {
        KeyPair pair = KeyPairGenerator.getInstance("SM2", GMFLUX).generateKeyPair();
        byte[] msg = new byte[50];
        new SplittableRandom(7).nextBytes(msg);
        Cipher enc = Cipher.getInstance("SM2", GMFLUX);
        enc.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        assertThat(enc.getOutputSize(50)).isEqualTo(147);
        assertThat(enc.update(msg, 0, 20)).isEmpty();
        assertThat(enc.getOutputSize(30)).isEqualTo(147);
        byte[] out = new byte[200];
        int n = enc.doFinal(msg, 20, 30, out, 5);
        assertThat(n).isEqualTo(147);
        Cipher dec = Cipher.getInstance("SM2", GMFLUX);
        dec.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        assertThat(dec.getOutputSize(147)).isEqualTo(82); // an upper bound: C1 might have been compressed
        assertThatThrownBy(() -> dec.doFinal(out, 5, 147, new byte[60], 3)).isInstanceOf(javax.crypto.ShortBufferException.class);
        byte[] back = new byte[90];
        assertThat(dec.doFinal(out, 5, 147, back, 3)).as("retry after the short buffer").isEqualTo(50);
        assertThat(Arrays.copyOfRange(back, 3, 53)).isEqualTo(msg);
        // after doFinal the cipher is ready for the next message with the same key
        assertThat(dec.doFinal(Arrays.copyOfRange(out, 5, 152))).isEqualTo(msg);
        assertThatThrownBy(() -> enc.doFinal(msg, 0, 50, new byte[100], 0)).isInstanceOf(javax.crypto.ShortBufferException.class);
    }

    @Test
    void rejectsTamperingTruncationAndTheWrongKeyWithBadPadding() throws Exception {
        KeyPair pair = KeyPairGenerator.getInstance("SM2", GMFLUX).generateKeyPair();
        KeyPair other = KeyPairGenerator.getInstance("SM2", GMFLUX).generateKeyPair();
        Cipher enc = Cipher.getInstance("SM2", GMFLUX);
        enc.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        byte[] ct = enc.doFinal(new byte[40]);
        Cipher dec = Cipher.getInstance("SM2", GMFLUX);
        dec.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        SplittableRandom rnd = new SplittableRandom(11);
        for (int i = 0; i < 40; i++) {
            byte[] bad = ct.clone();
            int pos = rnd.nextInt(bad.length);
            bad[pos] ^= (byte) (1 << rnd.nextInt(8));
            assertThatThrownBy(() -> dec.doFinal(bad)).as("seed 11 flip at " + pos).isInstanceOf(BadPaddingException.class);
        }
        for (int len : new int[] {0, 1, 64, 65, 97}) {
            assertThatThrownBy(() -> dec.doFinal(Arrays.copyOf(ct, len))).as("truncated to " + len)
                    .isInstanceOf(BadPaddingException.class);
        }
        Cipher wrong = Cipher.getInstance("SM2", GMFLUX);
        wrong.init(Cipher.DECRYPT_MODE, other.getPrivate());
        assertThatThrownBy(() -> wrong.doFinal(ct)).isInstanceOf(BadPaddingException.class);
        assertThat(dec.doFinal(ct)).isEqualTo(new byte[40]);
    }

    @Test
    void refusesEmptyMessagesWrongKeysModesAndParameters() throws Exception {
        KeyPair pair = KeyPairGenerator.getInstance("SM2", GMFLUX).generateKeyPair();
        Cipher c = Cipher.getInstance("SM2", GMFLUX);
        assertThatThrownBy(() -> c.doFinal(new byte[1])).isInstanceOf(IllegalStateException.class);
        c.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        assertThatThrownBy(() -> c.doFinal(new byte[0])).isInstanceOf(IllegalBlockSizeException.class);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, pair.getPrivate())).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> c.init(Cipher.DECRYPT_MODE, pair.getPublic())).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "SM4")))
                .isInstanceOf(InvalidKeyException.class);
        KeyPair p256 = KeyPairGenerator.getInstance("EC").generateKeyPair();
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, p256.getPublic())).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, pair.getPublic(), new IvParameterSpec(new byte[16])))
                .isInstanceOf(java.security.InvalidAlgorithmParameterException.class);
        assertThatThrownBy(() -> Cipher.getInstance("SM2/CBC/NoPadding", GMFLUX)).isInstanceOf(NoSuchAlgorithmException.class);
        assertThatThrownBy(() -> Cipher.getInstance("SM2/C1C3C2/PKCS5Padding", GMFLUX))
                .isInstanceOf(NoSuchPaddingException.class);
    }

    @Test
    void wrapsAndUnwrapsASecretKeyAcrossProviders() throws Exception {
        KeyPair pair = Sm3WithSm2SignatureSpiTest.generate(BC);
        SecretKeySpec dek = new SecretKeySpec(CipherPaths.bytes(new SplittableRandom(3), 16), "SM4");
        Cipher wrap = Cipher.getInstance("SM2/C1C3C2/NoPadding", GMFLUX);
        wrap.init(Cipher.WRAP_MODE, pair.getPublic());
        byte[] wrapped = wrap.wrap(dek);
        Cipher unwrap = Cipher.getInstance("SM2/C1C3C2/NoPadding", GMFLUX);
        unwrap.init(Cipher.UNWRAP_MODE, pair.getPrivate());
        Key back = unwrap.unwrap(wrapped, "SM4", Cipher.SECRET_KEY);
        assertThat(back.getEncoded()).isEqualTo(dek.getEncoded());
        Cipher bc = Cipher.getInstance("SM2/C1C3C2/NoPadding", BC);
        bc.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        assertThat(bc.doFinal(wrapped)).isEqualTo(dek.getEncoded());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
