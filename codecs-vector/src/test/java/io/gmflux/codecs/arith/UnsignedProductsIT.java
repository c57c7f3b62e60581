package io.gmflux.codecs.arith;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * After package, on Java 25 (failsafe's JVM): the packaged gmflux-codecs jar is multi-release and this JVM loads its
 * {@code META-INF/versions/18} UnsignedProducts (Math.unsignedMultiplyHigh), whose products agree with BigInteger on
 * the same edge and random operands as the base version's (codecs' UnsignedProductsTest). The SM2 and SM9 field tests
 * run over it in failsafe's execution codecs-field-its.
 */
class UnsignedProductsIT {

    @Test
    void theJarCarriesTheVersionedClassAndThisJvmLoadsIt() throws Exception {
        assertThat(Runtime.version().feature()).isGreaterThanOrEqualTo(18);
        Path jar = Path.of(UnsignedProducts.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertThat(jar.toString()).as("loaded from the packaged jar").endsWith(".jar");
        try (JarFile f = new JarFile(jar.toFile())) {
            assertThat(f.getManifest().getMainAttributes().getValue("Multi-Release")).isEqualTo("true");
            assertThat(f.getEntry("META-INF/versions/18/io/gmflux/codecs/arith/UnsignedProducts.class")).isNotNull();
        }
        assertThat(UnsignedProducts.implementation()).isEqualTo("unsigned");
    }

    @Test
    void theVersionedProductsAgreeWithBigInteger() {
        new UnsignedProductsTest().agreesWithBigInteger();
    }
}
