package io.gmflux.codecs.sm9;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.kex.KemEncapsulation;
import io.gmflux.codecs.sm3.Sm3Kdf;
import java.security.SecureRandom;
import java.util.Objects;

/**
 * SM9 key encapsulation (GM/T 0044.4 §6 / GB/T 38635.2) to an identity (hid 0x03): Q =
 * [H1(ID ‖ hid)]P1 + Ppub-e, r random, C = [r]Q, w = g^r with g = e(Ppub-e, P2),
 * K = KDF(C ‖ w ‖ ID, klen) (a new r if K is all zero). The encapsulation is C = x ‖ y (64 bytes, as
 * in the standard and BouncyCastle); decapsulation checks C is in G1 and computes w = e(C, de).
 *
 * <p>Encapsulation uses no pairing (the master key's g table) and is constant-time in r;
 * decapsulation evaluates de's cached lines. Not thread-safe (one per thread).
 */
public final class Sm9Kem {

    public static final int ENCAPSULATION_LENGTH = 64;

    /** The outcome of {@link #encapsulate}: C = x ‖ y (64 bytes) to send and K to keep. */
    public static final class Encapsulated extends KemEncapsulation {
        Encapsulated(byte[] encapsulation, byte[] sharedSecret) {
            super(encapsulation, sharedSecret);
        }
    }

    private final SecureRandom random;

    public Sm9Kem() {
        this(new SecureRandom());
    }

    public Sm9Kem(SecureRandom random) {
        this.random = Objects.requireNonNull(random, "random");
    }

    /**
     * A secret of {@code secretLength} bytes for {@code id} under {@code master}.
     *
     * @throws IllegalArgumentException if {@code secretLength} is not positive
     */
    public Encapsulated encapsulate(Sm9EncryptMasterPublicKey master, byte[] id, int secretLength) {
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(id, "id");
        if (secretLength <= 0) {
            throw new IllegalArgumentException("secretLength must be positive, got " + secretLength);
        }
        while (true) {
            byte[] r = ScalarN.random(random);
            Encapsulated e = encapsulate(master, id, secretLength, r);
            Bytes.wipe(r);
            if (e != null) {
                return e;
            }
        }
    }

    /** One attempt with a given r (the standard's example; tests only); null if K is all zero. */
    Encapsulated encapsulate(Sm9EncryptMasterPublicKey master, byte[] id, int secretLength, byte[] r) {
        Workspace w = Workspace.get();
        byte[] cBytes = Sm9Ops.coordinates(Sm9Ops.recipientMultiple(master, id, Sm9EncryptMasterPrivateKey.HID_ENCRYPT, r, w));
        long[] g = new long[Fq12.SIZE];
        master.gTable().multiply(g, 0, r, w);
        byte[] k = kdf(cBytes, g, id, secretLength);
        java.util.Arrays.fill(g, 0L);
        if (isZero(k)) {
            return null;
        }
        return new Encapsulated(cBytes, k);
    }

    /**
     * The secret in {@code encapsulation} for {@code key}'s identity.
     *
     * @throws Sm9DecryptionException if the encapsulation is not 64 bytes of a point of G1, or K is
     *     all zero
     */
    public byte[] decapsulate(Sm9EncryptPrivateKey key, byte[] encapsulation, int secretLength)
            throws Sm9DecryptionException {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(encapsulation, "encapsulation");
        if (secretLength <= 0) {
            throw new IllegalArgumentException("secretLength must be positive, got " + secretLength);
        }
        long[] c = new long[8];
        if (encapsulation.length != ENCAPSULATION_LENGTH || !Sm9Codec.decodeG1Coordinates(c, 0, encapsulation, 0)) {
            throw new Sm9DecryptionException("SM9 encapsulation is not x || y of a point of G1");
        }
        long[] wv = Sm9Ops.pair(c, key.lines(), Workspace.get());
        byte[] k = kdf(encapsulation, wv, key.id(), secretLength);
        java.util.Arrays.fill(wv, 0L);
        if (isZero(k)) {
            throw new Sm9DecryptionException("SM9 encapsulation gives an all-zero key");
        }
        return k;
    }

    private static byte[] kdf(byte[] c, long[] w, byte[] id, int len) {
        byte[] z = Sm9Ops.concat(c, Sm9Codec.encodeGt(w, 0), id);
        byte[] k = Sm3Kdf.derive(z, len);
        Bytes.wipe(z);
        return k;
    }

    private static boolean isZero(byte[] k) {
        int acc = 0;
        for (byte b : k) {
            acc |= b;
        }
        return acc == 0;
    }
}
