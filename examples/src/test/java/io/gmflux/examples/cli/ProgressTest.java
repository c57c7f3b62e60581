package io.gmflux.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void drawsPercentBytesAndRateInPlaceAtMostFourTimesASecond() throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        AtomicLong now = new AtomicLong();
        Progress p = new Progress(new PrintStream(sink, true, StandardCharsets.UTF_8), "encrypt", 100L << 20, true,
                now::get);
        InputStream in = p.wrap(new ByteArrayInputStream(new byte[50 << 20]));
        byte[] buf = new byte[1 << 20];
        for (int i = 0; i < 50; i++) {
            now.addAndGet(20_000_000L); // 20 ms per MiB: 50 MiB/s
            assertThat(in.read(buf)).isEqualTo(buf.length);
        }
        p.finish();
        String drawn = sink.toString(StandardCharsets.UTF_8);
        assertThat(drawn.chars().filter(c -> c == '\r').count()).as("redraws over one second").isBetween(4L, 6L);
        assertThat(drawn).endsWith("encrypt [###############...............]  50%  50.0 MiB  50.0 MiB/s\n");
    }

    @Test
    void showsBytesAndRateWithoutAKnownSize() {
        AtomicLong now = new AtomicLong();
        Progress p = new Progress(System.err, "decrypt", -1, true, now::get);
        p.advance(3 << 20);
        now.set(2_000_000_000L);
        assertThat(p.line(now.get())).isEqualTo("decrypt  3.0 MiB  1.5 MiB/s");
    }

    @Test
    void drawsNothingWhenDisabled() throws Exception {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        AtomicLong now = new AtomicLong();
        Progress p = new Progress(new PrintStream(sink), "encrypt", 100L << 20, false, now::get);
        InputStream raw = new ByteArrayInputStream(new byte[10]);
        assertThat(p.wrap(raw)).isSameAs(raw);
        p.advance(1 << 20);
        now.set(10_000_000_000L);
        p.advance(1);
        p.finish();
        assertThat(sink.size()).isZero();
    }

    @Test
    void isOffWithoutATerminal() {
        // surefire's forked JVM has no console, as a pipe or a redirect would not
        assertThat(System.console()).isNull();
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PrintStream err = System.err;
        System.setErr(new PrintStream(sink));
        try {
            Progress p = Progress.forInput(null, "encrypt");
            p.advance(100L << 20);
            p.finish();
        } finally {
            System.setErr(err);
        }
        assertThat(sink.size()).isZero();
    }
}
