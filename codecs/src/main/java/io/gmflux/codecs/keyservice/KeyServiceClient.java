package io.gmflux.codecs.keyservice;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * How gmflux calls a {@link KeyService}: an alias, once resolved, is reused for a TTL (a rotation
 * at the service reaches new DEKs within it), and a call that fails for a
 * {@linkplain KeyServiceException#retriable() retriable} reason is retried with exponential
 * backoff (the backoff, doubled after each try, capped at 32 times its first value). Other
 * failures are final at once. Closing it closes the service.
 *
 * <p>Thread-safe; a retry sleeps in the calling thread.
 */
public final class KeyServiceClient implements KeyService {

    /** Property: how long a resolved alias is reused, in milliseconds. */
    public static final String RESOLVE_TTL_MS = KeyServices.PREFIX + "resolve.ttl.ms";
    /** Property: how many times a retriable failure is tried again. */
    public static final String RETRIES = KeyServices.PREFIX + "retries";
    /** Property: the wait before the first retry, in milliseconds. */
    public static final String RETRY_BACKOFF_MS = KeyServices.PREFIX + "retry.backoff.ms";
    public static final long DEFAULT_RESOLVE_TTL_MS = 300_000;
    public static final int DEFAULT_RETRIES = 3;
    public static final long DEFAULT_RETRY_BACKOFF_MS = 100;

    /** Sleeps between tries; the default is {@link Thread#sleep(long)}. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    private record Resolved(KekRef ref, long atNanos) {
    }

    @FunctionalInterface
    private interface Call<T> {
        T run() throws KeyServiceException;
    }

    private final KeyService service;
    private final long resolveTtlNanos;
    private final int retries;
    private final long backoffMillis;
    private final LongSupplier nanoClock;
    private final Sleeper sleeper;
    private final Map<String, Resolved> resolved = new ConcurrentHashMap<>();

    /**
     * @param resolveTtl how long a resolved alias is reused (zero: resolve on every call)
     * @param retries how many times a retriable failure is tried again (0: never)
     * @param backoff the wait before the first retry
     */
    public KeyServiceClient(KeyService service, Duration resolveTtl, int retries, Duration backoff) {
        this(service, resolveTtl, retries, backoff, System::nanoTime, Thread::sleep);
    }

    /**
     * A client of {@code service} with the TTL, retries and backoff of {@code properties}
     * ({@link #RESOLVE_TTL_MS}, {@link #RETRIES}, {@link #RETRY_BACKOFF_MS}; defaults where absent).
     *
     * @throws IllegalArgumentException naming a property that is not a non-negative number
     */
    public static KeyServiceClient configured(KeyService service, Map<String, String> properties) {
        return new KeyServiceClient(service,
                Duration.ofMillis(number(properties, RESOLVE_TTL_MS, DEFAULT_RESOLVE_TTL_MS)),
                (int) Math.min(100, number(properties, RETRIES, DEFAULT_RETRIES)),
                Duration.ofMillis(Math.min(60_000, number(properties, RETRY_BACKOFF_MS, DEFAULT_RETRY_BACKOFF_MS))));
    }

    private static long number(Map<String, String> properties, String name, long dflt) {
        String v = properties.get(name);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        try {
            long n = Long.parseLong(v.strip());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(name + " must be a non-negative number, got " + v);
    }

    /** As above with a clock and a sleeper of the caller's (tests). */
    public KeyServiceClient(KeyService service, Duration resolveTtl, int retries, Duration backoff,
            LongSupplier nanoClock, Sleeper sleeper) {
        this.service = Objects.requireNonNull(service, "service");
        if (resolveTtl.isNegative() || retries < 0 || backoff.isNegative()) {
            throw new IllegalArgumentException("TTL, retries and backoff must not be negative");
        }
        this.resolveTtlNanos = resolveTtl.toNanos();
        this.retries = retries;
        this.backoffMillis = backoff.toMillis();
        this.nanoClock = nanoClock;
        this.sleeper = sleeper;
    }

    @Override
    public String type() {
        return service.type();
    }

    @Override
    public KekRef resolve(String alias) throws KeyServiceException {
        Resolved r = resolved.get(alias);
        long now = nanoClock.getAsLong();
        if (r != null && now - r.atNanos() < resolveTtlNanos) {
            return r.ref();
        }
        KekRef ref = withRetries(() -> service.resolve(alias));
        resolved.put(alias, new Resolved(ref, now));
        return ref;
    }

    @Override
    public byte[] wrap(KekRef kek, byte[] dek, byte[] context) throws KeyServiceException {
        return withRetries(() -> service.wrap(kek, dek, context));
    }

    @Override
    public byte[] unwrap(byte[] kekId, byte[] wrapped, byte[] context) throws KeyServiceException {
        return withRetries(() -> service.unwrap(kekId, wrapped, context));
    }

    /** Forgets the resolved alias, so the next {@link #resolve} asks the service. */
    public void forget(String alias) {
        resolved.remove(alias);
    }

    private <T> T withRetries(Call<T> call) throws KeyServiceException {
        long wait = backoffMillis;
        for (int attempt = 0; ; attempt++) {
            try {
                return call.run();
            } catch (KeyServiceException e) {
                if (!e.retriable() || attempt >= retries) {
                    throw e;
                }
            }
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new KeyServiceException(KeyServiceException.Reason.UNAVAILABLE,
                        "interrupted while waiting to retry " + service.type(), e);
            }
            wait = Math.min(wait * 2, backoffMillis * 32);
        }
    }

    @Override
    public void close() {
        resolved.clear();
        service.close();
    }
}
