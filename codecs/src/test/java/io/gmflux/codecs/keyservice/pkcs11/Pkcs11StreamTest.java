package io.gmflux.codecs.keyservice.pkcs11;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.gmflux.codecs.format.GmfluxInputStream;
import io.gmflux.codecs.format.GmfluxOutputStream;
import io.gmflux.codecs.format.KeyServiceIdentity;
import io.gmflux.codecs.format.KeyServiceRecipient;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.StreamSpec;
import io.gmflux.codecs.keyservice.KeyServiceException.Reason;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Streams whose file key is wrapped by a KEK on a SoftHSM2 token (stanza type 0x07, service "pkcs11"). */
class Pkcs11StreamTest {

    @Test
    void aStreamForTheTokenKeyReadsWithTheTokenAndNotWithAnother() throws Exception {
        SoftHsm hsm = SoftHsm.tokens();
        hsm.createKek("kek", "stream-orders");
        byte[] plain = new byte[100_000];
        new Random(0x16).nextBytes(plain);
        try (Pkcs11KeyService token = new Pkcs11KeyService(hsm.config("kek"), PinSource.fromFile(hsm.pinFile()));
                Pkcs11KeyService other = new Pkcs11KeyService(hsm.config("other"), PinSource.fromFile(hsm.pinFile()))) {
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            try (GmfluxOutputStream out = new GmfluxOutputStream(sink,
                    StreamSpec.builder().recipient(new KeyServiceRecipient(token, "stream-orders")).build())) {
                out.write(plain);
            }
            byte[] sealed = sink.toByteArray();

            assertThat(readAll(new GmfluxInputStream(new ByteArrayInputStream(sealed),
                    List.of(new KeyServiceIdentity(token))))).isEqualTo(plain);

            ByteArrayOutputStream released = new ByteArrayOutputStream();
            Throwable t = catchThrowable(() -> released.write(readAll(new GmfluxInputStream(
                    new ByteArrayInputStream(sealed), List.of(new KeyServiceIdentity(other))))));
            assertThat(t).isInstanceOf(StreamException.KeyServiceFailed.class).hasMessageContaining("stream-orders");
            assertThat(((StreamException.KeyServiceFailed) t).reason()).isEqualTo(Reason.KEY_NOT_FOUND);
            assertThat(released.size()).isZero();
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }
}
