package io.gmflux.codecs.sm2;

import static io.gmflux.codecs.sm2.Sm2SignerTest.seeded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.signers.PlainDSAEncoding;
import org.bouncycastle.crypto.signers.SM2Signer;
import org.junit.jupiter.api.Test;

class Sm2NoncePoolTest {

    private static final byte[] ID = "1234567812345678".getBytes();

    @Test
    void signaturesFromOnDemandAndBackgroundPoolsVerifyHereAndInBouncyCastle() throws Exception {
        SecureRandom random = seeded(71);
        SplittableRandom rnd = new SplittableRandom(72);
        for (Sm2NoncePool pool : List.of(Sm2NoncePool.onDemand(40, random), Sm2NoncePool.background(40, new SecureRandom()))) {
            try (pool) {
                Sm2KeyPair pair = Sm2KeyPair.generate(random);
                Sm2Signer signer = new Sm2Signer(pair.privateKey(), ID, pool);
                Sm2Verifier verifier = new Sm2Verifier(pair.publicKey());
                SM2Signer bc = new SM2Signer(PlainDSAEncoding.INSTANCE);
                bc.init(false, new ParametersWithID(BouncyCastleSm2.publicKey(pair.publicKey()), ID));
                for (int i = 0; i < 150; i++) {
                    byte[] msg = new byte[rnd.nextInt(0, 200)];
                    rnd.nextBytes(msg);
                    byte[] sig = signer.sign(msg);
                    String what = "seed 72 case " + i + ", background " + (pool.capacity() == 40 && pool != null);
                    assertThat(verifier.verify(msg, sig)).as(what).isTrue();
                    bc.update(msg, 0, msg.length);
                    assertThat(bc.verifySignature(sig)).as(what).isTrue();
                }
            }
        }
    }

