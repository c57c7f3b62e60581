package io.gmflux.codecs.sm4;

import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The choice of the constant-time engine that {@link Sm4#newConstantTimeEngine} returns: the
 * bitsliced engine until a faster provider (the Vector API engine of {@code gmflux-codecs-vector},
 * found by class name) has been constructed, which warms it up and times it; from then on the
 * provider's engines. The system property {@code gmflux.sm4.vector} says how:
 * absent or {@code true}: construct the provider on one daemon thread ({@value #WARM_UP_THREAD},
 * lowest priority) and hand out bitsliced engines meanwhile; {@code eager}: construct it in the first
 * call, which waits; {@code false}: never.
 *
 * <p>One instance serves the JVM ({@link #jvmWide()}); tests build others. Thread-safe: the state is one
 * volatile immutable {@link Choice}, published before the latch that {@link #await} waits on opens.
 */
final class Sm4ConstantTimeEngines {

    static final String VECTOR_PROVIDER = "io.gmflux.codecs.sm4.vector.Sm4VectorEngineProvider";
    static final String PROPERTY = "gmflux.sm4.vector";
    static final String WARM_UP_THREAD = "gmflux-sm4-vector-warmup";
    static final String WARMING_UP = "bitsliced (vector engine warming up)";

    /** The provider in use, or null for the bitsliced engine; name says which and why. */
    private record Choice(Sm4EngineProvider provider, String name) {
    }

    private static final class JvmWide {
        static final Sm4ConstantTimeEngines INSTANCE =
                new Sm4ConstantTimeEngines(System.getProperty(PROPERTY, "true"), VECTOR_PROVIDER);
    }

    private final CountDownLatch decided = new CountDownLatch(1);
    private volatile Choice choice;

    /**
     * Starts the choice: {@code mode} is the value of {@code gmflux.sm4.vector}, {@code providerClass}
     * the class name of the provider to try. Returns at once unless {@code mode} is {@code eager}.
     */
    Sm4ConstantTimeEngines(String mode, String providerClass) {
        Class<? extends Sm4EngineProvider> provider;
        if ("false".equalsIgnoreCase(mode)) {
            decide(null, "disabled by " + PROPERTY + "=false");
            return;
        }
        if (!"true".equalsIgnoreCase(mode) && !"eager".equalsIgnoreCase(mode)) {
            decide(null, "unknown " + PROPERTY + "=" + mode + " (expected true, eager or false)");
            return;
        }
        try {
            // loading without initialising is quick, and tells a missing jar or a too old JDK at once
            provider = Class.forName(providerClass, false, Sm4ConstantTimeEngines.class.getClassLoader())
                    .asSubclass(Sm4EngineProvider.class);
        } catch (ClassNotFoundException e) {
            decide(null, "gmflux-codecs-vector not on the class path");
            return;
        } catch (LinkageError | ClassCastException e) {
            // e.g. UnsupportedClassVersionError on a JDK older than the provider's
            decide(null, e.toString());
            return;
        }
        if ("eager".equalsIgnoreCase(mode)) {
            construct(provider);
            return;
        }
        choice = new Choice(null, WARMING_UP);
        Thread warmUp = new Thread(() -> construct(provider), WARM_UP_THREAD);
        warmUp.setDaemon(true);
        warmUp.setPriority(Thread.MIN_PRIORITY);
        warmUp.start();
    }

    static Sm4ConstantTimeEngines jvmWide() {
        return JvmWide.INSTANCE;
    }

    Sm4Engine newEngine(byte[] key16) {
        Sm4EngineProvider provider = choice.provider();
        return provider != null
                ? provider.newEngine(Sm4ConstantTimeEngine.expandKey(key16))
                : new Sm4ConstantTimeEngine(key16);
    }

    String name() {
        return choice.name();
    }

    /** Waits until the choice is made or {@code timeout} has passed; returns {@link #name()}. */
    String await(Duration timeout) throws InterruptedException {
        decided.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        return name();
    }

    private void construct(Class<? extends Sm4EngineProvider> providerClass) {
        try {
            Sm4EngineProvider provider = providerClass.getConstructor().newInstance();
            decide(provider, provider.name());
        } catch (InvocationTargetException e) {
            decide(null, String.valueOf(e.getCause().getMessage()));
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            decide(null, e.toString());
        } finally {
            if (decided.getCount() > 0) {
                // an Error other than a LinkageError (e.g. OutOfMemoryError) still ends the wait
                decide(null, "warm-up failed");
            }
        }
    }

    private void decide(Sm4EngineProvider provider, String name) {
        choice = new Choice(provider, provider != null ? name : "bitsliced (vector engine not used: " + name + ")");
        decided.countDown();
    }
}
