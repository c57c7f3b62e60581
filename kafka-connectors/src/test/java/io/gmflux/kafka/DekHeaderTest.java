package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.format.KeyText;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.Suite;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/** The {@code gmflux.dek} header's layout (FORMAT.md §7.1) and the sizes the documents give for it. */
class DekHeaderTest {

    private static final TestKeys ALICE = TestKeys.create("alice");
    private static final TestKeys PRODUCER = TestKeys.create("producer");
    private static final Path FORMAT_MD = Path.of("..", "codecs", "FORMAT.md");
    private static final Path README = Path.of("README.md");

    private record Record(byte[] header, byte[] value) {
    }

    private static Record seal(GmfluxSerializer<byte[]> s, byte[] plain) {
        Headers h = new RecordHeaders();
        byte[] value = s.serialize("sizes", h, plain);
        return new Record(h.lastHeader(DekHeader.NAME).value(), value);
    }

    @Test
    void headerSizesWithOneSm2RecipientAreTheOnesTheDocumentsGive() throws Exception {
        String format = Files.readString(FORMAT_MD, StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        String readme = Files.readString(README, StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        // §7.1: "Sizes with one SM2 recipient: U bytes unsigned (F + S for the stanza + T), G signed (+ K for ... + R for ...)"
        Matcher sizes = find(format, "Sizes with one SM2 recipient: (\\d+) bytes unsigned \\((\\d+) \\+ (\\d+) for the"
                + " stanza \\+ (\\d+)\\), (\\d+) signed \\(\\+ (\\d+) for the key id \\+ (\\d+) for `r \\|\\| s`\\); each"
                + " further SM2 recipient adds (\\d+) bytes");
        // §7.3: "V bytes in the value plus the U-byte header (G signed), plus ... F bytes): P bytes per record, Q signed"
        Matcher overhead = find(format, "Overhead per record with one SM2 recipient and SM4-GCM: (\\d+) bytes in the value"
                + " plus the (\\d+)-byte header \\((\\d+) signed\\), plus Kafka's own header framing \\(the key"
                + " `gmflux.dek` and two varints, (\\d+) bytes\\): (\\d+) bytes per record, (\\d+) signed");
        // §8.1: "With one SM2 recipient, unsigned, SM4-GCM: 3 + U (header) + ..."
        Matcher envelope = find(format, "With one SM2 recipient, unsigned, SM4-GCM: 3 \\+ (\\d+) \\(header\\)");
        Matcher inReadme = find(readme, "the `gmflux.dek` header \\((\\d+) bytes with one SM2 recipient, (\\d+) signed");
        int unsigned = Integer.parseInt(sizes.group(1));
        int signed = Integer.parseInt(sizes.group(5));
        try (GmfluxSerializer<byte[]> plain = Configured.serializer(ALICE);
                GmfluxSerializer<byte[]> bySigner = Configured.serializer(ALICE, GmfluxConfig.PRODUCER_KEY,
                        PRODUCER.privatePem.toString())) {
            byte[] payload = new byte[100];
            Record u = seal(plain, payload);
            Record s = seal(bySigner, payload);
            DekHeader parsed = DekHeader.parse(u.header(), DekHeader.MAX_STANZAS);
            assertThat(u.header()).hasSize(unsigned);
            assertThat(s.header()).hasSize(signed);
            assertThat(DekHeader.STANZAS_OFFSET).isEqualTo(Integer.parseInt(sizes.group(2)));
            assertThat(parsed.commitmentOffset() - DekHeader.STANZAS_OFFSET).isEqualTo(Integer.parseInt(sizes.group(3)))
                    .isEqualTo(Integer.parseInt(sizes.group(8)));
            assertThat(u.header().length - parsed.commitmentOffset()).isEqualTo(Integer.parseInt(sizes.group(4)));
            assertThat(s.header().length - u.header().length)
                    .isEqualTo(Integer.parseInt(sizes.group(6)) + Integer.parseInt(sizes.group(7)));
            assertThat(u.value().length - payload.length).isEqualTo(Integer.parseInt(overhead.group(1)));
            assertThat(Integer.parseInt(overhead.group(2))).isEqualTo(unsigned);
            assertThat(Integer.parseInt(overhead.group(3))).isEqualTo(signed);
            int framing = Integer.parseInt(overhead.group(4));
            assertThat(Integer.parseInt(overhead.group(5))).isEqualTo(u.value().length - payload.length + unsigned + framing);
            assertThat(Integer.parseInt(overhead.group(6))).isEqualTo(s.value().length - payload.length + signed + framing);
            assertThat(Integer.parseInt(envelope.group(1))).isEqualTo(unsigned);
            assertThat(Integer.parseInt(inReadme.group(1))).isEqualTo(unsigned);
            assertThat(Integer.parseInt(inReadme.group(2))).isEqualTo(signed);
        }
        // A second SM2 recipient adds one stanza of the stated size.
        try (GmfluxSerializer<byte[]> two = Configured.serializer(ALICE, GmfluxConfig.RECIPIENTS,
                ALICE.publicPem + "," + PRODUCER.publicPem)) {
            assertThat(seal(two, new byte[1]).header()).hasSize(unsigned + Integer.parseInt(sizes.group(8)));
        }
    }

    private static Matcher find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("the documents state /%s/", regex).isTrue();
        return m;
    }

    @Test
    void pointsAreDecompressedOnlyAfterTheLayoutChecks() throws Exception {
        // Two stanzas for one key whose first C1 is not a point: the duplicate is what is reported,
        // because parsing checks the layout and decompresses nothing; expanding the stanzas refuses the point.
        SecureRandom random = new SecureRandom();
        byte[] dekId = new byte[16];
        byte[] dek = new byte[32];
        List<RecipientStanza> twice = List.of(KeyText.recipient(ALICE.publicText).wrap(dek, dekId, random),
                KeyText.recipient(ALICE.publicText).wrap(dek, dekId, random));
        byte[] committed = DekHeader.committedPart(Suite.SM4_GCM, dekId, twice);
        byte[] header = Arrays.copyOf(committed, committed.length + DekHeader.COMMITMENT_LENGTH + 1);
        header[DekHeader.STANZAS_OFFSET + 3 + RecipientStanza.KEY_ID_LENGTH] = 0x04;
        assertThatThrownBy(() -> DekHeader.parse(header, DekHeader.MAX_STANZAS))
                .isInstanceOf(StreamException.Malformed.class).hasMessageContaining("two stanzas for sm2:" + ALICE.keyIdHex);
        byte[] one = DekHeader.committedPart(Suite.SM4_GCM, dekId, twice.subList(0, 1));
        byte[] once = Arrays.copyOf(one, one.length + DekHeader.COMMITMENT_LENGTH + 1);
        once[DekHeader.STANZAS_OFFSET + 3 + RecipientStanza.KEY_ID_LENGTH] = 0x04;
        DekHeader parsed = DekHeader.parse(once, DekHeader.MAX_STANZAS);
        assertThat(parsed.describeRecipients()).isEqualTo("[sm2:" + ALICE.keyIdHex + "]");
        assertThatThrownBy(parsed::expandStanzas).isInstanceOf(StreamException.Malformed.class)
                .hasMessageContaining("C1 must be compressed");
        once[DekHeader.STANZAS_OFFSET + 3 + RecipientStanza.KEY_ID_LENGTH] = one[DekHeader.STANZAS_OFFSET + 3
                + RecipientStanza.KEY_ID_LENGTH];
        assertThat(DekHeader.parse(once, DekHeader.MAX_STANZAS).expandStanzas()).singleElement()
                .satisfies(s -> assertThat(s.body()).isEqualTo(twice.get(0).body()));
    }
}
