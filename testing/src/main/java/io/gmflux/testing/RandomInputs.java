package io.gmflux.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Reproducible random inputs for seeded property loops: the same seed gives the same bytes, so a
 * failure names its seed and replays. Stateless; each call draws from the generator it is given.
 */
public final class RandomInputs {

    private RandomInputs() {
    }

    /** {@code n} bytes drawn from {@code rnd}. */
    public static byte[] random(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    /** A file {@code name} in {@code dir} holding {@code size} bytes drawn from a generator seeded with {@code seed}. */
    public static Path randomFile(Path dir, String name, int size, long seed) throws IOException {
        return Files.write(dir.resolve(name), random(new SplittableRandom(seed), size));
    }
}
