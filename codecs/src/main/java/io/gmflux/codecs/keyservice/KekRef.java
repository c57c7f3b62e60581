package io.gmflux.codecs.keyservice;

import java.util.Arrays;

/**
 * A resolved key-encryption key: the alias asked for and the service's id for the exact key and
 * version that answers it now ({@code kekId}, opaque to gmflux, 1-255 bytes, written into headers).
 *
 * <p>Immutable: the id is copied in and out.
 */
public record KekRef(String alias, byte[] kekId) {

    public KekRef {
        if (alias == null || alias.isEmpty()) {
            throw new IllegalArgumentException("alias must not be empty");
        }
        if (kekId == null || kekId.length == 0 || kekId.length > 255) {
            throw new IllegalArgumentException("kekId must be 1-255 bytes");
        }
        kekId = kekId.clone();
    }

    @Override
    public byte[] kekId() {
        return kekId.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KekRef other && alias.equals(other.alias) && Arrays.equals(kekId, other.kekId);
    }

    @Override
    public int hashCode() {
        return 31 * alias.hashCode() + Arrays.hashCode(kekId);
    }

    @Override
    public String toString() {
        return "KekRef[" + alias + ", " + java.util.HexFormat.of().formatHex(kekId) + "]";
    }
}
