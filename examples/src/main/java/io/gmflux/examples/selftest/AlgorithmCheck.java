package io.gmflux.examples.selftest;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * How the selftest checks one algorithm: the row name it prints, the vector group it reads,
 * a short citation for the table, and the check run on each vector.
 *
 * @param name the algorithm as printed, e.g. {@code SM4-GCM}
 * @param algorithm the vector group in {@link KnownAnswers}, e.g. {@code sm4-gcm}
 * @param source a short citation of where the vectors come from
 * @param check the check of one vector
 * @param applies which vectors of the group this check runs (all, unless a vector is out of
 *     reach of this implementation in reasonable time)
 */
public record AlgorithmCheck(String name, String algorithm, String source, VectorCheck check,
                             Predicate<KnownAnswer> applies) {

    public AlgorithmCheck {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(applies, "applies");
    }

    /** A check that runs every vector of its group. */
    public AlgorithmCheck(String name, String algorithm, String source, VectorCheck check) {
        this(name, algorithm, source, check, v -> true);
    }

    /** Checks one vector. Implementations must be thread-confined; they may throw. */
    @FunctionalInterface
    public interface VectorCheck {
        /**
         * @return {@code null} if the implementation reproduces the vector, else a one-line reason
         */
        String check(KnownAnswer vector) throws Exception;
    }
}
