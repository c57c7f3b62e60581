package io.gmflux.codecs.sm2;

/**
 * The order of the parts of a raw SM2 ciphertext. C1 is the point {@code 04 || x1 || y1} (65
 * bytes), C3 the 32-byte SM3 check value, C2 the masked message.
 */
public enum Sm2CiphertextLayout {
    /** C1 || C3 || C2: GM/T 0003.4-2012 and GB/T 32918.4-2016, gmflux's default. */
    C1C3C2,
    /** C1 || C2 || C3: the 2010 OSCCA publication, and BouncyCastle's default mode. */
    C1C2C3
}
