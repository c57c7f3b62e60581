package io.gmflux.codecs.format;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;

/**
 * The ASCII armor of a gmflux stream (codecs/FORMAT.md, "ASCII armor"): the stream's bytes in
 * Base64, 64 characters a line, between {@code -----BEGIN GMFLUX ENCRYPTED FILE-----} and
 * {@code -----END GMFLUX ENCRYPTED FILE-----}. Both directions stream in constant memory.
 *
 * <p>The reader is strict (full lines of exactly 64 characters, one shorter last line, canonical
 * padding, nothing but whitespace after the end line) and fails with {@link StreamException.Malformed};
 * it checks the armor only, the stream inside is authenticated by the stream format as usual.
 * Stateless; the streams it returns are not thread-safe.
 */
public final class Armor {

    /** The first line of an armored stream. */
    public static final String BEGIN = "-----BEGIN GMFLUX ENCRYPTED FILE-----";
    /** The last line of an armored stream. */
    public static final String END = "-----END GMFLUX ENCRYPTED FILE-----";
    /** Base64 characters on every line but the last. */
    public static final int LINE = 64;

    private static final byte[] BEGIN_BYTES = (BEGIN + "\n").getBytes(StandardCharsets.US_ASCII);

    private Armor() {
    }

    /**
     * An output stream that armors what is written to it into {@code out}; its {@code close()}
     * writes the last line and the end line and closes {@code out}.
     */
    public static OutputStream encoder(OutputStream out) throws IOException {
        out.write(BEGIN_BYTES);
        return new Encoder(out);
    }

    /**
     * {@code in} itself if it does not start with {@link #BEGIN}, otherwise the bytes its armor
     * encloses. The returned stream reads {@code in} through a buffer and closes it on close.
     */
    public static InputStream decodeIfArmored(InputStream in) throws IOException {
        BufferedInputStream buffered = new BufferedInputStream(in, 1 << 16);
        buffered.mark(BEGIN_BYTES.length);
        byte[] head = buffered.readNBytes(BEGIN.length());
        buffered.reset();
        if (!Arrays.equals(head, BEGIN.getBytes(StandardCharsets.US_ASCII))) {
            return buffered;
        }
        return new Decoder(buffered);
    }

    /** Whether {@code file} starts with {@link #BEGIN}. */
    public static boolean isArmored(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(BEGIN.length()), BEGIN.getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** Base64 in groups of 48 bytes, one line each. */
    private static final class Encoder extends FilterOutputStream {
        private final byte[] pending = new byte[LINE / 4 * 3];
        private int n;
        private boolean closed;

        Encoder(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            while (len > 0) {
                int take = Math.min(len, pending.length - n);
                System.arraycopy(b, off, pending, n, take);
                n += take;
                off += take;
                len -= take;
                if (n == pending.length) {
                    line();
                }
            }
        }

        private void line() throws IOException {
            out.write(Base64.getEncoder().encode(Arrays.copyOf(pending, n)));
            out.write('\n');
            n = 0;
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            if (n > 0) {
                line();
            }
            out.write((END + "\n").getBytes(StandardCharsets.US_ASCII));
            out.close();
        }
    }

    /** Reads the armor line by line, decoding each full line as it comes. */
    private static final class Decoder extends InputStream {
        private final InputStream in;
        private byte[] decoded = new byte[0];
        private int pos;
        private boolean lastLineSeen;
        private boolean done;

        Decoder(InputStream in) throws IOException {
            this.in = in;
            String first = readLine();
            if (!BEGIN.equals(first)) {
                throw new StreamException.Malformed("armor: the first line is not " + BEGIN);
            }
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (pos == decoded.length) {
                if (done) {
                    return -1;
                }
                nextLine();
            }
            int take = Math.min(len, decoded.length - pos);
            System.arraycopy(decoded, pos, b, off, take);
            pos += take;
            return take;
        }

        private void nextLine() throws IOException {
            String line = readLine();
            if (line == null) {
                throw new StreamException.Malformed("armor: no end line " + END);
            }
            if (END.equals(line)) {
                for (int c = in.read(); c >= 0; c = in.read()) {
                    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                        throw new StreamException.Malformed("armor: data after the end line");
                    }
                }
                done = true;
                decoded = new byte[0];
                pos = 0;
                return;
            }
            if (lastLineSeen) {
                throw new StreamException.Malformed("armor: a line shorter than " + LINE + " characters before the last");
            }
            if (line.isEmpty() || line.length() > LINE || line.length() % 4 != 0) {
                throw new StreamException.Malformed("armor: a line of " + line.length() + " characters");
            }
            lastLineSeen = line.length() < LINE || line.endsWith("=");
            byte[] bytes;
            try {
                bytes = Base64.getDecoder().decode(line);
            } catch (IllegalArgumentException e) {
                throw new StreamException.Malformed("armor: not Base64: " + e.getMessage());
            }
            if (!Base64.getEncoder().encodeToString(bytes).equals(line)) {
                throw new StreamException.Malformed("armor: non-canonical Base64");
            }
            decoded = bytes;
            pos = 0;
        }

        /** A line without its "\n" or "\r\n"; null at the end of the input; at most 80 characters. */
        private String readLine() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream(LINE + 2);
            int c;
            while ((c = in.read()) >= 0 && c != '\n') {
                if (line.size() > 80) {
                    throw new StreamException.Malformed("armor: a line longer than " + LINE + " characters");
                }
                line.write(c);
            }
            if (c < 0 && line.size() == 0) {
                return null;
            }
            String s = line.toString(StandardCharsets.US_ASCII);
            return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
