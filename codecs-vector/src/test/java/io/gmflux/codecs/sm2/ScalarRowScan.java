package io.gmflux.codecs.sm2;

/** Test access to gmflux-codecs' package-private scalar row scan and scanner choice, for the vector scanner's tests. */
public final class ScalarRowScan {

    private ScalarRowScan() {
    }

    /** The scalar loop that the vector scan must equal. */
    public static AffineRowScanner scalar() {
        return AffineRowScanners.SCALAR;
    }

    /** The scanner that this JVM's SM2 point arithmetic uses once the choice is made (which this starts and awaits). */
    public static AffineRowScanner inUse() throws InterruptedException {
        AffineRowScanners.jvmWide().await(java.time.Duration.ofMinutes(2));
        return AffineRowScanners.jvmWide().scanner();
    }
}
