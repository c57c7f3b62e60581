package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4AeadCipher;
import io.gmflux.codecs.sm4.Sm4Ccm;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import java.security.GeneralSecurityException;
import java.util.function.Consumer;
import javax.crypto.AEADBadTagException;

/**
 * Suites 0x01 (SM4-GCM) and 0x02 (SM4-CCM): one sealing and one opening AEAD object per stream,
 * re-keyed with each chunk's nonce, so the GCM table is built once per stream, not per chunk.
 * Constant-time exactly when the engine choice is {@link EngineChoice#CONSTANT_TIME} (GCM then
 * hashes without tables too).
 */
final class Sm4AeadChunkCipher implements ChunkCipher {

    private static final int TAG = 16;

    private final Sm4Engine engine;
    private final byte[] prefix;
    private final byte[] nonce = new byte[12];
    private final Sm4AeadCipher sealer;
    private final Consumer<byte[]> sealerNonce;
    private final Sm4AeadCipher opener;
    private final Consumer<byte[]> openerNonce;

    private Sm4AeadChunkCipher(Sm4Engine engine, byte[] prefix, Sm4AeadCipher sealer, Consumer<byte[]> sealerNonce,
            Sm4AeadCipher opener, Consumer<byte[]> openerNonce) {
        this.engine = engine;
        this.prefix = prefix.clone();
        this.sealer = sealer;
        this.sealerNonce = sealerNonce;
        this.opener = opener;
        this.openerNonce = openerNonce;
    }

    /** Takes ownership of {@code key} and wipes it. */
    static Sm4AeadChunkCipher gcm(byte[] key, byte[] prefix, EngineChoice engine) {
        Sm4Engine e = engine.newSm4Engine(key);
        Bytes.wipe(key);
        byte[] n0 = new byte[12];
        Sm4Gcm s = Sm4Gcm.encryptor(e, n0, TAG);
        Sm4Gcm o = Sm4Gcm.decryptor(e, n0, TAG);
        return new Sm4AeadChunkCipher(e, prefix, s, s::resetWithIv, o, o::resetWithIv);
    }

    /** Takes ownership of {@code key} and wipes it. */
    static Sm4AeadChunkCipher ccm(byte[] key, byte[] prefix, EngineChoice engine) {
        Sm4Engine e = engine.newSm4Engine(key);
        Bytes.wipe(key);
        byte[] n0 = new byte[12];
        Sm4Ccm s = Sm4Ccm.encryptor(e, n0, TAG);
        Sm4Ccm o = Sm4Ccm.decryptor(e, n0, TAG);
        return new Sm4AeadChunkCipher(e, prefix, s, s::resetWithNonce, o, o::resetWithNonce);
    }

    @Override
    public int seal(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff) {
        ChunkCipher.nonce(prefix, index, last, nonce);
        sealerNonce.accept(nonce);
        try {
            return sealer.doFinal(in, inOff, len, out, outOff);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("encryption cannot fail on valid arguments", e);
        }
    }

    @Override
    public int open(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff)
            throws AEADBadTagException {
        if (len < TAG) {
            throw new AEADBadTagException("chunk shorter than its tag");
        }
        ChunkCipher.nonce(prefix, index, last, nonce);
        openerNonce.accept(nonce);
        try {
            return opener.doFinal(in, inOff, len, out, outOff);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("an AEAD reports only bad tags", e);
        }
    }

    @Override
    public void destroy() {
        sealer.destroy();
        opener.destroy();
        engine.destroy();
    }
}
