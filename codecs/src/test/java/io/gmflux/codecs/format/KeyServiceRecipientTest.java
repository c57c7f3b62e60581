package io.gmflux.codecs.format;

import static io.gmflux.codecs.format.StreamFixtures.decrypt;
import static io.gmflux.codecs.format.StreamFixtures.decryptInto;
import static io.gmflux.codecs.format.StreamFixtures.encrypt;
import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.gmflux.codecs.keyservice.InMemoryKeyService;
import io.gmflux.codecs.keyservice.KeyServiceException;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyServiceRecipientTest {

    private final InMemoryKeyService service = new InMemoryKeyService("memory", "orders", "audit");
    private final KeyServiceIdentity identity = new KeyServiceIdentity(service);

    private byte[] sealTo(String alias, byte[] plain, SplittableRandom rnd) throws IOException {
        return encrypt(StreamSpec.builder().recipient(new KeyServiceRecipient(service, alias)).build(), plain, rnd);
    }

    private static StreamHeader headerOf(byte[] sealed) throws StreamException {
        return StreamHeader.parse(sealed, 0, StreamHeader.headerLength(sealed, 0, sealed.length));
    }

    private static String kekIdOf(byte[] sealed) throws Exception {
        return new String(KeyServiceStanza.parse(headerOf(sealed).stanzas().get(0)).kekId, StandardCharsets.UTF_8);
    }

    @Test
    void aKeyServiceStanzaRoundTripsAndRecordsTheServiceAndKey() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0001L);
        byte[] plain = random(rnd, 150_000);
        byte[] sealed = sealTo("orders", plain, rnd);
        assertThat(decrypt(sealed, List.of(identity), rnd)).isEqualTo(plain);

        RecipientStanza s = headerOf(sealed).stanzas().get(0);
        assertThat(s.type()).isEqualTo(RecipientStanza.TYPE_KEY_SERVICE).isEqualTo(0x07);
        assertThat(RecipientStanza.typeName(s.type())).isEqualTo("key-service");
        KeyServiceStanza parsed = KeyServiceStanza.parse(s);
        assertThat(parsed.serviceType).isEqualTo("memory");
        assertThat(new String(parsed.kekId, StandardCharsets.UTF_8)).isEqualTo("orders/v1");
        assertThat(s.keyId()).isEqualTo(KeyServiceStanza.keyId("memory", parsed.kekId));
        // key_id, "memory" and "orders/v1" with their lengths, the service's 60 bytes, §5's 48
        assertThat(s.body()).hasSize(8 + 1 + 6 + 1 + 9 + 2 + 60 + 48);
        assertThat(service.unwraps.get()).isEqualTo(1);
    }

    @Test
    void rotationAtTheServiceReachesNewStreamsAndOldOnesStillRead() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0002L);
        byte[] before = sealTo("orders", random(rnd, 100), rnd);
        service.rotate("orders");
        byte[] after = sealTo("orders", random(rnd, 100), rnd);
        assertThat(kekIdOf(before)).isEqualTo("orders/v1");
        assertThat(kekIdOf(after)).isEqualTo("orders/v2");
        assertThat(decrypt(before, List.of(identity), rnd)).hasSize(100);
        assertThat(decrypt(after, List.of(identity), rnd)).hasSize(100);
    }

    @Test
    void stanzaMovedToAnotherStreamIsRefused() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0003L);
        byte[] a = sealTo("orders", random(rnd, 100), rnd);
        byte[] b = sealTo("orders", random(rnd, 100), rnd);
        byte[] moved = withFirstStanzaOf(b, a);
        assertThat(moved).isNotEqualTo(b);
        assertNothingReleased(moved, StreamException.NoMatchingRecipient.class, rnd);
    }

    @Test
    void stanzaMovedToAnotherStreamIsRefusedEvenByAServiceThatIgnoresTheContext() throws Exception {
        // A service without associated data (AES key wrap, say) unwraps the secret for any stream:
        // the salt in §5's wrap of the file key still refuses it.
        service.ignoreContext(true);
        SplittableRandom rnd = new SplittableRandom(0x4b_0004L);
        byte[] a = sealTo("orders", random(rnd, 100), rnd);
        byte[] b = sealTo("orders", random(rnd, 100), rnd);
        assertThat(decrypt(a, List.of(identity), rnd)).hasSize(100);
        int before = service.unwraps.get();
        assertNothingReleased(withFirstStanzaOf(b, a), StreamException.NoMatchingRecipient.class, rnd);
        assertThat(service.unwraps.get()).isEqualTo(before + 1); // the service did unwrap; gmflux refused
    }

    @Test
    void wrongContextIsRefusedByTheService() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0005L);
        byte[] sealed = sealTo("orders", random(rnd, 10), rnd);
        KeyServiceStanza s = KeyServiceStanza.parse(headerOf(sealed).stanzas().get(0));
        byte[] otherSalt = headerOf(sealed).salt();
        otherSalt[0] ^= 1;
        assertThatThrownBy(() -> service.unwrap(s.kekId, s.serviceWrapped, KeyServiceStanza.context(s.keyId, otherSalt)))
                .isInstanceOfSatisfying(KeyServiceException.class,
                        e -> assertThat(e.reason()).isEqualTo(KeyServiceException.Reason.UNWRAP_FAILED));
        assertThat(identity.unwrap(headerOf(sealed).stanzas().get(0), otherSalt)).isNull();
        assertThat(service.unwrap(s.kekId, s.serviceWrapped, KeyServiceStanza.context(s.keyId, headerOf(sealed).salt())))
                .hasSize(32);
    }

    @Test
    void everyFlippedStanzaByteIsRefusedReleasingNothing() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0006L);
        byte[] sealed = sealTo("orders", random(rnd, 300), rnd);
        int start = StreamHeader.FIXED_LENGTH;
        int bodyLen = ((sealed[start + 1] & 0xff) << 8) | (sealed[start + 2] & 0xff);
        for (int pos = start; pos < start + 3 + bodyLen; pos++) {
            byte[] bad = sealed.clone();
            bad[pos] ^= (byte) (1 << rnd.nextInt(8));
            ByteArrayOutputStream released = new ByteArrayOutputStream();
            Throwable t = catchThrowable(() -> decryptInto(bad, List.of(identity), rnd, released));
            assertThat(t).as("flip at stanza byte " + (pos - start)).isInstanceOfAny(StreamException.Malformed.class,
                    StreamException.Truncated.class, StreamException.NoMatchingRecipient.class);
            assertThat(released.size()).isZero();
        }
    }

    @Test
    void serviceDownWhenWritingFailsTypedAndWritesNothing() {
        service.down(true);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        StreamSpec spec = StreamSpec.builder().recipient(new KeyServiceRecipient(service, "orders")).build();
        assertThatThrownBy(() -> new GmfluxOutputStream(sink, spec).close())
                .isInstanceOf(IOException.class)
                .hasMessageContaining("alias orders")
                .cause().isInstanceOfSatisfying(KeyServiceException.class,
                        e -> assertThat(e.reason()).isEqualTo(KeyServiceException.Reason.UNAVAILABLE));
        assertThat(sink.size()).isZero();
    }

    @Test
    void disabledKeyWhenWritingNamesTheAliasAndReason() {
        service.disable("orders/v1");
        assertThatThrownBy(() -> new KeyServiceRecipient(service, "orders").wrap(new byte[32], new byte[32],
                new SecureRandom())).isInstanceOfSatisfying(KeyServiceException.class, e -> {
                    assertThat(e.reason()).isEqualTo(KeyServiceException.Reason.KEY_DISABLED);
                    assertThat(e).hasMessageContaining("memory").hasMessageContaining("alias orders");
                });
    }

    @Test
    void serviceDownOrKeyDisabledWhenReadingIsAKeyServiceFailureNotANoMatch() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0007L);
        byte[] sealed = sealTo("orders", random(rnd, 100), rnd);
        service.down(true);
        assertNothingReleased(sealed, StreamException.KeyServiceFailed.class, rnd);
        assertThat(((StreamException.KeyServiceFailed) catchThrowable(() -> decrypt(sealed, List.of(identity), rnd)))
                .reason()).isEqualTo(KeyServiceException.Reason.UNAVAILABLE);
        service.down(false);
        service.disable("orders/v1");
        Throwable t = catchThrowable(() -> decrypt(sealed, List.of(identity), rnd));
        assertThat(t).isInstanceOf(StreamException.KeyServiceFailed.class).hasMessageContaining("KEY_DISABLED")
                .hasMessageContaining(io.gmflux.codecs.bytes.Hex.encode("orders/v1".getBytes(StandardCharsets.UTF_8)));
        service.enable("orders/v1");
        assertThat(decrypt(sealed, List.of(identity), rnd)).hasSize(100);
    }

    @Test
    void aStanzaOfAServiceTheReaderHasNotConfiguredIsSkipped() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0008L);
        Sm2KeyPair alice = Sm2KeyPair.generate();
        byte[] plain = random(rnd, 100);
        byte[] sealed = encrypt(StreamSpec.builder().recipient(new KeyServiceRecipient(service, "orders"))
                .recipient(new Sm2Recipient(alice.publicKey())).build(), plain, rnd);
        InMemoryKeyService other = new InMemoryKeyService("vault", "orders");
        assertThatThrownBy(() -> decrypt(sealed, List.of(new KeyServiceIdentity(other)), rnd))
                .isInstanceOf(StreamException.NoMatchingRecipient.class);
        assertThat(other.unwraps.get()).isZero();
        assertThat(decrypt(sealed, List.of(Sm2Recipient.identity(alice.privateKey())), rnd)).isEqualTo(plain);
        // the service being down does not stop a reader that holds another recipient's key
        service.down(true);
        assertThat(decrypt(sealed, List.of(identity, Sm2Recipient.identity(alice.privateKey())), rnd)).isEqualTo(plain);
    }

    @Test
    void headerOfManyKeyServiceStanzasCostsAtMostFourServiceCalls() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x4b_0009L);
        for (int i = 0; i < 6; i++) {
            service.rotate("k" + i);
        }
        StreamSpec.Builder b = StreamSpec.builder();
        for (int i = 0; i < 6; i++) {
            b.recipient(new KeyServiceRecipient(service, "k" + i));
        }
        byte[] sealed = encrypt(b.build(), random(rnd, 10), rnd);
        for (int i = 0; i < 6; i++) {
            service.disable("k" + i + "/v1");
        }
        int before = service.unwraps.get();
        assertNothingReleased(sealed, StreamException.KeyServiceFailed.class, rnd);
        assertThat(service.unwraps.get() - before).isEqualTo(StreamDecryptor.MAX_KEY_SERVICE_STANZAS);
    }

    @Test
    void aServiceTypeThatIsNotPrintableAsciiIsRefused() {
        InMemoryKeyService bad = new InMemoryKeyService("has space", "orders");
        assertThatThrownBy(() -> new KeyServiceRecipient(bad, "orders")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new KeyServiceRecipient(service, " ")).isInstanceOf(IllegalArgumentException.class);
    }

    /** {@code into} with its first stanza replaced by {@code from}'s (same lengths). */
    private static byte[] withFirstStanzaOf(byte[] into, byte[] from) {
        int start = StreamHeader.FIXED_LENGTH;
        int len = 3 + (((from[start + 1] & 0xff) << 8) | (from[start + 2] & 0xff));
        assertThat(Arrays.copyOfRange(into, start, start + 3)).isEqualTo(Arrays.copyOfRange(from, start, start + 3));
        byte[] out = into.clone();
        System.arraycopy(from, start, out, start, len);
        return out;
    }

    private void assertNothingReleased(byte[] sealed, Class<? extends StreamException> expected, SplittableRandom rnd) {
        ByteArrayOutputStream released = new ByteArrayOutputStream();
        assertThat(catchThrowable(() -> decryptInto(sealed, List.of(identity), rnd, released))).isInstanceOf(expected);
        assertThat(released.size()).isZero();
    }
}
