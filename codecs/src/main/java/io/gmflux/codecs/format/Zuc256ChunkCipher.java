package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.zuc.Zuc256;
import io.gmflux.codecs.zuc.Zuc256Mac;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;

/**
 * Suite 0x04: ZUC-256 keystream then a 128-bit ZUC-256 MAC over the ciphertext
 * (encrypt-then-MAC), separate 32-byte keys, IV = the chunk nonce followed by 11 zero bytes in
 * the 23-byte packed form.
 */
final class Zuc256ChunkCipher implements ChunkCipher {

    private static final int TAG = 16;

    private final byte[] encKey;
    private final byte[] macKey;
    private final byte[] prefix;
    private final byte[] nonce = new byte[12];
    private final byte[] iv = new byte[Zuc256.PACKED_IV_LENGTH];

    Zuc256ChunkCipher(byte[] payloadKey, byte[] prefix) {
        encKey = Arrays.copyOfRange(payloadKey, 0, 32);
        macKey = Arrays.copyOfRange(payloadKey, 32, 64);
        this.prefix = prefix.clone();
    }

    private byte[] iv(long index, boolean last) {
        ChunkCipher.nonce(prefix, index, last, nonce);
        System.arraycopy(nonce, 0, iv, 0, 12);
        return iv;
    }

    private byte[] mac(byte[] iv, byte[] data, int off, int len) {
        Zuc256Mac m = new Zuc256Mac(macKey, iv, 128);
        try {
            m.update(data, off, len);
            return m.doFinal();
        } finally {
            m.destroy();
        }
    }

    @Override
    public int seal(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff) {
        byte[] v = iv(index, last);
        Zuc256 z = new Zuc256(encKey, v);
        z.xorKeystream(in, inOff, len, out, outOff);
        z.destroy();
        byte[] tag = mac(v, out, outOff, len);
        System.arraycopy(tag, 0, out, outOff + len, TAG);
        return len + TAG;
    }

    @Override
    public int open(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff)
            throws AEADBadTagException {
        if (len < TAG) {
            throw new AEADBadTagException("chunk shorter than its tag");
        }
        int n = len - TAG;
        byte[] v = iv(index, last);
        byte[] tag = mac(v, in, inOff, n);
        if (!Bytes.constantTimeEquals(tag, 0, in, inOff + n, TAG)) {
            throw new AEADBadTagException("ZUC-256 MAC mismatch");
        }
        Zuc256 z = new Zuc256(encKey, v);
        z.xorKeystream(in, inOff, n, out, outOff);
        z.destroy();
        return n;
    }

    @Override
    public void destroy() {
        Bytes.wipe(encKey);
        Bytes.wipe(macKey);
    }
}
