/**
 * SM9 identity-based cryptography (GM/T 0044-2016, GB/T 38635): signatures, public-key encryption,
 * key encapsulation and key exchange on the 256-bit BN curve, with the R-ate pairing.
 *
 * <ul>
 *   <li>Keys: master key pairs {@link io.gmflux.codecs.sm9.Sm9SignMasterPrivateKey} /
 *       {@link io.gmflux.codecs.sm9.Sm9SignMasterPublicKey} (Ppub-s in G2) and
 *       {@link io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey} /
 *       {@link io.gmflux.codecs.sm9.Sm9EncryptMasterPublicKey} (Ppub-e in G1); user keys extracted
 *       by the master (hid 0x01 sign, 0x02 key exchange, 0x03 encryption):
 *       {@link io.gmflux.codecs.sm9.Sm9SignPrivateKey}, {@link io.gmflux.codecs.sm9.Sm9EncryptPrivateKey}.
 *       DER/PEM in {@link io.gmflux.codecs.sm9.Sm9KeyEncoding} (GmSSL's labels and structures).</li>
 *   <li>Signatures: {@link io.gmflux.codecs.sm9.Sm9Signer}, {@link io.gmflux.codecs.sm9.Sm9Verifier};
 *       raw h ‖ S and the GM/T 0044 DER form in {@link io.gmflux.codecs.sm9.Sm9SignatureEncoding}.</li>
 *   <li>Encryption: {@link io.gmflux.codecs.sm9.Sm9Cipher} in the modes of
 *       {@link io.gmflux.codecs.sm9.Sm9CipherMode}, raw C1 ‖ C3 ‖ C2 and the DER form in
 *       {@link io.gmflux.codecs.sm9.Sm9CiphertextEncoding}; failures are
 *       {@link io.gmflux.codecs.sm9.Sm9DecryptionException}. C3 is the standard's SM3(C2 ‖ K2), or
 *       GmSSL's HMAC-SM3(K2, C2) when {@link io.gmflux.codecs.sm9.Sm9MacMode#GMSSL_HMAC_SM3} is
 *       chosen.</li>
 *   <li>KEM: {@link io.gmflux.codecs.sm9.Sm9Kem}. Key exchange:
 *       {@link io.gmflux.codecs.sm9.Sm9KeyExchange}, failures are
 *       {@link io.gmflux.codecs.sm9.Sm9KeyExchangeException}.</li>
 *   <li>The groups and the pairing itself: {@link io.gmflux.codecs.sm9.Sm9G1Point},
 *       {@link io.gmflux.codecs.sm9.Sm9G2Point}, {@link io.gmflux.codecs.sm9.Sm9Pairing}.</li>
 * </ul>
 *
 * <p>Arithmetic (package-private, except {@code io.gmflux.codecs.arith.Mont256}: public in an internal
 * package because SM2 shares it; 4 × 64-bit limbs, Montgomery CIOS, branch-free)
 * under {@code ScalarN} and for F_q's additions; {@code Fq} stores elements as 4 × 64-bit limbs
 * (Montgomery form, R = 2^260) but multiplies on five 52-bit digits, whose products accumulate in
 * column sums without carry tracking ({@code Fq.mulWide}: 15 digit products by all-pairs Karatsuba,
 * each product's two halves from one pair of operands pre-multiplied by 2^6) and are reduced once
 * ({@code Fq.redc}, with a one-pass final correction on the digits); inversion is constant-time
 * safegcd ({@code io.gmflux.codecs.arith.SafeGcd}, Bernstein-Yang divsteps on 61-bit limbs, for F_q and for Z_N). The tower {@code Fq2}, {@code Fq4}, {@code Fq12} is exactly as the standard
 * builds it, on flat {@code long[]} arrays with offsets and per-thread scratch ({@code Workspace}),
 * so that no field operation allocates; its multiplications and squarings (and the pairing's sparse
 * line products) combine unreduced column sums and reduce once per output coefficient (lazy
 * reduction: 12 reductions per F_q12 product instead of 54), with the bounds that make this exact
 * documented at each method and tested against BigInteger on extreme values; {@code G1Jacobian} and
 * {@code G2Jacobian}; {@code Pairing} (Miller-loop lines prepared per G2 point and evaluated as
 * sparse products, final exponentiation with Frobenius maps, Granger-Scott cyclotomic squaring and,
 * for the long run of squarings in each exponentiation by t, Karabina's compressed squaring with
 * one decompression; t itself as signed digits in {±1, ±3}, 8 instead of its NAF's 11);
 * {@code GroupExponentiation} (constant-time fixed-window and comb
 * exponentiation, written once for G1, G2 and G_T; comb entries are one array each so that the
 * masked row scan vectorizes); {@code G2Subgroup} (membership by the Frobenius endomorphism).
 *
 * <p>Precomputation: comb tables for P1 and P2 and the lines of P2 (once per JVM); per master public
 * key, the comb table of its g in G_T; per user decryption key, its lines; per
 * {@code Sm9Signer}, a comb table of dsA; per {@code Sm9Verifier}, the lines of P = [h1]P2 + Ppub-s.
 * Signing, encryption, encapsulation and the exchange's ephemeral step therefore compute no pairing.
 *
 * <p>Constant time: every multiplication or exponentiation by a secret scalar (master keys, the
 * extraction scalar, signing r and l, encryption/KEM/exchange r) reads its tables by mask and runs
 * a fixed schedule; field arithmetic is branch-free, inversion included (safegcd runs a fixed 590
 * divsteps). The one data-dependent branch in the pairing is the compressed squarings' degenerate
 * decompression (a value whose a1, a2 give D = 0: the identity, otherwise probability about 2^-500),
 * which redoes that run of squarings uncompressed. Not constant-time, by design, because their
 * inputs are public: verification (its g^h and [H1]P2 read only the comb entries the public
 * scalar's digits name), decoding, and the 320-bit reduction in H1/H2 (BigInteger, on the hashed
 * data). The G2 membership test is a public-scalar multiplication by 6t^2 whose only
 * data-dependent branches are the exceptional cases of point addition; it also runs when a user
 * decryption key is decoded from bytes.
 *
 * <p>Allocation: field and group operations allocate nothing (per-thread {@code Workspace}); a
 * whole operation allocates its outputs and a few kilobytes of temporaries (about 5-6 KB per
 * signature, encryption or decryption, against 0.5-2 ms of work).
 *
 * <p>Thread safety: keys, points and the static encoders are immutable and thread-safe (lazily built
 * tables are published safely); signers, ciphers, KEMs and key exchanges hold a SecureRandom or
 * single-use state and are not (one per thread); verifiers are thread-safe.
 *
 * <p>Depends on {@code io.gmflux.codecs.sm3} (SM3, KDF), {@code sm4} (block mode), {@code der} and
 * {@code bytes} only.
 */
package io.gmflux.codecs.sm9;
