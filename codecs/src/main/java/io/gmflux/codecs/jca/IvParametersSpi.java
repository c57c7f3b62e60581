package io.gmflux.codecs.jca;

import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.DerReader;
import io.gmflux.codecs.der.DerWriter;
import java.io.IOException;
import java.security.AlgorithmParametersSpi;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import javax.crypto.spec.IvParameterSpec;

/**
 * AlgorithmParameters "SM4", "ZUC-128" and "ZUC-256": an IV, encoded as a DER OCTET STRING
 * (format "ASN.1", the default) or as the bare bytes (format "RAW"), as BouncyCastle's
 * {@code IvAlgorithmParameters} does. Not thread-safe (the JCA synchronises nothing either).
 */
final class IvParametersSpi extends AlgorithmParametersSpi {

    private final String description;
    private byte[] iv;

    /** @param description what {@code toString} calls these parameters ("SM4 IV", "Zuc IV") */
    IvParametersSpi(String description) {
        this.description = description;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec paramSpec) throws InvalidParameterSpecException {
        if (!(paramSpec instanceof IvParameterSpec)) {
            throw new InvalidParameterSpecException("IvParameterSpec required, got "
                    + (paramSpec == null ? "null" : paramSpec.getClass().getName()));
        }
        iv = ((IvParameterSpec) paramSpec).getIV();
    }

    @Override
    protected void engineInit(byte[] params) throws IOException {
        if (params == null) {
            throw new IOException("null parameters");
        }
        try {
            DerReader r = new DerReader(params);
            byte[] v = r.readOctetString();
            r.expectEnd();
            iv = v;
        } catch (DerFormatException e) {
            throw new IOException("IV parameters: " + e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(byte[] params, String format) throws IOException {
        if (isRaw(format)) {
            iv = params.clone();
        } else {
            engineInit(params);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    protected <T extends AlgorithmParameterSpec> T engineGetParameterSpec(Class<T> paramSpec)
            throws InvalidParameterSpecException {
        if (paramSpec == IvParameterSpec.class || paramSpec == AlgorithmParameterSpec.class) {
            return (T) new IvParameterSpec(requireIv());
        }
        throw new InvalidParameterSpecException(description + " converts to IvParameterSpec only, not " + paramSpec);
    }

    @Override
    protected byte[] engineGetEncoded() throws IOException {
        return new DerWriter().octetString(requireIv()).toByteArray();
    }

    @Override
    protected byte[] engineGetEncoded(String format) throws IOException {
        return isRaw(format) ? requireIv().clone() : engineGetEncoded();
    }

    @Override
    protected String engineToString() {
        return description;
    }

    private byte[] requireIv() {
        if (iv == null) {
            throw new IllegalStateException("parameters not initialized");
        }
        return iv;
    }

    /** "RAW" means the bare bytes; null, "ASN.1" and anything else mean DER, as in BouncyCastle. */
    static boolean isRaw(String format) {
        return "RAW".equalsIgnoreCase(format);
    }
}
