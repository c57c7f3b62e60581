package io.gmflux.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gmflux demo} runs its whole tour (on a small sample) and reports each stop. */
class DemoCommandTest {

    @Test
    void toursKeysEncryptionEachDecryptionAndACaughtTamper() {
        CommandLine cl = GmfluxCommand.newCommandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int status = cl.execute("demo", "--size", "2m", "--kafka-records", "300");
        assertThat(status).as(err.toString()).isZero();
        String text = out.toString();
        assertThat(text).contains("1/6 keys", "5/6 tamper", "6/6 kafka: 300 records")
                .contains("stanzas [sm2, sm2+mlkem768, sm9]")
                .contains("decrypt as SM2 (alice)", "decrypt as SM2 + ML-KEM-768 (carol)", "decrypt as SM9 (bob@example.com)")
                .contains("every decryption is byte for byte the sample")
                .containsPattern("StreamException\\.ChunkAuthenticationFailed: chunk 1[56] failed authentication")
                .contains("no tampered.out and no temporary file left")
                .contains("none contains the plaintext marker", "Consumed and decrypted 300 records, all intact")
                .contains("demo done in");
    }

    @Test
    void stepsAreAListAnotherStopCanJoin() {
        assertThat(DemoCommand.steps(10)).extracting(DemoStep::title)
                .allMatch(t -> !t.isBlank()).hasSize(6);
        assertThat(DemoCommand.steps(0)).extracting(DemoStep::title).noneMatch(t -> t.startsWith("kafka"));
    }
}
