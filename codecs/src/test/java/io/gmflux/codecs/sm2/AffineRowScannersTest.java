package io.gmflux.codecs.sm2;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The JVM's choice of row scan, with stand-in implementations: one that agrees with the scalar loop is taken, one
 * that refuses this JVM, one that is wrong for a single entry and one that writes to the table are not, each with
 * its reason; and on this module's own class path (no gmflux-codecs-vector) the scalar loop.
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

    private static String name(Class<?> c) {
        return c.getName();
    }

    @Test
    void takesAnImplementationThatAgreesWithTheScalarLoop() {
        AffineRowScanners.Choice choice = AffineRowScanners.choose("true", name(Agreeing.class));
        assertThat(choice.scanner()).isInstanceOf(Agreeing.class);
        assertThat(choice.name()).isEqualTo("agreeing stand-in");
    }

    @Test
    void refusesAnImplementationWrongForASingleEntry() {
        AffineRowScanners.Choice choice = AffineRowScanners.choose("true", name(WrongAtTheLastEntry.class));
        assertThat(choice.scanner()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(choice.name()).isEqualTo("scalar (vector scan not used: wrong stand-in disagrees with the scalar "
                + "scan: perRow 32, row offset 0, d 32)");
    }

    @Test
    void refusesAnImplementationThatWritesToTheTable() {
        AffineRowScanners.Choice choice = AffineRowScanners.choose("true", name(WritingToTheTable.class));
        assertThat(choice.scanner()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(choice.name()).endsWith("writing stand-in disagrees with the scalar scan: it wrote to the table)");
    }

    @Test
    void keepsTheScalarLoopWithTheReasonWhenTheImplementationRefuses() {
        AffineRowScanners.Choice choice = AffineRowScanners.choose("true", name(Refusing.class));
        assertThat(choice.scanner()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(choice.name()).isEqualTo("scalar (vector scan not used: no such CPU here)");
    }

    @Test
    void keepsTheScalarLoopWhenDisabledOrMisconfigured() {
        assertThat(AffineRowScanners.choose("false", name(Agreeing.class)).name())
                .isEqualTo("scalar (vector scan not used: disabled by gmflux.sm2.vector=false)");
        AffineRowScanners.Choice odd = AffineRowScanners.choose("yes", name(Agreeing.class));
        assertThat(odd.scanner()).isSameAs(AffineRowScanners.SCALAR);
        assertThat(odd.name()).isEqualTo("scalar (vector scan not used: unknown gmflux.sm2.vector=yes (expected true or false))");
        assertThat(AffineRowScanners.choose("true", String.class.getName()).name())
                .startsWith("scalar (vector scan not used: java.lang.ClassCastException");
    }

    @Test
    void thisModulesOwnClassPathUsesTheScalarLoop() {
        assertThat(AffineRowScanners.choose("true", AffineRowScanners.VECTOR_SCANNER).name())
                .isEqualTo("scalar (vector scan not used: gmflux-codecs-vector not on the class path)");
        assertThat(AffineRowScanner.nameInUse()).startsWith("scalar (vector scan not used: ");
    }
}
