package io.gmflux.codecs.sm2;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.HmacSm3;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * Hedged SM2 signing nonces: k from an HMAC-SM3 DRBG in the structure of RFC 6979 §3.2, seeded with
 * the private key d, the digest e and 32 fresh bytes of the signer's {@link SecureRandom} as the
 * additional data k' of RFC 6979 §3.6 (as Go's crypto/ecdsa and BoringSSL do). k is uniform in
 * [1, n-1] as long as either the randomness or d is unknown to the attacker; a random generator
 * whose state repeats (a restored VM snapshot, a CRaC checkpoint, a seeded SHA1PRNG) then repeats k
 * only for the same key and the same message, which gives the same signature and reveals nothing.
 *
 * <p>qlen = hlen = 256 bits, so one HMAC output is one candidate; bits2octets(e) is e mod n.
 * Constant time in d, e and k' apart from the rejection of a candidate outside [1, n-1] (the
 * standard's retry, probability about 2^-32). Not thread-safe: one per signer; every intermediate
 * value is zeroed before {@link #derive} returns.
 */
final class HedgedNonce {

    /** Bytes of fresh randomness mixed into each nonce. */
    static final int FRESH_LENGTH = 32;

    private final byte[] v = new byte[32];
    private final byte[] hmacKey = new byte[32];
    private final byte[] x = new byte[32];
    private final byte[] h = new byte[32];
    private final byte[] fresh = new byte[FRESH_LENGTH];
    private final byte[] separator = new byte[1];

    /**
     * k in [1, n-1] into {@code k} (plain limbs) for the key {@code d} and the digest
     * {@code eModN} (plain limbs, already reduced mod n), with fresh bytes drawn from {@code random}.
     */
    void derive(long[] k, long[] d, long[] eModN, SecureRandom random) {
        random.nextBytes(fresh);
        derive(k, d, eModN, fresh);
    }

    /**
     * As above with the additional data given (none when empty: plain RFC 6979). Package-private for
     * the tests that check the structure against an independent implementation.
     */
    void derive(long[] k, long[] d, long[] eModN, byte[] additional) {
        Sm2Curve.toBytes(d, x, 0);
        Sm2Curve.toBytes(eModN, h, 0);
        Arrays.fill(v, (byte) 0x01); // 3.2 b
        Arrays.fill(hmacKey, (byte) 0x00); // 3.2 c
        // one HMAC instance per key K (its ipad/opad states computed once), replaced when K changes
        HmacSm3 mac = new HmacSm3(hmacKey);
        try {
            mac = reseed(mac, (byte) 0x00, additional); // 3.2 d, e
            mac = reseed(mac, (byte) 0x01, additional); // 3.2 f, g
            while (true) { // 3.2 h
                mac.update(v);
                mac.doFinal(v, 0);
                Sm2Curve.toLimbs(k, v, 0);
                if (Sm2Curve.isZeroMask(k) == 0 && Sm2Curve.lessThan(k, Sm2Curve.N)) {
                    return;
                }
                separator[0] = 0x00; // candidate out of range: K = HMAC_K(V || 0x00), V = HMAC_K(V)
                mac.update(v);
                mac.update(separator);
                mac.doFinal(hmacKey, 0);
                mac = rekey(mac);
                mac.update(v);
                mac.doFinal(v, 0);
            }
        } finally {
            mac.destroy();
            Bytes.wipe(v);
            Bytes.wipe(hmacKey);
            Bytes.wipe(x);
            Bytes.wipe(h);
            Bytes.wipe(fresh);
        }
    }

    /**
     * K = HMAC_K(V || tag || int2octets(d) || bits2octets(e) || k'), then V = HMAC_K(V) under the new
     * K; returns the instance keyed with the new K (the old one is destroyed).
     */
    private HmacSm3 reseed(HmacSm3 mac, byte tag, byte[] additional) {
        separator[0] = tag;
        mac.update(v);
        mac.update(separator);
        mac.update(x);
        mac.update(h);
        mac.update(additional);
        mac.doFinal(hmacKey, 0);
        HmacSm3 next = rekey(mac);
        next.update(v);
        next.doFinal(v, 0);
        return next;
    }

    /** A new instance keyed with {@link #hmacKey}; destroys {@code old}. */
    private HmacSm3 rekey(HmacSm3 old) {
        old.destroy();
        return new HmacSm3(hmacKey);
    }
}
