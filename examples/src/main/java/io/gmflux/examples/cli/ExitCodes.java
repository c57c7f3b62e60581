package io.gmflux.examples.cli;

import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.keyservice.KeyServiceException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import javax.crypto.AEADBadTagException;
import picocli.CommandLine;

/**
 * The exit statuses of {@code gmflux} and the one-line message for each failure, in the user's
 * terms ({@code --verbose} adds the cause chain). {@link GmfluxCommand}'s exit code list, which
 * {@code gmflux --help} prints, describes each status. Stateless.
 */
final class ExitCodes {

    static final int OK = 0;
    /** Anything not listed below: an unreadable key file, a malformed input, an unknown suite. */
    static final int FAILED = 1;
    /** The command line itself is wrong (picocli's usage status). */
    static final int USAGE = CommandLine.ExitCode.USAGE;
    /** The data did not authenticate: modified, truncated, or a signature that does not verify. */
    static final int AUTHENTICATION = 3;
    /** A file could not be read or written. */
    static final int IO = 4;
    /** None of the keys given can open the stream. */
    static final int NO_KEY = 5;
    /** A passphrase-encrypted private key file did not open with the passphrase given. */
    static final int WRONG_PASSPHRASE = 6;

    private ExitCodes() {
    }

    /** Thrown by a command whose check came out negative (a signature that does not verify). */
    static final class AuthenticationFailed extends Exception {
        private static final long serialVersionUID = 1L;

        AuthenticationFailed(String message) {
            super(message);
        }
    }

    /** A private key file's passphrase is wrong (or the encrypted key in it was altered). */
    static final class WrongPassphrase extends RuntimeException {
        private static final long serialVersionUID = 1L;

        WrongPassphrase(java.nio.file.Path keyFile, Throwable cause) {
            super("wrong passphrase for " + keyFile + " (or the encrypted key in it was altered)", cause);
        }
    }

    /** Thrown by a command that will not write binary output to a terminal. */
    static final class RefusedTerminalOutput extends Exception {
        private static final long serialVersionUID = 1L;

        RefusedTerminalOutput(String what) {
            super("refusing to write " + what + " to a terminal: give -o FILE, redirect stdout, use --armor,"
                    + " or --force");
        }
    }

    /** Prints the failure of {@code cmd} on its error stream and returns its status. */
    static int report(Exception e, CommandLine cmd, CommandLine.ParseResult full) {
        Throwable t = e instanceof UncheckedIOException ? e.getCause() : e;
        PrintWriter err = cmd.getErr();
        err.println(cmd.getCommandSpec().qualifiedName() + ": " + message(t));
        if (verbose(full)) {
            for (Throwable c = t; c != null; c = c.getCause()) {
                err.println("  caused by " + c.getClass().getName() + ": " + c.getMessage());
            }
        }
        err.flush();
        return status(t);
    }

    static int status(Throwable t) {
        if (keyServiceFailure(t) != null) {
            return FAILED;
        }
        if (t instanceof WrongPassphrase) {
            return WRONG_PASSPHRASE;
        }
        if (t instanceof StreamException.NoMatchingRecipient) {
            return NO_KEY;
        }
        if (t instanceof StreamException.BadHeaderMac || t instanceof StreamException.ChunkAuthenticationFailed
                || t instanceof StreamException.Truncated || t instanceof AEADBadTagException
                || t instanceof AuthenticationFailed) {
            return AUTHENTICATION;
        }
        if (t instanceof StreamException || t instanceof RefusedTerminalOutput) {
            return FAILED;
        }
        if (t instanceof IOException) {
            return IO;
        }
        return FAILED;
    }

    static String message(Throwable t) {
        KeyServiceException service = keyServiceFailure(t);
        if (service != null) {
            return "the key service failed: " + service.getMessage() + "; nothing was written";
        }
        if (t instanceof StreamException.NoMatchingRecipient) {
            return "no key given can open this stream (" + t.getMessage() + ")";
        }
        if (t instanceof StreamException.ChunkAuthenticationFailed) {
            return "authentication failed: the input was modified (" + t.getMessage() + "); nothing unverified was written";
        }
        if (t instanceof StreamException.BadHeaderMac) {
            return "authentication failed: the header was modified; nothing was written";
        }
        if (t instanceof StreamException.Truncated) {
            return "authentication failed: the input is truncated (" + t.getMessage() + ")";
        }
        if (t instanceof StreamException.Malformed) {
            return "not a gmflux stream: " + t.getMessage();
        }
        if (t instanceof NoSuchFileException) {
            return "no such file: " + t.getMessage();
        }
        if (t instanceof AccessDeniedException) {
            return "permission denied: " + t.getMessage();
        }
        if (t instanceof FileAlreadyExistsException) {
            return "file exists (not overwritten): " + t.getMessage();
        }
        if (t instanceof IOException && !(t instanceof StreamException)) {
            return "input/output error: " + t.getMessage();
        }
        String m = t.getMessage();
        return m == null || m.isEmpty() ? t.getClass().getSimpleName() : m;
    }

    /** The key service's failure behind {@code t} (a service down, a key missing or disabled), or null. */
    private static KeyServiceException keyServiceFailure(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof KeyServiceException k) {
                return k;
            }
        }
        return null;
    }

    private static boolean verbose(CommandLine.ParseResult full) {
        for (CommandLine.ParseResult p = full; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }
}
