package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.testing.PeerVectors;
import io.gmflux.codecs.testing.PeerVectors.Case;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SM4-GCM, SM4-CCM and GHASH against the other implementations' test vectors, Wycheproof's
 * included. A {@code result=valid} case seals to the peer's ciphertext and tag and opens back; an
 * invalid one is refused: a modified tag with {@link AEADBadTagException} and no byte of plaintext
 * written, a nonce or tag length the mode does not allow with {@link IllegalArgumentException}
 * before any data is processed.
 */
class Sm4AeadPeerVectorsTest {

    private static final byte SENTINEL = (byte) 0xa5;
    private static final List<Function<byte[], Sm4Engine>> ENGINES = List.of(Sm4::newTableEngine, Sm4::newConstantTimeEngine);

    /** One AEAD mode's constructors: (engine, nonce, tag length) to a cipher. */
    private interface Mode {
        Sm4AeadCipher make(Sm4Engine engine, byte[] nonce, int tagLength, boolean encrypt);
    }

    private static final Mode GCM = (e, n, t, enc) -> enc ? Sm4Gcm.encryptor(e, n, t) : Sm4Gcm.decryptor(e, n, t);
    private static final Mode CCM = (e, n, t, enc) -> enc ? Sm4Ccm.encryptor(e, n, t) : Sm4Ccm.decryptor(e, n, t);

    static Stream<Case> gcm() {
        return PeerVectors.of("sm4-gcm", "bc", "gmsm", "gmssl", "wycheproof");
    }

    static Stream<Case> gcmTags() {
        return PeerVectors.of("sm4-gcm-tag", "gmsm");
    }

    static Stream<Case> ccm() {
        return PeerVectors.of("sm4-ccm", "gmsm", "gmssl", "wycheproof");
    }

    static Stream<Case> ccmCbcMac() {
        return PeerVectors.of("sm4-ccm", "bc");
    }

    static Stream<Case> ghash() {
        return PeerVectors.of("ghash", "gmssl");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gcm")
    void gcmSealsOpensOrRefusesAsThePeerDoes(Case c) throws Exception {
        check(GCM, c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ccm")
    void ccmSealsOpensOrRefusesAsThePeerDoes(Case c) throws Exception {
        check(CCM, c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gcmTags")
    void gcmTagsAsThePeerDoes(Case c) throws Exception {
        byte[] tag = c.hex("tag");
        byte[] pt = c.hex("pt");
        for (Function<byte[], Sm4Engine> engine : ENGINES) {
            byte[] sealed = seal(GCM.make(engine.apply(c.hex("key")), c.hex("iv"), tag.length, true), c.hex("aad"), pt);
            assertThat(Arrays.copyOfRange(sealed, pt.length, sealed.length)).as("%s", c).isEqualTo(tag);
            assertThat(open(GCM.make(engine.apply(c.hex("key")), c.hex("iv"), tag.length, false), c.hex("aad"), sealed)).as("%s", c)
                    .isEqualTo(pt);
        }
    }

    /**
     * BouncyCastle's CCM test gives the unencrypted CBC-MAC value T; the tag is T xor E(K, A_0)
     * (SP 800-38C §6.1), A_0 = flags (L - 1) || nonce || 0.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("ccmCbcMac")
    void ccmTagIsTheCbcMacEncryptedWithCounterZero(Case c) throws Exception {
        byte[] key = c.hex("key");
        byte[] nonce = c.hex("iv");
        byte[] pt = c.hex("pt");
        byte[] cbcMac = c.hex("cbcmac_t");
        byte[] sealed = seal(CCM.make(Sm4.newTableEngine(key), nonce, cbcMac.length, true), c.hex("aad"), pt);
        assertThat(Arrays.copyOf(sealed, pt.length)).as("%s", c).isEqualTo(c.hex("ct"));
        byte[] a0 = new byte[16];
        a0[0] = (byte) (15 - nonce.length - 1);
        System.arraycopy(nonce, 0, a0, 1, nonce.length);
        Sm4.newConstantTimeEngine(key).encryptBlocks(a0, 0, a0, 0, 1);
        byte[] tag = Arrays.copyOfRange(sealed, pt.length, sealed.length);
        for (int i = 0; i < tag.length; i++) {
            tag[i] ^= a0[i];
        }
        assertThat(tag).as("%s", c).isEqualTo(cbcMac);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ghash")
    void ghashAsThePeerDoes(Case c) {
        byte[] a = c.hex("a");
        byte[] data = c.hex("c");
        for (boolean constantTime : new boolean[] {false, true}) {
            Ghash g = new Ghash(c.hex("h"), constantTime);
            g.updatePadded(a, 0, a.length);
            g.updatePadded(data, 0, data.length);
            g.updateLengths(a.length, data.length);
            byte[] t = new byte[16];
            g.digest(t, 0);
            assertThat(t).as("constant-time: %s", constantTime).isEqualTo(c.hex("t"));
        }
    }

    private static void check(Mode mode, Case c) throws Exception {
        byte[] key = c.hex("key");
        byte[] nonce = c.hex("iv");
        byte[] aad = c.hex("aad");
        byte[] pt = c.hex("pt");
        byte[] ct = c.hex("ct");
        byte[] tag = c.hex("tag");
        byte[] sealed = Arrays.copyOf(ct, ct.length + tag.length);
        System.arraycopy(tag, 0, sealed, ct.length, tag.length);
        String flags = c.fields().getOrDefault("flags", "") + c.fields().getOrDefault("why", "");
        for (Function<byte[], Sm4Engine> engine : ENGINES) {
            if (c.valid() || c.text("result").equals("acceptable")) {
                assertThat(seal(mode.make(engine.apply(key), nonce, tag.length, true), aad, pt)).as("%s", c).isEqualTo(sealed);
                assertThat(open(mode.make(engine.apply(key), nonce, tag.length, false), aad, sealed)).as("%s", c).isEqualTo(pt);
            } else if (flags.contains("ModifiedTag")) {
                Sm4AeadCipher dec = mode.make(engine.apply(key), nonce, tag.length, false);
                dec.updateAad(aad, 0, aad.length);
                byte[] out = new byte[sealed.length];
                Arrays.fill(out, SENTINEL);
                assertThatThrownBy(() -> dec.doFinal(sealed, 0, sealed.length, out, 0)).as("%s", c).isInstanceOf(AEADBadTagException.class);
                byte[] untouched = new byte[out.length];
                Arrays.fill(untouched, SENTINEL);
                assertThat(out).as("no plaintext released").isEqualTo(untouched);
            } else {
                assertThat(flags).as("%s", c).containsAnyOf("Nonce", "TagSize", "Iv", "nonce");
                assertThatThrownBy(() -> mode.make(engine.apply(key), nonce, tag.length, false)).as("%s", c)
                        .isInstanceOf(IllegalArgumentException.class);
                assertThatThrownBy(() -> mode.make(engine.apply(key), nonce, tag.length, true)).as("%s", c)
                        .isInstanceOf(IllegalArgumentException.class);
            }
        }
    }

    private static byte[] seal(Sm4AeadCipher enc, byte[] aad, byte[] pt) throws Exception {
        enc.updateAad(aad, 0, aad.length);
        return Sm4ModeChecks.oneShot(enc, pt);
    }

    private static byte[] open(Sm4AeadCipher dec, byte[] aad, byte[] sealed) throws Exception {
        dec.updateAad(aad, 0, aad.length);
        return Sm4ModeChecks.oneShot(dec, sealed);
    }
}
