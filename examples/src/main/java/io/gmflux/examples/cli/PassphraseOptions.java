package io.gmflux.examples.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The passphrase options of a command with one passphrase, that of its private key ({@code keygen}
 * protecting the key it writes, {@code sign} reading one): {@code --passphrase-env VAR},
 * {@code --passphrase-file FILE}, {@code --passphrase} (prompt without echo). A picocli mixin.
 */
class PassphraseOptions extends PassphraseInput {

    PassphraseOptions() {
        super("--passphrase-env VAR, --passphrase-file FILE or --passphrase");
    }

    @Option(names = "--passphrase-env", paramLabel = "VAR", description = "the key's passphrase is in this environment variable")
    void env(String var) {
        setEnv(var);
    }

    @Option(names = "--passphrase-file", paramLabel = "FILE", description = "the key's passphrase is this file's first line")
    void file(Path file) {
        setFile(file);
    }

    @Option(names = "--passphrase", description = "ask for the key's passphrase on the terminal (no echo)")
    void prompt(boolean prompt) {
        setPrompt(prompt);
    }
}
