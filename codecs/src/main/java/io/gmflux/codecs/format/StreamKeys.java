package io.gmflux.codecs.format;

import io.gmflux.codecs.sm3.HkdfSm3;
import java.nio.charset.StandardCharsets;

/** The key schedule of FORMAT.md §2 and the labels of §5. Stateless. */
final class StreamKeys {

    static final int FILE_KEY_LENGTH = 32;
    static final int NONCE_PREFIX_LENGTH = 7;

    private static final byte[] HEADER = ascii("gmflux/v1 header");
    private static final byte[] PAYLOAD = ascii("gmflux/v1 payload");

    private StreamKeys() {
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] headerKey(byte[] fileKey, byte[] salt) {
        return HkdfSm3.derive(salt, fileKey, HEADER, 32);
    }

    /** {@code payload_key || nonce_prefix} for {@code suite}. */
    static byte[] payload(byte[] fileKey, byte[] salt, Suite suite) {
        byte[] info = new byte[PAYLOAD.length + 1];
        System.arraycopy(PAYLOAD, 0, info, 0, PAYLOAD.length);
        info[PAYLOAD.length] = (byte) suite.id();
        return HkdfSm3.derive(salt, fileKey, info, suite.keyLength() + NONCE_PREFIX_LENGTH);
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }
}
