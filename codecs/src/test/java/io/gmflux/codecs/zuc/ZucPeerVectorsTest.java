package io.gmflux.codecs.zuc;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.testing.PeerVectors;
import io.gmflux.codecs.testing.PeerVectors.Case;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ZUC-128 and ZUC-256 keystreams, 128-EEA3/EIA3, the raw-IV ZUC-128 MAC and the ZUC-256 MAC
 * against the other implementations' test vectors (ZUC-256 IVs in both the 25-byte and the packed
 * 23-byte form, as each peer gives them).
 */
class ZucPeerVectorsTest {

    private static final String GMSM_FINISH = "gmsm's ZUC256Mac.checkSum reads the keystream window of a message's"
            + " last partial 32-bit word from k0[kIdx..], whose first words its full-word loop has already shifted;"
            + " for 64- and 128-bit tags over a length that is not a multiple of 32 bits its tag's leading words"
            + " come out wrong, its last word right, and its expected values were made by that code";

    /**
     * Peer values that are wrong, by {@code from=}: gmflux must instead match the test-only bit-by-bit
     * ZUC-256 MAC ({@link ZucReference}, over BouncyCastle's keystream).
     */
    private static final Map<String, String> PEER_ERRATA = Map.of(
            "zuc/eia_test.go#TestEIA256_Finish[1]", GMSM_FINISH,
            "zuc/eia_test.go#TestEIA256_Finish[2]", GMSM_FINISH);

    static Stream<Case> zuc128Keystreams() {
        return PeerVectors.of("zuc128-ks", "bc", "gmsm", "gmssl");
    }

    static Stream<Case> zuc256Keystreams() {
        return PeerVectors.of("zuc256-ks", "bc", "gmsm", "gmssl");
    }

    static Stream<Case> zuc128Macs() {
        return PeerVectors.of("zuc128-mac", "bc");
    }

    static Stream<Case> zuc256Macs() {
        return PeerVectors.of("zuc256-mac", "bc", "gmsm", "gmssl");
    }

    static Stream<Case> eea3() {
        return PeerVectors.of("eea3", "gmsm", "gmssl");
    }

    static Stream<Case> eia3() {
        return PeerVectors.of("eia3", "gmsm", "gmssl");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("zuc128Keystreams")
    void zuc128KeystreamAsThePeerDoes(Case c) {
        byte[] ks = new byte[c.hex("ks").length];
        new Zuc128(c.hex("key"), c.hex("iv")).keystream(ks, 0, ks.length);
        assertThat(ks).as("%s", c).isEqualTo(c.hex("ks"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("zuc256Keystreams")
    void zuc256KeystreamAsThePeerDoes(Case c) {
        byte[] ks = new byte[c.hex("ks").length];
        new Zuc256(c.hex("key"), c.hex("iv")).keystream(ks, 0, ks.length);
        assertThat(ks).as("%s", c).isEqualTo(c.hex("ks"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("zuc128Macs")
    void zuc128MacAsThePeerDoes(Case c) {
        assertThat(c.integer("tagbits")).as("%s", c).isEqualTo(32);
        byte[] msg = c.hex("msg");
        assertThat(c.integer("bits")).as("%s", c).isEqualTo(8 * msg.length);
        Zuc128Mac mac = new Zuc128Mac(c.hex("key"), c.hex("iv"));
        mac.update(msg, 0, msg.length / 2);
        mac.update(msg, msg.length / 2, msg.length - msg.length / 2);
        assertThat(mac.doFinal()).as("%s", c).isEqualTo(c.hex("mac"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("zuc256Macs")
    void zuc256MacAsThePeerDoes(Case c) {
        byte[] key = c.hex("key");
        byte[] iv = c.hex("iv");
        byte[] msg = c.hex("msg");
        long bits = Long.parseLong(c.text("bits"));
        int tagBits = c.integer("tagbits");
        byte[] mac = Zuc256Mac.mac(key, iv, tagBits, msg, 0, bits);
        String erratum = PEER_ERRATA.get(c.text("from"));
        if (erratum == null) {
            assertThat(mac).as("%s", c).isEqualTo(c.hex("mac"));
        } else {
            byte[] iv25 = iv.length == Zuc256.IV_LENGTH ? iv : ZucReference.unpackIv(iv);
            assertThat(mac).as("%s: the bit-by-bit definition decides (%s)", c, erratum)
                    .isEqualTo(ZucReference.zuc256Mac(key, iv25, tagBits, msg, bits))
                    .isNotEqualTo(c.hex("mac"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("eea3")
    void eea3AsThePeerDoes(Case c) {
        byte[] pt = c.hex("pt");
        byte[] out = new byte[pt.length];
        Eea3.apply(c.hex("key"), (int) Long.parseLong(c.text("count")), c.integer("bearer"), c.integer("direction"),
                pt, 0, Long.parseLong(c.text("bits")), out, 0);
        assertThat(out).as("%s", c).isEqualTo(c.hex("ct"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("eia3")
    void eia3AsThePeerDoes(Case c) {
        int mac = Eia3.mac(c.hex("key"), (int) Long.parseLong(c.text("count")), c.integer("bearer"),
                c.integer("direction"), c.hex("msg"), 0, Long.parseLong(c.text("bits")));
        assertThat(ByteBuffer.allocate(4).putInt(mac).array()).as("%s", c).isEqualTo(c.hex("mac"));
    }
}
