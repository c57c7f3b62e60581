package io.gmflux.examples.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The passphrase options for an encrypted SM9 master key read by {@code keygen sm9-user} and
 * {@code keygen sm9-sign-user}, apart from
 * those protecting the user key it writes: {@code --master-passphrase-env VAR},
 * {@code --master-passphrase-file FILE}, {@code --master-passphrase} (prompt). A picocli mixin.
 */
final class MasterPassphraseOptions extends PassphraseInput {

    MasterPassphraseOptions() {
        super("--master-passphrase-env VAR, --master-passphrase-file FILE or --master-passphrase");
    }

    @Option(names = "--master-passphrase-env", paramLabel = "VAR",
            description = "the encrypted master key's passphrase is in this environment variable")
    void env(String var) {
        setEnv(var);
    }

    @Option(names = "--master-passphrase-file", paramLabel = "FILE",
            description = "the encrypted master key's passphrase is this file's first line")
    void file(Path file) {
        setFile(file);
    }

    @Option(names = "--master-passphrase", description = "ask for the encrypted master key's passphrase on the terminal")
    void prompt(boolean prompt) {
        setPrompt(prompt);
    }
}
