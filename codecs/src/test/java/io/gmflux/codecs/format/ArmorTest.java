package io.gmflux.codecs.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ArmorTest {

    private static byte[] armor(byte[] data, int writeSize) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (OutputStream out = Armor.encoder(sink)) {
            for (int off = 0; off < data.length; off += writeSize) {
                out.write(data, off, Math.min(writeSize, data.length - off));
            }
        }
        return sink.toByteArray();
    }

    private static byte[] dearmor(byte[] text) throws IOException {
        try (InputStream in = Armor.decodeIfArmored(new ByteArrayInputStream(text))) {
            return in.readAllBytes();
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void roundTripsEveryLengthAroundLineBoundariesWithAnyWriteSize() throws IOException {
        SplittableRandom random = new SplittableRandom(17);
        for (int len = 1; len < 200; len++) {
            byte[] data = new byte[len];
            random.nextBytes(data);
            int writeSize = 1 + random.nextInt(70);
            byte[] text = armor(data, writeSize);
            assertThat(dearmor(text)).as("length %d, writes of %d", len, writeSize).isEqualTo(data);
        }
    }

    @Test
    void writesTheSpecifiedLayout() throws IOException {
        byte[] data = new byte[100];
        new SplittableRandom(1).nextBytes(data);
        String b64 = Base64.getEncoder().encodeToString(data);
        // 100 bytes: two full lines of 64 characters (48 bytes each), then 8 characters (4 bytes, "==" padded).
        String expected = Armor.BEGIN + "\n" + b64.substring(0, 64) + "\n" + b64.substring(64, 128) + "\n"
                + b64.substring(128) + "\n" + Armor.END + "\n";
        assertThat(b64.substring(128)).hasSize(8).endsWith("==");
        assertThat(new String(armor(data, 100), StandardCharsets.US_ASCII)).isEqualTo(expected);
    }

    @Test
    void passesAnUnarmoredStreamThroughUnchanged() throws IOException {
        byte[] data = ascii("GMFLUX\u0001 binary stream that is not armored");
        assertThat(dearmor(data)).isEqualTo(data);
        assertThat(dearmor(new byte[0])).isEmpty();
    }

    @Test
    void readsCrlfLineEndingsAndTrailingWhitespace() throws IOException {
        byte[] data = new byte[70];
        new SplittableRandom(2).nextBytes(data);
        String text = new String(armor(data, 70), StandardCharsets.US_ASCII).replace("\n", "\r\n") + "\r\n \n";
        assertThat(dearmor(ascii(text))).isEqualTo(data);
    }

    @Test
    void attackTruncatedArmorWithoutEndLineIsRefused() throws IOException {
        String text = new String(armor(new byte[100], 100), StandardCharsets.US_ASCII);
        String cut = text.substring(0, text.indexOf(Armor.END));
        assertThatThrownBy(() -> dearmor(ascii(cut))).isInstanceOf(StreamException.Malformed.class)
                .hasMessageContaining("no end line");
    }

    @Test
    void attackDataAppendedAfterTheEndLineIsRefused() throws IOException {
        String text = new String(armor(new byte[10], 10), StandardCharsets.US_ASCII) + "AAAA\n";
        assertThatThrownBy(() -> dearmor(ascii(text))).isInstanceOf(StreamException.Malformed.class)
                .hasMessageContaining("after the end line");
    }

    @Test
    void attackLinesRewrappedOrPaddedDifferentlyAreRefused() throws IOException {
        byte[] data = new byte[96];
        String b64 = Base64.getEncoder().encodeToString(data);
        String shortFirst = Armor.BEGIN + "\n" + b64.substring(0, 60) + "\n" + b64.substring(60) + "\n" + Armor.END + "\n";
        assertThatThrownBy(() -> dearmor(ascii(shortFirst))).isInstanceOf(StreamException.Malformed.class);
        String longLine = Armor.BEGIN + "\n" + b64 + "\n" + Armor.END + "\n";
        assertThatThrownBy(() -> dearmor(ascii(longLine))).isInstanceOf(StreamException.Malformed.class);
        // "AB==" decodes like "AA==" in lenient decoders: the non-zero unused bits are refused.
        String nonCanonical = Armor.BEGIN + "\nAB==\n" + Armor.END + "\n";
        assertThatThrownBy(() -> dearmor(ascii(nonCanonical))).isInstanceOf(StreamException.Malformed.class)
                .hasMessageContaining("non-canonical");
        String notBase64 = Armor.BEGIN + "\nAA*A\n" + Armor.END + "\n";
        assertThatThrownBy(() -> dearmor(ascii(notBase64))).isInstanceOf(StreamException.Malformed.class);
        String afterPadding = Armor.BEGIN + "\nAA==\nAAAA\n" + Armor.END + "\n";
        assertThatThrownBy(() -> dearmor(ascii(afterPadding))).isInstanceOf(StreamException.Malformed.class);
    }
}
