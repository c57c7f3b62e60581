package io.gmflux.codecs.format;

import static io.gmflux.codecs.format.StreamFixtures.decrypt;
import static io.gmflux.codecs.format.StreamFixtures.encrypt;
import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Sm2RecipientTest {

    private final Sm2KeyPair alice = Sm2KeyPair.generate();
    private final Sm2KeyPair bob = Sm2KeyPair.generate();

    @Test
    void eachSm2RecipientOpensTheStreamWithItsOwnKey() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x52_0001L);
        byte[] plain = random(rnd, 100_000);
        StreamSpec spec = StreamSpec.builder().recipient(new Sm2Recipient(alice.publicKey()))
                .recipient(new Sm2Recipient(bob.publicKey())).build();
        byte[] sealed = encrypt(spec, plain, rnd);
        assertThat(decrypt(sealed, List.of(Sm2Recipient.identity(alice.privateKey())), rnd)).isEqualTo(plain);
        assertThat(decrypt(sealed, List.of(Sm2Recipient.identity(bob.privateKey())), rnd)).isEqualTo(plain);
    }

    @Test
    void stanzaCarriesTheKeyIdOfTheSpki() throws Exception {
        byte[] sealed = encrypt(StreamSpec.builder().recipient(new Sm2Recipient(alice.publicKey())).build(),
                new byte[1], new SplittableRandom(1));
        StreamHeader h = StreamHeader.parse(sealed, 0, StreamHeader.headerLength(sealed, 0, sealed.length));
        RecipientStanza s = h.stanzas().get(0);
        assertThat(s.type()).isEqualTo(RecipientStanza.TYPE_SM2);
        assertThat(s.body()).hasSize(8 + 65 + 48);
        assertThat(s.keyId()).isEqualTo(KeyWrap.keyId(Sm2KeyEncoding.toSpki(alice.publicKey())));
        assertThat(s.body()[8]).isEqualTo((byte) 0x04);
    }

    @Test
    void refusesAnotherKeyAndAnOffCurveC1() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x52_0002L);
        byte[] sealed = encrypt(StreamSpec.builder().recipient(new Sm2Recipient(alice.publicKey())).build(),
                random(rnd, 10), rnd);
        assertThatThrownBy(() -> decrypt(sealed, List.of(Sm2Recipient.identity(bob.privateKey())), rnd))
                .isInstanceOf(StreamException.NoMatchingRecipient.class);
        byte[] bad = sealed.clone();
        bad[StreamHeader.FIXED_LENGTH + 3 + 8 + 40] ^= 1; // C1's x coordinate
        assertThatThrownBy(() -> decrypt(bad, List.of(Sm2Recipient.identity(alice.privateKey())), rnd))
                .isInstanceOf(StreamException.Malformed.class).hasMessageContaining("sm2 stanza");
    }
}
