package io.gmflux.codecs.keyservice;

/**
 * A key-encryption-key service (a KMS or an HSM): resolves an alias to the key that currently
 * wraps new data-encryption keys, wraps a fresh DEK under it and unwraps by the key id that a
 * header recorded, so rotation at the service applies to new DEKs while old ones stay readable.
 *
 * <p>The KEK never leaves the service. Implementations are thread-safe; callers own the arrays
 * they pass and receive (a returned DEK is the caller's to wipe).
 */
public interface KeyService extends AutoCloseable {

    /** The short type name recorded in headers beside the key id, e.g. {@code "pkcs11"}: ASCII, 1-32 bytes. */
    String type();

    /** The key {@code alias} currently names; asking again after a rotation gives the new version. */
    KekRef resolve(String alias) throws KeyServiceException;

    /**
     * Wraps {@code dek} under {@code kek}, authenticating {@code context} with it (the caller's
     * binding, e.g. the header's salt; unwrap must be given the same bytes).
     */
    byte[] wrap(KekRef kek, byte[] dek, byte[] context) throws KeyServiceException;

    /**
     * Unwraps what {@link #wrap} returned under the key {@code kekId} names, checking
     * {@code context}. A wrong context, key or altered bytes is
     * {@link KeyServiceException.Reason#UNWRAP_FAILED}.
     */
    byte[] unwrap(byte[] kekId, byte[] wrapped, byte[] context) throws KeyServiceException;

    /** Releases the service's sessions or connections; the default does nothing. */
    @Override
    default void close() {}
}
