/**
 * The JCA provider "Gmflux" ({@link io.gmflux.codecs.jca.GmfluxProvider}): SM3, HMAC-SM3, SM4 in
 * its usual modes and ZUC-128/ZUC-256, registered under the names and aliases that BouncyCastle's
 * provider uses, so that replacing {@code new BouncyCastleProvider()} with
 * {@code new GmfluxProvider()} needs no other change for these algorithms.
 *
 * <p>Everything here is an adapter: the SPIs translate the JCA's calling conventions (keys,
 * parameter specs, {@code update}/{@code doFinal}, {@link java.security.AlgorithmParameters})
 * to the primitives of {@code io.gmflux.codecs.sm3}, {@code .sm4} and {@code .zuc}, which do all
 * the cryptography. This package depends on those packages, on {@code io.gmflux.codecs.bytes},
 * and on the JDK only.
 *
 * <p>Thread safety follows the JCA: the provider is immutable and thread-safe; every SPI object
 * (and so every {@code Cipher}, {@code Mac}, {@code MessageDigest}) is for one thread at a time.
 */
package io.gmflux.codecs.jca;
