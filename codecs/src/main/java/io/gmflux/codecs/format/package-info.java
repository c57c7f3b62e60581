/**
 * The gmflux stream format v1 (see {@code codecs/FORMAT.md}): header, recipient stanzas, key
 * schedule and chunk sealing, with blocking drivers over {@code InputStream}/{@code OutputStream}.
 *
 * <p>{@link io.gmflux.codecs.format.StreamEncryptor} and {@link io.gmflux.codecs.format.StreamDecryptor}
 * hold the only implementation of the chunk logic (counters, last-chunk flag, sizes); every driver —
 * the streams here, the Reactor operators of gmflux-pipeline — feeds them chunks. Suites plug in a
 * package-private {@code ChunkCipher}; recipient types implement {@link io.gmflux.codecs.format.Recipient}
 * and {@link io.gmflux.codecs.format.Identity}. What a header may demand of a reader before it
 * authenticates (its length, a passphrase stanza's PBKDF2 iterations) is capped by
 * {@link io.gmflux.codecs.format.ReadLimits}.
 *
 * <p>Depends on the primitives of gmflux-codecs and {@code java.base} (the JDK's AES-GCM and RSA-OAEP);
 * ML-KEM-768 and the SM2 + ML-KEM-768 hybrid also need BouncyCastle, an optional dependency reached
 * only through the package-private {@code MlKem768Bc}.
 */
package io.gmflux.codecs.format;
