package io.gmflux.examples.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One in-process run of the whole {@code gmflux} command line: its status, stderr and stdout (both kinds). */
final class CliRun {

    final int status;
    final String err;
    final String out;

    private CliRun(int status, String err, String out) {
        this.status = status;
        this.err = err;
        this.out = out;
    }

    /** Runs {@code gmflux args...} as {@link GmfluxCommand#main} does, without exiting; not thread-safe (System.out). */
    static CliRun of(String... args) {
        PrintStream stdout = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        // Before the CommandLine is made: picocli's default execution strategy keeps the System.out of
        // that moment and, if System.out has changed since, puts it back in place of setOut's writer.
        System.setOut(new PrintStream(bytes, true));
        StringWriter err = new StringWriter();
        StringWriter out = new StringWriter();
        int status;
        try {
            CommandLine cl = GmfluxCommand.newCommandLine();
            cl.setErr(new PrintWriter(err, true));
            cl.setOut(new PrintWriter(out, true));
            status = cl.execute(args);
        } finally {
            System.setOut(stdout);
        }
        return new CliRun(status, err.toString(), out + bytes.toString(java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    @Override
    public String toString() {
        return "status " + status + ", stderr: " + err;
    }
}
