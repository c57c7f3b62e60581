package io.gmflux.examples.selftest;

import io.gmflux.codecs.bytes.Hex;
import java.util.Map;
import java.util.Objects;

/**
 * One known-answer vector: the algorithm it exercises, a stable id, where its values come from,
 * and its named fields (hex byte strings or decimal numbers, as text).
 *
 * <p>Immutable and thread-safe. Accessors decode on every call, so a caller may modify the
 * returned arrays.
 */
public record KnownAnswer(String algorithm, String id, String source, Map<String, String> fields) {

    public KnownAnswer {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(source, "source");
        fields = Map.copyOf(Objects.requireNonNull(fields, "fields"));
    }

    /** Whether the vector has a field of this name. */
    public boolean has(String name) {
        return fields.containsKey(name);
    }

    /** A field's text. */
    public String text(String name) {
        String value = fields.get(name);
        if (value == null) {
            throw new IllegalArgumentException("vector " + id + " has no field '" + name + "'");
        }
        return value;
    }

    /** A hex field decoded to bytes ({@code "-"} is the empty string). */
    public byte[] hex(String name) {
        String value = text(name);
        return value.equals("-") ? new byte[0] : Hex.decode(value);
    }

    /** A decimal integer field. */
    public int integer(String name) {
        return Integer.parseInt(text(name));
    }

    /** A hex field of at most 8 digits read as a 32-bit big-endian integer (ZUC's COUNT). */
    public int hexInt(String name) {
        return Integer.parseUnsignedInt(text(name), 16);
    }
}
