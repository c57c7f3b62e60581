package io.gmflux.examples.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The passphrase options for the private key files of {@code decrypt}, where {@code --passphrase-*}
 * already name a passphrase-encrypted stream's passphrase: {@code --key-passphrase-env VAR},
 * {@code --key-passphrase-file FILE}, {@code --key-passphrase} (prompt). Without them an encrypted
 * key is asked for on the terminal. A picocli mixin.
 */
final class KeyPassphraseOptions extends PassphraseInput {

    KeyPassphraseOptions() {
        super("--key-passphrase-env VAR, --key-passphrase-file FILE or --key-passphrase");
    }

    @Option(names = "--key-passphrase-env", paramLabel = "VAR",
            description = "the passphrase of encrypted -k keys is in this environment variable")
    void env(String var) {
        setEnv(var);
    }

    @Option(names = "--key-passphrase-file", paramLabel = "FILE",
            description = "the passphrase of encrypted -k keys is this file's first line")
    void file(Path file) {
        setFile(file);
    }

    @Option(names = "--key-passphrase", description = "ask for the passphrase of encrypted -k keys on the terminal")
    void prompt(boolean prompt) {
        setPrompt(prompt);
    }
}
