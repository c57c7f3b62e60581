package io.gmflux.codecs.format;

import static io.gmflux.codecs.format.StreamFixtures.decrypt;
import static io.gmflux.codecs.format.StreamFixtures.encrypt;
import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9KeyEncoding;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Sm9RecipientTest {

    private static final Sm9EncryptMasterPrivateKey KGC = Sm9EncryptMasterPrivateKey.generate(new SecureRandom());
    private static final byte[] BOB = "bob@example.com".getBytes(StandardCharsets.UTF_8);
    private static final byte[] CAROL = "carol@example.com".getBytes(StandardCharsets.UTF_8);
    private static final Sm9EncryptPrivateKey BOB_KEY = KGC.extractUserKey(BOB);
    private static final Sm9EncryptPrivateKey CAROL_KEY = KGC.extractUserKey(CAROL);

    @Test
    void eachIdentityOpensTheStreamWithItsOwnKey() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x59_0001L);
        byte[] plain = random(rnd, 70_000);
        StreamSpec spec = StreamSpec.builder().recipient(new Sm9Recipient(KGC.publicKey(), BOB))
                .recipient(new Sm9Recipient(KGC.publicKey(), CAROL)).build();
        byte[] sealed = encrypt(spec, plain, rnd);
        assertThat(decrypt(sealed, List.of(Sm9Recipient.identity(BOB_KEY)), rnd)).isEqualTo(plain);
        assertThat(decrypt(sealed, List.of(Sm9Recipient.identity(CAROL_KEY)), rnd)).isEqualTo(plain);
    }

    @Test
    void stanzaHasTheSpecifiedLayoutAndKeyId() throws Exception {
        byte[] sealed = encrypt(StreamSpec.builder().recipient(new Sm9Recipient(KGC.publicKey(), BOB)).build(),
                new byte[1], new SplittableRandom(1));
        StreamHeader h = StreamHeader.parse(sealed, 0, StreamHeader.headerLength(sealed, 0, sealed.length));
        RecipientStanza s = h.stanzas().get(0);
        assertThat(s.type()).isEqualTo(RecipientStanza.TYPE_SM9);
        assertThat(s.body()).hasSize(8 + 1 + 65 + 48);
        assertThat(s.keyId()).isEqualTo(KeyWrap.keyId(StreamKeys.concat(Sm9KeyEncoding.toDer(KGC.publicKey()), BOB)));
        assertThat(s.body()[8]).isEqualTo((byte) 0x03);
        assertThat(s.body()[9]).isEqualTo((byte) 0x04);
    }

    @Test
    void refusesAnotherIdentityAndATamperedC() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x59_0002L);
        byte[] sealed = encrypt(StreamSpec.builder().recipient(new Sm9Recipient(KGC.publicKey(), BOB)).build(),
                random(rnd, 10), rnd);
        assertThatThrownBy(() -> decrypt(sealed, List.of(Sm9Recipient.identity(CAROL_KEY)), rnd))
                .isInstanceOf(StreamException.NoMatchingRecipient.class);
        byte[] bad = sealed.clone();
        bad[StreamHeader.FIXED_LENGTH + 3 + 8 + 1 + 40] ^= 1; // C's x coordinate
        assertThatThrownBy(() -> decrypt(bad, List.of(Sm9Recipient.identity(BOB_KEY)), rnd))
                .isInstanceOf(StreamException.Malformed.class).hasMessageContaining("sm9 stanza");
        assertThatThrownBy(() -> Sm9Recipient.identity(KGC.extractKeyExchangeKey(BOB)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void recipientAndKeyFilesGoThroughKeyText() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x59_0003L);
        String recipientFile = new Sm9Recipient(KGC.publicKey(), BOB).toPem();
        assertThat(recipientFile).startsWith("-----BEGIN SM9 ENC RECIPIENT-----");
        Recipient r = KeyText.recipient(recipientFile);
        assertThat(r.stanzaType()).isEqualTo(RecipientStanza.TYPE_SM9);
        Identity id = KeyText.identity(Sm9KeyEncoding.toPem(BOB_KEY));
        byte[] plain = random(rnd, 1000);
        byte[] sealed = encrypt(StreamSpec.builder().recipient(r).build(), plain, rnd);
        assertThat(decrypt(sealed, List.of(id), rnd)).isEqualTo(plain);
        Sm9Recipient back = Sm9Recipient.fromPem(recipientFile);
        assertThat(back.identityBytes()).isEqualTo(BOB);
        assertThat(back.masterPublicKey()).isEqualTo(KGC.publicKey());
        assertThatThrownBy(() -> Sm9Recipient.fromPem(Sm9KeyEncoding.toPem(KGC.publicKey())))
                .isInstanceOf(java.security.InvalidKeyException.class);
    }
}
