package io.gmflux.examples.cli;

import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code gmflux} command line: {@code java -jar examples/target/gmflux.jar <command>}.
 *
 * <p>Subcommands: {@code selftest} (known-answer tests and a rough speed figure),
 * {@code keygen}, {@code encrypt}, {@code decrypt}, {@code inspect} (the stream format of
 * codecs/FORMAT.md), {@code sign}, {@code verify}, {@code digest} and {@code help}. Every failure
 * ends with one of the statuses of {@link ExitCodes} and a one-line reason on stderr.
 */
@Command(name = "gmflux",
        mixinStandardHelpOptions = true,
        versionProvider = GmfluxCommand.Version.class,
        description = "Streaming encryption with the Chinese commercial cryptography standards (SM2, SM3, SM4, SM9, ZUC).",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:success",
            "1:failed (a key or input gmflux cannot use; the message says which)",
            "2:usage error (unknown option, missing argument)",
            "3:authentication failed: the input was modified or truncated, or the signature does not verify",
            "4:a file could not be read or written",
            "5:none of the keys given can open this stream",
            "6:wrong passphrase for an encrypted private key file (or the file was altered)"},
        footerHeading = "%n",
        footer = {"Every failure prints one line naming what failed; --verbose adds the cause chain.",
            "'gmflux help <command>' describes a command."},
        subcommands = {SelftestCommand.class, KeygenCommand.class, EncryptCommand.class, DecryptCommand.class,
            SignCommand.class, VerifyCommand.class, DigestCommand.class, InspectCommand.class, DemoCommand.class, io.gmflux.examples.kafka.KafkaCommand.class,
            io.gmflux.examples.proxy.ProxyCommand.class, CommandLine.HelpCommand.class})
public final class GmfluxCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "on failure, print the chain of causes too")
    boolean verbose;

    /** Runs the command line and exits the JVM with its status. */
    public static void main(String[] args) {
        System.exit(newCommandLine().execute(args));
    }

    /** A configured command line, for in-process use (tests, embedding); never calls {@code System.exit}. */
    public static CommandLine newCommandLine() {
        return new CommandLine(new GmfluxCommand())
                .setExecutionExceptionHandler(ExitCodes::report);
    }

    /** Without a subcommand: show what there is and exit with the usage-error status. */
    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: try 'gmflux selftest'");
    }

    /**
     * The SM4 constant-time engine this JVM serves, once the choice is made: on Java 25 with the vector
     * module that takes the vector engine's warm-up (1-2 s, at most {@link #ENGINE_CHOICE_WAIT}); elsewhere
     * it returns at once. Waiting makes the answer the engine that runs, not "warming up".
     */
    static String constantTimeEngine() {
        try {
            return Sm4.awaitConstantTimeEngine(ENGINE_CHOICE_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Sm4.constantTimeEngineName();
        }
    }

    /**
     * Longer than the vector SM4 engine's and GHASH's warm-up budgets (20 s each, one after the other),
     * so the wait ends with their decision; on an idle machine it takes 1-2 s.
     */
    static final java.time.Duration ENGINE_CHOICE_WAIT = java.time.Duration.ofSeconds(60);

    /** Reads the version that Maven filtered into {@code gmflux-version.properties}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            Properties p = new Properties();
            try (InputStream in = GmfluxCommand.class.getResourceAsStream("gmflux-version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new String[] {
                "gmflux " + p.getProperty("version", "(unknown version)"),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
                "SM4 constant-time engine: " + constantTimeEngine(),
                "GHASH of constant-time GCM: " + Sm4.constantTimeGhashName(),
                "SM4 engine by default (auto) for keys made now: " + EngineChoice.AUTO.resolve().label()
            };
        }
    }
}
