package io.gmflux.codecs.format;

import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Run by {@link OptionalBouncyCastleTest} in a class loader that sees gmflux-codecs and not
 * BouncyCastle: an SM2 stream round-trips, and ML-KEM fails with its explanation. Uses codecs
 * classes only. Input: an ML-KEM-768 public key PEM; output: one line per check.
 */
public final class WithoutBouncyCastle implements Function<String, String> {

    @Override
    public String apply(String mlkemPem) {
        StringBuilder out = new StringBuilder();
        try {
            Sm2KeyPair k = Sm2KeyPair.generate();
            Recipient r = KeyText.recipient(Sm2KeyEncoding.toPem(k.publicKey()));
            ByteArrayOutputStream sealed = new ByteArrayOutputStream();
            byte[] plain = new byte[10_000];
            new SecureRandom().nextBytes(plain);
            try (GmfluxOutputStream o = new GmfluxOutputStream(sealed, StreamSpec.builder().recipient(r).build())) {
                o.write(plain);
            }
            try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(sealed.toByteArray()),
                    List.of(KeyText.identity(Sm2KeyEncoding.toPem(k.privateKey()))))) {
                out.append("sm2 round trip: ").append(Arrays.equals(in.readAllBytes(), plain)).append('\n');
            }
        } catch (Exception e) {
            out.append("sm2 round trip failed: ").append(e).append('\n');
        }
        try {
            MlKem768PrivateKey.generate(new SecureRandom());
            out.append("generate: no exception\n");
        } catch (GeneralSecurityException e) {
            out.append("generate: ").append(e.getClass().getSimpleName()).append(": ").append(e.getMessage()).append('\n');
        }
        try {
            KeyText.recipient(mlkemPem);
            out.append("key text: no exception\n");
        } catch (GeneralSecurityException e) {
            out.append("key text: ").append(e.getClass().getSimpleName()).append(": ").append(e.getMessage()).append('\n');
        }
        return out.toString();
    }
}
