package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.testing.Vectors;
import org.junit.jupiter.api.Test;

class PairingTest {

    static long[] g1(byte[] enc) {
        long[] p = new long[8];
        assertThat(Sm9Codec.decodeG1(p, 0, enc)).isTrue();
        return p;
    }

    static long[] g2(byte[] enc) {
        long[] p = new long[16];
        assertThat(Sm9Codec.decodeG2(p, 0, enc, new Workspace())).as("G2 decode").isTrue();
        return p;
    }

    static byte[] pair(long[] p, long[] q) {
        Workspace w = new Workspace();
        long[] r = new long[48];
        Pairing.pair(r, 0, p, 0, Pairing.prepare(q, 0, w), w);
        return Sm9Codec.encodeGt(r, 0);
    }

    @Test
    void matchesTheStandardsSignatureExampleG() {
        JsonNode v = Vectors.list("sm9", "signature").get(0);
        long[] p1 = g1(Hex.decode(Sm9Curve.P1_HEX.length() == 128 ? "04" + Sm9Curve.P1_HEX : ""));
        long[] ppub = g2(Vectors.hex(v.get("master_public_key_Ppub_s"), "encoded"));
        assertThat(Hex.encode(pair(p1, ppub))).isEqualTo(Hex.encode(Vectors.hex(v, "g")));
    }
}
