package io.gmflux.examples.cli;

import java.util.Locale;
import picocli.CommandLine.ITypeConverter;

/** Parses sizes such as {@code 4096}, {@code 64k}, {@code 4m} (binary units). */
final class SizeConverter implements ITypeConverter<Integer> {

    @Override
    public Integer convert(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        long mult = 1;
        if (v.endsWith("k") || v.endsWith("kib")) {
            mult = 1024;
        } else if (v.endsWith("m") || v.endsWith("mib")) {
            mult = 1024 * 1024;
        }
        String digits = v.replaceAll("[a-z]+$", "");
        long n = Long.parseLong(digits) * mult;
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("size too large: " + value);
        }
        return (int) n;
    }
}
