package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static io.gmflux.codecs.jca.CipherPaths.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Provider;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ZucMacSpiTest {

    private static final List<Provider> BOTH = List.of(GMFLUX, BC);

    private static boolean is128(String algorithm) {
        return algorithm.equals("ZUC-128");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ZUC-128", "ZUC-256", "ZUC-256-128", "ZUC-256-64", "ZUC-256-32"})
    void agreesWithBouncyCastleOnRandomInputs(String algorithm) throws Exception {
        long seed = 0x3AC0000L + algorithm.hashCode();
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 200; i++) {
            SecretKey key = new SecretKeySpec(bytes(rnd, is128(algorithm) ? 16 : 32), algorithm);
            IvParameterSpec iv = new IvParameterSpec(bytes(rnd, is128(algorithm) ? 16 : 25));
            // BouncyCastle's ZUC-256 stops after 625 keystream words; Gmflux has no such cap.
            byte[] msg = bytes(rnd, Math.min(CipherPaths.length(rnd, 1), is128(algorithm) ? 4096 : 2400));
            Mac ref = Mac.getInstance(algorithm, BC);
            ref.init(key, iv);
            byte[] expected = ref.doFinal(msg);
            for (Provider p : BOTH) {
                String what = algorithm + " via " + p.getName() + ", seed " + seed + " case " + i + ", " + msg.length + " bytes";
                Mac m = Mac.getInstance(algorithm, p);
                m.init(key, iv);
                assertThat(m.getMacLength()).isEqualTo(expected.length);
                feedInPieces(m, msg, rnd);
                assertThat(m.doFinal()).as(what).isEqualTo(expected);
                // doFinal restarted for the same key and IV; reset drops a partial message.
                m.update(msg, 0, msg.length / 2);
                m.reset();
                assertThat(m.doFinal(msg)).as("after reset " + what).isEqualTo(expected);
            }
        }
    }

    static void feedInPieces(Mac m, byte[] msg, SplittableRandom rnd) {
        int pos = 0;
        while (pos < msg.length) {
            int n = CipherPaths.nextPiece(rnd, msg.length - pos);
            switch (rnd.nextInt(3)) {
                case 0:
                    m.update(msg, pos, n);
                    break;
                case 1:
                    ByteBuffer direct = ByteBuffer.allocateDirect(n);
                    direct.put(msg, pos, n).flip();
                    m.update(direct);
                    break;
                default:
                    for (int j = 0; j < n; j++) {
                        m.update(msg[pos + j]);
                    }
            }
            pos += n;
        }
    }

    @Test
    void producesTheStandardTags() throws Exception {
        for (JsonNode v : Vectors.list("zuc256", "mac")) {
            if (v.get("length_bits").asLong() % 8 != 0) {
                continue; // the JCA Mac is byte-oriented
            }
            for (String[] t : new String[][] {{"ZUC-256-32", "tag_32"}, {"ZUC-256-64", "tag_64"}, {"ZUC-256", "tag_128"}}) {
                for (String ivField : new String[] {"iv_25", "iv_packed_23"}) {
                    Mac m = Mac.getInstance(t[0], GMFLUX);
                    m.init(new SecretKeySpec(Vectors.hex(v, "key"), "ZUC"), new IvParameterSpec(Vectors.hex(v, ivField)));
                    byte[] msg = Vectors.hex(v, "message");
                    m.update(msg, 0, (int) (v.get("length_bits").asLong() / 8));
                    assertThat(m.doFinal()).as(v.get("id").asText() + " " + t[0] + " " + ivField)
                            .isEqualTo(Vectors.hex(v, t[1]));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ZUC-128", "ZUC-256"})
    void needsAnIvAndRightLengths(String algorithm) throws Exception {
        SecretKey key = new SecretKeySpec(new byte[is128(algorithm) ? 16 : 32], algorithm);
        for (Provider p : BOTH) {
            Mac m = Mac.getInstance(algorithm, p);
            assertThatThrownBy(() -> m.init(key)).as(p.getName()).isInstanceOf(InvalidKeyException.class);
        }
        Mac m = Mac.getInstance(algorithm, GMFLUX);
        assertThatThrownBy(() -> m.init(key, new IvParameterSpec(new byte[is128(algorithm) ? 15 : 24])))
                .isInstanceOf(InvalidAlgorithmParameterException.class);
        assertThatThrownBy(() -> m.init(new SecretKeySpec(new byte[is128(algorithm) ? 32 : 16], algorithm),
                new IvParameterSpec(new byte[is128(algorithm) ? 16 : 25]))).isInstanceOf(InvalidKeyException.class);
    }
}
