package io.gmflux.examples.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Input and output for commands that stream: a file or stdin/stdout ("-" or no option). A file
 * output is written to a temporary name beside it and moved into place only by {@link Output#commit()},
 * so a failed run (a tampered input, say) leaves nothing behind under the target's name.
 */
final class IoFiles {

    private IoFiles() {
    }

    /**
     * Whether stdout is a terminal: the launcher's {@code -Dgmflux.stdout.tty} (it knows, from
     * {@code [ -t 1 ]}), else whether the JVM has a console (stdin and stdout both terminals).
     */
    static boolean stdoutIsTerminal() {
        String tty = System.getProperty("gmflux.stdout.tty");
        return tty != null ? Boolean.parseBoolean(tty) : System.console() != null;
    }

    /** Fails, as age does, when binary output would go to stdout and stdout is a terminal, unless forced. */
    static void refuseBinaryToTerminal(Path out, boolean force, String what) throws ExitCodes.RefusedTerminalOutput {
        if (!force && (out == null || out.toString().equals("-")) && stdoutIsTerminal()) {
            throw new ExitCodes.RefusedTerminalOutput(what);
        }
    }

    static InputStream input(Path in) throws IOException {
        if (in == null || in.toString().equals("-")) {
            return new FilterInputStreamNoClose(System.in);
        }
        return Files.newInputStream(in);
    }

    /** {@code out} with {@code close()} reduced to {@code flush()}. */
    static OutputStream shield(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                out.flush();
            }
        };
    }

    /** An output that is either stdout or a temporary file committed by rename. */
    static final class Output extends FilterOutputStream {
        private final Path target;
        private final Path tmp;
        private boolean committed;

        private Output(OutputStream out, Path target, Path tmp) {
            super(out);
            this.target = target;
            this.tmp = tmp;
        }

        static Output open(Path target) throws IOException {
            if (target == null || target.toString().equals("-")) {
                return new Output(System.out, null, null);
            }
            Path abs = target.toAbsolutePath();
            Path tmp = Files.createTempFile(abs.getParent(), "." + abs.getFileName() + ".", ".part");
            return new Output(Files.newOutputStream(tmp), abs, tmp);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        /** Closes and moves the temporary file into place. */
        void commit() throws IOException {
            if (target == null) {
                out.flush();
            } else {
                out.close();
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            committed = true;
        }

        /** Without a commit, removes the temporary file. Never closes stdout. */
        @Override
        public void close() throws IOException {
            if (target == null) {
                out.flush();
                return;
            }
            if (!committed) {
                try {
                    out.close();
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
        }
    }

    /** stdin without closing it. */
    private static final class FilterInputStreamNoClose extends java.io.FilterInputStream {
        FilterInputStreamNoClose(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
        }
    }
}
