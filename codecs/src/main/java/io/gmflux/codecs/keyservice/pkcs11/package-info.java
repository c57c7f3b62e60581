/**
 * The PKCS#11 key service: KEKs held in an HSM (or SoftHSM2) reached through the JDK's SunPKCS11
 * provider, which wrap and unwrap data-encryption keys inside the token.
 *
 * <p>Depends on the JDK only ({@code jdk.crypto.cryptoki} at run time) and on the SPI in
 * {@code io.gmflux.codecs.keyservice}.
 */
package io.gmflux.codecs.keyservice.pkcs11;
