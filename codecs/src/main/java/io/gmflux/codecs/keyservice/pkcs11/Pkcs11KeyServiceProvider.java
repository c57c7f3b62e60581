package io.gmflux.codecs.keyservice.pkcs11;

import io.gmflux.codecs.keyservice.KeyService;
import io.gmflux.codecs.keyservice.KeyServiceException;
import io.gmflux.codecs.keyservice.KeyServiceProvider;

import java.util.Map;

/**
 * Registers {@link Pkcs11KeyService} as the key service {@code pkcs11}, configured by
 * {@code gmflux.key.service.pkcs11.config} and {@code .pin.file} or {@code .pin.env}. Stateless.
 */
public final class Pkcs11KeyServiceProvider implements KeyServiceProvider {

    @Override
    public String name() {
        return Pkcs11KeyService.TYPE;
    }

    @Override
    public KeyService create(Map<String, String> properties) throws KeyServiceException {
        return new Pkcs11KeyService(properties);
    }
}
