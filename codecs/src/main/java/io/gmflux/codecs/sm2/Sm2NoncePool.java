package io.gmflux.codecs.sm2;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import javax.security.auth.Destroyable;

/**
 * A pool of signing nonces drawn ahead of time for bulk SM2 signing (GB/T 32918.2 §6.1 A3-A4): each
 * entry is a fresh random k in [1, n-1] with the x-coordinate of [k]G reduced mod n, so that a
 * signer fed by the pool ({@link Sm2Signer#Sm2Signer(Sm2PrivateKey, byte[], Sm2NoncePool)}) skips the
 * scalar multiplication and the inversion and only does the arithmetic mod n. Entries are computed
 * in batches of {@value #BATCH} with one shared inversion (Montgomery's trick), off the signing path.
 *
 * <p>Refill: {@link #onDemand} pools refill a batch on the calling thread when a signer finds them
 * empty (or when {@link #fill()} is called, e.g. at start-up or in idle time); {@link #background}
 * pools own one daemon thread that refills whenever fewer than half the capacity is left, and a
 * signer that finds such a pool empty computes its (hedged) nonce itself rather than wait.
 *
 * <p>Security: every k is drawn from the pool's {@link SecureRandom} and handed out exactly once (its
 * slot is zeroed as it is taken); the precomputation is the same constant-time fixed-base
 * multiplication signing uses. The pool holds secret nonces: a leaked entry together with a
 * signature made from it reveals the private key, so keep the pool in the process that signs and
 * {@link #destroy()} it (zeroes every entry and stops the refill thread) when done. One pool may
 * feed signers of several keys: a nonce is independent of the key.
 *
 * <p>Not hedged, and what cloning does: an entry is made before the message is known, so its k
 * cannot depend on the message or the key and rests on the pool's {@link SecureRandom} alone (the
 * hedging of {@link Sm2Signer} covers only the nonces a signer computes itself). Cloning a process
 * (restoring one VM snapshot twice, a CRaC checkpoint, a forked image) clones the pool's entries:
 * both copies hand out the same k for different messages, and two such signatures give away the
 * private key. On restore, call {@link #discard()} before signing again, and make sure the pool's
 * generator does not continue from the cloned state either (use one that reads the operating system
 * on every call, such as {@code NativePRNG}, or reseed it from the operating system); where restores
 * cannot be hooked, sign without a pool.
 * * <p>Thread-safe: any number of signers on any threads may draw from one pool.
 */
public final class Sm2NoncePool implements Destroyable, AutoCloseable {

    /** Entries computed per refill step, sharing one field inversion. */
    static final int BATCH = 16;

    private final int capacity;
    private final SecureRandom random;
    /** Ring of entries: k (4 limbs, plain) then x1 mod n (4 limbs, plain), 8 longs each. */
    private final long[] ring;
    private int head;
    private int count;
    /** Incremented by {@link #discard()}: a batch computed before it is dropped, not appended. */
    private long epoch;
    private boolean destroyed;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition lowWater = lock.newCondition();
    private final Thread refiller;
    /** Scratch of the thread that refills; guarded by {@link #refillLock}. */
    private final BatchMaker maker = new BatchMaker();
    private final Object refillLock = new Object();

