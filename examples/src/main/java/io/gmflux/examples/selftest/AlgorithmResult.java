package io.gmflux.examples.selftest;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of one algorithm's known-answer tests.
 *
 * @param name the algorithm as printed
 * @param source where its vectors come from
 * @param vectors how many vectors were run
 * @param failures one entry per failed vector (a set with no vectors at all also fails)
 */
public record AlgorithmResult(String name, String source, int vectors, List<Failure> failures) {

    public AlgorithmResult {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        failures = List.copyOf(failures);
    }

    /** How many vectors passed. */
    public int passed() {
        return vectors - (int) failures.stream().filter(f -> f.vectorId() != null).count();
    }

    /** Whether every vector passed and there was at least one. */
    public boolean ok() {
        return failures.isEmpty() && vectors > 0;
    }

    /**
     * One failed vector.
     *
     * @param vectorId the vector's id, or {@code null} for a failure of the whole set
     * @param reason what went wrong, one line
     */
    public record Failure(String vectorId, String reason) {
    }
}
