package io.gmflux.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.gmflux.codecs.format.PassphraseRecipient;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.StreamSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import reactor.core.Exceptions;
import org.junit.jupiter.api.io.TempDir;

class FileStreamsTest {

    private final PassphraseRecipient pass = new PassphraseRecipient("files".toCharArray(),
            PassphraseRecipient.MIN_ITERATIONS);
    private final StreamSpec spec = StreamSpec.builder().recipient(pass).build();

    @Test
    void encryptsAndDecryptsFilesWithoutLoadingThem(@TempDir Path dir) throws Exception {
        byte[] plain = new byte[3 * 1024 * 1024 + 17];
        new SplittableRandom(0xf1_0001L).nextBytes(plain);
        Path in = Files.write(dir.resolve("in.bin"), plain);
        Path sealed = dir.resolve("in.bin.gmf");
        Path back = dir.resolve("back.bin");
        Gmflux.readFile(in).transformDeferred(Gmflux.encrypt(spec)).as(Gmflux.writeFile(sealed))
                .block(Duration.ofSeconds(60));
        Gmflux.readFile(sealed).transformDeferred(Gmflux.decrypt(List.of(pass))).as(Gmflux.writeFile(back))
                .block(Duration.ofSeconds(60));
        assertThat(Files.readAllBytes(back)).isEqualTo(plain);
        assertThat(listing(dir)).containsExactlyInAnyOrder("in.bin", "in.bin.gmf", "back.bin");
    }

    @Test
    void aTamperedFileLeavesNoPlaintextBehind(@TempDir Path dir) throws Exception {
        byte[] plain = new byte[1024 * 1024];
        Path in = Files.write(dir.resolve("in.bin"), plain);
        Path sealed = dir.resolve("in.gmf");
        Gmflux.readFile(in).transformDeferred(Gmflux.encrypt(spec)).as(Gmflux.writeFile(sealed))
                .block(Duration.ofSeconds(60));
        byte[] s = Files.readAllBytes(sealed);
        s[s.length - 100] ^= 1; // the last chunk
        Files.write(sealed, s);
        Path out = dir.resolve("out.bin");
        // block() wraps checked exceptions; the operator signals the StreamException itself
        assertThat(reactor.core.Exceptions.unwrap(org.assertj.core.api.Assertions.catchThrowable(
                () -> Gmflux.readFile(sealed).transformDeferred(Gmflux.decrypt(List.of(pass)))
                .as(Gmflux.writeFile(out)).block(Duration.ofSeconds(60)))))
                .isInstanceOf(StreamException.ChunkAuthenticationFailed.class);
        assertThat(out).doesNotExist();
        assertThat(listing(dir)).containsExactlyInAnyOrder("in.bin", "in.gmf");
    }

    @Test
    void writesAnEmptyFileForAnEmptyStream(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("empty");
        reactor.core.publisher.Flux.<io.netty.buffer.ByteBuf>empty().as(Gmflux.writeFile(out)).block(Duration.ofSeconds(10));
        assertThat(out).exists().isEmptyFile();
    }

    @Test
    void readingAMissingFileFails(@TempDir Path dir) {
        assertThatThrownBy(() -> Gmflux.readFile(dir.resolve("nope")).blockLast(Duration.ofSeconds(10)))
                .hasRootCauseInstanceOf(java.nio.file.NoSuchFileException.class);
    }

    @Test
    void encryptsAndDecryptsJavaIoStreamsWithoutClosingThem() throws Exception {
        byte[] plain = new byte[700 * 1024 + 5];
        new SplittableRandom(0xf1_0002L).nextBytes(plain);
        ClosingWatch sealed = new ClosingWatch();
        Gmflux.readStream(new ByteArrayInputStream(plain), 100_000).transformDeferred(Gmflux.encrypt(spec))
                .as(Gmflux.writeStream(sealed)).block(Duration.ofSeconds(60));
        ClosingWatch back = new ClosingWatch();
        ClosingInput sealedIn = new ClosingInput(sealed.toByteArray());
        Gmflux.readStream(sealedIn, 4096).transformDeferred(Gmflux.decrypt(List.of(pass)))
                .as(Gmflux.writeStream(back)).block(Duration.ofSeconds(60));
        assertThat(back.toByteArray()).isEqualTo(plain);
        assertThat(sealed.closed).isFalse();
        assertThat(back.closed).isFalse();
        assertThat(sealedIn.closed).isFalse();
    }

    @Test
    void anOutputStreamsIoExceptionEndsTheWriteAsItself() {
        IOException full = new IOException("disk full");
        OutputStream failing = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw full;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw full;
            }
        };
        Throwable t = catchThrowable(() -> Gmflux.readStream(new ByteArrayInputStream(new byte[300_000]), 65536)
                .transformDeferred(Gmflux.encrypt(spec)).as(Gmflux.writeStream(failing)).block(Duration.ofSeconds(60)));
        assertThat(Exceptions.unwrap(t)).isSameAs(full);
    }

    @Test
    void anInputStreamsIoExceptionEndsTheRead() {
        IOException broken = new IOException("broken pipe");
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw broken;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                throw broken;
            }
        };
        Throwable t = catchThrowable(() -> Gmflux.readStream(failing, 1024).blockLast(Duration.ofSeconds(10)));
        assertThat(Exceptions.unwrap(t)).isSameAs(broken);
        assertThatThrownBy(() -> Gmflux.readStream(failing, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Records whether {@code close} was called. */
    private static final class ClosingWatch extends ByteArrayOutputStream {
        boolean closed;

        @Override
        public void close() {
            closed = true;
        }
    }

    /** Records whether {@code close} was called. */
    private static final class ClosingInput extends ByteArrayInputStream {
        boolean closed;

        ClosingInput(byte[] b) {
            super(b);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static List<String> listing(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }
}
