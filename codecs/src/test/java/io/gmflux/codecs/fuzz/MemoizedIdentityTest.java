package io.gmflux.codecs.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.Sm2Recipient;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link MemoizedIdentity} answers as the identity it wraps, and unwraps each distinct stanza once. */
class MemoizedIdentityTest {

    private final AtomicInteger calls = new AtomicInteger();
    private final Identity sm2 = Sm2Recipient.identity(FuzzKeys.SM2);
    private final Identity counted = (stanza, salt) -> {
        calls.incrementAndGet();
        return sm2.unwrap(stanza, salt);
    };
    private final MemoizedIdentity memo = new MemoizedIdentity(counted);
    private final byte[] fileKey = FuzzKeys.text(32);
    private final byte[] salt = FuzzKeys.text(32);
    private final RecipientStanza stanza = new Sm2Recipient(FuzzKeys.SM2.publicKey())
            .wrap(fileKey, salt, new SecureRandom());

    @Test
    void genuineStanzaUnwrapsOnceAndEachCallerGetsItsOwnCopy() throws Exception {
        byte[] first = memo.unwrap(stanza, salt);
        assertThat(first).isEqualTo(fileKey);
        Arrays.fill(first, (byte) 0);
        assertThat(memo.unwrap(stanza, salt)).isEqualTo(fileKey);
        assertThat(calls).hasValue(1);
    }

    @Test
    void answersAsTheWrappedIdentityForTamperedShortAndResaltedStanzas() throws Exception {
        byte[] body = stanza.body();
        body[body.length - 1] ^= 1;
        RecipientStanza tampered = new RecipientStanza(stanza.type(), body);
        RecipientStanza shortened = new RecipientStanza(stanza.type(), Arrays.copyOf(body, body.length - 1));
        byte[] otherSalt = salt.clone();
        otherSalt[0] ^= 1;

        assertThat(sm2.unwrap(tampered, salt)).isNull();
        assertThat(memo.unwrap(tampered, salt)).isNull();
        assertThat(memo.unwrap(stanza, otherSalt)).isEqualTo(sm2.unwrap(stanza, otherSalt)).isNull();
        assertThatThrownBy(() -> sm2.unwrap(shortened, salt)).isInstanceOf(GeneralSecurityException.class);
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> memo.unwrap(shortened, salt)).isInstanceOf(GeneralSecurityException.class);
            assertThat(memo.unwrap(tampered, salt)).isNull();
        }
        assertThat(memo.unwrap(stanza, salt)).isEqualTo(fileKey);
        assertThat(calls).hasValue(4);
    }
}
