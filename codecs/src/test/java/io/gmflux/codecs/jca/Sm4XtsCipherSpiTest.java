package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Xts;
import io.gmflux.codecs.sm4.Sm4Xts.Variant;
import io.gmflux.codecs.testing.ExtraVectors;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class Sm4XtsCipherSpiTest {

    private static final String GB = "SM4/XTS-GB/NoPadding";
    private static final String IEEE = "SM4/XTS-IEEE/NoPadding";

    /** Each repository record through the transformation of the variant it names, both ways. */
    @Test
    void producesTheKnownAnswersUnderTheTransformationOfEachVariant() throws Exception {
        for (ExtraVectors.Record v : ExtraVectors.of("sm4-xts")) {
            String transformation = v.text("variant").equals("gbt17964") ? GB : IEEE;
            assertThat(v.text("variant")).as(v.id()).isIn("gbt17964", "ieee1619");
            byte[] pt = v.hex("plaintext");
            byte[] ct = v.hex("ciphertext");
            Cipher c = Cipher.getInstance(transformation, GMFLUX);
            c.init(Cipher.ENCRYPT_MODE, key(v), new IvParameterSpec(v.hex("tweak")));
            assertThat(c.doFinal(pt)).as(v + " " + transformation).isEqualTo(ct);
            c.init(Cipher.DECRYPT_MODE, key(v), new IvParameterSpec(v.hex("tweak")));
            assertThat(c.doFinal(ct)).as(v + " " + transformation).isEqualTo(pt);
        }
    }

    /** SM4/XTS/NoPadding is GB/T 17964 (GmSSL's and OpenSSL 3's default): Annex B.7 comes out. */
    @Test
    void plainXtsIsTheGbVariant() throws Exception {
        ExtraVectors.Record b7 = ExtraVectors.of("sm4-xts").stream()
                .filter(v -> v.id().equals("sm4-xts-gbt17964-b7")).findFirst().orElseThrow();
        for (String name : new String[] {"SM4/XTS/NoPadding", "sm4/xts/nopadding", GB}) {
            Cipher c = Cipher.getInstance(name, GMFLUX);
            c.init(Cipher.ENCRYPT_MODE, key(b7), new IvParameterSpec(b7.hex("tweak")));
            assertThat(c.doFinal(b7.hex("plaintext"))).as(name).isEqualTo(b7.hex("ciphertext"));
        }
        assertThat(Cipher.getInstance("SM4/XTS/NoPadding", GMFLUX).getProvider().getService("Cipher", "SM4/XTS/NoPadding")
                .getClassName()).endsWith("Sm4XtsCipherSpi");
    }

    /** Every way of feeding a cipher gives what Sm4Xts gives for the whole unit, on both engines. */
    @ParameterizedTest
    @EnumSource(Variant.class)
    void agreesWithTheDirectApiOverEveryCallPath(Variant variant) throws Exception {
        String transformation = variant == Variant.GB_T_17964 ? GB : IEEE;
        SplittableRandom r = new SplittableRandom(0x5a7L + variant.ordinal());
        Provider constantTime = new GmfluxProvider(GmfluxProvider.Sm4Implementation.CONSTANT_TIME);
        for (int i = 0; i < 60; i++) {
            byte[] keys = CipherPaths.bytes(r, 32);
            byte[] tweak = CipherPaths.bytes(r, 16);
            int len = 16 + r.nextInt(i < 30 ? 90 : 3000);
            byte[] pt = CipherPaths.bytes(r, len);
            byte[] ct = new byte[len];
            new Sm4Xts(Sm4.newTableEngine(Arrays.copyOf(keys, 16)), Sm4.newTableEngine(Arrays.copyOfRange(keys, 16, 32)), variant)
                    .encrypt(tweak, pt, 0, len, ct, 0);
            for (CipherPaths.Path path : CipherPaths.Path.values()) {
                String as = transformation + " case " + i + " len " + len + " " + path;
                Cipher c = Cipher.getInstance(transformation, i % 4 == 3 ? constantTime : GMFLUX);
                c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keys, "SM4"), new IvParameterSpec(tweak));
                assertThat(path.run(c, pt, r)).as(as).isEqualTo(ct);
                // doFinal leaves the cipher ready for the next unit under the same key and tweak.
                assertThat(c.doFinal(pt)).as(as + " again").isEqualTo(ct);
                c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(keys, "SM4"), new IvParameterSpec(tweak));
                assertThat(path.run(c, ct, r)).as(as + " decrypt").isEqualTo(pt);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void refusesDataUnitsShorterThanOneBlockAndCarriesOn(Variant variant) throws Exception {
        String transformation = variant == Variant.GB_T_17964 ? GB : IEEE;
        byte[] keys = CipherPaths.bytes(new SplittableRandom(9), 32);
        Cipher c = Cipher.getInstance(transformation, GMFLUX);
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keys, "SM4"), new IvParameterSpec(new byte[16]));
        for (int len = 0; len < 16; len++) {
            byte[] in = new byte[len];
            assertThatThrownBy(() -> c.doFinal(in)).as("len " + len)
                    .isInstanceOf(IllegalBlockSizeException.class).hasMessageContaining("16 to 2^24");
            assertThatThrownBy(() -> c.doFinal(in, 0, in.length, new byte[64], 0)).as("len " + len + " into output")
                    .isInstanceOf(IllegalBlockSizeException.class);
        }
        // Ten bytes by update, five more at doFinal: still one short unit.
        assertThat(c.update(new byte[10])).isEmpty();
        assertThatThrownBy(() -> c.doFinal(new byte[5])).isInstanceOf(IllegalBlockSizeException.class);
        // The failed units are gone: the next one is whole.
        assertThat(c.doFinal(new byte[16])).hasSize(16);
    }

    @Test
    void aShortOutputBufferConsumesNothing() throws Exception {
        byte[] keys = CipherPaths.bytes(new SplittableRandom(10), 32);
        byte[] pt = CipherPaths.bytes(new SplittableRandom(11), 40);
        Cipher c = Cipher.getInstance(GB, GMFLUX);
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keys, "SM4"), new IvParameterSpec(new byte[16]));
        byte[] expected = c.doFinal(pt);
        c.update(pt, 0, 7);
        assertThat(c.getOutputSize(33)).isEqualTo(40);
        assertThatThrownBy(() -> c.doFinal(pt, 7, 33, new byte[39], 0)).isInstanceOf(ShortBufferException.class);
        byte[] out = new byte[40];
        assertThat(c.doFinal(pt, 7, 33, out, 0)).isEqualTo(40);
        assertThat(out).isEqualTo(expected);
    }

    @Test
    void refusesBadKeysAndTweaks() throws Exception {
        Cipher c = Cipher.getInstance(GB, GMFLUX);
        SecretKeySpec key = new SecretKeySpec(CipherPaths.bytes(new SplittableRandom(12), 32), "SM4");
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, key)).as("no tweak")
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("tweak");
        assertThatThrownBy(() -> c.init(Cipher.DECRYPT_MODE, key, (IvParameterSpec) null)).as("null tweak")
                .isInstanceOf(InvalidAlgorithmParameterException.class);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[12])))
                .isInstanceOf(InvalidAlgorithmParameterException.class).hasMessageContaining("16 bytes");
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, new byte[16])))
                .isInstanceOf(InvalidAlgorithmParameterException.class);
        assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "SM4"),
                new IvParameterSpec(new byte[16]))).isInstanceOf(InvalidKeyException.class).hasMessageContaining("256");
        assertThatThrownBy(() -> c.update(new byte[16])).as("never initialised").isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Cipher.getInstance("SM4/XTS-GB/PKCS5Padding", GMFLUX))
                .isInstanceOf(NoSuchAlgorithmException.class);
    }

    /**
     * Attack: a key whose halves are equal makes the tweak mask E_K(tweak) computable by anyone who
     * can get a chosen block encrypted; encryption under such a key is refused. Decryption is
     * allowed, so that data written by others (gmsm's all-zero-key vectors) stays readable.
     */
    @Test
    void refusesToEncryptUnderAKeyWithEqualHalves() throws Exception {
        byte[] half = CipherPaths.bytes(new SplittableRandom(13), 16);
        byte[] keys = new byte[32];
        System.arraycopy(half, 0, keys, 0, 16);
        System.arraycopy(half, 0, keys, 16, 16);
        for (String t : new String[] {GB, IEEE}) {
            Cipher c = Cipher.getInstance(t, GMFLUX);
            assertThatThrownBy(() -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keys, "SM4"),
                    new IvParameterSpec(new byte[16]))).as(t)
                    .isInstanceOf(InvalidKeyException.class).hasMessageContaining("independent");
            c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(keys, "SM4"), new IvParameterSpec(new byte[16]));
            byte[] ct = new byte[32];
            Variant variant = t.equals(GB) ? Variant.GB_T_17964 : Variant.IEEE_1619;
            byte[] pt = CipherPaths.bytes(new SplittableRandom(14), 32);
            new Sm4Xts(Sm4.newTableEngine(half), Sm4.newTableEngine(half), variant).encrypt(new byte[16], pt, 0, 32, ct, 0);
            assertThat(c.doFinal(ct)).as(t).isEqualTo(pt);
        }
    }

    @Test
    void reportsTheTweakAsItsIvAndParameters() throws Exception {
        byte[] tweak = CipherPaths.bytes(new SplittableRandom(15), 16);
        Cipher c = Cipher.getInstance(IEEE, GMFLUX);
        assertThat(c.getIV()).isNull();
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(CipherPaths.bytes(new SplittableRandom(16), 32), "SM4"),
                new IvParameterSpec(tweak));
        assertThat(c.getIV()).isEqualTo(tweak);
        assertThat(c.getParameters().getParameterSpec(IvParameterSpec.class).getIV()).isEqualTo(tweak);
        assertThat(c.getBlockSize()).isEqualTo(16);
    }

    private static SecretKeySpec key(ExtraVectors.Record v) {
        byte[] k = Arrays.copyOf(v.hex("datakey"), 32);
        System.arraycopy(v.hex("tweakkey"), 0, k, 16, 16);
        return new SecretKeySpec(k, "SM4");
    }
}
