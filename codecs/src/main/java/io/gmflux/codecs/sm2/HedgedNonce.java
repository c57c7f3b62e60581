package io.gmflux.codecs.sm2;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.HmacSm3;
import java.security.SecureRandom;

/**
 * Hedged SM2 signing nonces: k = HMAC-SM3(int2octets(d), k' || bits2octets(e) || c), with k' 32
 * fresh bytes of the signer's {@link SecureRandom} and c the first counter byte (0, 1, ...) whose
 * output, read big-endian, lies in [1, n-1] (RFC 6979's notation: bits2octets(e) is e mod n).
 *
 * <p>This is the hedged form of a deterministic nonce (EdDSA's k = H(secret || M), and XEdDSA's
 * and the CFRG's hedged signatures adding fresh randomness Z) with HMAC as the keyed PRF: k is
 * uniform in [1, n-1] (rejection, never reduction, so no bias) as long as either k' or d is unknown
 * to the attacker; a random generator whose state repeats (a restored VM snapshot, a CRaC
 * checkpoint, a seeded SHA1PRNG) then repeats k only for the same key and the same message, which
 * gives the same signature and reveals nothing. It costs three SM3 compressions (the key's HMAC
 * states are made once per key, {@link Sm2PrivateKey#nonceMac()}) where RFC 6979's HMAC-DRBG with
 * additional data (the construction before) cost twenty; the DRBG's extra state updates buy nothing
 * when one output is drawn per seeding.
 *
 * <p>Constant time in d, e and k' apart from the rejection of a candidate outside [1, n-1]
 * (probability about 2^-32, the standard's retry). Not thread-safe: one per signer; every
 * intermediate value is zeroed before {@link #derive} returns.
 */
final class HedgedNonce {

    /** Bytes of fresh randomness mixed into each nonce. */
    static final int FRESH_LENGTH = 32;

    private final byte[] h = new byte[32];
    private final byte[] candidate = new byte[32];
    private final byte[] fresh = new byte[FRESH_LENGTH];
    private final byte[] counter = new byte[1];

    /**
     * k in [1, n-1] into {@code k} (plain limbs) for {@code key} and the digest
     * {@code eModN} (plain limbs, already reduced mod n), with fresh bytes drawn from {@code random}.
     */
    void derive(long[] k, Sm2PrivateKey key, long[] eModN, SecureRandom random) {
        random.nextBytes(fresh);
        derive(k, key, eModN, fresh);
    }

    /**
     * As above with the fresh bytes k' given (any length; none makes the nonce deterministic).
     * Package-private for the tests that check it against an independent implementation.
     */
    void derive(long[] k, Sm2PrivateKey key, long[] eModN, byte[] additional) {
        Sm2Curve.toBytes(eModN, h, 0);
        HmacSm3 mac = key.nonceMac().forSameKey();
        try {
            for (int c = 0; c < 256; c++) {
                counter[0] = (byte) c;
                mac.update(additional);
                mac.update(h);
                mac.update(counter);
                mac.doFinal(candidate, 0);
                Sm2Curve.toLimbs(k, candidate, 0);
                if (Sm2Curve.isZeroMask(k) == 0 && Sm2Curve.lessThan(k, Sm2Curve.N)) {
                    return;
                }
            }
            throw new IllegalStateException("no SM2 nonce in 256 candidates"); // probability about 2^-8192
        } finally {
            mac.destroy();
            Bytes.wipe(h);
            Bytes.wipe(candidate);
            Bytes.wipe(fresh);
        }
    }
}
