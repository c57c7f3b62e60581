package io.gmflux.codecs.fuzz;

import io.gmflux.codecs.format.GmfluxOutputStream;
import io.gmflux.codecs.format.Sm2Recipient;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.jca.GmfluxProvider;
import io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo;
import io.gmflux.codecs.sm2.Sm2Cipher;
import io.gmflux.codecs.sm2.Sm2CiphertextEncoding;
import io.gmflux.codecs.sm2.Sm2CiphertextLayout;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import io.gmflux.codecs.sm2.Sm2Signer;
import io.gmflux.codecs.sm9.Sm9Cipher;
import io.gmflux.codecs.sm9.Sm9CipherMode;
import io.gmflux.codecs.sm9.Sm9CiphertextEncoding;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import io.gmflux.codecs.sm9.Sm9SignPrivateKey;
import io.gmflux.codecs.sm9.Sm9Signer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * Writes the fuzz targets' seeds (valid encodings under {@link FuzzKeys}) into Jazzer's input
 * folders, {@code src/test/resources/io/gmflux/codecs/fuzz/<Class>Inputs/<method>/}. Run once from
 * the codecs folder: {@code java -cp target/classes:target/test-classes io.gmflux.codecs.fuzz.FuzzSeeds};
 * its output is committed, so a run only adds to what is there.
 */
public final class FuzzSeeds {

    private static final Path ROOT = Path.of("src/test/resources/io/gmflux/codecs/fuzz");

    private FuzzSeeds() {
    }

