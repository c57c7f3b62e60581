package io.gmflux.codecs.format;

import io.gmflux.codecs.sm4.EngineChoice;
import java.util.Locale;
import java.util.Objects;

/**
 * The suites of FORMAT.md §4: the chunk ciphers (DEMs), with their wire ids, that the stream format,
 * the Kafka record format (FORMAT.md §7) and the tunnel's records (codecs/PROXY.md §5) share. Outside
 * this package a suite's cipher is a {@link SuiteCipher}.
 *
 * <p>Thread-safe (immutable).
 */
public enum Suite {

    /** SM4-GCM (RFC 8998), 16-byte tag. The default. */
    SM4_GCM(0x01, "sm4-gcm", 16, 16),
    /** SM4-CCM (RFC 8998), 12-byte nonce, 16-byte tag. */
    SM4_CCM(0x02, "sm4-ccm", 16, 16),
    /** ZUC-128: 128-EEA3 + 128-EIA3, 4-byte tag: each forged chunk passes with probability about 2^-32. */
    ZUC128_EEA3_EIA3(0x03, "zuc128", 32, 4),
    /** ZUC-256 keystream + 128-bit ZUC-256 MAC. */
    ZUC256_MAC128(0x04, "zuc256", 64, 16),
    /** SM4-CTR + HMAC-SM3, encrypt-then-MAC, 32-byte tag. */
    SM4_CTR_HMAC_SM3(0x05, "sm4-ctr-hmac-sm3", 48, 32),
    /** AES-256-GCM from the JDK, for comparison. */
    AES_256_GCM(0x06, "aes-256-gcm", 32, 16);

    private final int id;
    private final String label;
    private final int keyLength;
    private final int tagLength;

    Suite(int id, String label, int keyLength, int tagLength) {
        this.id = id;
        this.label = label;
        this.keyLength = keyLength;
        this.tagLength = tagLength;
    }

    /** The wire id (header byte 5). */
    public int id() {
        return id;
    }

    /** The name used on the command line and in {@code inspect}, e.g. {@code sm4-gcm}. */
    public String label() {
        return label;
    }

    /** Bytes of payload key material the suite takes (Lk). */
    public int keyLength() {
        return keyLength;
    }

    /** Bytes each sealed chunk adds to its plaintext. */
    public int tagLength() {
        return tagLength;
    }

    /** The suite with wire id {@code id}. */
    public static Suite byId(int id) throws StreamException.Malformed {
        for (Suite s : values()) {
            if (s.id == id) {
                return s;
            }
        }
        throw new StreamException.Malformed("unknown suite 0x" + Integer.toHexString(id));
    }

    /** The suite named {@code label} (case-insensitive), e.g. {@code sm4-gcm}. */
    public static Suite byLabel(String label) {
        String l = label.toLowerCase(Locale.ROOT);
        for (Suite s : values()) {
            if (s.label.equals(l)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown suite '" + label + "'; known: sm4-gcm, sm4-ccm, zuc128, zuc256, "
                + "sm4-ctr-hmac-sm3, aes-256-gcm");
    }

    /**
     * A new chunk cipher of this suite under {@code payloadKey} ({@link #keyLength()} bytes) and the 7-byte nonce
     * prefix {@code noncePrefix}, with the SM4 suites (and GCM's GHASH) on {@code engine}; neither array is kept (the
     * cipher copies what it needs). The output is the same bytes under either engine; the ZUC suites ignore the
     * choice (ZUC's S-boxes are table lookups under both), as does AES-256-GCM (the JDK's). Unchecked ranges: the
     * stream classes call it directly, everyone else through {@link SuiteCipher#create(Suite, byte[], EngineChoice)}.
     */
    ChunkCipher newChunkCipher(byte[] payloadKey, byte[] noncePrefix, EngineChoice engine) {
        Objects.requireNonNull(engine, "engine");
        switch (this) {
            case SM4_GCM:
                return Sm4AeadChunkCipher.gcm(java.util.Arrays.copyOf(payloadKey, 16), noncePrefix, engine);
            case SM4_CCM:
                return Sm4AeadChunkCipher.ccm(java.util.Arrays.copyOf(payloadKey, 16), noncePrefix, engine);
            case ZUC128_EEA3_EIA3:
                return new Zuc128ChunkCipher(payloadKey);
            case ZUC256_MAC128:
                return new Zuc256ChunkCipher(payloadKey, noncePrefix);
            case SM4_CTR_HMAC_SM3:
                return new Sm4CtrHmacChunkCipher(payloadKey, noncePrefix, engine);
            case AES_256_GCM:
                return new AesGcmChunkCipher(payloadKey, noncePrefix);
            default:
                throw new AssertionError(this);
        }
    }
}
