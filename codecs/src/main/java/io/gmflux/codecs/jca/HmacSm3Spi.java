package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.HmacSm3;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.MacSpi;

/**
 * Mac "HMACSM3" (RFC 2104 with SM3) over {@link HmacSm3}: keys of any length, including empty, no
 * parameters. A new init destroys the previous key state. Not thread-safe.
 */
final class HmacSm3Spi extends MacSpi {

    private HmacSm3 hmac;

    @Override
    protected int engineGetMacLength() {
        return HmacSm3.MAC_LENGTH;
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        JcaConventions.requireNoParameters(params, "HmacSM3");
        byte[] k = JcaConventions.keyBytes(key, "HmacSM3");
        try {
            HmacSm3 next = new HmacSm3(k);
            if (hmac != null) {
                hmac.destroy();
            }
            hmac = next;
        } finally {
            Bytes.wipe(k);
        }
    }

    @Override
    protected void engineUpdate(byte input) {
        hmac.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        hmac.update(input, offset, len);
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        hmac.update(input);
    }

    @Override
    protected byte[] engineDoFinal() {
        return hmac.doFinal();
    }

    @Override
    protected void engineReset() {
        if (hmac != null) {
            hmac.reset();
        }
    }
}
