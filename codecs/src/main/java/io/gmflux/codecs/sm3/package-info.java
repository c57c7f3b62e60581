/**
 * SM3 (GB/T 32905-2016) and what is built on it: {@link io.gmflux.codecs.sm3.Sm3} (streaming
 * hash), {@link io.gmflux.codecs.sm3.HmacSm3} (RFC 2104), {@link io.gmflux.codecs.sm3.Sm3Kdf}
 * (GB/T 32918.4 §5.4.3 KDF), {@link io.gmflux.codecs.sm3.HkdfSm3} (RFC 5869) and
 * {@link io.gmflux.codecs.sm3.Pbkdf2HmacSm3} (RFC 8018).
 *
 * <p>Streaming objects ({@code Sm3}, {@code HmacSm3}) are reusable and not thread-safe; every
 * static method is thread-safe. The package depends only on the JDK and
 * {@code io.gmflux.codecs.bytes}.
 */
package io.gmflux.codecs.sm3;
