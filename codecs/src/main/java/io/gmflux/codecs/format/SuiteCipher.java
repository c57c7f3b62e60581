package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm4.EngineChoice;
import java.util.Objects;
import javax.crypto.AEADBadTagException;

/**
 * One suite's chunk AEAD (FORMAT.md §3, §4) under one key, for formats built on the v1 suites that
 * are not streams: the Kafka record format (FORMAT.md §7) and the tunnel (codecs/PROXY.md §5) seal each
 * record as one chunk. The
 * nonce is the same as a stream chunk's, {@code nonce_prefix || u32(index) || u8(last)}; the
 * suites' AEADs take no associated data, so a format that needs some binds it into the key.
 *
 * <p>Not thread-safe: one per thread (pool them). Output ranges must not overlap input ranges
 * unless they are the same range. {@link #destroy()} zeroes the keys.
 */
public final class SuiteCipher {

    /** Bytes of nonce prefix that follow the suite's key in the key material. */
    public static final int NONCE_PREFIX_LENGTH = StreamKeys.NONCE_PREFIX_LENGTH;

    private final Suite suite;
    private final ChunkCipher cipher;

    private SuiteCipher(Suite suite, ChunkCipher cipher) {
        this.suite = suite;
        this.cipher = cipher;
    }

    /**
     * A cipher of {@code suite} keyed with {@code keyMaterial = key || nonce_prefix}, exactly
     * {@code suite.keyLength() + NONCE_PREFIX_LENGTH} bytes (the layout of FORMAT.md §2's
     * {@code payload}). The caller keeps ownership of {@code keyMaterial} (it is copied). SM4 runs
     * on the engine of {@link EngineChoice#AUTO}; see {@link #create(Suite, byte[], EngineChoice)}.
     */
    public static SuiteCipher create(Suite suite, byte[] keyMaterial) {
        return create(suite, keyMaterial, EngineChoice.AUTO);
    }

    /** As {@link #create(Suite, byte[])}, with SM4 on the engine {@code engine}. */
    public static SuiteCipher create(Suite suite, byte[] keyMaterial, EngineChoice engine) {
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(keyMaterial, "keyMaterial");
        int lk = suite.keyLength();
        if (keyMaterial.length != lk + NONCE_PREFIX_LENGTH) {
            throw new IllegalArgumentException("keyMaterial must be " + (lk + NONCE_PREFIX_LENGTH) + " bytes for "
                    + suite.label() + ", got " + keyMaterial.length);
        }
        byte[] key = java.util.Arrays.copyOf(keyMaterial, lk);
        byte[] prefix = java.util.Arrays.copyOfRange(keyMaterial, lk, lk + NONCE_PREFIX_LENGTH);
        try {
            return new SuiteCipher(suite, suite.newChunkCipher(key, prefix, engine));
        } finally {
            Bytes.wipe(key);
        }
    }

    public Suite suite() {
        return suite;
    }

    /** Bytes {@link #seal} adds to the plaintext. */
    public int tagLength() {
        return suite.tagLength();
    }

    /**
     * Writes {@code ciphertext || tag} of {@code in[inOff, inOff + len)} sealed with the nonce of
     * ({@code index}, {@code last}) to {@code out} at {@code outOff}; returns {@code len + tagLength()}.
     * {@code index} is taken modulo 2^32: the caller keeps it below that for a key.
     */
    public int seal(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff) {
        Bytes.checkRange(in, inOff, len, "in");
        Bytes.checkRange(out, outOff, len + suite.tagLength(), "out");
        return cipher.seal(index, last, in, inOff, len, out, outOff);
    }

    /**
     * Verifies and decrypts {@code ciphertext || tag} ({@code len} bytes in all); returns the
     * plaintext length. Writes nothing to {@code out} if the tag does not verify.
     */
    public int open(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff)
            throws AEADBadTagException {
        Bytes.checkRange(in, inOff, len, "in");
        if (len < suite.tagLength()) {
            throw new AEADBadTagException("sealed input of " + len + " bytes is shorter than the "
                    + suite.tagLength() + "-byte tag");
        }
        Bytes.checkRange(out, outOff, len - suite.tagLength(), "out");
        return cipher.open(index, last, in, inOff, len, out, outOff);
    }

    /** Zeroes the keys; the cipher is unusable afterwards. */
    public void destroy() {
        cipher.destroy();
    }
}
