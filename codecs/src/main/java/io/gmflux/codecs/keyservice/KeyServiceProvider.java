package io.gmflux.codecs.keyservice;

import java.util.Map;

/**
 * Makes {@link KeyService}s of one kind from properties; found by {@link KeyServices#open} through
 * {@link java.util.ServiceLoader} (a {@code META-INF/services/io.gmflux.codecs.keyservice.KeyServiceProvider}
 * entry) under its {@link #name()}, or by its class name.
 *
 * <p>Properties are named {@code gmflux.key.service.<name>.<setting>} (e.g.
 * {@code gmflux.key.service.pkcs11.config}), the same in Kafka client properties and in the CLI's
 * {@code --key-service-config} file. Implementations are stateless and thread-safe.
 */
public interface KeyServiceProvider {

    /** The short name users configure, e.g. {@code "pkcs11"}: lower-case ASCII letters, digits and '-'. */
    String name();

    /**
     * A service configured by {@code properties}: every property whose name starts with
     * {@link KeyServices#PREFIX}, full names, values as strings (the caller's map is not kept).
     *
     * @throws KeyServiceException if the service cannot be reached or logged into
     * @throws IllegalArgumentException if a property is missing or wrong (its message names it)
     */
    KeyService create(Map<String, String> properties) throws KeyServiceException;
}
