package io.gmflux.codecs.generated;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Every generated region in codecs' main sources, and the program that checks or rewrites them.
 *
 * <p>Run from the repository root (or from {@code codecs/}) after {@code test-compile}:
 * {@code java -cp codecs/target/test-classes io.gmflux.codecs.generated.GeneratedSources [--write]}.
 * Without {@code --write} it only reports the files whose regions are out of date (exit status 1).
 */
public final class GeneratedSources {

    private GeneratedSources() {
    }

    /** All regions, file by file in source order. */
    static List<GeneratedRegion> regions() {
        List<GeneratedRegion> all = new ArrayList<>();
        all.addAll(ZucCoreGenerator.regions());
        all.addAll(ZucMacAccumulatorGenerator.regions());
        all.addAll(Sm3CompressionGenerator.regions());
        all.addAll(FqProductGenerator.regions());
        return all;
    }

    /** {@code codecs/src/main/java} seen from the working directory (the repository root or {@code codecs/}). */
    static Path mainSources() {
        Path inModule = Path.of("src/main/java");
        if (Files.isDirectory(inModule.resolve("io/gmflux/codecs"))) {
            return inModule;
        }
        Path fromRoot = Path.of("codecs/src/main/java");
        if (Files.isDirectory(fromRoot.resolve("io/gmflux/codecs"))) {
            return fromRoot;
        }
        throw new IllegalStateException("run from the repository root or from codecs/: no codecs/src/main/java here");
    }

    /**
     * For each file with generated regions, its text with every region as its generator writes
     * it now (file path relative to {@code root} to text, in source order).
     */
    static Map<String, String> expected(Path root) {
        Map<String, String> files = new LinkedHashMap<>();
        for (GeneratedRegion region : regions()) {
            String text = files.computeIfAbsent(region.file(), f -> read(root.resolve(f)));
            files.put(region.file(), region.spliceInto(text));
        }
        return files;
    }

    /** The {@code // BEGIN GENERATED} markers under {@code root} that no listed region owns (file: marker). */
    static List<String> unclaimedMarkers(Path root) {
        List<String> owned = regions().stream().map(r -> r.file() + ": " + GeneratedRegion.BEGIN + r.generator() + ",").toList();
        List<String> unclaimed = new ArrayList<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String file = root.relativize(p).toString().replace('\\', '/');
                for (String line : read(p).split("\n", -1)) {
                    String marker = file + ": " + line.strip();
                    if (line.strip().startsWith(GeneratedRegion.BEGIN) && owned.stream().noneMatch(marker::startsWith)) {
                        unclaimed.add(marker);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return unclaimed;
    }

    static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Checks (default) or, with {@code --write}, rewrites the generated regions. */
    public static void main(String[] args) throws IOException {
        boolean write = List.of(args).contains("--write");
        Path root = mainSources();
        int stale = 0;
        for (Map.Entry<String, String> e : expected(root).entrySet()) {
            Path file = root.resolve(e.getKey());
            if (read(file).equals(e.getValue())) {
                continue;
            }
            stale++;
            if (write) {
                Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
                System.out.println("rewrote " + file);
            } else {
                System.out.println("out of date: " + file);
            }
        }
        List<String> unclaimed = unclaimedMarkers(root);
        for (String marker : unclaimed) {
            System.out.println("no generator for " + marker);
        }
        if (!unclaimed.isEmpty() || (!write && stale > 0)) {
            System.exit(1);
        }
    }
}
