package io.gmflux.pipeline;

import java.security.SecureRandom;
import java.util.SplittableRandom;

/**
 * A deterministic "SecureRandom" for tests that compare two encryptions of the same stream: two
 * instances with the same seed give the same file key, salt and encapsulations. Never for real keys.
 */
final class SeededRandom extends SecureRandom {

    private static final long serialVersionUID = 1L;
    private final transient SplittableRandom rnd;

    SeededRandom(long seed) {
        super(new byte[0]); // the parent's generator is never used: nextBytes (and so next) is ours
        this.rnd = new SplittableRandom(seed);
    }

    @Override
    public synchronized void nextBytes(byte[] bytes) {
        rnd.nextBytes(bytes);
    }

    @Override
    public byte[] generateSeed(int numBytes) {
        byte[] b = new byte[numBytes];
        nextBytes(b);
        return b;
    }

    @Override
    public void setSeed(long seed) {
        // ignored: the sequence is fixed by the constructor's seed
    }
}
