package io.gmflux.codecs.jca;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.DEROctetString;
import org.junit.jupiter.api.Test;

class DerTest {

    @Test
    void encodesIntegersAndOctetStringsLikeBouncyCastle() throws Exception {
        SplittableRandom rnd = new SplittableRandom(8);
        for (int i = 0; i < 2000; i++) {
            int value = i < 600 ? i : rnd.nextInt(1 << rnd.nextInt(1, 31));
            byte[] ours = Der.encodeInteger(value);
            assertThat(ours).as("INTEGER " + value).isEqualTo(new ASN1Integer(value).getEncoded());
            assertThat(new Der.Reader(ours).readInteger()).isEqualTo(value);

            byte[] contents = new byte[i < 600 ? i : rnd.nextInt(0, 70_000)];
            rnd.nextBytes(contents);
            byte[] octets = Der.encode(Der.OCTET_STRING, contents);
            assertThat(octets).as("OCTET STRING of " + contents.length).isEqualTo(new DEROctetString(contents).getEncoded());
            Der.Reader r = new Der.Reader(octets);
            assertThat(r.read(Der.OCTET_STRING)).isEqualTo(contents);
            r.expectEnd();
        }
    }

    @Test
    void refusesNonMinimalAndTruncatedEncodings() {
        for (String hex : new String[] {"020100ff", "0202007f", "0201ff", "020500ffffffff", "02020001", "0200",
            "04810100", "0482000100", "0402aa", "05020000", "04"}) {
            byte[] b = HexFormat.of().parseHex(hex);
            assertThatThrownBy(() -> {
                Der.Reader r = new Der.Reader(b);
                if (b[0] == Der.INTEGER) {
                    r.readInteger();
                } else {
                    r.read(Der.OCTET_STRING);
                }
                r.expectEnd();
            }).as(hex).isInstanceOf(IOException.class);
        }
    }
}
