package io.gmflux.codecs.format;

import java.security.GeneralSecurityException;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** Suite 0x06: the JDK's AES-256-GCM (its intrinsic), for comparison and interoperability. */
final class AesGcmChunkCipher implements ChunkCipher {

    private static final int TAG = 16;

    private final SecretKeySpec key;
    private final byte[] prefix;
    private final byte[] nonce = new byte[12];
    private final Cipher cipher;

    AesGcmChunkCipher(byte[] payloadKey, byte[] prefix) {
        key = new SecretKeySpec(payloadKey, 0, 32, "AES");
        this.prefix = prefix.clone();
        try {
            cipher = Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK lacks AES/GCM/NoPadding", e);
        }
    }

    @Override
    public int seal(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff) {
        ChunkCipher.nonce(prefix, index, last, nonce);
        try {
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(8 * TAG, nonce));
            return cipher.doFinal(in, inOff, len, out, outOff);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM encryption failed", e);
        }
    }

    @Override
    public int open(long index, boolean last, byte[] in, int inOff, int len, byte[] out, int outOff)
            throws AEADBadTagException {
        if (len < TAG) {
            throw new AEADBadTagException("chunk shorter than its tag");
        }
        ChunkCipher.nonce(prefix, index, last, nonce);
        try {
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(8 * TAG, nonce));
            return cipher.doFinal(in, inOff, len, out, outOff);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM decryption failed", e);
        }
    }

    @Override
    public void destroy() {
        // SecretKeySpec cannot be wiped through its API; the derived key array was wiped by the caller.
    }
}
