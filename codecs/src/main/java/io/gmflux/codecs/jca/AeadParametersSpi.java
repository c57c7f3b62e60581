package io.gmflux.codecs.jca;

import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerTag;
import io.gmflux.codecs.der.DerWriter;
import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * AlgorithmParameters "SM4-GCM" and "SM4-CCM": a nonce and a tag length, encoded as RFC 5084's
 * {@code GCMParameters}/{@code CCMParameters} ({@code SEQUENCE { nonce OCTET STRING,
 * icvLen INTEGER DEFAULT 12 }}, the DEFAULT omitted as DER requires), the same bytes that
 * BouncyCastle and the JDK write. Converts to {@link GCMParameterSpec} (tag in bits) and to
 * {@link IvParameterSpec} (nonce only). Not thread-safe.
 */
final class AeadParametersSpi extends AlgorithmParametersSpi {

    private static final int DEFAULT_ICV_LENGTH = 12;

    private final String modeName;
    private byte[] nonce;
    private int tagBytes;

    /** @param modeName "GCM" or "CCM", for {@code toString} and messages */
    AeadParametersSpi(String modeName) {
        this.modeName = modeName;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (paramSpec instanceof GCMParameterSpec) {
            GCMParameterSpec g = (GCMParameterSpec) paramSpec;
            if (g.getTLen() % 8 != 0) {
                throw new InvalidParameterSpecException("tag length must be a whole number of bytes, got "
                        + g.getTLen() + " bits");
            }
            nonce = g.getIV();
            tagBytes = g.getTLen() / 8;
        } else {
            throw new InvalidParameterSpecException("GCMParameterSpec required for " + modeName + ", got "
                    + (paramSpec == null ? "null" : paramSpec.getClass().getName()));
        }
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        byte[] n;
        int t;
        try {
            DerReader seq = DerReader.single(params, DerTag.SEQUENCE);
            n = seq.readOctetString();
            t = seq.hasMore() ? seq.readInt() : DEFAULT_ICV_LENGTH;
            seq.expectEnd();
        } catch (DerFormatException e) {
            throw new IOException(modeName + " parameters: " + e.getMessage(), e);
        }
        if (t < 1 || t > 16) {
            throw new IOException(modeName + " tag length out of range: " + t + " bytes");
        }
        nonce = n;
        tagBytes = t;
    }

    @Override
    protected void engineInit(byte[] params, String format) throws IOException {
        if (IvParametersSpi.isRaw(format)) {
            throw new IOException(modeName + " parameters have no RAW form: a tag length is needed too");
        }
        engineInit(params);
    }

    @Override
    @SuppressWarnings("unchecked")
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        requireNonce();
        if (paramSpec == GCMParameterSpec.class || paramSpec == AlgorithmParameterSpec.class) {
            return (T) new GCMParameterSpec(tagBytes * 8, nonce);
        }
        if (paramSpec == IvParameterSpec.class) {
            return (T) new IvParameterSpec(nonce);
        }
        throw new InvalidParameterSpecException(modeName + " parameters convert to GCMParameterSpec or "
                + "IvParameterSpec, not " + paramSpec);
    }

    @Override
    protected byte[] engineGetEncoded() throws IOException {
        byte[] n = requireNonce();
        return new DerWriter().sequence(seq -> {
            seq.octetString(n);
            if (tagBytes != DEFAULT_ICV_LENGTH) {
                seq.integer(tagBytes);
            }
        }).toByteArray();
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        return engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        return modeName + " parameters: " + (nonce == null ? "not initialized"
                : nonce.length + "-byte nonce, " + tagBytes * 8 + "-bit tag");
    }

    private byte[] requireNonce() {
        if (nonce == null) {
            throw new IllegalStateException("parameters not initialized");
        }
        return nonce;
    }
}
