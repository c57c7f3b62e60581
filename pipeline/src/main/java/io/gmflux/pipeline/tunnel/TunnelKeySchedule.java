package io.gmflux.pipeline.tunnel;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.HkdfSm3;
import java.nio.charset.StandardCharsets;

/** The labels and derivations of codecs/PROXY.md §4, §6 and §7. Stateless. */
final class TunnelKeySchedule {

    static final byte[] SERVER_FINISHED = label("server finished");
    static final byte[] CLIENT_FINISHED = label("client finished");
    static final byte[] C2S = label("c2s");
    static final byte[] S2C = label("s2c");
    static final byte[] KEY = label("key");
    static final byte[] IV = label("iv");
    static final byte[] KEY_UPDATE = label("ku");

    private TunnelKeySchedule() {
    }

    private static byte[] label(String s) {
        return ("gmflux-tunnel v1 " + s).getBytes(StandardCharsets.US_ASCII);
    }

    /** HKDF-Expand(secret, label, length). */
    static byte[] expand(byte[] secret, byte[] label, int length) {
        return HkdfSm3.expand(secret, label, length);
    }

    /** HKDF-Expand(secret, "gmflux-tunnel v1 key" || u8(suiteId), length). */
    static byte[] recordKey(byte[] secret, int suiteId, int length) {
        byte[] info = new byte[KEY.length + 1];
        System.arraycopy(KEY, 0, info, 0, KEY.length);
        info[KEY.length] = (byte) suiteId;
        return HkdfSm3.expand(secret, info, length);
    }

    /** HKDF-Extract(salt, ikm), wiping nothing. */
    static byte[] extract(byte[] salt, byte[] ikm) {
        return HkdfSm3.extract(salt, ikm);
    }

    static void wipe(byte[]... secrets) {
        for (byte[] s : secrets) {
            if (s != null) {
                Bytes.wipe(s);
            }
        }
    }
}
