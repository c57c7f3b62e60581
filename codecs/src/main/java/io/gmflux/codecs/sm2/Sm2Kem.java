package io.gmflux.codecs.sm2;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.kex.KemEncapsulation;
import io.gmflux.codecs.sm3.Sm3Kdf;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Objects;

/**
 * SM2-KEM: the key-encapsulation half of GB/T 32918.4 encryption. {@link #encapsulate} draws k,
 * publishes C1 = [k]G (65 bytes, uncompressed) and derives the shared secret
 * KDF(x2 || y2, length) from (x2, y2) = [k]P_B; {@link #decapsulate} recomputes it as [d_B]C1 after
 * checking that C1 is a point of the curve. Both scalar multiplications with secrets are constant
 * time.
 *
 * <p>Not thread-safe (it owns scratch state): use one per thread.
 */
public final class Sm2Kem {

    /** Length of an encapsulation (an uncompressed point). */
    public static final int ENCAPSULATION_LENGTH = 65;

    /** The result of {@link #encapsulate}: C1 = [k]G (65 bytes) to send and the shared secret to keep. */
    public static final class Encapsulated extends KemEncapsulation {
        Encapsulated(byte[] encapsulation, byte[] sharedSecret) {
            super(encapsulation, sharedSecret);
        }
    }

    private final SecureRandom random;
    /** Prepared keys for repeat recipients, or null (opt-in). */
    private final Sm2PreparedKeyCache cache;
    private final PointArithmetic pa = new PointArithmetic();
    private final byte[] kBytes = new byte[32];
    private final long[] k = new long[4];

    public Sm2Kem() {
        this(new SecureRandom());
    }

    public Sm2Kem(SecureRandom random) {
        this.random = Objects.requireNonNull(random, "random");
        this.cache = null;
    }

    /**
     * A KEM drawing k from {@code random} that encapsulates to plain public keys through
     * {@code cache}: a recipient met again is served from its prepared table (see
     * {@link Sm2PreparedKeyCache}).
     *
     * @throws NullPointerException naming the null argument
     */
    public Sm2Kem(SecureRandom random, Sm2PreparedKeyCache cache) {
        this.random = Objects.requireNonNull(random, "random");
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /**
     * A fresh encapsulation to {@code key} and its shared secret of {@code secretLength} bytes.
     *
     * @throws IllegalArgumentException if {@code secretLength} is not positive
     */
    public Encapsulated encapsulate(Sm2PublicKey key, int secretLength) {
        Objects.requireNonNull(key, "key");
        Sm2PreparedPublicKey prepared = cache == null ? null : cache.lookup(key);
        return encapsulate(key, prepared == null ? null : prepared.table, secretLength);
    }

    /** As {@link #encapsulate(Sm2PublicKey, int)} to a prepared key (faster per encapsulation). */
    public Encapsulated encapsulate(Sm2PreparedPublicKey key, int secretLength) {
        Objects.requireNonNull(key, "key");
        return encapsulate(key.publicKey(), key.table, secretLength);
    }

    private Encapsulated encapsulate(Sm2PublicKey key, long[] keyTable, int secretLength) {
        checkLength(secretLength);
        byte[] c1 = new byte[ENCAPSULATION_LENGTH];
        byte[] x2y2 = new byte[64];
        try {
            SharedPoint.drawScalar(random, kBytes, k);
            SharedPoint.encapsulate(pa, key, keyTable, k, c1, 0, x2y2);
            return new Encapsulated(c1, Sm3Kdf.derive(x2y2, secretLength));
        } finally {
            Arrays.fill(k, 0);
            Bytes.wipe(x2y2);
        }
    }

    /**
     * The shared secret of {@code secretLength} bytes for the encapsulation C1 (65 bytes
     * uncompressed or 33 compressed).
     *
     * @throws Sm2DecryptionException if C1 is malformed or not a point of the curve
     */
    public byte[] decapsulate(Sm2PrivateKey key, byte[] encapsulation, int secretLength) throws Sm2DecryptionException {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(encapsulation, "encapsulation");
        checkLength(secretLength);
        byte[] x2y2 = new byte[64];
        try {
            SharedPoint.decapsulate(pa, key, encapsulation, 0, encapsulation.length, x2y2);
            return Sm3Kdf.derive(x2y2, secretLength);
        } finally {
            Bytes.wipe(x2y2);
        }
    }

    private static void checkLength(int secretLength) {
        if (secretLength <= 0) {
            throw new IllegalArgumentException("secretLength must be positive, got " + secretLength);
        }
    }
}
