package io.gmflux.bench.tools;

import io.gmflux.bench.sm2.Sm2Bench;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Hunts the rare SM2 key-exchange disagreement of README "Known issues" (C2 wide stores) under the JIT
 * history in which it was seen: sign, verify, encrypt, decrypt, keygen, each by gmflux,
 * BouncyCastle and Kona in alternating batches, then key exchanges
 * by all three for the given number of seconds, counting gmflux exchanges whose sides disagree
 * instead of stopping at the first. Each disagreement is diagnosed against a BouncyCastle reference
 * (see {@code io.gmflux.bench.sm2.ExchangeDiagnosis}). Exits 1 if any disagreed. A soak tool,
 * not a benchmark; {@code Sm2KeyExchangeTest} in codecs is the bounded check.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.gmflux.bench.tools.Sm2ExchangeHunt [seconds] [warmMillis]</pre>
 */
public final class Sm2ExchangeHunt {

    private Sm2ExchangeHunt() {
    }

    public static void main(String[] args) throws Exception {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 120;
        long warmNanos = (args.length > 1 ? Long.parseLong(args[1]) : 300) * 1_000_000L;
        Sm2Bench b = new Sm2Bench();
        b.setup();
        List<List<Callable<?>>> warm = List.of(
                List.of(b::sm2Sign_gmflux, b::sm2Sign_bc, b::sm2Sign_kona),
                List.of(b::sm2Verify_gmflux, b::sm2Verify_bc, b::sm2Verify_kona),
                List.of(b::sm2Encrypt_gmflux, b::sm2Encrypt_bc, b::sm2Encrypt_kona),
                List.of(b::sm2Decrypt_gmflux, b::sm2Decrypt_bc, b::sm2Decrypt_kona),
                List.of(b::sm2Keygen_gmflux, b::sm2Keygen_bc, b::sm2Keygen_kona));
        for (List<Callable<?>> op : warm) {
            for (int round = 0; round < 10; round++) {
                for (Callable<?> c : op) {
                    runFor(c, warmNanos);
                }
            }
        }
        System.out.println("warm-up done; exchanging for " + seconds + " s");
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        long exchanges = 0;
        long failures = 0;
        long checked = 0;
        long wrongAgainstReference = 0;
        while (System.nanoTime() < end) {
            long batchEnd = System.nanoTime() + warmNanos;
            while (System.nanoTime() < batchEnd) {
                exchanges++;
                try {
                    b.sm2Exchange_gmflux();
                } catch (Exception e) {
                    failures++;
                    System.out.println("exchange " + exchanges + " failed: " + e);
                }
            }
            String report = b.referenceCheckedExchange();
            checked++;
            if (report != null) {
                wrongAgainstReference++;
                if (wrongAgainstReference <= 3) {
                    System.out.println("exchange checked against the reference is wrong (" + exchanges + "):\n" + report);
                }
            }
            runFor(b::sm2Exchange_bc, warmNanos);
            runFor(b::sm2Exchange_kona, warmNanos);
        }
        System.out.println(exchanges + " gmflux exchanges, " + failures + " disagreed; " + checked
                + " checked against the reference, " + wrongAgainstReference + " wrong");
        System.exit(failures == 0 && wrongAgainstReference == 0 ? 0 : 1);
    }

    private static void runFor(Callable<?> c, long nanos) throws Exception {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            c.call();
        }
    }
}
