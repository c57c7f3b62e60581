package io.gmflux.codecs.sm9;

import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerWriter;
import java.util.Objects;

/**
 * Conversion between the raw SM9 ciphertext C1 ‖ C3 ‖ C2 (C1 = x ‖ y) and the GM/T 0044 DER form
 * that GmSSL emits:
 * {@code SEQUENCE { EnType INTEGER, C1 BIT STRING (04 ‖ x ‖ y), C3 OCTET STRING (32), CipherText OCTET STRING }}.
 * The DER form does not say how C3 was computed: GmSSL writes it with HMAC-SM3 under this same
 * structure, so the reader chooses the {@link Sm9MacMode} of the {@link Sm9Cipher} that decrypts.
 * Stateless and thread-safe.
 */
public final class Sm9CiphertextEncoding {

    /** A parsed DER ciphertext: the mode named by EnType and the raw C1 ‖ C3 ‖ C2. */
    public record Decoded(Sm9CipherMode mode, byte[] raw) {
    }

    private Sm9CiphertextEncoding() {
    }

    /**
     * @throws IllegalArgumentException if {@code raw} is shorter than C1 ‖ C3 (96 bytes)
     */
    public static byte[] toDer(byte[] raw, Sm9CipherMode mode) {
        Objects.requireNonNull(raw, "raw");
        Objects.requireNonNull(mode, "mode");
        if (raw.length < 96) {
            throw new IllegalArgumentException("a raw SM9 ciphertext is at least C1 (64) || C3 (32) bytes");
        }
        byte[] c1 = new byte[65];
        c1[0] = 4;
        System.arraycopy(raw, 0, c1, 1, 64);
        byte[] c3 = java.util.Arrays.copyOfRange(raw, 64, 96);
        byte[] c2 = java.util.Arrays.copyOfRange(raw, 96, raw.length);
        return new DerWriter().sequence(b -> b.integer(mode.enType()).bitString(c1).octetString(c3).octetString(c2))
                .toByteArray();
    }

    /**
     * @throws Sm9DecryptionException if {@code der} is not that structure, names an EnType other
     *     than 0 (stream) or 1 (SM4-ECB), or has a C1 that is not 04 ‖ 64 bytes or a C3 not 32 bytes
     */
    public static Decoded fromDer(byte[] der) throws Sm9DecryptionException {
        Objects.requireNonNull(der, "der");
        try {
            DerReader seq = DerReader.single(der, 0x30);
            int enType = seq.readInt();
            byte[] c1 = seq.readBitString();
            byte[] c3 = seq.readOctetString();
            byte[] c2 = seq.readOctetString();
            seq.expectEnd();
            Sm9CipherMode mode = Sm9CipherMode.ofEnType(enType);
            if (mode == null) {
                throw new Sm9DecryptionException("SM9 ciphertext: unsupported EnType " + enType);
            }
            if (c1.length != 65 || c1[0] != 4 || c3.length != 32) {
                throw new Sm9DecryptionException("SM9 ciphertext: C1 must be 04 || x || y and C3 32 bytes");
            }
            return new Decoded(mode, Sm9Ops.concat(java.util.Arrays.copyOfRange(c1, 1, 65), c3, c2));
        } catch (DerFormatException e) {
            throw new Sm9DecryptionException("malformed SM9 DER ciphertext: " + e.getMessage(), e);
        }
    }
}
