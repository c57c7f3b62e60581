package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.AlgorithmParameterGenerator;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.util.HashSet;
import java.util.Set;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RandomIvParameterGeneratorSpiTest {

    @ParameterizedTest
    @CsvSource({"SM4, SM4/CBC/PKCS5Padding", "1.2.156.10197.1.104.2, SM4/CFB/NoPadding",
        "SM4-GCM, SM4/GCM/NoPadding", "SM4-CCM, SM4/CCM/NoPadding", "1.2.156.10197.1.104.9, SM4-CCM"})
    void generatesFreshParametersShapedLikeBouncyCastlesThatBothProvidersAccept(String algorithm, String transformation)
            throws Exception {
        AlgorithmParameters reference = AlgorithmParameterGenerator.getInstance(algorithm, BC).generateParameters();
        SecretKey key = new SecretKeySpec(new byte[16], "SM4");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            AlgorithmParameterGenerator g = AlgorithmParameterGenerator.getInstance(algorithm, GMFLUX);
            g.init(128);
            AlgorithmParameters p = g.generateParameters();
            // Same shape: the encodings differ only in the random nonce bytes.
            assertThat(p.getEncoded()).hasSameSizeAs(reference.getEncoded());
            assertThat(p.getParameterSpec(IvParameterSpec.class).getIV())
                    .hasSameSizeAs(reference.getParameterSpec(IvParameterSpec.class).getIV());
            seen.add(java.util.HexFormat.of().formatHex(p.getEncoded()));
            byte[] ct = null;
            for (var provider : java.util.List.of(GMFLUX, BC)) {
                Cipher c = Cipher.getInstance(transformation, provider);
                c.init(Cipher.ENCRYPT_MODE, key, p);
                byte[] out = c.doFinal(new byte[20]);
                if (ct != null) {
                    assertThat(out).as(provider.getName()).isEqualTo(ct);
                }
                ct = out;
            }
        }
        assertThat(seen).hasSize(50);
        AlgorithmParameterGenerator g = AlgorithmParameterGenerator.getInstance(algorithm, GMFLUX);
        assertThatThrownBy(() -> g.init(new IvParameterSpec(new byte[16])))
                .isInstanceOf(InvalidAlgorithmParameterException.class);
    }
}
