package io.gmflux.codecs.sm9;

import java.security.InvalidKeyException;
import java.util.Objects;
import javax.security.auth.Destroyable;

/**
 * A user's SM9 signing key dsA in G1 (GM/T 0044.2 §6.2), with the identity and hid it was
 * extracted for and the master public key it belongs to. Its raw form is the G1 encoding
 * 04 ‖ x ‖ y (65 bytes); identity, hid and master public key travel separately (or in the PEM form
 * of {@link Sm9KeyEncoding}).
 *
 * <p>Thread-safe until {@link #destroy()}. {@link #fromEncoded} checks that dsA is a point of G1
 * but cannot check that it was extracted for the identity (that needs the master private key); a
 * wrong key makes signatures that do not verify.
 */
public final class Sm9SignPrivateKey implements Destroyable {

    final long[] ds;
    private final byte[] id;
    private final byte hid;
    private final Sm9SignMasterPublicKey master;
    private volatile boolean destroyed;

    Sm9SignPrivateKey(long[] ds, byte[] id, byte hid, Sm9SignMasterPublicKey master) {
        this.ds = ds;
        this.id = id;
        this.hid = hid;
        this.master = master;
    }

    /**
     * A signing key from its raw form, for {@code id} with hid 0x01.
     *
     * @throws InvalidKeyException if {@code encoded} is not a point of G1
     */
    public static Sm9SignPrivateKey fromEncoded(byte[] encoded, Sm9SignMasterPublicKey master, byte[] id)
            throws InvalidKeyException {
        return fromEncoded(encoded, master, id, Sm9SignMasterPrivateKey.HID_SIGN);
    }

    /**
     * A signing key from its raw form, for {@code id} under {@code hid}.
     *
     * @throws InvalidKeyException if {@code encoded} is not a point of G1
     */
    public static Sm9SignPrivateKey fromEncoded(byte[] encoded, Sm9SignMasterPublicKey master, byte[] id, byte hid)
            throws InvalidKeyException {
        Objects.requireNonNull(encoded, "encoded");
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(id, "id");
        long[] a = new long[8];
        if (!Sm9Codec.decodeG1(a, 0, encoded)) {
            throw new InvalidKeyException("an SM9 signing key is a 65-byte point of G1 (04 || x || y)");
        }
        return new Sm9SignPrivateKey(a, id.clone(), hid, master);
    }

    /** 04 ‖ x ‖ y of dsA (a fresh copy the caller should wipe). */
    public byte[] encoded() {
        checkNotDestroyed();
        return Sm9Codec.encodeG1(ds, 0);
    }

    /** The identity (a fresh copy). */
    public byte[] id() {
        return id.clone();
    }

    public byte hid() {
        return hid;
    }

    public Sm9SignMasterPublicKey masterPublicKey() {
        return master;
    }

    void checkNotDestroyed() {
        if (destroyed) {
            throw new IllegalStateException("key destroyed");
        }
    }

    /** Zeroes dsA. */
    @Override
    public void destroy() {
        destroyed = true;
        java.util.Arrays.fill(ds, 0L);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }
}
