package io.gmflux.codecs.keyservice;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Registers {@link InMemoryKeyService}s as the key service {@code memory}: property
 * {@code gmflux.key.service.memory.instance} names a service a test put in {@link #INSTANCES},
 * so a producer and a consumer configured by properties share it. Test code.
 */
public final class InMemoryKeyServiceProvider implements KeyServiceProvider {

    public static final String INSTANCE = KeyServices.PREFIX + "memory.instance";
    public static final Map<String, InMemoryKeyService> INSTANCES = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public KeyService create(Map<String, String> properties) {
        String name = properties.get(INSTANCE);
        InMemoryKeyService s = name == null ? null : INSTANCES.get(name);
        if (s == null) {
            throw new IllegalArgumentException(INSTANCE + " names no registered service: " + name);
        }
        return s; // its close() does nothing, so producers and consumers may share it
    }
}
