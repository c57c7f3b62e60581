package io.gmflux.codecs.sm9;

import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Objects;
import javax.security.auth.Destroyable;

/**
 * An SM9 encryption master private key ke in [1, N - 1] held by the key generation centre, with its
 * public key Ppub-e = [ke]P1 (GM/T 0044.3 §6.1, .4 §6.1), and user key extraction
 * de = [ke·(H1(ID ‖ hid) + ke)^-1]P2 (hid 0x03 for encryption and the KEM by default, 0x02 for key
 * exchange: {@link #extractKeyExchangeKey}).
 *
 * <p>Thread-safe until {@link #destroy()}. The multiplications by ke and by the extraction scalar
 * are constant-time (comb tables read by mask); so is the inversion mod N (Fermat, fixed schedule).
 */
public final class Sm9EncryptMasterPrivateKey implements Destroyable {

    /** The key-exchange hid of GM/T 0044.3 §5.1. */
    public static final byte HID_KEY_EXCHANGE = 0x02;
    /** The encryption hid of GM/T 0044.4 §5.1 (also used for the KEM). */
    public static final byte HID_ENCRYPT = 0x03;

    private final byte[] ke;
    private final Sm9EncryptMasterPublicKey publicKey;
    private volatile boolean destroyed;

    private Sm9EncryptMasterPrivateKey(byte[] ke) {
        this.ke = ke;
        this.publicKey = new Sm9EncryptMasterPublicKey(new Sm9G1Point(Sm9Ops.mulP1(ke, Workspace.get())));
    }

    /** Draws ke uniformly in [1, N - 1]. */
    public static Sm9EncryptMasterPrivateKey generate(SecureRandom random) {
        Objects.requireNonNull(random, "random");
        return new Sm9EncryptMasterPrivateKey(ScalarN.random(random));
    }

    /**
     * A key from its 32-byte big-endian ke.
     *
     * @throws InvalidKeyException unless ke is 32 bytes in [1, N - 1]
     */
    public static Sm9EncryptMasterPrivateKey fromBytes(byte[] ke) throws InvalidKeyException {
        Objects.requireNonNull(ke, "ke");
        if (ke.length != 32 || !ScalarN.inRange(ke)) {
            throw new InvalidKeyException("an SM9 master private key is 32 bytes in [1, N - 1]");
        }
        return new Sm9EncryptMasterPrivateKey(ke.clone());
    }

    /** ke, 32 bytes big-endian (a fresh copy the caller should wipe). */
    public byte[] toBytes() {
        checkNotDestroyed();
        return ke.clone();
    }

    public Sm9EncryptMasterPublicKey publicKey() {
        return publicKey;
    }

    /** The decryption (and KEM) key of {@code id} with hid 0x03. */
    public Sm9EncryptPrivateKey extractUserKey(byte[] id) {
        return extractUserKey(id, HID_ENCRYPT);
    }

    /** The key-exchange key of {@code id} with hid 0x02. */
    public Sm9EncryptPrivateKey extractKeyExchangeKey(byte[] id) {
        return extractUserKey(id, HID_KEY_EXCHANGE);
    }

    /**
     * The user key of {@code id} (any length) under {@code hid}.
     *
     * @throws IllegalStateException in the negligible case H1(ID ‖ hid) + ke ≡ 0 mod N, where the
     *     standard requires a new master key
     */
    public Sm9EncryptPrivateKey extractUserKey(byte[] id, byte hid) {
        Objects.requireNonNull(id, "id");
        checkNotDestroyed();
        byte[] t2 = Sm9Ops.extractionScalar(ke, id, hid);
        long[] de = Sm9Ops.mulP2(t2, Workspace.get());
        java.util.Arrays.fill(t2, (byte) 0);
        return new Sm9EncryptPrivateKey(de, id.clone(), hid, publicKey);
    }

    private void checkNotDestroyed() {
        if (destroyed) {
            throw new IllegalStateException("key destroyed");
        }
    }

    /** Zeroes ke. The public key stays usable. */
    @Override
    public void destroy() {
        destroyed = true;
        java.util.Arrays.fill(ke, (byte) 0);
    }

    @Override
    public boolean isDestroyed() {
        return destroyed;
    }
}
