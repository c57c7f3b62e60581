package io.gmflux.codecs.sm2;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The JVM's choice of row scan, with stand-in implementations: one that agrees with the scalar loop is taken
 * (eagerly, or on the choice thread after the threshold), one that refuses this JVM, one that is wrong for a single
 * entry, one that writes to the table and one slower than the scalar loop are not, each with its reason; and on this
 * module's own class path (no gmflux-codecs-vector) the scalar loop.
 */
class AffineRowScannersTest {

    /** Agrees with the scalar loop (it is the scalar loop under another name). */
    public static final class Agreeing implements AffineRowScanner {
        private final AffineRowScanner scalar = new ScalarAffineRowScanner();

        @Override
        public String name() {
            return "agreeing stand-in";
        }

        @Override
        public void scan(long[] table, int rowOffset, int perRow, int d, long[] sx, long[] sy) {
            scalar.scan(table, rowOffset, perRow, d, sx, sy);
        }
    }

    /** Wrong for entry 32 of a 32-entry row only (returns entry 31): the check must reach the last entry. */
    public static final class WrongAtTheLastEntry implements AffineRowScanner {
        private final AffineRowScanner scalar = new ScalarAffineRowScanner();

        @Override
        public String name() {
            return "wrong stand-in";
        }

        @Override
        public void scan(long[] table, int rowOffset, int perRow, int d, long[] sx, long[] sy) {
            scalar.scan(table, rowOffset, perRow, perRow == 32 && d == 32 ? 31 : d, sx, sy);
        }
    }

    /** Returns the right entries but clears the table's first long afterwards. */
    public static final class WritingToTheTable implements AffineRowScanner {
        private final AffineRowScanner scalar = new ScalarAffineRowScanner();

        @Override
        public String name() {
            return "writing stand-in";
        }

        @Override
        public void scan(long[] table, int rowOffset, int perRow, int d, long[] sx, long[] sy) {
            scalar.scan(table, rowOffset, perRow, d, sx, sy);
            table[0] = 0;
        }
    }

    /** Refuses this JVM, as the vector scanner does without jdk.incubator.vector. */
    public static final class Refusing implements AffineRowScanner {
        public Refusing() {
            throw new UnsupportedOperationException("no such CPU here");
        }

        @Override
        public String name() {
            return "never";
        }

        @Override
        public void scan(long[] table, int rowOffset, int perRow, int d, long[] sx, long[] sy) {
            throw new AssertionError("never constructed");
        }
    }

    /** Agrees with the scalar loop and records the thread that constructed it. */
    public static final class Recording implements AffineRowScanner {
        static volatile Thread constructedOn;
        private final AffineRowScanner scalar = new ScalarAffineRowScanner();

        public Recording() {
            constructedOn = Thread.currentThread();
        }

        @Override
        public String name() {
            return "recording stand-in";
        }

        @Override
        public void scan(long[] table, int rowOffset, int perRow, int d, long[] sx, long[] sy) {
            scalar.scan(table, rowOffset, perRow, d, sx, sy);
        }
    }

    /** Right, but 30 scalar scans per call: never faster than the scalar loop. */
    public static final class Slow implements AffineRowScanner {
        private final AffineRowScanner scalar = new ScalarAffineRowScanner();

        @Override
        public String name() {
            return "slow stand-in";
        }

        @Override
        public void scan(long[] table, int rowOffset, int perRow, int d, long[] sx, long[] sy) {
            for (int i = 0; i < 30; i++) {
                scalar.scan(table, rowOffset, perRow, d, sx, sy);
            }
        }
    }

    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final long BUDGET = Duration.ofSeconds(30).toNanos();

    /** Tries {@code c} eagerly; its warm-up passes when within 10 times the scalar loop (the stand-ins are that loop). */
    private static AffineRowScanners eager(Class<?> c) {
        AffineRowScanners choice = new AffineRowScanners("eager", c.getName(), 2_000, 10, BUDGET);
        choice.noteUse();
        return choice;
    }

