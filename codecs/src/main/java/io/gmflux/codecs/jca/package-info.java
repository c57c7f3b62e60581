/**
 * The JCA provider "Gmflux" ({@link io.gmflux.codecs.jca.GmfluxProvider}): SM3, HMAC-SM3, SM4 in
 * its usual modes, ZUC-128/ZUC-256, PBKDF2-HMAC-SM3 and SM2 (key pairs, keys, SM3withSM2
 * signatures, SM2 encryption), registered under the names and aliases that BouncyCastle's
 * provider uses, so that replacing {@code new BouncyCastleProvider()} with
 * {@code new GmfluxProvider()} needs no other change for these algorithms.
 *
 * <p>Everything here is an adapter: the SPIs translate the JCA's calling conventions (keys,
 * parameter specs, {@code update}/{@code doFinal}, {@link java.security.AlgorithmParameters})
 * to the primitives of {@code io.gmflux.codecs.sm2}, {@code .sm3}, {@code .sm4}, {@code .zuc} and
 * {@code .pkcs8}, which do all the cryptography. This package depends on those packages, on
 * {@code io.gmflux.codecs.bytes} and {@code .der}, and on the JDK only.
 *
 * <p>The SPIs are package-private: applications reach them through the JCA ({@code Cipher.getInstance(..., "Gmflux")}),
 * never by class. Thread safety follows the JCA: the provider is immutable and thread-safe; every SPI object
 * (and so every {@code Cipher}, {@code Mac}, {@code MessageDigest}) is for one thread at a time.
 */
package io.gmflux.codecs.jca;
