package io.gmflux.codecs.sm4;

/**
 * A source of constant-time GHASH kernels compiled apart from this module, such as the Vector API
 * GHASH of {@code gmflux-codecs-vector}. Found and constructed as {@link Sm4EngineProvider} is (by
 * class name, on the warm-up thread of {@link Sm4#newConstantTimeEngine}); the public no-argument
 * constructor warms the kernel up on public data and throws {@link UnsupportedOperationException}
 * when it cannot run fast and constant-time on this JVM and CPU. Implementations are thread-safe.
 */
public interface GhashProvider {

    /** A short name for reports and {@code gmflux selftest}, e.g. {@code "vector-512"}. */
    String name();

    /** A kernel for the hash key {@code h} (16 bytes; read, not kept: the caller wipes it). */
    GhashKernel newKernel(byte[] h);
}
