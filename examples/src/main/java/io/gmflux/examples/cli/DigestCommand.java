package io.gmflux.examples.cli;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.sm3.Sm3;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code gmflux digest}: SM3 of files or stdin, one "hex  name" line each, as sm3sum prints it. */
@Command(name = "digest", mixinStandardHelpOptions = true,
        description = "Print the SM3 digest of each file (or of stdin), as sm3sum does.")
final class DigestCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "0..*", description = "files to digest; none or '-' for stdin")
    List<Path> files = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (files.isEmpty()) {
            files.add(Path.of("-"));
        }
        PrintWriter out = spec.commandLine().getOut();
        for (Path f : files) {
            Sm3 sm3 = new Sm3();
            try (InputStream in = IoFiles.input(f)) {
                MessageInput.feed(in, sm3::update);
            }
            out.println(Hex.encode(sm3.digest()) + "  " + f);
        }
        out.flush();
        return ExitCodes.OK;
    }
}
