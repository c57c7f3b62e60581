package io.gmflux.codecs.jca;

import static io.gmflux.codecs.jca.CipherPaths.BC;
import static io.gmflux.codecs.jca.CipherPaths.GMFLUX;
import static io.gmflux.codecs.jca.CipherPaths.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.testing.Vectors;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.Provider;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Sm3DigestSpiTest {

    @Test
    void agreesWithBouncyCastleOnRandomInputs() throws Exception {
        long seed = 0x53330L;
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < 300; i++) {
            byte[] msg = bytes(rnd, CipherPaths.length(rnd, 1));
            byte[] expected = MessageDigest.getInstance("SM3", BC).digest(msg);
            for (Provider p : List.of(GMFLUX, BC)) {
                String what = p.getName() + ", seed " + seed + " case " + i + ", " + msg.length + " bytes";
                MessageDigest md = MessageDigest.getInstance("SM3", p);
                int half = feed(md, msg, rnd);
                // A clone taken mid-message finishes the same message independently.
                MessageDigest copy = (MessageDigest) md.clone();
                feedRest(md, msg, half);
                feedRest(copy, msg, half);
                byte[] out = new byte[40];
                assertThat(md.digest(out, 5, 32)).isEqualTo(32);
                assertThat(Arrays.copyOfRange(out, 5, 37)).as(what).isEqualTo(expected);
                assertThat(copy.digest()).as("clone " + what).isEqualTo(expected);
                // digest() reset the state.
                assertThat(md.digest(msg)).as("again " + what).isEqualTo(expected);
            }
        }
    }

    /** Feeds the first part of msg in random pieces through every update form; returns where it stopped. */
    private static int feed(MessageDigest md, byte[] msg, SplittableRandom rnd) {
        int stop = rnd.nextInt(msg.length + 1);
        int pos = 0;
        while (pos < stop) {
            int n = CipherPaths.nextPiece(rnd, stop - pos);
            switch (rnd.nextInt(4)) {
                case 0:
                    md.update(msg, pos, n);
                    break;
                case 1:
                    ByteBuffer d = ByteBuffer.allocateDirect(n);
                    d.put(msg, pos, n).flip();
                    md.update(d);
                    break;
                case 2:
                    md.update(ByteBuffer.wrap(msg, pos, n));
                    break;
                default:
                    for (int j = 0; j < n; j++) {
                        md.update(msg[pos + j]);
                    }
            }
            pos += n;
        }
        return stop;
    }

    private static void feedRest(MessageDigest md, byte[] msg, int from) {
        md.update(msg, from, msg.length - from);
    }

    @Test
    void producesTheStandardDigests() throws Exception {
        for (JsonNode v : Vectors.list("sm3", "hash")) {
            assertThat(MessageDigest.getInstance("SM3", GMFLUX).digest(Vectors.hex(v, "message")))
                    .as(v.get("id").asText()).isEqualTo(Vectors.hex(v, "digest"));
        }
    }

    @Test
    void refusesAShortDigestBuffer() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SM3", GMFLUX);
        assertThatThrownBy(() -> md.digest(new byte[40], 0, 31)).isInstanceOf(DigestException.class);
        assertThat(md.getDigestLength()).isEqualTo(32);
    }
}
