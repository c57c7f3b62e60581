/**
 * SM2 (GB/T 32918) on the recommended curve sm2p256v1: keys, SM3withSM2 signatures, public-key
 * encryption, key exchange and a KEM.
 *
 * <ul>
 *   <li>Keys: {@link io.gmflux.codecs.sm2.Sm2PrivateKey}, {@link io.gmflux.codecs.sm2.Sm2PublicKey},
 *       {@link io.gmflux.codecs.sm2.Sm2KeyPair}; PKCS#8 / SPKI / SEC 1 DER and PEM in
 *       {@link io.gmflux.codecs.sm2.Sm2KeyEncoding}.</li>
 *   <li>Signatures (GB/T 32918.2): {@link io.gmflux.codecs.sm2.Sm2Signer},
 *       {@link io.gmflux.codecs.sm2.Sm2Verifier} (nonces hedged: HMAC-SM3 keyed with d over fresh randomness and e, {@code HedgedNonce}), raw/DER conversion in
 *       {@link io.gmflux.codecs.sm2.Sm2SignatureEncoding}; bulk signing from precomputed nonces in
 *       {@link io.gmflux.codecs.sm2.Sm2NoncePool}; the user ID for the JCA signature in
 *       {@link io.gmflux.codecs.sm2.Sm2ParameterSpec}.</li>
 *   <li>Encryption (GB/T 32918.4): {@link io.gmflux.codecs.sm2.Sm2Cipher} (C1C3C2 by default,
 *       C1C2C3 on request, {@link io.gmflux.codecs.sm2.Sm2CiphertextLayout}); the GM/T 0009 DER form in
 *       {@link io.gmflux.codecs.sm2.Sm2CiphertextEncoding}; failures are
 *       {@link io.gmflux.codecs.sm2.Sm2DecryptionException}; repeated encryption to the same recipient
 *       through {@link io.gmflux.codecs.sm2.Sm2PreparedPublicKey} or, opt-in, the LRU
 *       {@link io.gmflux.codecs.sm2.Sm2PreparedKeyCache}.</li>
 *   <li>KEM: {@link io.gmflux.codecs.sm2.Sm2Kem}. Key exchange (GB/T 32918.3):
 *       {@link io.gmflux.codecs.sm2.Sm2KeyExchange}, failures are
 *       {@link io.gmflux.codecs.sm2.Sm2KeyExchangeException}.</li>
 * </ul>
 *
 * <p>Thread safety: keys and the static encoders are immutable and thread-safe, and so are the nonce
 * pool and the prepared-key cache; signers, verifiers, ciphers, KEMs and key exchanges own scratch
 * state and are not (one per thread). JCA services over this package are in
 * {@link io.gmflux.codecs.jca.GmfluxProvider}.
 *
 * <p>Arithmetic (package-private): {@code PrimeField256} (4 × 64-bit limbs, branch-free) with two
 * representations, {@code Montgomery256} (Montgomery form; used for n) and {@code Sm2FieldP}
 * (plain residues mod p, the reduction specialised to p's shape), {@code PointArithmetic} (Jacobian coordinates, a = -3 formulas, mixed addition,
 * constant-time fixed-base comb and fixed-window variable-base multiplication whose table lookups
 * read every entry by mask; a per-key table for verification), {@code CombTable} (signed-digit comb tables: 6-bit for G, 5-bit for prepared public keys). No
 * BigInteger and no allocation per field operation. Every scalar multiplication by a secret
 * (signing nonce, private key, ephemeral key) is constant time; verification works on public
 * values only and may branch on them.
 *
 * <p>Depends on {@code io.gmflux.codecs.sm3}, {@code io.gmflux.codecs.der} and
 * {@code io.gmflux.codecs.bytes} only.
 */
package io.gmflux.codecs.sm2;
