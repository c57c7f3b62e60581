package io.gmflux.codecs.sm4;

/**
 * Picks, once per JVM on first use, the constant-time engine that {@link Sm4#newConstantTimeEngine}
 * returns: the Vector API engine when its provider class is on the class path and accepts this JVM
 * and CPU (module {@code jdk.incubator.vector} enabled, a fast 512-bit kernel), else the bitsliced
 * engine. The system property {@code gmflux.sm4.vector=false} keeps the bitsliced engine.
 * Thread-safe (class initialisation).
 */
final class Sm4ConstantTimeEngines {

    static final String VECTOR_PROVIDER = "io.gmflux.codecs.sm4.vector.Sm4VectorEngineProvider";

    private static final Sm4EngineProvider PROVIDER;
    private static final String NAME;

    static {
        Sm4EngineProvider provider = null;
        String why;
        if ("false".equalsIgnoreCase(System.getProperty("gmflux.sm4.vector"))) {
            why = "disabled by gmflux.sm4.vector=false";
        } else {
            try {
                Class<?> c = Class.forName(VECTOR_PROVIDER, true, Sm4ConstantTimeEngines.class.getClassLoader());
                provider = (Sm4EngineProvider) c.getConstructor().newInstance();
                why = null;
            } catch (ClassNotFoundException e) {
                why = "gmflux-codecs-vector not on the class path";
            } catch (java.lang.reflect.InvocationTargetException e) {
                why = String.valueOf(e.getCause().getMessage());
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                // e.g. UnsupportedClassVersionError on a JDK older than the provider's
                why = e.toString();
            }
        }
        PROVIDER = provider;
        NAME = provider != null ? provider.name() : "bitsliced (vector engine not used: " + why + ")";
    }

    private Sm4ConstantTimeEngines() {
    }

    static Sm4Engine newEngine(byte[] key16) {
        return PROVIDER != null
                ? PROVIDER.newEngine(Sm4ConstantTimeEngine.expandKey(key16))
                : new Sm4ConstantTimeEngine(key16);
    }

    static String name() {
        return NAME;
    }
}
