package io.gmflux.bench.rounds;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A speed target: gmflux must be at least {@code minRatio} times as fast as the
 * fastest peer (BouncyCastle, Kona) measured on the same operation in the same run.
 *
 * @param label the operation as the issue names it
 * @param operationPattern matched against the operation name lowercased, underscores removed
 * @param minRatio the required gmflux/peer throughput ratio
 */
record SpeedBar(String label, Pattern operationPattern, double minRatio) {

    /** The speed targets. Operation names are the bench module's ({@code sm4Ctr64k}, ...). */
    static final List<SpeedBar> ISSUE_2 = List.of(
            bar("SM4-CTR 64 KiB", "sm4ctr(enc|encrypt)?64k", 4.0),
            bar("SM4-ECB 1 KiB", "sm4ecb(enc|encrypt)?1k", 3.5),
            bar("SM4-CBC decrypt 1 KiB", "sm4cbcdec(rypt)?1k", 3.0),
            bar("SM4-GCM 64 KiB", "sm4gcm(enc|encrypt|seal)?64k", 3.0),
            bar("SM3 1 KiB", "sm3(hash|digest)?1k", 1.2),
            bar("ZUC-128 EEA3 64 KiB", "(zuc(128)?)?eea3(enc|encrypt)?64k", 1.5),
            bar("ZUC-128 EIA3 64 KiB", "(zuc(128)?)?eia3(mac)?64k", 5.0));

    private static SpeedBar bar(String label, String regex, double minRatio) {
        return new SpeedBar(label, Pattern.compile(regex), minRatio);
    }

    /** The bar that applies to an operation, if the issue names one. */
    static Optional<SpeedBar> forOperation(String operation) {
        String normalized = operation.toLowerCase(Locale.ROOT).replace("_", "");
        return ISSUE_2.stream().filter(b -> b.operationPattern().matcher(normalized).matches()).findFirst();
    }
}
