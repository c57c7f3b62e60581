package io.gmflux.codecs.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** BouncyCastle is an optional dependency: codecs works without it unless ML-KEM is used. */
class OptionalBouncyCastleTest {

    @Test
    void codecsRunsWithoutBouncyCastleAndMlKemSaysWhatIsMissing() throws Exception {
        URL main = KeyText.class.getProtectionDomain().getCodeSource().getLocation();
        URL test = WithoutBouncyCastle.class.getProtectionDomain().getCodeSource().getLocation();
        assertThat(Path.of(main.toURI()).toString()).doesNotContain("bcprov");
        String pem = MlKem768PrivateKey.generate(new SecureRandom()).recipient().toPem();
        // the parent is the platform loader: java.* only, no BouncyCastle, no test libraries
        try (URLClassLoader isolated = new URLClassLoader(new URL[] {main, test}, ClassLoader.getPlatformClassLoader())) {
            assertThatBouncyCastleIsHidden(isolated);
            @SuppressWarnings("unchecked")
            Function<String, String> run = (Function<String, String>) isolated
                    .loadClass(WithoutBouncyCastle.class.getName()).getConstructor().newInstance();
            String report = run.apply(pem);
            assertThat(report).contains("sm2 round trip: true")
                    .contains("generate: NoSuchAlgorithmException: ML-KEM-768 needs BouncyCastle on the class path")
                    .contains("key text: NoSuchAlgorithmException: ML-KEM-768 needs BouncyCastle");
        }
    }

    private static void assertThatBouncyCastleIsHidden(ClassLoader loader) {
        try {
            loader.loadClass("org.bouncycastle.crypto.kems.MLKEMGenerator");
            throw new AssertionError("BouncyCastle is visible to the isolated loader");
        } catch (ClassNotFoundException expected) {
            // as intended
        }
    }
}
