/**
 * SM2 (GB/T 32918): keys, signatures with SM3, public-key encryption, key exchange and a KEM, on the
 * recommended curve sm2p256v1.
 *
 * <p>Public entry points: {@link io.gmflux.codecs.sm2.Sm2PrivateKey}, {@link io.gmflux.codecs.sm2.Sm2PublicKey},
 * {@link io.gmflux.codecs.sm2.Sm2KeyPair}, {@link io.gmflux.codecs.sm2.Sm2Signer},
 * {@link io.gmflux.codecs.sm2.Sm2Verifier}, {@link io.gmflux.codecs.sm2.Sm2SignatureEncoding}. Keys
 * are immutable and thread-safe; signers, verifiers and ciphers own scratch state and are not
 * thread-safe (one per thread).
 *
 * <p>Arithmetic (package-private): {@code Montgomery256} (4 × 64-bit limbs, Montgomery form, mod p
 * and mod n, branch-free), {@code PointArithmetic} (Jacobian coordinates, a = -3 formulas, mixed
 * addition, constant-time fixed-base and fixed-window scalar multiplication), {@code BaseTable}
 * (the precomputed d·16^i·G table). No BigInteger and no allocation per field operation.
 *
 * <p>Depends on {@code io.gmflux.codecs.sm3} (SM3, the SM2 KDF), {@code io.gmflux.codecs.der} and
 * {@code io.gmflux.codecs.bytes} only.
 */
package io.gmflux.codecs.sm2;
