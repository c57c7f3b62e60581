package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;
import javax.crypto.Cipher;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SecretKeyGeneratorSpiTest {

    @ParameterizedTest
    @CsvSource({"SM4, 16", "1.2.156.10197.1.104.8, 16", "HmacSM3, 32", "ZUC-128, 16", "ZUC-256, 32"})
    void generatesKeysLikeBouncyCastle(String algorithm, int bytes) throws Exception {
        SecretKey bc = KeyGenerator.getInstance(algorithm, BC).generateKey();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            SecretKey k = KeyGenerator.getInstance(algorithm, GMFLUX).generateKey();
            assertThat(k.getEncoded()).hasSize(bytes);
            assertThat(k.getAlgorithm()).isEqualTo(bc.getAlgorithm());
            assertThat(k.getFormat()).isEqualTo("RAW");
            seen.add(java.util.HexFormat.of().formatHex(k.getEncoded()));
        }
        assertThat(seen).as("fresh randomness per key").hasSize(50);
    }

    @Test
    void generatedKeysWorkInBothProviders() throws Exception {
        KeyGenerator g = KeyGenerator.getInstance("ZUC-256", GMFLUX);
        g.init(new SecureRandom());
        SecretKey k = g.generateKey();
        Cipher c = Cipher.getInstance("ZUC-256", BC);
        c.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(new byte[25]));
        assertThat(c.doFinal(new byte[3])).hasSize(3);
    }

    @Test
    void honoursSizesAndRefusesUnusableOnes() throws Exception {
        KeyGenerator hmac = KeyGenerator.getInstance("HMAC-SM3", GMFLUX);
        hmac.init(100);
        assertThat(hmac.generateKey().getEncoded()).hasSize(13);
        KeyGenerator sm4 = KeyGenerator.getInstance("SM4", GMFLUX);
        sm4.init(128);
        assertThat(sm4.generateKey().getEncoded()).hasSize(16);
        assertThatThrownBy(() -> sm4.init(256)).isInstanceOf(InvalidParameterException.class);
        assertThatThrownBy(() -> KeyGenerator.getInstance("ZUC-128", GMFLUX).init(256))
                .isInstanceOf(InvalidParameterException.class);
    }
}
