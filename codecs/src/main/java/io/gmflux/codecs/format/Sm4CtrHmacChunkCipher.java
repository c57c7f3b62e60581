package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.HmacSm3;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4Cipher;
import io.gmflux.codecs.sm4.Sm4Ctr;
import io.gmflux.codecs.sm4.Sm4Engine;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;

/**
 * Suite 0x05: SM4-CTR (first counter block = nonce || 0^32) then HMAC-SM3 over nonce || ciphertext
 * (encrypt-then-MAC), full 32-byte tag. The tag is checked in constant time before anything is
 * decrypted. SM4 runs on the engine chosen; HMAC-SM3 has no secret-indexed tables.
 */
final class Sm4CtrHmacChunkCipher implements ChunkCipher {

    private static final int TAG = HmacSm3.MAC_LENGTH;

    private final Sm4Engine engine;
    private final HmacSm3 hmac;
    private final byte[] prefix;
    private final byte[] counter = new byte[16];
    private final byte[] tag = new byte[TAG];

    Sm4CtrHmacChunkCipher(byte[] payloadKey, byte[] prefix, EngineChoice choice) {
        byte[] encKey = Arrays.copyOfRange(payloadKey, 0, 16);
        engine = choice.newSm4Engine(encKey);
        Bytes.wipe(encKey);
        byte[] macKey = Arrays.copyOfRange(payloadKey, 16, 48);
        hmac = new HmacSm3(macKey);
        Bytes.wipe(macKey);
        this.prefix = prefix.clone();
    }

    private void start(long index, boolean last) {
        byte[] nonce = new byte[12];
        ChunkCipher.nonce(prefix, index, last, nonce);
        System.arraycopy(nonce, 0, counter, 0, 12);
        Bytes.putIntBEByBytes(counter, 12, 0);
        hmac.reset();
        hmac.update(nonce, 0, 12);
    }

    private void ctr(byte[] in, int inOff, int len, byte[] out, int outOff) {
        Sm4Cipher c = Sm4Ctr.encryptor(engine, counter);
        c.update(in, inOff, len, out, outOff);
        c.destroy();
    }

    @Override
    public int seal(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff) {
        start(index, last);
        ctr(in, inOff, len, out, outOff);
        hmac.update(out, outOff, len);
        hmac.doFinal(out, outOff + len);
        return len + TAG;
    }

    @Override
    public int open(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff)
            throws AEADBadTagException {
        if (len < TAG) {
            throw new AEADBadTagException("chunk shorter than its tag");
        }
        int n = len - TAG;
        start(index, last);
        hmac.update(in, inOff, n);
        hmac.doFinal(tag, 0);
        if (!Bytes.constantTimeEquals(tag, 0, in, inOff + n, TAG)) {
            throw new AEADBadTagException("HMAC-SM3 tag mismatch");
        }
        ctr(in, inOff, n, out, outOff);
        return n;
    }

    @Override
    public void destroy() {
        hmac.destroy();
        engine.destroy();
    }
}
