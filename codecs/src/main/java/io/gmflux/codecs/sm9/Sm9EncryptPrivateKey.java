package io.gmflux.codecs.sm9;

import java.security.InvalidKeyException;
import java.util.Objects;
import javax.security.auth.Destroyable;

/**
 * A user's SM9 encryption, KEM or key-exchange key de in G2 (GM/T 0044.3 §6.2, .4 §6.2), with the
 * identity and hid it was extracted for (0x03 for encryption and the KEM, 0x02 for key exchange)
 * and its master public key. Its raw form is the G2 encoding 04 ‖ x.hi ‖ x.lo ‖ y.hi ‖ y.lo.
 *
 * <p>Thread-safe until {@link #destroy()}. The key keeps de's Miller-loop lines (computed on first
 * use, about a fifth of a pairing), so every decryption is one line evaluation and one final
 * exponentiation. {@link #fromEncoded} checks that de is in G2 but cannot check that it was
 * extracted for the identity; a wrong key fails to decrypt.
 */
public final class Sm9EncryptPrivateKey implements Destroyable {

    final Sm9G2Point de;
    private final byte[] id;
    private final byte hid;
    private final Sm9EncryptMasterPublicKey master;
    private volatile boolean destroyed;

    Sm9EncryptPrivateKey(long[] de, byte[] id, byte hid, Sm9EncryptMasterPublicKey master) {
        this.de = new Sm9G2Point(de);
        this.id = id;
        this.hid = hid;
        this.master = master;
    }

    /**
     * A key from its raw form, for {@code id} under {@code hid}.
     *
     * @throws InvalidKeyException if {@code encoded} is not a point of G2
     */
    public static Sm9EncryptPrivateKey fromEncoded(byte[] encoded, Sm9EncryptMasterPublicKey master, byte[] id, byte hid)
            throws InvalidKeyException {
        Objects.requireNonNull(encoded, "encoded");
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(id, "id");
        long[] a = new long[16];
        if (!Sm9Codec.decodeG2(a, 0, encoded, Workspace.get())) {
            throw new InvalidKeyException("an SM9 encryption key is a 129-byte point of G2");
        }
        return new Sm9EncryptPrivateKey(a, id.clone(), hid, master);
    }

    /** 04 ‖ x.hi ‖ x.lo ‖ y.hi ‖ y.lo of de (a fresh copy the caller should wipe). */
    public byte[] encoded() {
        checkNotDestroyed();
        return de.encoded();
    }

    /** The identity (a fresh copy). */
    public byte[] id() {
        return id.clone();
    }

    public byte hid() {
        return hid;
    }

    public Sm9EncryptMasterPublicKey masterPublicKey() {
        return master;
    }

    /** de's lines, checking the key is not destroyed. */
    long[] lines() {
        checkNotDestroyed();
        return de.lines();
    }

    void checkNotDestroyed() {
        if (destroyed) {
            throw new IllegalStateException("key destroyed");
        }
    }

    /** Zeroes de and its lines. */
    @Override
    public void destroy() {
        destroyed = true;
        de.wipe();
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }
}
