package io.gmflux.codecs.jca;

import io.gmflux.codecs.bytes.Bytes;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.MacSpi;
import javax.crypto.spec.IvParameterSpec;

/**
 * Mac "ZUC-128" (the 32-bit 128-EIA3 MAC over a caller-built 16-byte IV) and "ZUC-256",
 * "ZUC-256-64", "ZUC-256-32": as in BouncyCastle, the IV is required as an
 * {@link IvParameterSpec} ({@code Mac.init(key)} alone fails with an InvalidKeyException).
 * {@code doFinal} and {@code reset} restart for the same key and IV. Not thread-safe.
 */
final class ZucMacSpi extends MacSpi {

    private final ZucVariant variant;
    private final int tagBits;
    private ZucVariant.MacFunction mac;

    ZucMacSpi(ZucVariant variant, int tagBits) {
        this.variant = variant;
        this.tagBits = tagBits;
    }

    @Override
    protected int engineGetMacLength() {
        return tagBits / 8;
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (!(params instanceof IvParameterSpec)) {
            throw new InvalidAlgorithmParameterException(variant.algorithm + " MAC needs an IvParameterSpec, got "
                    + (params == null ? "none" : params.getClass().getName()));
        }
        byte[] iv = ((IvParameterSpec) params).getIV();
        variant.checkIv(iv);
        byte[] k = JcaConventions.keyBytes(key, variant.algorithm, variant.keyLength);
        try {
            ZucVariant.MacFunction next = variant.openMac(k, iv, tagBits);
            if (mac != null) {
                mac.destroy();
            }
            mac = next;
        } catch (IllegalArgumentException e) {
            throw new InvalidAlgorithmParameterException(e.getMessage(), e);
        } finally {
            Bytes.wipe(k);
        }
    }

    @Override
    protected void engineUpdate(byte input) {
        mac.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        mac.update(input, offset, len);
    }

    @Override
    protected byte[] engineDoFinal() {
        return mac.doFinal();
    }

    @Override
    protected void engineReset() {
        if (mac != null) {
            mac.reset();
        }
    }
}
