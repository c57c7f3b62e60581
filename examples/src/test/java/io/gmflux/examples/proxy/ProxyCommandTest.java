package io.gmflux.examples.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.examples.cli.GmfluxCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ProxyCommandTest {

    private static int run(StringWriter err, String... args) {
        CommandLine cli = GmfluxCommand.newCommandLine();
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        return cli.execute(args);
    }

    @Test
    void isASubcommandOfGmflux() {
        CommandLine cli = GmfluxCommand.newCommandLine();
        assertThat(cli.getSubcommands()).containsKey("proxy");
        assertThat(cli.getSubcommands().get("proxy").getSubcommands()).containsKeys("server", "client");
    }

    @Test
    void requiresTheTargetAndTrustOptions() {
        StringWriter err = new StringWriter();
        assertThat(run(err, "proxy", "client", "--listen", ":0", "--key", "k.pem")).isEqualTo(2);
        assertThat(err.toString()).contains("--connect").contains("--trust");
        StringWriter err2 = new StringWriter();
        assertThat(run(err2, "proxy", "server", "--listen", ":0", "--key", "k.pem", "--trust", "a.pub")).isEqualTo(2);
        assertThat(err2.toString()).contains("--forward");
    }

    @Test
    void failsWithAOneLineReasonOnAMissingKeyFile(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        int status = run(err, "proxy", "client", "--listen", "127.0.0.1:0", "--connect", "127.0.0.1:1",
                "--key", dir.resolve("absent.key").toString(), "--trust", dir.resolve("server.pub").toString());
        assertThat(status).as("gmflux's status for a file that cannot be read").isEqualTo(4);
        assertThat(err.toString().trim()).startsWith("gmflux proxy client: no such file: ").contains("absent.key").doesNotContain("\n");
    }
}
