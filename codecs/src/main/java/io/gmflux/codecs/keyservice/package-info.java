/**
 * The key-service SPI: data-encryption keys wrapped by a KMS or an HSM that keeps the
 * key-encryption key (PKCS#11 through the JDK's SunPKCS11 is one implementation).
 */
package io.gmflux.codecs.keyservice;
