package io.gmflux.codecs.sm2;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

class HedgedNonceTest {

    private static final BigInteger N = BouncyCastleSm2.X9.getN();

    /**
     * The construction written out with BouncyCastle's HMAC over its SM3: the first counter byte c
     * whose HMAC(int2octets(d), k' || bits2octets(e) || c) lies in [1, n-1].
     */
    private static BigInteger bouncyCastleHedged(BigInteger d, byte[] digest, byte[] additional) {
        HMac mac = new HMac(new SM3Digest());
        mac.init(new KeyParameter(BouncyCastleSm2.bytes32(d)));
        byte[] h = BouncyCastleSm2.bytes32(new BigInteger(1, digest).mod(N));
        byte[] out = new byte[32];
        for (int c = 0; c < 256; c++) {
            mac.update(additional, 0, additional.length);
            mac.update(h, 0, h.length);
            mac.update((byte) c);
            mac.doFinal(out, 0);
            BigInteger k = new BigInteger(1, out);
            if (k.signum() > 0 && k.compareTo(N) < 0) {
                return k;
            }
        }
        throw new AssertionError("no candidate in range");
    }

    @Test
    void agreesWithTheConstructionWrittenOutOverBouncyCastlesHmacSm3() {
        SplittableRandom rnd = new SplittableRandom(61);
        HedgedNonce hedged = new HedgedNonce();
        for (int i = 0; i < 200; i++) {
            BigInteger d = new BigInteger(256, new java.util.Random(rnd.nextLong())).mod(N.subtract(BigInteger.TWO)).add(BigInteger.ONE);
            byte[] digest = new byte[32];
            rnd.nextBytes(digest);
            if (i % 10 == 0) {
                java.util.Arrays.fill(digest, (byte) 0xff); // e >= n: bits2octets reduces it
            }
            byte[] additional = new byte[i % 2 == 0 ? 0 : HedgedNonce.FRESH_LENGTH];
            rnd.nextBytes(additional);
            Sm2PrivateKey key = key(d);
            long[] e = limbs(digest);
            Sm2Curve.FN.reduce(e, e);
            long[] k = new long[4];
            hedged.derive(k, key, e, additional.clone());
            assertThat(toBig(k)).as("seed 61 case " + i + ", additional " + additional.length)
                    .isEqualTo(bouncyCastleHedged(d, digest, additional));
        }
    }

    @Test
    void freshBytesChangeTheNonceAndTheSameInputsRepeatIt() {
        HedgedNonce hedged = new HedgedNonce();
        Sm2PrivateKey d = key(BigInteger.valueOf(12345));
        long[] e = limbs(BouncyCastleSm2.bytes32(BigInteger.valueOf(678)));
        long[] k1 = new long[4];
        long[] k2 = new long[4];
        long[] k3 = new long[4];
        hedged.derive(k1, d, e, new byte[32]);
        hedged.derive(k2, d, e, new byte[32]);
        byte[] other = new byte[32];
        other[31] = 1;
        hedged.derive(k3, d, e, other);
        assertThat(k2).isEqualTo(k1);
        assertThat(k3).isNotEqualTo(k1);
    }

    @Test
    void theKeysNonceMacIsMadeOnceAndDestroyedWithTheKey() {
        Sm2PrivateKey key = key(BigInteger.valueOf(4242));
        io.gmflux.codecs.sm3.HmacSm3 mac = key.nonceMac();
        assertThat(key.nonceMac()).isSameAs(mac);
        key.destroy();
        org.assertj.core.api.Assertions.assertThatThrownBy(mac::forSameKey).isInstanceOf(IllegalStateException.class);
    }

    private static Sm2PrivateKey key(BigInteger d) {
        try {
            return Sm2PrivateKey.fromBytes(BouncyCastleSm2.bytes32(d));
        } catch (java.security.InvalidKeyException e) {
            throw new AssertionError(e);
        }
    }

    private static long[] limbs(byte[] be) {
        long[] r = new long[4];
        Sm2Curve.toLimbs(r, be, 0);
        return r;
    }

    private static BigInteger toBig(long[] limbs) {
        byte[] b = new byte[32];
        Sm2Curve.toBytes(limbs, b, 0);
        return new BigInteger(1, b);
    }
}
