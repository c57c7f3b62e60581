package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.testing.PeerVectors;
import io.gmflux.codecs.testing.PeerVectors.Case;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The SM4 block cipher and its unauthenticated modes (ECB, CBC with and without PKCS#7, CFB-128,
 * OFB, CTR) against the other implementations' test vectors, on both engines (table and
 * constant-time). Padding that GmSSL's Wycheproof-style vectors mark invalid must be refused with
 * a {@link GeneralSecurityException} ({@code BadPaddingException} or {@code IllegalBlockSizeException}).
 */
class Sm4PeerVectorsTest {

    private static final List<Function<byte[], Sm4Engine>> ENGINES = List.of(Sm4::newTableEngine, Sm4::newConstantTimeEngine);

    static Stream<Case> blocks() {
        return PeerVectors.of("sm4-ecb", "bc", "gmsm", "gmssl", "kona");
    }

    static Stream<Case> iterations() {
        return PeerVectors.of("sm4-iterate", "bc", "gmsm", "gmssl");
    }

    static Stream<Case> ecbRoundTrips() {
        return PeerVectors.of("sm4-ecb-roundtrip", "gmsm");
    }

    static Stream<Case> cbc() {
        return PeerVectors.of("sm4-cbc", "gmsm", "gmssl");
    }

    static Stream<Case> cbcPadding() {
        return PeerVectors.of("sm4-cbc-pad", "gmssl");
    }

    static Stream<Case> cfb() {
        return PeerVectors.of("sm4-cfb", "gmsm", "gmssl");
    }

    static Stream<Case> ofb() {
        return PeerVectors.of("sm4-ofb", "gmsm", "gmssl");
    }

    static Stream<Case> ctr() {
        return PeerVectors.of("sm4-ctr", "gmsm", "gmssl");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("blocks")
    void encryptsAndDecryptsABlockAsThePeerDoes(Case c) throws Exception {
        checkBothWays(c, e -> Sm4Ecb.encryptor(e, Sm4Padding.NONE), e -> Sm4Ecb.decryptor(e, Sm4Padding.NONE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("iterations")
    void iteratesTheBlockCipherAsThePeerDoes(Case c) {
        // the default engine only: a million blocks on the constant-time engine take seconds,
        // and the other cases check that engine
        Sm4Engine e = Sm4.newTableEngine(c.hex("key"));
        byte[] block = c.hex("pt");
        for (int i = 0; i < c.integer("n"); i++) {
            e.encryptBlocks(block, 0, block, 0, 1);
        }
        assertThat(block).as("%s", c).isEqualTo(c.hex("ct"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ecbRoundTrips")
    void ecbEncryptsBlockByBlockAndRoundTrips(Case c) throws Exception {
        byte[] key = c.hex("key");
        byte[] pt = c.hex("pt");
        byte[] perBlock = pt.clone();
        Sm4.newConstantTimeEngine(key).encryptBlocks(perBlock, 0, perBlock, 0, pt.length / 16);
        for (Function<byte[], Sm4Engine> engine : ENGINES) {
            byte[] ct = Sm4ModeChecks.oneShot(Sm4Ecb.encryptor(engine.apply(key), Sm4Padding.NONE), pt);
            assertThat(ct).as("%s", c).isEqualTo(perBlock).isNotEqualTo(pt);
            assertThat(Sm4ModeChecks.oneShot(Sm4Ecb.decryptor(engine.apply(key), Sm4Padding.NONE), ct)).as("%s", c).isEqualTo(pt);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cbc")
    void cbcAsThePeerDoes(Case c) throws Exception {
        Sm4Padding padding = switch (c.text("pad")) {
            case "none" -> Sm4Padding.NONE;
            case "pkcs7" -> Sm4Padding.PKCS7;
            default -> throw new AssertionError(c + ": unknown padding " + c.text("pad"));
        };
        byte[] iv = c.hex("iv");
        checkBothWays(c, e -> Sm4Cbc.encryptor(e, iv, padding), e -> Sm4Cbc.decryptor(e, iv, padding));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cbcPadding")
    void cbcWithPkcs7AcceptsOnlyValidPadding(Case c) throws Exception {
        byte[] iv = c.hex("iv");
        if (c.valid()) {
            checkBothWays(c, e -> Sm4Cbc.encryptor(e, iv, Sm4Padding.PKCS7), e -> Sm4Cbc.decryptor(e, iv, Sm4Padding.PKCS7));
            return;
        }
        assertThat(c.text("result")).as("%s", c).isEqualTo("invalid");
        for (Function<byte[], Sm4Engine> engine : ENGINES) {
            Sm4Cipher dec = Sm4Cbc.decryptor(engine.apply(c.hex("key")), iv, Sm4Padding.PKCS7);
            assertThatThrownBy(() -> Sm4ModeChecks.oneShot(dec, c.hex("ct"))).as("%s", c).isInstanceOf(GeneralSecurityException.class);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cfb")
    void cfb128AsThePeerDoes(Case c) throws Exception {
        if (c.has("segbytes")) {
            assertThat(c.integer("segbytes")).as("gmflux's CFB feeds back whole blocks").isEqualTo(16);
        }
        byte[] iv = c.hex("iv");
        checkBothWays(c, e -> Sm4Cfb.encryptor(e, iv), e -> Sm4Cfb.decryptor(e, iv));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ofb")
    void ofbAsThePeerDoes(Case c) throws Exception {
        byte[] iv = c.hex("iv");
        checkBothWays(c, e -> Sm4Ofb.encryptor(e, iv), e -> Sm4Ofb.decryptor(e, iv));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ctr")
    void ctrAsThePeerDoes(Case c) throws Exception {
        byte[] iv = c.hex("iv");
        checkBothWays(c, e -> Sm4Ctr.encryptor(e, iv), e -> Sm4Ctr.decryptor(e, iv));
    }

    /** pt encrypts to ct and ct decrypts to pt, in one call and in pieces, on every engine. */
    private static void checkBothWays(Case c, Function<Sm4Engine, Sm4Cipher> encryptor,
            Function<Sm4Engine, Sm4Cipher> decryptor) throws Exception {
        byte[] key = c.hex("key");
        byte[] pt = c.hex("pt");
        byte[] ct = c.hex("ct");
        for (Function<byte[], Sm4Engine> engine : ENGINES) {
            assertThat(Sm4ModeChecks.oneShot(encryptor.apply(engine.apply(key)), pt)).as("%s", c).isEqualTo(ct);
            assertThat(Sm4ModeChecks.oneShot(decryptor.apply(engine.apply(key)), ct)).as("%s", c).isEqualTo(pt);
            SplittableRandom pieces = new SplittableRandom(c.line());
            assertThat(Sm4ModeChecks.split(encryptor.apply(engine.apply(key)), pt, pieces)).as("%s", c).isEqualTo(ct);
            assertThat(Sm4ModeChecks.split(decryptor.apply(engine.apply(key)), ct, pieces)).as("%s", c).isEqualTo(pt);
        }
    }
}
