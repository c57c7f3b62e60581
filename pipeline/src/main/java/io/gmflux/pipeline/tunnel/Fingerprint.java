package io.gmflux.pipeline.tunnel;

import io.gmflux.codecs.sm2.Sm2PublicKey;
import io.gmflux.codecs.sm3.Sm3;
import java.util.Arrays;

/** fp(P) = SM3(04 || x || y) of an SM2 public key (codecs/PROXY.md, Notation). Immutable. */
final class Fingerprint {

    static final int LENGTH = Sm3.DIGEST_LENGTH;

    private final byte[] bytes;

    private Fingerprint(byte[] bytes) {
        this.bytes = bytes;
    }

    static Fingerprint of(Sm2PublicKey key) {
        return new Fingerprint(Sm3.hash(key.toUncompressed()));
    }

    static Fingerprint wrap(byte[] bytes) {
        return new Fingerprint(bytes.clone());
    }

    byte[] bytes() {
        return bytes.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fingerprint && Arrays.equals(bytes, ((Fingerprint) o).bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
