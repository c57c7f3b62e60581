/**
 * Byte-level helpers shared by every primitive: big-endian and little-endian word views of
 * byte arrays, range checks, constant-time comparison, XOR and wiping of secrets.
 *
 * <p>Depends on nothing but {@code java.base}.
 */
package io.gmflux.codecs.bytes;
