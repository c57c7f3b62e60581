package io.gmflux.examples.selftest;

import java.util.Objects;

/**
 * One operation whose rough speed the selftest prints.
 *
 * @param name what is measured, e.g. {@code SM4-CTR 64 KiB}
 * @param bytesPerCall how many payload bytes one call processes
 * @param operation one call; it owns preallocated buffers and must not allocate per call
 */
public record SpeedProbe(String name, int bytesPerCall, Operation operation) {

    public SpeedProbe {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(operation, "operation");
        if (bytesPerCall <= 0) {
            throw new IllegalArgumentException("bytesPerCall must be positive, got " + bytesPerCall);
        }
    }

    /** One call of the measured operation. */
    @FunctionalInterface
    public interface Operation {
        void run() throws Exception;
    }
}
