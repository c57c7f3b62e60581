package io.gmflux.examples.cli;

import io.gmflux.codecs.pkcs8.PassphraseSource;
import java.io.Console;
import java.io.IOException;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Where a command gets the passphrase of a private key file: an environment variable, the first
 * line of a file (UTF-8), or a prompt on the terminal without echo. The subclasses are the picocli
 * mixins that name these three options for one command ({@link PassphraseOptions},
 * {@link KeyPassphraseOptions}, {@link MasterPassphraseOptions}); this class holds what was given
 * and how to read it. Reading a key asks only if the key turns out to be encrypted, and then prompts
 * on the terminal when no option was given; without a terminal it fails naming the options.
 * Not thread-safe (one per command invocation).
 */
class PassphraseInput {

    /** No option given: a reader prompts on a terminal, or fails naming the reading options. */
    static final PassphraseInput NONE = new PassphraseInput("--key-passphrase-env VAR, --key-passphrase-file FILE");

    private final String options;
    private String env;
    private Path file;
    private boolean prompt;

    /** @param options how the options are written, for messages ("--passphrase-env VAR, --passphrase-file FILE") */
    PassphraseInput(String options) {
        this.options = options;
    }

    final void setEnv(String var) {
        this.env = var;
    }

    final void setFile(Path file) {
        this.file = file;
    }

    final void setPrompt(boolean prompt) {
        this.prompt = prompt;
    }

    /** Whether one of the options was given. */
    final boolean given() {
        return env != null || file != null || prompt;
    }

    /**
     * The passphrase source for reading {@code keyFile}, asked only if the file is encrypted: from
     * the option given, else a prompt on the terminal, else an error naming the options.
     */
    final PassphraseSource forReading(Path keyFile) {
        return () -> read("Passphrase for " + keyFile + ": ", false,
                keyFile + " is passphrase-protected: give " + options + " (no terminal to ask on)");
    }

    /** The passphrase to protect a new key with, asked twice at a prompt; null if no option was given. */
    final char[] forWriting(String what) {
        return given() ? read("Passphrase for " + what + ": ", true, "no terminal to ask on: give " + options) : null;
    }

    private char[] read(String question, boolean confirm, String noTerminal) {
        if ((env != null ? 1 : 0) + (file != null ? 1 : 0) + (prompt ? 1 : 0) > 1) {
            throw new IllegalArgumentException("give only one of " + options);
        }
        if (env != null) {
            return fromEnv(env);
        }
        if (file != null) {
            return fromFile(file);
        }
        Console console = System.console();
        if (console == null) {
            throw new IllegalArgumentException(noTerminal);
        }
        char[] p = nonEmpty(console.readPassword("%s", question), "the passphrase");
        if (confirm) {
            char[] again = console.readPassword("%s", "Again: ");
            boolean same = Arrays.equals(p, again);
            if (again != null) {
                Arrays.fill(again, '\0');
            }
            if (!same) {
                Arrays.fill(p, '\0');
                throw new IllegalArgumentException("the two passphrases typed differ");
            }
        }
        return p;
    }

    /** The passphrase in environment variable {@code var}. */
    static char[] fromEnv(String var) {
        String p = System.getenv(var);
        if (p == null) {
            throw new IllegalArgumentException("environment variable " + var + " is not set");
        }
        return nonEmpty(p.toCharArray(), "the passphrase in " + var);
    }

    /** The first line of {@code file} (UTF-8, without its line end). */
    static char[] fromFile(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
        CharBuffer text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + ": the passphrase is not UTF-8 text");
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
        int end = 0;
        while (end < text.limit() && text.get(end) != '\n' && text.get(end) != '\r') {
            end++;
        }
        char[] p = new char[end];
        text.get(p);
        Arrays.fill(text.array(), '\0');
        return nonEmpty(p, "the passphrase in " + file);
    }

    private static char[] nonEmpty(char[] p, String what) {
        if (p == null || p.length == 0) {
            throw new IllegalArgumentException(what + " is empty");
        }
        return p;
    }
}