    public static void main(String[] args) throws Exception {
        SecureRandom rnd = new SecureRandom();
        Sm2PublicKey sm2Pub = FuzzKeys.SM2.publicKey();
        byte[] spki = Sm2KeyEncoding.toSpki(sm2Pub);
        byte[] pkcs8 = Sm2KeyEncoding.toPkcs8(FuzzKeys.SM2);
        String pubPem = Sm2KeyEncoding.toPem(sm2Pub);
        String privPem = Sm2KeyEncoding.toPem(FuzzKeys.SM2);
        byte[] epki = EncryptedPrivateKeyInfo.encrypt(pkcs8, FuzzKeys.PASSPHRASE,
                EncryptedPrivateKeyInfo.Prf.values()[0], EncryptedPrivateKeyInfo.MIN_ITERATIONS, rnd).toDer();

        write("DerFuzzTest", "derReader", "spki", spki);
        write("DerFuzzTest", "derReader", "pkcs8", pkcs8);
        write("DerFuzzTest", "derReader", "epki", epki);
        write("DerFuzzTest", "pem", "public", ascii(pubPem));
        write("DerFuzzTest", "pem", "private", ascii(privPem));
        write("KeyFuzzTest", "spki", "sm2", spki);
        write("KeyFuzzTest", "pkcs8", "sm2", pkcs8);
        write("KeyFuzzTest", "encryptedPkcs8", "sm2", epki);
        write("KeyFuzzTest", "keyText", "sm2-public", ascii(pubPem));
        write("KeyFuzzTest", "keyText", "sm2-private", ascii(privPem));
        write("KeyFuzzTest", "keyText", "sm9-master", ascii(Sm9KeyEncoding.toPem(FuzzKeys.SM9_ENC_MASTER.publicKey())));
        write("KeyFuzzTest", "keyText", "sm9-private", ascii(Sm9KeyEncoding.toPem(FuzzKeys.SM9_ENC)));

        Sm2Signer signer = new Sm2Signer(FuzzKeys.SM2);
        write("Sm2FuzzTest", "signatureDer", "sig", signer.signDer(FuzzKeys.text(31)));
        Sm2Cipher sm2 = new Sm2Cipher(rnd);
        int i = 0;
        for (byte[] plain : FuzzKeys.PLAINTEXTS) {
            if (plain.length == 0) {
                continue;
            }
            byte[] c132 = sm2.encrypt(sm2Pub, plain, Sm2CiphertextLayout.C1C3C2);
            byte[] c123 = sm2.encrypt(sm2Pub, plain, Sm2CiphertextLayout.C1C2C3);
            byte[] der = Sm2CiphertextEncoding.toDer(c132, Sm2CiphertextLayout.C1C3C2);
            write("Sm2FuzzTest", "decrypt", "c1c3c2-" + i, cat((byte) 0, c132));
            write("Sm2FuzzTest", "decrypt", "c1c2c3-" + i, cat((byte) 1, c123));
            write("Sm2FuzzTest", "decrypt", "der-" + i, cat((byte) 2, der));
            write("Sm2FuzzTest", "ciphertextEncoding", "der-" + i, cat((byte) 0, der));
            write("JcaDecryptFuzzTest", "sm2Cipher", "c1c3c2-" + i, c132);
            i++;
        }

        Sm9SignPrivateKey sm9Sign = FuzzKeys.SM9_SIGN_MASTER.extractUserKey(FuzzKeys.SM9_ID);
        write("Sm9FuzzTest", "signatureDer", "sig", new Sm9Signer(sm9Sign).signDer(FuzzKeys.text(31)));
        byte[][] keys = {
            Sm9KeyEncoding.toDer(FuzzKeys.SM9_SIGN_MASTER.publicKey()),
            Sm9KeyEncoding.toDer(FuzzKeys.SM9_ENC_MASTER.publicKey()),
            Sm9KeyEncoding.toDer(FuzzKeys.SM9_SIGN_MASTER),
            Sm9KeyEncoding.toDer(FuzzKeys.SM9_ENC_MASTER),
            Sm9KeyEncoding.toDer(sm9Sign),
            Sm9KeyEncoding.toDer(FuzzKeys.SM9_ENC),
            Sm9KeyEncoding.toGmsslPkcs8(FuzzKeys.SM9_SIGN_MASTER),
            Sm9KeyEncoding.toGmsslPkcs8(FuzzKeys.SM9_ENC),
        };
        for (int k = 0; k < keys.length; k++) {
            write("Sm9FuzzTest", "keys", "key-" + k, cat((byte) k, keys[k]));
        }
        for (Sm9CipherMode mode : Sm9CipherMode.values()) {
            byte[] raw = new Sm9Cipher(mode, rnd).encrypt(FuzzKeys.SM9_ENC_MASTER.publicKey(), FuzzKeys.SM9_ID,
                    FuzzKeys.text(31));
            byte[] der = Sm9CiphertextEncoding.toDer(raw, mode);
            write("Sm9FuzzTest", "decrypt", "raw-" + mode, cat((byte) (mode == Sm9CipherMode.STREAM ? 0 : 1), raw));
            write("Sm9FuzzTest", "decrypt", "der-" + mode, cat((byte) 2, der));
            write("Sm9FuzzTest", "ciphertextDer", "der-" + mode, der);
        }

        for (Suite suite : new Suite[] {Suite.SM4_GCM, Suite.ZUC128_EEA3_EIA3,
                Suite.SM4_CTR_HMAC_SM3}) {
            for (int p : new int[] {0, 100, 5000}) {
                StreamSpec spec = StreamSpec.builder().suite(suite).chunkSize(4096)
                        .recipient(new Sm2Recipient(sm2Pub)).build();
                ByteArrayOutputStream sealed = new ByteArrayOutputStream();
                try (GmfluxOutputStream o = new GmfluxOutputStream(sealed, spec)) {
                    o.write(FuzzKeys.text(p));
                }
                String name = suite.name().toLowerCase() + "-" + p;
                write("StreamFuzzTest", "inputStream", name, sealed.toByteArray());
                write("StreamFuzzTest", "decryptor", name, sealed.toByteArray());
                if (p == 0) {
                    write("StreamFuzzTest", "header", name, sealed.toByteArray());
                }
            }
        }

        GmfluxProvider provider = new GmfluxProvider();
        for (String mode : new String[] {"GCM", "CCM"}) {
            int j = 0;
            for (byte[] plain : FuzzKeys.PLAINTEXTS) {
                byte[] nonce = new byte[12];
                rnd.nextBytes(nonce);
                Cipher c = Cipher.getInstance("SM4/" + mode + "/NoPadding", provider);
                c.init(Cipher.ENCRYPT_MODE, FuzzKeys.SM4, new GCMParameterSpec(128, nonce));
                c.updateAAD(FuzzKeys.AAD);
                write("JcaDecryptFuzzTest", "sm4" + mode.charAt(0) + mode.substring(1).toLowerCase(), "seed-" + j++,
                        cat(nonce, c.doFinal(plain)));
            }
        }
        byte[] iv = new byte[16];
        rnd.nextBytes(iv);
        Cipher cbc = Cipher.getInstance("SM4/CBC/PKCS5Padding", provider);
        cbc.init(Cipher.ENCRYPT_MODE, FuzzKeys.SM4, new IvParameterSpec(iv));
        write("JcaDecryptFuzzTest", "sm4CbcPadding", "seed", cat(iv, cbc.doFinal(FuzzKeys.text(100))));
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] cat(byte first, byte[] rest) {
        return cat(new byte[] {first}, rest);
    }

    private static byte[] cat(byte[] a, byte[] b) {
        byte[] r = new byte[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    private static void write(String testClass, String method, String name, byte[] data) throws Exception {
        Path dir = ROOT.resolve(testClass + "Inputs").resolve(method);
        Files.createDirectories(dir);
        Files.write(dir.resolve("seed-" + name), data);
    }
}
