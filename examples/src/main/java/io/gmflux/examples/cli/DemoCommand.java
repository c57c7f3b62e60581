package io.gmflux.examples.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gmflux demo}: the tour, in a few seconds. In a temporary directory it makes SM2,
 * SM2 + ML-KEM-768 and SM9 keys ({@code gmflux keygen}), encrypts a generated 64 MiB file to all
 * three at once ({@code gmflux encrypt}), decrypts it with each key ({@code gmflux decrypt}),
 * flips one bit and shows the decryption refuse it with its exception and leave no file, runs an
 * encrypted Kafka topic on an embedded broker ({@code gmflux kafka demo}), then prints the
 * throughputs. The steps are {@link #steps()}: adding one is a {@link DemoStep} and a line there.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "A tour: keys, a 64 MiB stream to SM2, SM2+ML-KEM-768 and SM9 recipients, each decrypting, "
                + "a flipped bit caught, an encrypted Kafka topic on an embedded broker, throughputs.")
final class DemoCommand implements Callable<Integer> {

    @Option(names = "--size", description = "sample size (default ${DEFAULT-VALUE})", converter = SizeConverter.class)
    int size = 64 << 20;

    @Option(names = "--kafka-records", description = "records for the Kafka stop; 0 leaves it out (default ${DEFAULT-VALUE})")
    int kafkaRecords = 10_000;

    @Option(names = "--keep", description = "keep the temporary directory and print its path")
    boolean keep;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The tour's stops, in order; the Kafka stop only when {@code kafkaRecords > 0}. */
    static List<DemoStep> steps(int kafkaRecords) {
        List<DemoStep> steps = new java.util.ArrayList<>(List.of(
                new DemoSteps.Keys(),
                new DemoSteps.Sample(),
                new DemoSteps.Encrypt(),
                new DemoSteps.Decrypt(),
                new DemoSteps.Tamper()));
        if (kafkaRecords > 0) {
            steps.add(new DemoSteps.Kafka(kafkaRecords));
        }
        return List.copyOf(steps);
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = Files.createTempDirectory("gmflux-demo-");
        DemoContext ctx = new DemoContext(dir, out, size);
        long start = System.nanoTime();
        try {
            List<DemoStep> steps = steps(kafkaRecords);
            for (int i = 0; i < steps.size(); i++) {
                out.printf("%d/%d %s%n", i + 1, steps.size(), steps.get(i).title());
                out.flush();
                steps.get(i).run(ctx);
            }
            out.println();
            out.println("throughput (" + Runtime.getRuntime().availableProcessors() + " cores):");
            ctx.speeds().forEach(s -> out.println("  " + s));
            out.printf("demo done in %.1f s%s%n", (System.nanoTime() - start) / 1e9,
                    keep ? "; files in " + dir : "");
            out.flush();
        } finally {
            if (!keep) {
                delete(dir);
            }
        }
        return 0;
    }

    private static void delete(Path dir) throws IOException {
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
