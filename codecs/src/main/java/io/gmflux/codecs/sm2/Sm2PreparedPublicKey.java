package io.gmflux.codecs.sm2;

import java.util.Objects;

/**
 * A recipient's public key with a precomputed fixed-base table (d·32^i·P with signed 5-bit digits, 52 KiB), so that
 * encryption and encapsulation to it need no doublings: [k]P becomes 64 mixed additions, like
 * [k]G. Preparing costs about as much as six or seven encryptions; it pays off from the tenth
 * message or so to the same recipient. Opt-in: pass it to {@link Sm2Cipher#encrypt(Sm2PreparedPublicKey, byte[])}
 * or {@link Sm2Kem#encapsulate(Sm2PreparedPublicKey, int)}. The multiplication stays constant
 * time in k (every table row is scanned in full).
 *
 * <p>Immutable and thread-safe; the caller decides how many to keep (each holds 52 KiB).
 */
public final class Sm2PreparedPublicKey {

    private final Sm2PublicKey key;
    final long[] table;

    private Sm2PreparedPublicKey(Sm2PublicKey key) {
        this.key = key;
        this.table = CombTable.build(key.x, key.y);
    }

    /** Prepares {@code key} (about 20,000 field multiplications). */
    public static Sm2PreparedPublicKey of(Sm2PublicKey key) {
        return new Sm2PreparedPublicKey(Objects.requireNonNull(key, "key"));
    }

    /** The key this was prepared from. */
    public Sm2PublicKey publicKey() {
        return key;
    }
}
