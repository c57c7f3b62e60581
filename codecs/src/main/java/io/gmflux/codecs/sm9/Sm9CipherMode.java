package io.gmflux.codecs.sm9;

/**
 * How SM9 public-key encryption (GM/T 0044.4 §7.1) turns K1 into C2, with the EnType value of the
 * GM/T 0044 / GmSSL DER form.
 */
public enum Sm9CipherMode {

    /** The KDF stream cipher: K1 is as long as the message and C2 = M xor K1 (EnType 0). */
    STREAM(0),

    /** SM4 in ECB mode with PKCS#7 padding under a 128-bit K1 (EnType 1). */
    SM4_ECB(1);

    private final int enType;

    Sm9CipherMode(int enType) {
        this.enType = enType;
    }

    /** The EnType INTEGER of the DER ciphertext. */
    public int enType() {
        return enType;
    }

    static Sm9CipherMode ofEnType(int enType) {
        for (Sm9CipherMode m : values()) {
            if (m.enType == enType) {
                return m;
            }
        }
        return null;
    }
}
