package io.gmflux.codecs.sm4.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Cbc;
import io.gmflux.codecs.sm4.Sm4Ccm;
import io.gmflux.codecs.sm4.Sm4Cfb;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Ctr;
import io.gmflux.codecs.sm4.Sm4Ecb;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4EngineProvider;
import io.gmflux.codecs.sm4.Sm4Gcm;
import io.gmflux.codecs.sm4.Sm4Ofb;
import io.gmflux.codecs.sm4.Sm4Padding;
import io.gmflux.codecs.sm4.Sm4Xts;
import java.util.Arrays;
import java.util.Random;
import java.util.function.BiFunction;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.Test;

/** Every mode of io.gmflux.codecs.sm4 on the vector engine gives the table engine's bytes (seeded random cases). */
class Sm4VectorModesTest {

    private static Sm4Engine vector(byte[] key) {
        return new Sm4VectorEngine(Sm4EngineProvider.roundKeys(key));
    }

    @Test
    void cipherModesMatchTheTableEngine() {
        Random random = new Random(0x5A4E_0101L);
        for (int trial = 0; trial < 150; trial++) {
            byte[] key = bytes(random, 16);
            byte[] iv = bytes(random, 16);
            byte[] plain = bytes(random, random.nextInt(trial < 75 ? 300 : 5000));
            Sm4Engine table = Sm4.newTableEngine(key);
            Sm4Engine vector = vector(key);
            checkMode("ECB", table, vector, plain,
                    (e, enc) -> enc ? Sm4Ecb.encryptor(e, Sm4Padding.PKCS7) : Sm4Ecb.decryptor(e, Sm4Padding.PKCS7));
            checkMode("CBC", table, vector, plain,
                    (e, enc) -> enc ? Sm4Cbc.encryptor(e, iv, Sm4Padding.PKCS7) : Sm4Cbc.decryptor(e, iv, Sm4Padding.PKCS7));
            checkMode("CFB", table, vector, plain, (e, enc) -> enc ? Sm4Cfb.encryptor(e, iv) : Sm4Cfb.decryptor(e, iv));
            checkMode("OFB", table, vector, plain, (e, enc) -> enc ? Sm4Ofb.encryptor(e, iv) : Sm4Ofb.decryptor(e, iv));
            checkMode("CTR", table, vector, plain, (e, enc) -> enc ? Sm4Ctr.encryptor(e, iv) : Sm4Ctr.decryptor(e, iv));
        }
    }

    @Test
    void aeadsMatchTheTableEngineAndRejectATamperedTag() throws Exception {
        Random random = new Random(0x5A4E_0102L);
        for (int trial = 0; trial < 150; trial++) {
            byte[] key = bytes(random, 16);
            byte[] nonce = bytes(random, 12);
            byte[] aad = bytes(random, random.nextInt(40));
            byte[] plain = bytes(random, random.nextInt(trial < 75 ? 300 : 5000));
            Sm4Engine table = Sm4.newTableEngine(key);
            Sm4Engine vector = vector(key);

            byte[] gcm = Sm4Gcm.seal(vector, nonce, aad, plain);
            assertThat(gcm).as("GCM, %d bytes", plain.length).isEqualTo(Sm4Gcm.seal(table, nonce, aad, plain));
            assertThat(Sm4Gcm.open(vector, nonce, aad, gcm)).isEqualTo(plain);
            byte[] ccm = Sm4Ccm.seal(vector, nonce, aad, plain);
            assertThat(ccm).as("CCM, %d bytes", plain.length).isEqualTo(Sm4Ccm.seal(table, nonce, aad, plain));
            assertThat(Sm4Ccm.open(vector, nonce, aad, ccm)).isEqualTo(plain);

            gcm[random.nextInt(gcm.length)] ^= (byte) (1 << random.nextInt(8));
            assertThatThrownBy(() -> Sm4Gcm.open(vector, nonce, aad, gcm)).isInstanceOf(AEADBadTagException.class);
            ccm[random.nextInt(ccm.length)] ^= (byte) (1 << random.nextInt(8));
            assertThatThrownBy(() -> Sm4Ccm.open(vector, nonce, aad, ccm)).isInstanceOf(AEADBadTagException.class);
        }
    }

    @Test
    void xtsMatchesTheTableEngineInBothVariants() {
        Random random = new Random(0x5A4E_0103L);
        for (int trial = 0; trial < 150; trial++) {
            byte[] dataKey = bytes(random, 16);
            byte[] tweakKey = bytes(random, 16);
            byte[] tweak = bytes(random, 16);
            byte[] plain = bytes(random, 16 + random.nextInt(2000));
            for (Sm4Xts.Variant variant : Sm4Xts.Variant.values()) {
                Sm4Xts table = new Sm4Xts(Sm4.newTableEngine(dataKey), Sm4.newTableEngine(tweakKey), variant);
                Sm4Xts vector = new Sm4Xts(vector(dataKey), vector(tweakKey), variant);
                byte[] expected = new byte[plain.length];
                table.encrypt(tweak, plain, 0, plain.length, expected, 0);
                byte[] out = plain.clone();
                vector.encrypt(tweak, out, 0, out.length, out, 0);
                assertThat(out).as("XTS %s, %d bytes", variant, plain.length).isEqualTo(expected);
                vector.decrypt(tweak, out, 0, out.length, out, 0);
                assertThat(out).isEqualTo(plain);
            }
        }
    }

    private static void checkMode(String name, Sm4Engine table, Sm4Engine vector, byte[] plain,
            BiFunction<Sm4Engine, Boolean, Sm4Cipher> mode) {
        byte[] expected = oneShot(mode.apply(table, true), plain);
        byte[] sealed = oneShot(mode.apply(vector, true), plain);
        assertThat(sealed).as("%s, %d bytes", name, plain.length).isEqualTo(expected);
        assertThat(oneShot(mode.apply(vector, false), sealed)).isEqualTo(plain);
    }

    private static byte[] oneShot(Sm4Cipher cipher, byte[] in) {
        byte[] out = new byte[cipher.finalOutputSize(in.length)];
        int n;
        try {
            n = cipher.doFinal(in, 0, in.length, out, 0);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        return Arrays.copyOf(out, n);
    }

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
