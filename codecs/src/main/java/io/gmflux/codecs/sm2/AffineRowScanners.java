package io.gmflux.codecs.sm2;

import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The choice of the {@link AffineRowScanner} that {@link PointArithmetic} uses: the scalar loop until an
 * implementation found by class name (the Vector API scan of {@code gmflux-codecs-vector}, {@value #VECTOR_SCANNER})
 * has been constructed, has given the scalar loop's output for every entry of public rows of 16 and 32 entries, and
 * has run a round of scans faster than the scalar loop did in the same warm-up; from then on that implementation.
 * The system property {@value #PROPERTY} says when: absent or {@code true}, on a daemon thread
 * ({@value #CHOICE_THREAD}, lowest priority) started by the {@value #USES_BEFORE_CHOICE}th constant-time scalar
 * multiplication; {@code eager}, on the thread of the first one, which waits; {@code false}, never.
 *
 * <p>Why deferred and off the caller's thread: in a fresh JVM the first vector scans load the Vector API and run on
 * its Java fallback, slower than the scalar loop, until C2 compiles them. Measured on JDK 25 (bench/results/sm2-speed.md):
 * choosing at the first signature cost that signature 0.1-0.2 s of CPU (0.2-0.4 s with this warm-up), won back only
 * after ~15,000-20,000 signatures. So a JVM that signs a few times (the command line) never pays it, and a
 * long-running one switches after its first couple of thousand multiplications, once the warm-up thread has shown
 * the compiled scan to be faster.
 * Where the vector scan never gets fast (C2 off, 256-bit operations not intrinsic) the timing refuses it, so in
 * steady state it is never slower than the scalar loop; and it never changes results, by the comparison before use.
 * Both scans are constant time, the vector one also uncompiled: its fallback loops over lanes without branching on
 * or indexing by their values.
 *
 * <p>One instance serves the JVM ({@link #jvmWide()}); tests build others. Thread-safe: the scanner in use is a
 * volatile field, read once per scalar multiplication ({@link #noteUse()}); the use count is approximate (racy
 * increments) and only decides when the choice starts; the choice is published before the latch that
 * {@link #await} waits on opens.
 */
final class AffineRowScanners {

    static final String VECTOR_SCANNER = "io.gmflux.codecs.sm2.vector.VectorAffineRowScanner";
    static final String PROPERTY = "gmflux.sm2.vector";
    static final String CHOICE_THREAD = "gmflux-sm2-scan-choice";
    /** Constant-time scalar multiplications (~25 us to ~0.15 ms each) before the choice starts. */
    static final int USES_BEFORE_CHOICE = 2_000;
    /** Time allowed to the warm-up for C2 to compile the candidate, as for SM4's vector engine on a loaded machine. */
    static final long WARM_UP_BUDGET_NANOS = 60_000_000_000L;
    static final AffineRowScanner SCALAR = new ScalarAffineRowScanner();

    private static final class JvmWide {
        static final AffineRowScanners INSTANCE = new AffineRowScanners(System.getProperty(PROPERTY, "true"),
                VECTOR_SCANNER, USES_BEFORE_CHOICE, 1.0, WARM_UP_BUDGET_NANOS);
    }

    private final String className;
    private final int usesBeforeChoice;
    private final double slowerAllowed;
    private final long budgetNanos;
    private final boolean eager;
    private final AtomicBoolean started = new AtomicBoolean();
    private final CountDownLatch decided = new CountDownLatch(1);
    private int uses;
    private volatile AffineRowScanner scanner = SCALAR;
    private volatile String name;

    /**
     * {@code mode} is the value of {@value #PROPERTY}, {@code className} the implementation to try after
     * {@code usesBeforeChoice} calls of {@link #noteUse()}; it is taken if its fastest warm-up round takes at most
     * {@code slowerAllowed} times the scalar loop's fastest (1 for the JVM) within {@code budgetNanos}.
     */
    AffineRowScanners(String mode, String className, int usesBeforeChoice, double slowerAllowed, long budgetNanos) {
        this.className = className;
        this.usesBeforeChoice = usesBeforeChoice;
        this.slowerAllowed = slowerAllowed;
        this.budgetNanos = budgetNanos;
        this.eager = "eager".equalsIgnoreCase(mode);
        if ("false".equalsIgnoreCase(mode)) {
            decide(null, "disabled by " + PROPERTY + "=false");
        } else if (!eager && !"true".equalsIgnoreCase(mode)) {
            decide(null, "unknown " + PROPERTY + "=" + mode + " (expected true, eager or false)");
        } else {
            name = ScalarAffineRowScanner.NAME + " (vector scan not tried yet: after " + usesBeforeChoice
                    + " constant-time scalar multiplications)";
        }
    }

    static AffineRowScanners jvmWide() {
        return JvmWide.INSTANCE;
    }

    /** The scanner to use now. */
    AffineRowScanner scanner() {
        return scanner;
    }

    /** Which scanner runs, and for the scalar loop why no other does (yet). */
    String name() {
        return name;
    }

    /**
     * Counts a constant-time scalar multiplication and returns the scanner it should use; the one that reaches the
     * threshold starts the choice (in {@code eager} mode the first one, and it returns when the choice is made).
     */
    AffineRowScanner noteUse() {
        if (uses < usesBeforeChoice) {
            if (eager || ++uses >= usesBeforeChoice) {
                start();
            }
        }
        return scanner;
    }

    /** Starts the choice now if it has not started, and waits until it is made or {@code timeout} has passed. */
    String await(Duration timeout) throws InterruptedException {
        start();
        decided.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
        return name;
    }

    private void start() {
        if (decided.getCount() == 0 || !started.compareAndSet(false, true)) {
            return;
        }
        uses = usesBeforeChoice; // no more counting
        Class<? extends AffineRowScanner> type;
        try {
            // loading without initialising tells a missing jar or a too old JDK at once
            type = Class.forName(className, false, AffineRowScanners.class.getClassLoader())
                    .asSubclass(AffineRowScanner.class);
        } catch (ClassNotFoundException e) {
            decide(null, "gmflux-codecs-vector not on the class path");
            return;
        } catch (LinkageError | ClassCastException e) {
            // e.g. UnsupportedClassVersionError on a JDK older than the implementation's
            decide(null, e.toString());
            return;
        }
        if (eager) {
            choose(type);
            return;
        }
        name = ScalarAffineRowScanner.NAME + " (vector scan warming up)";
        Thread thread = new Thread(() -> choose(type), CHOICE_THREAD);
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    private void choose(Class<? extends AffineRowScanner> type) {
        AffineRowScanner candidate = null;
        String why = "warm-up failed";
        try {
            candidate = type.getConstructor().newInstance();
            why = disagreement(candidate);
            if (why != null) {
                why = candidate.name() + " disagrees with the scalar scan: " + why;
            } else {
                why = slowness(candidate, slowerAllowed, budgetNanos);
            }
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            why = cause instanceof UnsupportedOperationException ? cause.getMessage() : cause.toString();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            why = e.toString();
        } finally {
            // an Error other than a LinkageError (e.g. OutOfMemoryError) still ends the wait, with the scalar loop
            decide(why == null ? candidate : null, why);
        }
    }

    private void decide(AffineRowScanner chosen, String why) {
        if (chosen != null) {
            scanner = chosen;
            name = chosen.name();
        } else {
            name = ScalarAffineRowScanner.NAME + " (vector scan not used: " + why + ")";
        }
        decided.countDown();
    }

    /** A public table: SplitMix64 from a fixed seed (every bit pattern, nothing secret). */
    private static long[] publicTable(int length) {
        long[] table = new long[length];
        long state = 0x5EED_5CA9_0000_0001L;
        for (int i = 0; i < table.length; i++) {
            state += 0x9E3779B97F4A7C15L;
            long z = (state ^ (state >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            table[i] = z ^ (z >>> 31);
        }
        return table;
    }

    /**
     * Where {@code candidate} differs from the scalar loop on a public table (rows of 16 and 32 entries at aligned
     * and odd offsets, every d), or null if nowhere; also checks that it leaves the table as it was.
     */
    static String disagreement(AffineRowScanner candidate) {
        long[] table = publicTable(3 + 2 * 32 * 8);
        long[] original = table.clone();
        long[] sx = new long[4];
        long[] sy = new long[4];
        long[] ex = new long[4];
        long[] ey = new long[4];
        for (int perRow : new int[] {16, 32}) {
            for (int rowOffset : new int[] {0, 3, perRow * 8}) {
                for (int d = 0; d <= perRow; d++) {
                    SCALAR.scan(table, rowOffset, perRow, d, ex, ey);
                    Arrays.fill(sx, 0x0BAD);
                    Arrays.fill(sy, 0x0BAD);
                    candidate.scan(table, rowOffset, perRow, d, sx, sy);
                    if (!Arrays.equals(sx, ex) || !Arrays.equals(sy, ey)) {
                        return "perRow " + perRow + ", row offset " + rowOffset + ", d " + d;
                    }
                }
            }
        }
        return Arrays.equals(table, original) ? null : "it wrote to the table";
    }

    /**
     * Rounds of the warm-up before the comparison may accept: by then (5,000 scans) C2 has compiled the scalar loop,
     * so an uncompiled candidate (interpreted or C1, far slower than the compiled scalar loop) cannot pass. 200 made
     * the warm-up take ~2-4x longer for nothing: the candidate was compiled and ahead well before.
     */
    private static final int ROUNDS_BEFORE_TIMING = 25;
    /** Scans per round: a round of the compiled scalar loop takes ~20 us (32-entry rows). */
    private static final int SCANS_PER_ROUND = 200;
    /**
     * Rounds after which a candidate that is still not faster is refused: 200,000 scans, twenty times C2's
     * invocation threshold (it was accepted after 25-39 rounds in every run measured). Where C2 is off
     * ({@code -XX:TieredStopAtLevel=1}: a C1-compiled vector round took 1.2 ms at best against the scalar loop's
     * 23 us) the refusal costs the choice thread ~6 s of CPU once (9 s with 5,000 rounds); only a JVM that has
     * already run {@value #USES_BEFORE_CHOICE} multiplications gets there.
     */
    private static final int MAX_ROUNDS = 1_000;
    static volatile long sink;

    /**
     * Alternating rounds of the scalar loop and the candidate on a public 43-row comb-shaped table until the
     * candidate's fastest round takes at most {@code slowerAllowed} times the scalar loop's fastest (returns null),
     * or the budget or {@link #MAX_ROUNDS} is spent (returns why not).
     */
    static String slowness(AffineRowScanner candidate, double slowerAllowed, long budgetNanos) {
        long[] table = publicTable(43 * 32 * 8);
        long[] sx = new long[4];
        long[] sy = new long[4];
        long deadline = System.nanoTime() + budgetNanos;
        long bestScalar = Long.MAX_VALUE;
        long bestCandidate = Long.MAX_VALUE;
        long out = 0;
        for (int round = 0; ; round++) {
            for (int side = 0; side < 2; side++) {
                AffineRowScanner s = side == 0 ? SCALAR : candidate;
                long start = System.nanoTime();
                for (int i = 0; i < SCANS_PER_ROUND; i++) {
                    s.scan(table, (i % 43) * 32 * 8, 32, (i * 7 + round) & 31, sx, sy);
                    out += sx[0] ^ sy[3];
                }
                long took = System.nanoTime() - start;
                if (round >= ROUNDS_BEFORE_TIMING) {
                    if (side == 0) {
                        bestScalar = Math.min(bestScalar, took);
                    } else {
                        bestCandidate = Math.min(bestCandidate, took);
                    }
                }
            }
            if (round >= ROUNDS_BEFORE_TIMING && bestCandidate <= bestScalar * slowerAllowed) {
                return null;
            }
            if (round >= MAX_ROUNDS || System.nanoTime() > deadline) {
                sink = out;
                return candidate.name() + " not faster than the scalar scan after warm-up: best round of " + SCANS_PER_ROUND
                        + " scans " + bestCandidate / 1000 + " us against " + bestScalar / 1000 + " us";
            }
        }
    }
}
