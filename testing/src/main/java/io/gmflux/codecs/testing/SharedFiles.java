package io.gmflux.codecs.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * Files made by other implementations for interoperability tests, read from
 * {@code ../shared/interop/gmssl/} (GmSSL-made keys and messages; its README lists them and their
 * passphrases) when that folder exists, located as {@link PeerVectors} locates its folder
 * ({@code -Dgmflux.shared}, else a {@code shared} folder beside the checkout or a parent of it).
 * Never copied into the repository: without the folder, {@link #gmssl} skips the calling test
 * through a JUnit assumption, which the report lists as skipped with the path it looked for.
 */
public final class SharedFiles {

    private SharedFiles() {
    }

    /** The GmSSL interop folder, if this checkout has one beside it. */
    public static Optional<Path> gmsslFolder() {
        String prop = System.getProperty("gmflux.shared");
        List<Path> candidates = new ArrayList<>();
        if (prop != null) {
            candidates.add(Paths.get(prop, "interop", "gmssl"));
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            candidates.add(dir.resolveSibling("shared").resolve("interop").resolve("gmssl"));
        }
        return candidates.stream().filter(Files::isDirectory).findFirst();
    }

    /**
     * The file {@code name} of the GmSSL interop folder. Skips the calling test when the folder is
     * absent; fails it when the folder is there but the file is not (a renamed file cannot pass).
     */
    public static Path gmssl(String name) {
        Optional<Path> dir = gmsslFolder();
        Assumptions.assumeTrue(dir.isPresent(), () -> "GmSSL interop files not present (../shared/interop/gmssl "
                + "beside the checkout, or -Dgmflux.shared): skipping the test that reads " + name);
        Path file = dir.get().resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new AssertionError(file + " is missing from the GmSSL interop folder");
        }
        return file;
    }

    public static byte[] gmsslBytes(String name) {
        try {
            return Files.readAllBytes(gmssl(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String gmsslText(String name) {
        return new String(gmsslBytes(name), StandardCharsets.US_ASCII);
    }
}
