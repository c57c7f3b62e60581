package io.gmflux.examples.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A progress bar on stderr for long work: bytes done, percent and rate, redrawn in place at most
 * four times a second. Shown only when stderr is a terminal ({@code System.console() != null}) and
 * the input is large (at least {@link #LARGE} bytes, or of unknown size such as stdin), so pipes,
 * scripts and small files get clean output. Not thread-safe: one reader advances it.
 */
final class Progress {

    /** Inputs at least this large get a bar. */
    static final long LARGE = 16L << 20;
    private static final long REDRAW_NANOS = 250_000_000L;
    private static final int WIDTH = 30;

    private final PrintStream err;
    private final String label;
    private final long total;
    private final boolean enabled;
    private final LongSupplier clock;
    private final long start;
    private long done;
    private long lastDraw;
    private boolean drawn;

    Progress(PrintStream err, String label, long total, boolean enabled, LongSupplier clock) {
        this.err = err;
        this.label = label;
        this.total = total;
        this.enabled = enabled;
        this.clock = clock;
        this.start = clock.getAsLong();
        this.lastDraw = start;
    }

    /** A bar for reading {@code in} (a file, or stdin when null or "-") if stderr is a terminal and it is large. */
    static Progress forInput(Path in, String label) {
        long total = -1;
        if (in != null && !in.toString().equals("-")) {
            try {
                total = Files.size(in);
            } catch (IOException unknown) {
                total = -1;
            }
        }
        boolean large = total < 0 || total >= LARGE;
        return new Progress(System.err, label, total, System.console() != null && large, System::nanoTime);
    }

    /** {@code in}, counting what is read from it into this bar. */
    InputStream wrap(InputStream in) {
        if (!enabled) {
            return in;
        }
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    advance(1);
                }
                return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n > 0) {
                    advance(n);
                }
                return n;
            }
        };
    }

    void advance(long n) {
        done += n;
        long now = clock.getAsLong();
        if (enabled && now - lastDraw >= REDRAW_NANOS) {
            lastDraw = now;
            draw(now);
        }
    }

    /** Draws the final state and ends the line (if anything was drawn). */
    void finish() {
        if (enabled && drawn) {
            draw(clock.getAsLong());
            err.println();
        }
    }

    private void draw(long now) {
        err.print("\r" + line(now));
        err.flush();
        drawn = true;
    }

    /** The bar's text at time {@code now}, e.g. {@code encrypt [#######.....]  58%  37.0 MiB  120.4 MiB/s}. */
    String line(long now) {
        double secs = Math.max(1e-9, (now - start) / 1e9);
        String amount = String.format(Locale.ROOT, "%.1f MiB  %.1f MiB/s", done / 1048576.0, done / 1048576.0 / secs);
        if (total <= 0) {
            return label + "  " + amount;
        }
        int pct = (int) Math.min(100, done * 100 / total);
        int fill = pct * WIDTH / 100;
        return label + " [" + "#".repeat(fill) + ".".repeat(WIDTH - fill) + "] " + String.format(Locale.ROOT, "%3d%%", pct)
                + "  " + amount;
    }
}
