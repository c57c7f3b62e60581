/**
 * Passphrase-encrypted private keys: PKCS#8 EncryptedPrivateKeyInfo (RFC 5958 §3) with PBES2
 * (RFC 8018 §6.2), the {@code ENCRYPTED PRIVATE KEY} PEM files that GmSSL ({@code gmssl sm2keygen
 * -pass}, {@code sm9setup}, {@code sm9keygen}) and OpenSSL ({@code openssl pkcs8 -topk8 -v2 ...})
 * write. See {@link io.gmflux.codecs.pkcs8.EncryptedPrivateKeyInfo}.
 */
package io.gmflux.codecs.pkcs8;
