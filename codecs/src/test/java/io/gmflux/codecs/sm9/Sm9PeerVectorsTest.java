package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.der.DerWriter;
import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.testing.PeerVectors;
import io.gmflux.codecs.testing.PeerVectors.Case;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.security.SignatureException;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SM9 signatures, key exchange, keys and their encodings, the generators, scalar multiples and the
 * pairing against the other implementations' test vectors; forged signatures and ephemeral points
 * must be refused. (SM9 encryption's peer vectors are tested with the encryption code.)
 */
class Sm9PeerVectorsTest {

    static Stream<Case> signatures() {
        return PeerVectors.of("sm9-sign-kat", "bc", "gmsm");
    }

    static Stream<Case> verifications() {
        return PeerVectors.of("sm9-verify", "gmsm");
    }

    static Stream<Case> forgedSignatures() {
        return PeerVectors.of("sm9-verify-forged", "gmsm");
    }

    static Stream<Case> keyExchanges() {
        return PeerVectors.of("sm9-kex-kat", "bc", "gmsm");
    }

    static Stream<Case> forgedEphemerals() {
        return PeerVectors.of("sm9-kex-forged", "gmsm");
    }

    static Stream<Case> pairings() {
        return PeerVectors.of("sm9-pairing", "bc", "gmssl");
    }

    static Stream<Case> generators() {
        return PeerVectors.of("sm9-generators", "bc");
    }

    static Stream<Case> g1Points() {
        return PeerVectors.of("sm9-g1-point", "gmssl");
    }

    static Stream<Case> g1Multiples() {
        return PeerVectors.of("sm9-g1-mul-generator", "gmssl");
    }

    static Stream<Case> g2Multiples() {
        return PeerVectors.of("sm9-g2-mul-generator", "gmssl");
    }

    static Stream<Case> derEncodings() {
        return PeerVectors.of("sm9-der", "bc");
    }

    static Stream<Case> masterPublicKeyPems() {
        return PeerVectors.of("sm9-mpk-pem", "gmsm");
    }

    static Stream<Case> masterKeyDers() {
        return PeerVectors.of("sm9-master-key-der", "gmssl");
    }

    static Stream<Case> masterKeyRoundTrips() {
        return PeerVectors.of("sm9-master-key-roundtrip", "gmssl");
    }

    static Stream<Case> signUserKeys() {
        return PeerVectors.of("sm9-sign-userkey", "gmssl");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("signatures")
    void signsWithTheGivenNonceAsThePeerDoes(Case c) throws Exception {
        Sm9SignMasterPrivateKey master = Sm9SignMasterPrivateKey.fromBytes(c.hex("ks"));
        if (c.has("ppubs")) {
            assertThat(master.publicKey().encoded()).as("%s Ppub-s", c).isEqualTo(c.hex("ppubs"));
        }
        byte[] id = c.hex("id");
        byte hid = (byte) c.integer("hid");
        Sm9SignPrivateKey user = master.extractUserKey(id, hid);
        if (c.has("ds")) {
            assertThat(user.encoded()).as("%s ds", c).isEqualTo(c.hex("ds"));
        }
        byte[] msg = c.hex("msg");
        byte[] sig = new Sm9Signer(user).sign(msg, 0, msg.length, scalar(c.hex("r")));
        assertThat(sig).as("%s h || S", c).isEqualTo(concat(c.hex("h"), c.hex("s")));
        assertThat(new Sm9Verifier(master.publicKey(), id, hid).verify(msg, sig)).as("%s", c).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("verifications")
    void verifiesThePeersSignature(Case c) throws Exception {
        assertThat(c.valid()).isTrue();
        Sm9SignMasterPublicKey master = Sm9KeyEncoding.signMasterPublicKeyFromDer(sequenceOf(c.hex("mpk_der")));
        Sm9Verifier verifier = new Sm9Verifier(master, c.hex("id"), (byte) c.integer("hid"));
        assertThat(verifier.verifyDer(c.hex("msg"), c.hex("sig"))).as("%s", c).isTrue();
        byte[] other = c.hex("msg");
        other[0] ^= 1;
        assertThat(verifier.verifyDer(other, c.hex("sig"))).as("%s, message changed", c).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forgedSignatures")
    void refusesForgedSignatures(Case c) throws Exception {
        Sm9SignMasterPrivateKey master = Sm9SignMasterPrivateKey.fromBytes(c.hex("ks"));
        Sm9Verifier verifier = new Sm9Verifier(master.publicKey(), c.hex("id"), (byte) c.integer("hid"));
        byte[] s = c.text("s").equals("P1") ? Sm9G1Point.generator().encoded() : c.hex("s");
        byte[] h = c.hex("h");
        byte[] der = new DerWriter().sequence(w -> w.octetString(h).bitString(s)).toByteArray();
        boolean accepted;
        try {
            accepted = verifier.verifyDer(c.hex("msg"), der);
        } catch (SignatureException malformed) {
            accepted = false;
        }
        assertThat(accepted).as("%s (%s) must be refused", c, c.text("why")).isFalse();
        if (h.length == 32) {
            assertThat(verifier.verify(c.hex("msg"), concat(h, s))).as("%s raw", c).isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keyExchanges")
    void agreesOnTheKeyAsThePeerDoes(Case c) throws Exception {
        Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.fromBytes(c.hex("ke"));
        assertThat(master.publicKey().encoded()).as("%s Ppub-e", c).isEqualTo(concat(new byte[] {4}, c.hex("ppube")));
        byte hid = (byte) c.integer("hid");
        byte[] ida = c.hex("ida");
        byte[] idb = c.hex("idb");
        Sm9EncryptPrivateKey keyA = master.extractUserKey(ida, hid);
        Sm9EncryptPrivateKey keyB = master.extractUserKey(idb, hid);
        if (c.has("dea")) {
            assertThat(keyA.encoded()).as("%s de_A", c).isEqualTo(c.hex("dea"));
            assertThat(keyB.encoded()).as("%s de_B", c).isEqualTo(c.hex("deb"));
        }
        Sm9KeyExchange xa = Sm9KeyExchange.withFixedEphemeral(true, keyA, idb, scalar(c.hex("ra")));
        Sm9KeyExchange xb = Sm9KeyExchange.withFixedEphemeral(false, keyB, ida, scalar(c.hex("rb")));
        assertThat(xa.ephemeralPublicKey()).as("%s R_A", c).isEqualTo(c.hex("RA"));
        if (c.has("RB")) {
            assertThat(xb.ephemeralPublicKey()).as("%s R_B", c).isEqualTo(c.hex("RB"));
        }
        int klen = c.integer("klen");
        Sm9KeyExchange.Agreement atB = xb.agree(xa.ephemeralPublicKey(), klen);
        Sm9KeyExchange.Agreement atA = xa.agree(xb.ephemeralPublicKey(), klen);
        assertThat(atA.sharedKey()).as("%s SK_A", c).isEqualTo(c.hex("sk"));
        assertThat(atB.sharedKey()).as("%s SK_B", c).isEqualTo(c.hex("sk"));
        assertThat(atB.confirmation()).as("%s S_B", c).isEqualTo(c.hex("sb"));
        assertThat(atA.confirmation()).as("%s S_A", c).isEqualTo(c.hex("sa"));
        atA.verifyPeerConfirmation(atB.confirmation());
        atB.verifyPeerConfirmation(atA.confirmation());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forgedEphemerals")
    void refusesForgedEphemeralPoints(Case c) throws Exception {
        Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.fromBytes(c.hex("ke"));
        byte[] ida = c.hex("ida");
        byte[] idb = c.hex("idb");
        SecureRandom random = new SecureRandom();
        Sm9KeyExchange initiator = Sm9KeyExchange.initiator(master.extractKeyExchangeKey(ida), idb, random);
        Sm9KeyExchange responder = Sm9KeyExchange.responder(master.extractKeyExchangeKey(idb), ida, random);
        for (Sm9KeyExchange x : new Sm9KeyExchange[] {initiator, responder}) {
            assertThatThrownBy(() -> x.agree(c.hex("peer_r"), 16)).as("%s (%s)", c, c.text("why"))
                    .isInstanceOf(Sm9KeyExchangeException.class);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pairings")
    void pairsAsThePeerDoes(Case c) throws Exception {
        Sm9G1Point p = c.text("g1").equals("P1") ? Sm9G1Point.generator() : Sm9G1Point.fromEncoded(c.hex("g1"));
        if (c.has("g1_k")) {
            assertThat(Sm9EncryptMasterPrivateKey.fromBytes(c.hex("g1_k")).publicKey().point()).as("%s g1", c).isEqualTo(p);
        }
        Sm9G2Point q;
        if (c.has("g2_from_ks")) {
            q = Sm9SignMasterPrivateKey.fromBytes(c.hex("g2_from_ks")).publicKey().point();
        } else {
            q = c.text("g2").equals("P2") ? Sm9G2Point.generator() : Sm9G2Point.fromEncoded(c.hex("g2"));
        }
        byte[] gt = Sm9Pairing.pair(p, q);
        if (c.has("exp")) {
            gt = PairingTest.gtPow(gt, c.hex("exp"));
        }
        assertThat(gt).as("%s", c).isEqualTo(c.hex("gt"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("generators")
    void hasThePeersGenerators(Case c) {
        assertThat(Sm9G1Point.generator().encoded()).as("%s P1", c).isEqualTo(c.hex("p1"));
        assertThat(Sm9G2Point.generator().encoded()).as("%s P2", c).isEqualTo(c.hex("p2"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("g1Points")
    void acceptsThePeersG1Points(Case c) {
        assertThat(c.valid()).isTrue();
        assertThat(Sm9G1Point.fromEncoded(c.hex("p")).encoded()).as("%s", c).isEqualTo(c.hex("p"));
        byte[] offCurve = c.hex("p");
        offCurve[64] ^= 1;
        assertThatThrownBy(() -> Sm9G1Point.fromEncoded(offCurve)).as("%s with y changed", c)
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** [k]P1 is the encryption master public key of the master key k. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("g1Multiples")
    void multipliesP1AsThePeerDoes(Case c) throws Exception {
        assertThat(Sm9EncryptMasterPrivateKey.fromBytes(c.hex("k")).publicKey().encoded()).as("%s", c).isEqualTo(c.hex("p"));
    }

    /** [k]P2 is the signing master public key of the master key k. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("g2Multiples")
    void multipliesP2AsThePeerDoes(Case c) throws Exception {
        assertThat(Sm9SignMasterPrivateKey.fromBytes(c.hex("k")).publicKey().encoded()).as("%s", c).isEqualTo(c.hex("p"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("derEncodings")
    void readsAndWritesThePeersDer(Case c) throws Exception {
        byte[] der = c.hex("der");
        switch (c.text("what")) {
            case "signature" -> {
                Sm9SignMasterPublicKey master = Sm9SignMasterPrivateKey.fromBytes(c.hex("ks")).publicKey();
                assertThat(new Sm9Verifier(master, c.hex("id")).verifyDer(c.hex("msg"), der)).as("%s", c).isTrue();
                assertThat(Sm9SignatureEncoding.toDer(Sm9SignatureEncoding.fromDer(der))).as("%s", c).isEqualTo(der);
            }
            case "cipher" -> {
                Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.fromBytes(c.hex("ke"));
                Sm9CiphertextEncoding.Decoded decoded = Sm9CiphertextEncoding.fromDer(der);
                assertThat(Sm9CiphertextEncoding.toDer(decoded.raw(), decoded.mode())).as("%s", c).isEqualTo(der);
                byte[] pt = new Sm9Cipher(decoded.mode()).decrypt(master.extractUserKey(c.hex("id")), decoded.raw());
                assertThat(pt).as("%s", c).isEqualTo(c.hex("msg"));
            }
            case "sign-master-public-bitstring" -> {
                Sm9SignMasterPublicKey key = Sm9SignMasterPrivateKey.fromBytes(c.hex("ks")).publicKey();
                assertThat(Sm9KeyEncoding.toDer(key)).as("%s", c).isEqualTo(sequenceOf(der));
                assertThat(Sm9KeyEncoding.signMasterPublicKeyFromDer(sequenceOf(der))).isEqualTo(key);
            }
            case "enc-master-public-bitstring" -> {
                Sm9EncryptMasterPublicKey key = Sm9EncryptMasterPrivateKey.fromBytes(c.hex("ke")).publicKey();
                assertThat(Sm9KeyEncoding.toDer(key)).as("%s", c).isEqualTo(sequenceOf(der));
                assertThat(Sm9KeyEncoding.encryptMasterPublicKeyFromDer(sequenceOf(der))).isEqualTo(key);
            }
            default -> throw new AssertionError(c + ": unknown DER structure " + c.text("what"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("masterPublicKeyPems")
    void readsThePeersMasterPublicKeyPem(Case c) throws Exception {
        assertThat(c.valid()).isTrue();
        String pem = new String(c.hex("pem"), StandardCharsets.US_ASCII);
        switch (c.text("type")) {
            case "sign" -> {
                Sm9SignMasterPublicKey key = Sm9KeyEncoding.signMasterPublicKeyFromPem(pem);
                byte[] der = Pem.decode(pem, Sm9KeyEncoding.SIGN_MASTER_PUBLIC_KEY_LABEL);
                assertThat(Sm9KeyEncoding.toDer(key)).as("%s", c).isEqualTo(der);
            }
            case "enc" -> {
                Sm9EncryptMasterPublicKey key = Sm9KeyEncoding.encryptMasterPublicKeyFromPem(pem);
                byte[] der = Pem.decode(pem, Sm9KeyEncoding.ENC_MASTER_PUBLIC_KEY_LABEL);
                assertThat(Sm9KeyEncoding.toDer(key)).as("%s", c).isEqualTo(der);
            }
            default -> throw new AssertionError(c + ": unknown key type " + c.text("type"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("masterKeyDers")
    void readsThePeersMasterKeyDer(Case c) throws Exception {
        assertThat(c.valid()).isTrue();
        assertThat(c.text("type")).isEqualTo("enc");
        Sm9EncryptMasterPrivateKey key = Sm9KeyEncoding.encryptMasterKeyFromDer(c.hex("der"));
        assertThat(key.toBytes()).as("%s", c).isEqualTo(scalar(c.hex("k")));
        assertThat(Sm9KeyEncoding.toDer(key)).as("%s", c).isEqualTo(c.hex("der"));
    }

    /** A master key whose top byte is zero (DER INTEGER of 32 bytes: 00 84 ...) survives DER. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("masterKeyRoundTrips")
    void roundTripsMasterKeysThroughDer(Case c) throws Exception {
        byte[] k = scalar(c.hex("k"));
        byte[] back = switch (c.text("type")) {
            case "sign" -> Sm9KeyEncoding.signMasterKeyFromDer(
                    Sm9KeyEncoding.toDer(Sm9SignMasterPrivateKey.fromBytes(k))).toBytes();
            case "enc" -> Sm9KeyEncoding.encryptMasterKeyFromDer(
                    Sm9KeyEncoding.toDer(Sm9EncryptMasterPrivateKey.fromBytes(k))).toBytes();
            default -> throw new AssertionError(c + ": unknown key type " + c.text("type"));
        };
        assertThat(back).as("%s", c).isEqualTo(k);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("signUserKeys")
    void extractsTheSigningKeyAsThePeerDoes(Case c) throws Exception {
        Sm9SignMasterPrivateKey master = Sm9SignMasterPrivateKey.fromBytes(c.hex("ks"));
        assertThat(master.extractUserKey(c.hex("id"), (byte) c.integer("hid")).encoded()).as("%s", c).isEqualTo(c.hex("ds"));
    }

    /** A scalar as 32 bytes: gmsm writes them without leading zero bytes. */
    private static byte[] scalar(byte[] v) {
        assertThat(v.length).isLessThanOrEqualTo(32);
        byte[] out = new byte[32];
        System.arraycopy(v, 0, out, 32 - v.length, v.length);
        return out;
    }

    /** {@code SEQUENCE { element }}: gmflux's master public key form around the peers' bare BIT STRING. */
    private static byte[] sequenceOf(byte[] element) {
        return new DerWriter().sequence(w -> w.raw(element)).toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
