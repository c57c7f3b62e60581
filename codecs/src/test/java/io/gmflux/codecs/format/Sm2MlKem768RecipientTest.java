package io.gmflux.codecs.format;

import static io.gmflux.codecs.format.StreamFixtures.decrypt;
import static io.gmflux.codecs.format.StreamFixtures.encrypt;
import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm2.Sm2Kem;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm3.HkdfSm3;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Gcm;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.kems.MLKEMExtractor;
import org.bouncycastle.crypto.params.MLKEMParameters;
import org.bouncycastle.crypto.params.MLKEMPrivateKeyParameters;
import org.junit.jupiter.api.Test;

class Sm2MlKem768RecipientTest {

    private static final Sm2MlKem768PrivateKey ALICE = generate();
    private static final Sm2MlKem768PrivateKey BOB = generate();

    private static Sm2MlKem768PrivateKey generate() {
        try {
            return Sm2MlKem768PrivateKey.generate(new SecureRandom());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void roundTripsThroughKeyFiles() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0001L);
        Recipient r = KeyText.recipient(ALICE.recipient().toPem());
        assertThat(r).isInstanceOf(Sm2MlKem768Recipient.class);
        Identity id = KeyText.identity(ALICE.toPem());
        for (int size : new int[] {0, 1, 4095, 70_000}) {
            byte[] plain = random(rnd, size);
            byte[] sealed = encrypt(StreamSpec.builder().recipient(BOB.recipient()).recipient(r).build(), plain, rnd);
            assertThat(decrypt(sealed, List.of(id), rnd)).as("size %d", size).isEqualTo(plain);
            assertThat(decrypt(sealed, List.of(BOB.identity()), rnd)).as("size %d", size).isEqualTo(plain);
        }
    }

    /** The stanza decoded from FORMAT.md §5 with the two KEMs taken apart: both secrets and both encapsulations count. */
    @Test
    void stanzaFollowsTheFormatPage() throws Exception {
        byte[] sealed = encrypt(StreamSpec.builder().recipient(ALICE.recipient()).build(), new byte[1],
                new SplittableRandom(2));
        StreamHeader h = StreamHeader.parse(sealed, 0, StreamHeader.headerLength(sealed, 0, sealed.length));
        byte[] body = h.stanzas().get(0).body();
        assertThat(h.stanzas().get(0).type()).isEqualTo(0x04);
        assertThat(body).hasSize(8 + 65 + 1088 + 48);
        assertThat(Arrays.copyOf(body, 8)).isEqualTo(KeyWrap.keyId(ALICE.recipient().toDer()));
        byte[] c1 = Arrays.copyOfRange(body, 8, 73);
        byte[] ct = Arrays.copyOfRange(body, 73, 73 + 1088);
        byte[] wrapped = Arrays.copyOfRange(body, 73 + 1088, body.length);
        Sm2PrivateKey sm2 = Sm2KeyEncoding.privateKeyFromPkcs8(Sm2MlKem768Recipient.splitPair(ALICE.toDer())[0]);
        byte[] ssSm2 = new Sm2Kem().decapsulate(sm2, c1, 32);
        byte[] seed = seedOf(ALICE);
        byte[] ssMl = new MLKEMExtractor(new MLKEMPrivateKeyParameters(MLKEMParameters.ml_kem_768, seed))
                .extractSecret(ct);
        byte[] enc = concat(c1, ct);
        byte[] ss = HkdfSm3.derive(h.salt(), concat(ssSm2, ssMl), concat(ascii("gmflux/v1 hybrid"), enc), 32);
        byte[] wrapKey = HkdfSm3.derive(h.salt(), ss, concat(ascii("gmflux/v1 wrap"), new byte[] {4}, enc), 16);
        byte[] fileKey = Sm4Gcm.open(Sm4.newTableEngine(wrapKey), new byte[12],
                concat(new byte[] {4}, Arrays.copyOf(body, 8)), wrapped);
        assertThat(fileKey).hasSize(32);
        // either secret alone, or the secrets without the encapsulations, gives a key that does not unwrap
        for (byte[] ikm : List.of(ssSm2, ssMl, concat(ssMl, ssSm2))) {
            byte[] s = HkdfSm3.derive(h.salt(), ikm, concat(ascii("gmflux/v1 hybrid"), enc), 32);
            byte[] k = HkdfSm3.derive(h.salt(), s, concat(ascii("gmflux/v1 wrap"), new byte[] {4}, enc), 16);
            assertThatThrownBy(() -> Sm4Gcm.open(Sm4.newTableEngine(k), new byte[12],
                    concat(new byte[] {4}, Arrays.copyOf(body, 8)), wrapped))
                    .isInstanceOf(javax.crypto.AEADBadTagException.class);
        }
    }

    @Test
    void refusesAStreamForAnotherKeyAndForEitherHalfAlone() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0002L);
        byte[] sealed = encrypt(StreamSpec.builder().recipient(ALICE.recipient()).build(), random(rnd, 10), rnd);
        assertThatThrownBy(() -> decrypt(sealed, List.of(BOB.identity()), rnd))
                .isInstanceOf(StreamException.NoMatchingRecipient.class);
        // Alice's SM2 key and ML-KEM key on their own do not open a hybrid stanza
        Sm2PrivateKey sm2 = Sm2KeyEncoding.privateKeyFromPkcs8(Sm2MlKem768Recipient.splitPair(ALICE.toDer())[0]);
        MlKem768PrivateKey ml = MlKem768PrivateKey.fromSeed(seedOf(ALICE));
        assertThatThrownBy(() -> decrypt(sealed, List.of(Sm2Recipient.identity(sm2), ml.identity()), rnd))
                .isInstanceOf(StreamException.NoMatchingRecipient.class);
    }

    @Test
    void everyFlippedStanzaByteIsRejected() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0003L);
        byte[] sealed = encrypt(StreamSpec.builder().recipient(ALICE.recipient()).build(), random(rnd, 100), rnd);
        // a changed C1 is off the curve (malformed); a changed key id, ML-KEM ciphertext or wrapped
        // key does not unwrap
        StanzaAttacks.everyFlippedStanzaByteIsRejected(sealed, List.of(ALICE.identity()),
                off -> off >= 8 && off < 8 + 65 ? StreamException.Malformed.class
                        : StreamException.NoMatchingRecipient.class, rnd);
    }

    @Test
    void privateKeyFileRoundTrips() throws Exception {
        Sm2MlKem768PrivateKey back = Sm2MlKem768PrivateKey.fromPem(ALICE.toPem());
        assertThat(back.recipient().toDer()).isEqualTo(ALICE.recipient().toDer());
        assertThat(back.toDer()).isEqualTo(ALICE.toDer());
        assertThatThrownBy(() -> Sm2MlKem768Recipient.fromDer(Arrays.copyOf(ALICE.recipient().toDer(), 100)))
                .isInstanceOf(java.security.InvalidKeyException.class);
    }

    private static byte[] seedOf(Sm2MlKem768PrivateKey k) throws Exception {
        byte[] ml = Sm2MlKem768Recipient.splitPair(k.toDer())[1];
        return Arrays.copyOfRange(ml, ml.length - 64, ml.length);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] concat(byte[]... parts) {
        return StreamKeys.concat(parts);
    }
}
