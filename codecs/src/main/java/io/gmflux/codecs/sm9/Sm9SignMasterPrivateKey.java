package io.gmflux.codecs.sm9;

import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Objects;
import javax.security.auth.Destroyable;

/**
 * An SM9 signature master private key ks in [1, N - 1] held by the key generation centre, with its
 * public key Ppub-s = [ks]P2 (GM/T 0044.2 §6.1), and user signing key extraction
 * dsA = [ks·(H1(ID ‖ hid) + ks)^-1]P1 (§6.2; hid 0x01 by default).
 *
 * <p>Thread-safe until {@link #destroy()}. The multiplications by ks and by the extraction scalar
 * are constant-time (comb tables read by mask); so is the inversion mod N (Fermat, fixed schedule).
 */
public final class Sm9SignMasterPrivateKey implements Destroyable {

    /** The signature hid of GM/T 0044.2 §5.1. */
    public static final byte HID_SIGN = 0x01;

    private final byte[] ks;
    private final Sm9SignMasterPublicKey publicKey;
    private volatile boolean destroyed;

    private Sm9SignMasterPrivateKey(byte[] ks) {
        this.ks = ks;
        this.publicKey = new Sm9SignMasterPublicKey(new Sm9G2Point(Sm9Ops.mulP2(ks, Workspace.get())));
    }

    /** Draws ks uniformly in [1, N - 1]. */
    public static Sm9SignMasterPrivateKey generate(SecureRandom random) {
        Objects.requireNonNull(random, "random");
        return new Sm9SignMasterPrivateKey(ScalarN.random(random));
    }

    /**
     * A key from its 32-byte big-endian ks.
     *
     * @throws InvalidKeyException unless ks is 32 bytes in [1, N - 1]
     */
    public static Sm9SignMasterPrivateKey fromBytes(byte[] ks) throws InvalidKeyException {
        Objects.requireNonNull(ks, "ks");
        if (ks.length != 32 || !ScalarN.inRange(ks)) {
            throw new InvalidKeyException("an SM9 master private key is 32 bytes in [1, N - 1]");
        }
        return new Sm9SignMasterPrivateKey(ks.clone());
    }

    /** ks, 32 bytes big-endian (a fresh copy the caller should wipe). */
    public byte[] toBytes() {
        checkNotDestroyed();
        return ks.clone();
    }

    public Sm9SignMasterPublicKey publicKey() {
        return publicKey;
    }

    /** The signing key of {@code id} with hid 0x01. */
    public Sm9SignPrivateKey extractUserKey(byte[] id) {
        return extractUserKey(id, HID_SIGN);
    }

    /**
     * The signing key of {@code id} (any length) under {@code hid}.
     *
     * @throws IllegalStateException in the negligible case H1(ID ‖ hid) + ks ≡ 0 mod N, where the
     *     standard requires a new master key
     */
    public Sm9SignPrivateKey extractUserKey(byte[] id, byte hid) {
        Objects.requireNonNull(id, "id");
        checkNotDestroyed();
        byte[] t2 = Sm9Ops.extractionScalar(ks, id, hid);
        long[] ds = Sm9Ops.mulP1(t2, Workspace.get());
        java.util.Arrays.fill(t2, (byte) 0);
        return new Sm9SignPrivateKey(ds, id.clone(), hid, publicKey);
    }

    private void checkNotDestroyed() {
        if (destroyed) {
            throw new IllegalStateException("key destroyed");
        }
    }

    /** Zeroes ks. The public key stays usable. */
    @Override
    public void destroy() {
        destroyed = true;
        java.util.Arrays.fill(ks, (byte) 0);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }
}
