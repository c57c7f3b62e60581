package io.gmflux.bench.rounds;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A benchmark method named {@code <operation>_<implementation>} (the bench module's convention,
 * e.g. {@code sm4Ctr64k_gmflux}), with the payload size read from the end of the operation name.
 *
 * @param fullName the JMH name, {@code package.Class.method}
 * @param operation the method name before the last underscore, e.g. {@code sm4Ctr64k}
 * @param implementation the part after it, e.g. {@code gmflux}, {@code bc}, {@code kona}
 */
public record BenchmarkName(String fullName, String operation, String implementation) {

    /** The implementations in the order the table lists them; others follow alphabetically. */
    static final List<String> KNOWN_IMPLEMENTATIONS = List.of("gmflux", "gmfluxct", "bc", "kona", "jdk");

    // The size closes the operation name: 32b, 1k, 64k, 1m (also 1kb/1kib/1mb/1mib, any case).
    private static final Pattern SIZE = Pattern.compile("(\\d+)(b|k|kb|kib|m|mb|mib)$", Pattern.CASE_INSENSITIVE);

    /** Splits a JMH benchmark name; empty if the method name has no {@code _implementation}. */
    public static Optional<BenchmarkName> parse(String fullName) {
        String method = fullName.substring(fullName.lastIndexOf('.') + 1);
        int us = method.lastIndexOf('_');
        if (us <= 0 || us == method.length() - 1) {
            return Optional.empty();
        }
        return Optional.of(new BenchmarkName(fullName, method.substring(0, us), method.substring(us + 1)));
    }

    /** The benchmark class's simple name, e.g. {@code Sm4ModesBench}. */
    public String className() {
        String cls = fullName.substring(0, fullName.lastIndexOf('.'));
        return cls.substring(cls.lastIndexOf('.') + 1);
    }

    /**
     * Bytes processed per benchmark call, from the operation name's suffix ({@code 1k} = 1024),
     * or empty when the name carries no size.
     */
    public OptionalInt payloadBytes() {
        return payloadBytes(operation);
    }

    static OptionalInt payloadBytes(String operation) {
        Matcher m = SIZE.matcher(operation);
        if (!m.find()) {
            return OptionalInt.empty();
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        long scale = unit.startsWith("k") ? 1024 : unit.startsWith("m") ? 1024 * 1024 : 1;
        long bytes = n * scale;
        return bytes > 0 && bytes <= Integer.MAX_VALUE ? OptionalInt.of((int) bytes) : OptionalInt.empty();
    }

    /** Orders implementation names: the known ones first, in their fixed order, then the others alphabetically. */
    static final Comparator<String> IMPLEMENTATION_ORDER = Comparator
            .comparingInt((String impl) -> KNOWN_IMPLEMENTATIONS.contains(impl) ? KNOWN_IMPLEMENTATIONS.indexOf(impl) : KNOWN_IMPLEMENTATIONS.size())
            .thenComparing(Comparator.naturalOrder());
}