    @Test
    void handsOutEveryNonceOnceAcrossThreadsEachWithItsOwnPoint() throws Exception {
        try (Sm2NoncePool pool = Sm2NoncePool.background(64, new SecureRandom())) {
            Set<BigInteger> seen = ConcurrentHashMap.newKeySet();
            List<long[]> sample = new ArrayList<>();
            int threads = 4;
            int each = 300;
            CountDownLatch done = new CountDownLatch(threads);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            for (int t = 0; t < threads; t++) {
                new Thread(() -> {
                    try {
                        for (int i = 0; i < each; i++) {
                            long[] k = new long[4];
                            long[] x1 = new long[4];
                            while (!pool.take(k, x1)) {
                                Thread.yield(); // empty: a signer would compute its own; here wait for the refill
                            }
                            if (!seen.add(toBig(k))) {
                                throw new AssertionError("nonce handed out twice");
                            }
                            if (i % 50 == 0) {
                                synchronized (sample) {
                                    sample.add(concat(k, x1));
                                }
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    } finally {
                        done.countDown();
                    }
                }).start();
            }
            assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
            assertThat(failure.get()).isNull();
            assertThat(seen).hasSize(threads * each);
            BigInteger n = BouncyCastleSm2.X9.getN();
            for (long[] e : sample) {
                BigInteger k = toBig(java.util.Arrays.copyOf(e, 4));
                assertThat(k.signum()).isPositive();
                assertThat(k).isLessThan(n);
                BigInteger x = BouncyCastleSm2.X9.getG().multiply(k).normalize().getAffineXCoord().toBigInteger().mod(n);
                assertThat(toBig(java.util.Arrays.copyOfRange(e, 4, 8))).as("x1 of k = " + k.toString(16)).isEqualTo(x);
            }
        }
    }

    @Test
    void fillsToCapacityOnDemandAndTheBackgroundThreadKeepsItUp() throws Exception {
        try (Sm2NoncePool pool = Sm2NoncePool.onDemand(20, new SecureRandom())) {
            assertThat(pool.size()).isZero();
            pool.fill();
            assertThat(pool.size()).isEqualTo(20);
            Sm2Signer signer = new Sm2Signer(Sm2KeyPair.generate().privateKey(), ID, pool);
            for (int i = 0; i < 25; i++) {
                signer.sign(new byte[8]); // 20 from the pool, then refills on demand
            }
            assertThat(pool.size()).isBetween(0, 20);
        }
        AtomicReference<Thread> thread = new AtomicReference<>();
        Sm2NoncePool pool = Sm2NoncePool.background(30, new SecureRandom(), r -> {
            Thread t = new Thread(r, "test-refill");
            t.setDaemon(true);
            thread.set(t);
            return t;
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (pool.size() < 30 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(pool.size()).isEqualTo(30);
        pool.destroy();
        thread.get().join(10_000);
        assertThat(thread.get().isAlive()).as("refill thread stops on destroy").isFalse();
        assertThat(pool.isDestroyed()).isTrue();
        assertThat(pool.size()).isZero();
    }

    @Test
    void aDestroyedPoolZeroesItsEntriesAndRefusesToSign() throws Exception {
        Sm2NoncePool pool = Sm2NoncePool.onDemand(8, new SecureRandom());
        pool.fill();
        Sm2Signer signer = new Sm2Signer(Sm2KeyPair.generate().privateKey(), ID, pool);
        signer.sign(new byte[1]);
        pool.destroy();
        java.lang.reflect.Field ring = Sm2NoncePool.class.getDeclaredField("ring");
        ring.setAccessible(true);
        for (long v : (long[]) ring.get(pool)) {
            assertThat(v).isZero();
        }
        assertThatThrownBy(() -> signer.sign(new byte[1])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(pool::fill).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void discardZeroesEveryEntryAndThePoolRefillsWithNewNonces() throws Exception {
        try (Sm2NoncePool pool = Sm2NoncePool.onDemand(8, new SecureRandom())) {
            pool.fill();
            java.lang.reflect.Field ring = Sm2NoncePool.class.getDeclaredField("ring");
            ring.setAccessible(true);
            long[] before = ((long[]) ring.get(pool)).clone();
            pool.discard();
            assertThat(pool.size()).isZero();
            for (long v : (long[]) ring.get(pool)) {
                assertThat(v).isZero();
            }
            assertThat(pool.isDestroyed()).isFalse();
            long[] k = new long[4];
            long[] x1 = new long[4];
            assertThat(pool.take(k, x1)).isTrue(); // refills on demand
            for (int i = 0; i < 8; i++) {
                assertThat(java.util.Arrays.copyOfRange(before, i * 8, i * 8 + 4)).as("entry " + i + " handed out after discard")
                        .isNotEqualTo(k);
            }
            Sm2KeyPair pair = Sm2KeyPair.generate();
            byte[] sig = new Sm2Signer(pair.privateKey(), ID, pool).sign(new byte[3]);
            assertThat(new Sm2Verifier(pair.publicKey(), ID).verify(new byte[3], sig)).isTrue();
            pool.destroy();
            assertThatThrownBy(pool::discard).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aSignerFindingTheBackgroundPoolEmptySignsWithItsOwnHedgedNonce() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (Sm2NoncePool pool = Sm2NoncePool.background(4, new SecureRandom(), r -> new Thread(() -> {
            try {
                release.await(); // keep the pool empty while the signer runs
            } catch (InterruptedException e) {
                return;
            }
            r.run();
        }))) {
            Sm2KeyPair pair = Sm2KeyPair.generate();
            Sm2Signer signer = new Sm2Signer(pair.privateKey(), ID, pool);
            Sm2Verifier verifier = new Sm2Verifier(pair.publicKey(), ID);
            for (int i = 0; i < 5; i++) {
                byte[] msg = {(byte) i};
                assertThat(verifier.verify(msg, signer.sign(msg))).as("message " + i).isTrue();
            }
            assertThat(pool.size()).isZero();
            release.countDown();
        }
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> Sm2NoncePool.onDemand(0, new SecureRandom())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Sm2NoncePool.onDemand(4, null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("random");
        assertThatThrownBy(() -> Sm2NoncePool.background(4, new SecureRandom(), null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("threads");
        Sm2NoncePool pool = Sm2NoncePool.onDemand(4, new SecureRandom());
        assertThatThrownBy(() -> new Sm2Signer(Sm2KeyPair.generate().privateKey(), ID, (Sm2NoncePool) null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("pool");
        assertThatThrownBy(() -> new Sm2Signer(null, ID, pool)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("key");
    }

    private static BigInteger toBig(long[] limbs) {
        byte[] b = new byte[32];
        Sm2Curve.toBytes(limbs, b, 0);
        return new BigInteger(1, b);
    }

    private static long[] concat(long[] a, long[] b) {
        long[] r = java.util.Arrays.copyOf(a, 8);
        System.arraycopy(b, 0, r, 4, 4);
        return r;
    }
}
