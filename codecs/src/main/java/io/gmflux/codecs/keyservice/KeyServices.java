package io.gmflux.codecs.keyservice;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Finds and opens key services by name: the {@link KeyServiceProvider}s on the class path (or
 * module path), or a provider's class name. Stateless.
 */
public final class KeyServices {

    /** The prefix of every key-service property: {@code gmflux.key.service.}. */
    public static final String PREFIX = "gmflux.key.service.";
    /** Property: the alias whose current key wraps new file keys and DEKs. */
    public static final String ALIAS = PREFIX + "alias";

    private KeyServices() {
    }

    /**
     * Opens the service {@code nameOrClass} names with {@code properties} (those under
     * {@link #PREFIX} are handed to the provider; others are ignored).
     *
     * @throws IllegalArgumentException if no provider has that name or class, or a property is wrong
     * @throws KeyServiceException if the service cannot be reached or logged into
     */
    public static KeyService open(String nameOrClass, Map<String, ?> properties) throws KeyServiceException {
        return provider(nameOrClass).create(serviceProperties(properties));
    }

    /** The provider named {@code nameOrClass}: a {@link KeyServiceProvider#name()} or a provider's class name. */
    public static KeyServiceProvider provider(String nameOrClass) {
        String wanted = nameOrClass == null ? "" : nameOrClass.strip();
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("no key service named");
        }
        List<String> known = new ArrayList<>();
        for (KeyServiceProvider p : ServiceLoader.load(KeyServiceProvider.class, loader())) {
            if (p.name().equals(wanted) || p.getClass().getName().equals(wanted)) {
                return p;
            }
            known.add(p.name());
        }
        if (wanted.indexOf('.') > 0) {
            try {
                Class<?> c = Class.forName(wanted, true, loader());
                return (KeyServiceProvider) c.getConstructor().newInstance();
            } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                throw new IllegalArgumentException("key service " + wanted + ": not a KeyServiceProvider class with a"
                        + " public no-argument constructor (" + e + ")");
            }
        }
        throw new IllegalArgumentException("no key service named " + wanted + " (known: " + known
                + "; or give a KeyServiceProvider class name)");
    }

    /** The properties under {@link #PREFIX}, values as strings, sorted by name. */
    public static Map<String, String> serviceProperties(Map<String, ?> properties) {
        Map<String, String> out = new TreeMap<>();
        properties.forEach((k, v) -> {
            if (k.startsWith(PREFIX) && v != null) {
                out.put(k, v instanceof String s ? s : String.valueOf(v));
            }
        });
        return out;
    }

    private static ClassLoader loader() {
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        return l != null ? l : KeyServices.class.getClassLoader();
    }
}
