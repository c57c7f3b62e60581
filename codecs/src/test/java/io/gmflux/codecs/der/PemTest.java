package io.gmflux.codecs.der;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PemTest {

    @Test
    void roundTripsRandomBlocksWithSixtyFourCharacterLines() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5eed_0004L);
        for (int c = 0; c < 500; c++) {
            byte[] der = new byte[rnd.nextInt(0, 2000)];
            rnd.nextBytes(der);
            String pem = Pem.encode("PUBLIC KEY", der);
            assertThat(pem).startsWith("-----BEGIN PUBLIC KEY-----\n").endsWith("-----END PUBLIC KEY-----\n");
            for (String line : pem.split("\n")) {
                assertThat(line.length()).isLessThanOrEqualTo(64 + 30);
                if (!line.startsWith("-----")) {
                    assertThat(line.length()).isLessThanOrEqualTo(64);
                }
            }
            assertThat(Pem.decode(pem, "PUBLIC KEY")).isEqualTo(der);
            // CRLF line endings and surrounding text, as other tools write them
            String crlf = "Bag Attributes\r\n" + pem.replace("\n", "\r\n") + "trailer\r\n";
            assertThat(Pem.decode(crlf, "PUBLIC KEY")).isEqualTo(der);
        }
    }

    @Test
    void findsEachBlockOfSeveral() throws Exception {
        String text = Pem.encode("PRIVATE KEY", new byte[] {1, 2, 3}) + "\n" + Pem.encode("PUBLIC KEY", new byte[] {4, 5});
        List<Pem.Block> blocks = Pem.decodeAll(text);
        assertThat(blocks).extracting(Pem.Block::label).containsExactly("PRIVATE KEY", "PUBLIC KEY");
        assertThat(Pem.decode(text, "PUBLIC KEY")).containsExactly(4, 5);
    }

    @Test
    void rejectsMissingWrongOrDuplicateBlocks() {
        String pub = Pem.encode("PUBLIC KEY", new byte[] {4, 5});
        assertThatThrownBy(() -> Pem.decode(pub, "PRIVATE KEY")).isInstanceOf(DerFormatException.class)
                .hasMessageContaining("no 'PRIVATE KEY'");
        assertThatThrownBy(() -> Pem.decode(pub + pub, "PUBLIC KEY")).isInstanceOf(DerFormatException.class)
                .hasMessageContaining("more than one");
        assertThatThrownBy(() -> Pem.decode(pub.replace("-----END PUBLIC KEY-----", ""), "PUBLIC KEY"))
                .isInstanceOf(DerFormatException.class).hasMessageContaining("no END");
        String body = Base64.getEncoder().encodeToString(new byte[] {1, 2, 3});
        assertThatThrownBy(() -> Pem.decode("-----BEGIN X-----\n" + body + "*\n-----END X-----\n", "X"))
                .isInstanceOf(DerFormatException.class).hasMessageContaining("not base64");
        assertThatThrownBy(() -> Pem.decode("-----BEGIN X-----\nAAA\n-----END X-----\n", "X"))
                .isInstanceOf(DerFormatException.class).hasMessageContaining("base64");
    }
}