    private Sm2NoncePool(int capacity, SecureRandom random, ThreadFactory threads) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
        }
        this.capacity = capacity;
        this.random = Objects.requireNonNull(random, "random");
        this.ring = new long[capacity * 8];
        if (threads != null) {
            refiller = threads.newThread(this::refillLoop);
            if (refiller == null) {
                throw new IllegalArgumentException("the thread factory returned no thread");
            }
            refiller.start();
        } else {
            refiller = null;
        }
    }

    /**
     * A pool of at most {@code capacity} entries that fills only on demand: by {@link #fill()}, and
     * by a signer that finds it empty (one batch on that signer's thread). Starts empty.
     *
     * @throws IllegalArgumentException if {@code capacity < 1}
     * @throws NullPointerException if {@code random} is null
     */
    public static Sm2NoncePool onDemand(int capacity, SecureRandom random) {
        return new Sm2NoncePool(capacity, random, null);
    }

    /**
     * A pool of at most {@code capacity} entries kept filled by a daemon thread named
     * "gmflux-sm2-nonce-pool", which refills whenever fewer than half the entries are left.
     * {@link #destroy()} (or {@link #close()}) stops the thread.
     *
     * @throws IllegalArgumentException if {@code capacity < 1}
     * @throws NullPointerException if {@code random} is null
     */
    public static Sm2NoncePool background(int capacity, SecureRandom random) {
        return background(capacity, random, r -> {
            Thread t = new Thread(r, "gmflux-sm2-nonce-pool");
            t.setDaemon(true);
            t.setPriority(Thread.NORM_PRIORITY - 1);
            return t;
        });
    }

    /** As {@link #background(int, SecureRandom)} with the refill thread made by {@code threads}. */
    public static Sm2NoncePool background(int capacity, SecureRandom random, ThreadFactory threads) {
        return new Sm2NoncePool(capacity, random, Objects.requireNonNull(threads, "threads"));
    }

    /** The maximum number of entries. */
    public int capacity() {
        return capacity;
    }

    /** The number of entries ready now. */
    public int size() {
        lock.lock();
        try {
            return count;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Fills the pool to its capacity on the calling thread (about one signature's worth of work per
     * entry, less with the shared inversions).
     *
     * @throws IllegalStateException if the pool was destroyed
     */
    public void fill() {
        while (refillOnce(capacity)) {
            // until full
        }
    }

    /**
     * Takes one entry into k and x1 (plain limbs) and zeroes its slot; returns false, leaving k and
     * x1 untouched, when the caller should compute its own nonce: an empty background pool does not
     * make the signer wait for its refill thread. An empty on-demand pool refills a batch on this
     * thread first.
     *
     * @throws IllegalStateException if the pool was destroyed
     */
    boolean take(long[] k, long[] x1) {
        while (true) {
            lock.lock();
            try {
                checkNotDestroyed();
                if (count > 0) {
                    int at = head * 8;
                    System.arraycopy(ring, at, k, 0, 4);
                    System.arraycopy(ring, at + 4, x1, 0, 4);
                    Arrays.fill(ring, at, at + 8, 0L);
                    head = head + 1 == capacity ? 0 : head + 1;
                    count--;
                    if (refiller != null && count < (capacity + 1) / 2) {
                        lowWater.signal();
                    }
                    return true;
                }
            } finally {
                lock.unlock();
            }
            if (refiller != null) {
                return false;
            }
            refillOnce(Math.min(capacity, BATCH));
        }
    }

    /** The generator the pool draws from; a signer fed by the pool draws its own nonces' fresh bytes from it too. */
    SecureRandom random() {
        return random;
    }

    /**
     * Zeroes every entry, and drops a batch being computed now, but keeps the pool usable: it refills
     * from its generator as usual. Call it when the process may have been cloned (after restoring a
     * VM snapshot or a CRaC checkpoint); see the class comment for the generator's part.
     *
     * @throws IllegalStateException if the pool was destroyed
     */
    public void discard() {
        lock.lock();
        try {
            checkNotDestroyed();
            epoch++;
            Arrays.fill(ring, 0L);
            head = 0;
            count = 0;
            if (refiller != null) {
                lowWater.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Computes one batch (at most {@code limit} entries, never more than the free room) outside the
     * pool's lock and appends it. Returns false when the pool was already full.
     */
    private boolean refillOnce(int limit) {
        int want;
        long startEpoch;
        lock.lock();
        try {
            checkNotDestroyed();
            startEpoch = epoch;
            want = Math.min(Math.min(capacity - count, BATCH), limit);
        } finally {
            lock.unlock();
        }
        if (want <= 0) {
            return false;
        }
        synchronized (refillLock) {
            long[] batch = maker.make(want, random);
            lock.lock();
            try {
                if (destroyed) {
                    return false;
                }
                if (epoch != startEpoch) {
                    return true; // discarded meanwhile: the batch may come from a cloned state
                }
                int room = capacity - count;
                int added = Math.min(room, want);
                for (int i = 0; i < added; i++) {
                    int slot = (head + count) % capacity;
                    System.arraycopy(batch, i * 8, ring, slot * 8, 8);
                    count++;
                }
            } finally {
                lock.unlock();
                Arrays.fill(batch, 0L);
            }
        }
        return true;
    }

    private void refillLoop() {
        try {
            while (true) {
                lock.lockInterruptibly();
                try {
                    while (!destroyed && count >= (capacity + 1) / 2 && count > 0) {
                        lowWater.await();
                    }
                    if (destroyed) {
                        return;
                    }
                } finally {
                    lock.unlock();
                }
                while (refillOnce(capacity)) {
                    if (Thread.currentThread().isInterrupted()) {
                        return;
                    }
                }
            }
        } catch (InterruptedException | IllegalStateException e) {
            // destroyed: the thread ends
        }
    }

    private void checkNotDestroyed() {
        if (destroyed) {
            throw new IllegalStateException("SM2 nonce pool has been destroyed");
        }
    }

    /** Zeroes every entry and stops the refill thread; later draws fail with {@link IllegalStateException}. */
    @Override
    public void destroy() {
        lock.lock();
        try {
            destroyed = true;
            Arrays.fill(ring, 0L);
            count = 0;
            lowWater.signalAll();
        } finally {
            lock.unlock();
        }
        if (refiller != null) {
            refiller.interrupt();
        }
    }

    @Override
    public boolean isDestroyed() {
        lock.lock();
        try {
            return destroyed;
        } finally {
            lock.unlock();
        }
    }

    /** Same as {@link #destroy()}. */
    @Override
    public void close() {
        destroy();
    }

    /** Computes batches of entries; used under {@link #refillLock} only. */
    private static final class BatchMaker {

        private final PointArithmetic pa = new PointArithmetic();
        private final JacobianPoint[] points = new JacobianPoint[BATCH];
        private final long[] k = new long[4 * BATCH];
        private final long[] scalar = new long[4];
        private final long[] x = new long[4];
        private final byte[] buf = new byte[32];

        BatchMaker() {
            for (int i = 0; i < BATCH; i++) {
                points[i] = new JacobianPoint();
            }
        }

        /** {@code count} entries (k, x1) in a fresh array of 8 longs each; the caller wipes it. */
        long[] make(int count, SecureRandom random) {
            for (int i = 0; i < count; i++) {
                SharedPoint.drawScalar(random, buf, scalar);
                System.arraycopy(scalar, 0, k, i * 4, 4);
                pa.mulBase(points[i], scalar); // never infinity: k in [1, n-1]
            }
            JacobianPoint[] used = count == BATCH ? points : Arrays.copyOf(points, count);
            long[] affine = CombTable.toAffine(used, pa); // one inversion for the batch
            long[] out = new long[count * 8];
            for (int i = 0; i < count; i++) {
                System.arraycopy(affine, i * 8, x, 0, 4);
                Sm2Curve.FN.reduce(x, x);
                System.arraycopy(k, i * 4, out, i * 8, 4);
                System.arraycopy(x, 0, out, i * 8 + 4, 4);
            }
            Arrays.fill(affine, 0L);
            Arrays.fill(k, 0L);
            Arrays.fill(scalar, 0L);
            Arrays.fill(x, 0L);
            for (JacobianPoint p : points) {
                p.wipe();
            }
            pa.wipe();
            return out;
        }
    }
}
