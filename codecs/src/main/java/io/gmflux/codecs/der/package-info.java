/**
 * A small, strict DER reader and writer (X.690 §10) and PEM text encoding (RFC 7468): what the
 * key formats (PKCS#8, SPKI), DER signatures and the GM/T 0009 / GM/T 0044 structures need, and
 * nothing more. Malformed input is always a {@link io.gmflux.codecs.der.DerFormatException}.
 *
 * <p>Depends on nothing but {@code java.base}.
 */
package io.gmflux.codecs.der;
