package io.gmflux.codecs.keyservice.pkcs11;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PinSourceTest {

    @TempDir
    Path dir;

    @Test
    void fileDropsOneTrailingLineBreak() throws IOException {
        assertThat(PinSource.fromFile(Files.writeString(dir.resolve("a"), "1234\n")).read()).containsExactly('1', '2', '3', '4');
        assertThat(PinSource.fromFile(Files.writeString(dir.resolve("b"), "1234\r\n")).read()).containsExactly('1', '2', '3', '4');
        assertThat(PinSource.fromFile(Files.writeString(dir.resolve("c"), "12 34\n\n")).read())
                .containsExactly('1', '2', ' ', '3', '4', '\n');
        assertThat(PinSource.fromFile(Files.writeString(dir.resolve("d"), "pïn")).read()).containsExactly('p', 'ï', 'n');
    }

    @Test
    void emptyOrMissingSourceIsAnError() throws IOException {
        assertThatThrownBy(() -> PinSource.fromFile(Files.writeString(dir.resolve("e"), "\n")).read())
                .isInstanceOf(IOException.class).hasMessageContaining("empty");
        assertThatThrownBy(() -> PinSource.fromFile(dir.resolve("absent")).read()).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> PinSource.fromFile(Files.write(dir.resolve("f"), new byte[] {(byte) 0xff})).read())
                .isInstanceOf(IOException.class).hasMessageContaining("UTF-8");
        assertThatThrownBy(() -> PinSource.fromEnv("GMFLUX_TEST_NO_SUCH_PIN_VARIABLE").read())
                .isInstanceOf(IOException.class).hasMessageContaining("GMFLUX_TEST_NO_SUCH_PIN_VARIABLE");
    }

    @Test
    void describesTheSourceNotThePin() throws IOException {
        PinSource source = PinSource.fromFile(Files.writeString(dir.resolve("pin"), "secret-pin"));
        assertThat(source.toString()).contains("pin").doesNotContain("secret-pin");
    }
}