    @Test
    void takesAnImplementationThatAgreesWithTheScalarLoopAndIsFastEnough() {
        AffineRowScanners choice = new AffineRowScanners("eager", Agreeing.class.getName(), 2_000, 10, BUDGET);
        assertThat(choice.scanner()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(choice.name()).isEqualTo("scalar (vector scan not tried yet: after 2000 constant-time scalar multiplications)");
        assertThat(choice.noteUse()).as("eager: the first use waits for the choice").isInstanceOf(Agreeing.class);
        assertThat(choice.name()).isEqualTo("agreeing stand-in");
    }

    @Test
    void byDefaultChoosesOnADaemonThreadAfterTheThresholdAndKeepsTheScalarLoopUntilThen() throws Exception {
        AffineRowScanners choice = new AffineRowScanners("true", Recording.class.getName(), 3, 10, BUDGET);
        assertThat(choice.noteUse()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(choice.noteUse()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(Recording.constructedOn).as("not tried before the threshold").isNull();
        AffineRowScanner third = choice.noteUse(); // starts the choice, returns at once
        assertThat(third).isSameAs(AffineRowScanners.SCALAR);
        assertThat(choice.await(WAIT)).isEqualTo("recording stand-in");
        assertThat(choice.noteUse()).isInstanceOf(Recording.class);
        assertThat(Recording.constructedOn.getName()).isEqualTo(AffineRowScanners.CHOICE_THREAD);
        assertThat(Recording.constructedOn.isDaemon()).isTrue();
    }

    @Test
    void refusesAnImplementationSlowerThanTheScalarLoop() throws Exception {
        AffineRowScanners choice = new AffineRowScanners("true", Slow.class.getName(), 2_000, 1.0,
                Duration.ofSeconds(2).toNanos());
        assertThat(choice.await(WAIT)).matches("scalar \\(vector scan not used: slow stand-in not faster than the scalar "
                + "scan after warm-up: best round of 200 scans \\d+ us against \\d+ us\\)");
        assertThat(choice.noteUse()).isSameAs(AffineRowScanners.SCALAR);
    }

    @Test
    void refusesAnImplementationWrongForASingleEntry() {
        AffineRowScanners choice = eager(WrongAtTheLastEntry.class);
        assertThat(choice.scanner()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(choice.name()).isEqualTo("scalar (vector scan not used: wrong stand-in disagrees with the scalar "
                + "scan: perRow 32, row offset 0, d 32)");
    }

    @Test
    void refusesAnImplementationThatWritesToTheTable() {
        AffineRowScanners choice = eager(WritingToTheTable.class);
        assertThat(choice.scanner()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(choice.name()).endsWith("writing stand-in disagrees with the scalar scan: it wrote to the table)");
    }

    @Test
    void keepsTheScalarLoopWithTheReasonWhenTheImplementationRefuses() {
        AffineRowScanners choice = eager(Refusing.class);
        assertThat(choice.scanner()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(choice.name()).isEqualTo("scalar (vector scan not used: no such CPU here)");
    }

    @Test
    void keepsTheScalarLoopWhenDisabledOrMisconfigured() throws Exception {
        AffineRowScanners off = new AffineRowScanners("false", Agreeing.class.getName(), 1, 10, BUDGET);
        assertThat(off.noteUse()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(off.name()).isEqualTo("scalar (vector scan not used: disabled by gmflux.sm2.vector=false)");
        AffineRowScanners odd = new AffineRowScanners("yes", Agreeing.class.getName(), 1, 10, BUDGET);
        assertThat(odd.noteUse()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(odd.name())
                .isEqualTo("scalar (vector scan not used: unknown gmflux.sm2.vector=yes (expected true, eager or false))");
        assertThat(eager(String.class).name()).startsWith("scalar (vector scan not used: java.lang.ClassCastException");
    }

    @Test
    void thisModulesOwnClassPathUsesTheScalarLoop() throws Exception {
        assertThat(new AffineRowScanners("true", AffineRowScanners.VECTOR_SCANNER, 1, 1.0, BUDGET).await(WAIT))
                .isEqualTo("scalar (vector scan not used: gmflux-codecs-vector not on the class path)");
        assertThat(AffineRowScanners.jvmWide().await(WAIT))
                .isEqualTo("scalar (vector scan not used: gmflux-codecs-vector not on the class path)");
        assertThat(AffineRowScanner.nameInUse()).isEqualTo(AffineRowScanners.jvmWide().name());
    }
}
