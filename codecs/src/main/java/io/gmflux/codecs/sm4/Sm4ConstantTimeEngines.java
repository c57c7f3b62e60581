package io.gmflux.codecs.sm4;

import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The choice of the constant-time engine that {@link Sm4#newConstantTimeEngine} returns and of the
 * kernel of the constant-time {@link Ghash}: the bitsliced engine and the scalar GHASH until faster
 * providers (the Vector API engine and GHASH of {@code gmflux-codecs-vector}, found by class name)
 * have been constructed, which warms them up and times them (the SM4 engine, then the GHASH, on one
 * thread; the choice of both is published at once); from then on the providers' engines and
 * kernels, each one that was accepted. The system property {@code gmflux.sm4.vector} says how:
 * absent or {@code true}: construct the provider on one daemon thread ({@value #WARM_UP_THREAD},
 * lowest priority) and hand out bitsliced engines meanwhile; {@code eager}: construct it in the first
 * call, which waits; {@code false}: never.
 *
 * <p>One instance serves the JVM ({@link #jvmWide()}); tests build others. Thread-safe: the state is one
 * volatile immutable {@link Choice}, published before the latch that {@link #await} waits on opens.
 */
final class Sm4ConstantTimeEngines {

    static final String VECTOR_PROVIDER = "io.gmflux.codecs.sm4.vector.Sm4VectorEngineProvider";
    static final String GHASH_PROVIDER = "io.gmflux.codecs.sm4.vector.GhashVectorProvider";
    static final String SCALAR_GHASH = "scalar (masked multiplications)";
    static final String PROPERTY = "gmflux.sm4.vector";
    static final String WARM_UP_THREAD = "gmflux-sm4-vector-warmup";
    static final String WARMING_UP = "bitsliced (vector engine warming up)";

    /**
     * The providers in use, each null for the scalar form (bitsliced engine, scalar GHASH); the
     * names say which and why.
     */
    private record Choice(Sm4EngineProvider provider, String name, GhashProvider ghash, String ghashName) {

        /** Both engines and GHASH run on providers (the vector forms). */
        boolean vectorized() {
            return provider != null && ghash != null;
        }
    }

    private static final class JvmWide {
        static final Sm4ConstantTimeEngines INSTANCE =
                new Sm4ConstantTimeEngines(System.getProperty(PROPERTY, "true"), VECTOR_PROVIDER, GHASH_PROVIDER);
    }

    private final CountDownLatch decided = new CountDownLatch(1);
    private volatile Choice choice;

    /** As the three-argument form, with no GHASH provider (a class name that is never found). */
    Sm4ConstantTimeEngines(String mode, String providerClass) {
        this(mode, providerClass, "");
    }

    /**
     * Starts the choice: {@code mode} is the value of {@code gmflux.sm4.vector}, {@code providerClass}
     * and {@code ghashProviderClass} the class names of the providers to try. Returns at once unless
     * {@code mode} is {@code eager}.
     */
    Sm4ConstantTimeEngines(String mode, String providerClass, String ghashProviderClass) {
        if ("false".equalsIgnoreCase(mode)) {
            decide(null, "disabled by " + PROPERTY + "=false", null, "disabled by " + PROPERTY + "=false");
            return;
        }
        if (!"true".equalsIgnoreCase(mode) && !"eager".equalsIgnoreCase(mode)) {
            String why = "unknown " + PROPERTY + "=" + mode + " (expected true, eager or false)";
            decide(null, why, null, why);
            return;
        }
        Object provider = load(providerClass, Sm4EngineProvider.class);
        Object ghash = load(ghashProviderClass, GhashProvider.class);
        if (provider instanceof String && ghash instanceof String) {
            decide(null, (String) provider, null, (String) ghash);
            return;
        }
        if ("eager".equalsIgnoreCase(mode)) {
            construct(provider, ghash);
            return;
        }
        choice = new Choice(null, WARMING_UP, null, SCALAR_GHASH + " (vector GHASH warming up)");
        Thread warmUp = new Thread(() -> construct(provider, ghash), WARM_UP_THREAD);
        warmUp.setDaemon(true);
        warmUp.setPriority(Thread.MIN_PRIORITY);
        warmUp.start();
    }

    /** The class {@code name} as a subclass of {@code type}, or a String saying why not. */
    private static Object load(String name, Class<?> type) {
        try {
            // loading without initialising is quick, and tells a missing jar or a too old JDK at once
            return Class.forName(name, false, Sm4ConstantTimeEngines.class.getClassLoader()).asSubclass(type);
        } catch (ClassNotFoundException e) {
            return "gmflux-codecs-vector not on the class path";
        } catch (LinkageError | ClassCastException e) {
            // e.g. UnsupportedClassVersionError on a JDK older than the provider's
            return e.toString();
        }
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

    /** A vector GHASH kernel for {@code h} if one was accepted, else null (the scalar loop). */
    GhashKernel newGhashKernel(byte[] h) {
        GhashProvider ghash = choice.ghash();
        return ghash != null ? ghash.newKernel(h) : null;
    }

    String name() {
        return choice.name();
    }

    String ghashName() {
        return choice.ghashName();
    }

    /**
     * Whether the vector engine and the vector GHASH both run: then constant-time SM4 and SM4-GCM
     * are faster than the table forms, and {@link EngineChoice#AUTO} resolves to constant-time.
     */
    boolean vectorized() {
        return choice.vectorized();
    }

    /** Waits until the choice is made or {@code timeout} has passed; returns {@link #name()}. */
    String await(Duration timeout) throws InterruptedException {
        decided.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        return name();
    }

    private void construct(Object providerClass, Object ghashClass) {
        Sm4EngineProvider provider = null;
        String name = providerClass instanceof String ? (String) providerClass : "warm-up failed";
        GhashProvider ghash = null;
        String ghashName = ghashClass instanceof String ? (String) ghashClass : "warm-up failed";
        try {
            if (providerClass instanceof Class<?> c) {
                try {
                    provider = (Sm4EngineProvider) instantiate(c);
                    name = provider.name();
                } catch (RuntimeException e) {
                    name = e.getMessage();
                }
            }
            if (ghashClass instanceof Class<?> c) {
                try {
                    ghash = (GhashProvider) instantiate(c);
                    ghashName = ghash.name();
                } catch (RuntimeException e) {
                    ghashName = e.getMessage();
                }
            }
        } finally {
            // an Error other than a LinkageError (e.g. OutOfMemoryError) still ends the wait
            decide(provider, name, ghash, ghashName);
        }
    }

    /** Calls the public no-argument constructor; any failure comes back as a RuntimeException with the reason. */
    private static Object instantiate(Class<?> c) {
        try {
            return c.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(String.valueOf(e.getCause().getMessage()), e);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            throw new IllegalStateException(e.toString(), e);
        }
    }

    private void decide(Sm4EngineProvider provider, String name, GhashProvider ghash, String ghashName) {
        choice = new Choice(provider, provider != null ? name : "bitsliced (vector engine not used: " + name + ")",
                ghash, ghash != null ? ghashName : SCALAR_GHASH + " (vector GHASH not used: " + ghashName + ")");
        decided.countDown();
    }
}
