package io.gmflux.examples.selftest;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs the known-answer tests of every algorithm this build of gmflux contains.
 *
 * <p>Thread-safe (stateless); each run creates its own primitive objects.
 */
public final class KnownAnswerTests {

    private KnownAnswerTests() {
    }

    /** The checks of every algorithm in this build, in the order the selftest prints them. */
    public static List<AlgorithmCheck> available() {
        List<AlgorithmCheck> checks = new ArrayList<>();
        checks.addAll(Sm3Checks.all());
        checks.addAll(Sm4Checks.all());
        checks.addAll(Sm4AeadChecks.all());
        checks.addAll(ZucChecks.all());
        checks.addAll(Sm2Checks.all());
        return List.copyOf(checks);
    }

    /**
     * Runs each check on its vectors. An exception from a check counts as that vector's failure;
     * an algorithm with no vectors in {@code vectors} fails as a whole.
     */
    public static List<AlgorithmResult> run(KnownAnswers vectors, List<AlgorithmCheck> checks) {
        Objects.requireNonNull(vectors, "vectors");
        Objects.requireNonNull(checks, "checks");
        List<AlgorithmResult> results = new ArrayList<>();
        for (AlgorithmCheck c : checks) {
            List<KnownAnswer> mine = vectors.forAlgorithm(c.algorithm()).stream().filter(c.applies()).toList();
            List<AlgorithmResult.Failure> failures = new ArrayList<>();
            if (mine.isEmpty()) {
                failures.add(new AlgorithmResult.Failure(null, "no vectors for '" + c.algorithm() + "'"));
            }
            for (KnownAnswer v : mine) {
                String reason;
                try {
                    reason = c.check().check(v);
                } catch (Exception | AssertionError e) {
                    reason = "threw " + e.getClass().getSimpleName() + ": " + e.getMessage();
                }
                if (reason != null) {
                    failures.add(new AlgorithmResult.Failure(v.id(), reason));
                }
            }
            results.add(new AlgorithmResult(c.name(), c.source(), mine.size(), failures));
        }
        return results;
    }
}
