package io.gmflux.examples.cli;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The GmSSL-made files of {@code ../shared/interop/gmssl} (its README lists them and their
 * passphrases), found beside the checkout or under {@code -Dgmflux.shared}, as the codecs tests'
 * {@code SharedFiles} finds them. Read in place, never copied into the project; without the folder
 * the calling test is skipped through an assumption naming it.
 */
final class GmsslInteropFiles {

    private GmsslInteropFiles() {
    }

    /** The folder; skips the calling test without it. */
    static Path folder() {
        String prop = System.getProperty("gmflux.shared");
        Path found = null;
        if (prop != null && !prop.isEmpty() && Files.isDirectory(Paths.get(prop, "interop", "gmssl"))) {
            found = Paths.get(prop, "interop", "gmssl");
        }
        for (Path d = Paths.get("").toAbsolutePath(); found == null && d != null; d = d.getParent()) {
            Path candidate = d.resolveSibling("shared").resolve("interop").resolve("gmssl");
            if (Files.isDirectory(candidate)) {
                found = candidate;
            }
        }
        assumeThat(found).as("../shared/interop/gmssl (GmSSL-made files) is not beside this checkout").isNotNull();
        return found;
    }

    /** The file {@code name} of the folder; fails if the folder is there but the file is not. */
    static Path file(String name) {
        Path f = folder().resolve(name);
        if (!Files.isRegularFile(f)) {
            throw new AssertionError(f + " is missing from the GmSSL interop folder");
        }
        return f;
    }
}
