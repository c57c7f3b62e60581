package io.gmflux.bench.peers;

/** One call of a measured operation; the caller consumes the result so it cannot be optimised away. */
@FunctionalInterface
public interface Call {
    Object call() throws Exception;
}
