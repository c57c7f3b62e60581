package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.zuc.Eea3;
import io.gmflux.codecs.zuc.Eia3;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;

/**
 * Suite 0x03: 128-EEA3 then 128-EIA3 over the ciphertext (encrypt-then-MAC), COUNT = chunk index,
 * BEARER = 0, DIRECTION = the last-chunk flag; separate 16-byte keys. The 32-bit tag is the 3GPP
 * design: each forged chunk passes with probability about 2^-32 (FORMAT.md §4).
 */
final class Zuc128ChunkCipher implements ChunkCipher {

    private static final int TAG = 4;

    private final byte[] encKey;
    private final byte[] macKey;

    Zuc128ChunkCipher(byte[] payloadKey) {
        encKey = Arrays.copyOfRange(payloadKey, 0, 16);
        macKey = Arrays.copyOfRange(payloadKey, 16, 32);
    }

    @Override
    public int seal(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff) {
        int dir = last ? 1 : 0;
        Eea3.apply(encKey, (int) index, 0, dir, in, inOff, 8L * len, out, outOff);
        int mac = Eia3.mac(macKey, (int) index, 0, dir, out, outOff, 8L * len);
        Bytes.putIntBEByBytes(out, outOff + len, mac);
        return len + TAG;
    }

    @Override
    public int open(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff)
            throws AEADBadTagException {
        if (len < TAG) {
            throw new AEADBadTagException("chunk shorter than its tag");
        }
        int n = len - TAG;
        int dir = last ? 1 : 0;
        int expected = Eia3.mac(macKey, (int) index, 0, dir, in, inOff, 8L * n);
        if ((expected ^ Bytes.getIntBE(in, inOff + n)) != 0) {
            throw new AEADBadTagException("EIA3 tag mismatch");
        }
        Eea3.apply(encKey, (int) index, 0, dir, in, inOff, 8L * n, out, outOff);
        return n;
    }

    @Override
    public void destroy() {
        Bytes.wipe(encKey);
        Bytes.wipe(macKey);
    }
}
