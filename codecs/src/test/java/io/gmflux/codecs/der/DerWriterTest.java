package io.gmflux.codecs.der;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERBitString;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.DERTaggedObject;
import org.junit.jupiter.api.Test;

class DerWriterTest {

    @Test
    void writesExactlyWhatBouncyCastleWritesOnRandomStructures() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5eed_0003L);
        for (int c = 0; c < 1000; c++) {
            BigInteger i = new BigInteger(rnd.nextInt(1, 600), new java.util.Random(rnd.nextLong()));
            if (rnd.nextBoolean()) {
                i = i.negate();
            }
            byte[] octets = new byte[rnd.nextInt(0, 70000)];
            rnd.nextBytes(octets);
            byte[] mag = new byte[rnd.nextInt(0, 40)];
            rnd.nextBytes(mag);
            if (mag.length > 2 && rnd.nextBoolean()) {
                mag[0] = 0;
                mag[1] = 0;
            }
            String oid = rnd.nextInt(3) + "." + rnd.nextInt(0, 40) + "." + rnd.nextInt(0, 100000) + "." + (rnd.nextLong() >>> 1);
            ASN1EncodableVector v = new ASN1EncodableVector();
            v.add(new ASN1Integer(i));
            v.add(new ASN1Integer(new BigInteger(1, mag)));
            v.add(new DEROctetString(octets));
            v.add(new DERBitString(mag));
            v.add(new ASN1ObjectIdentifier(oid));
            v.add(DERNull.INSTANCE);
            v.add(new DERTaggedObject(true, 3, new ASN1Integer(7)));
            byte[] expected = new DERSequence(v).getEncoded("DER");
            BigInteger fi = i;
            byte[] ours = new DerWriter().sequence(s -> s
                    .integer(fi)
                    .unsignedInteger(mag)
                    .octetString(octets)
                    .bitString(mag)
                    .oid(oid)
                    .nullValue()
                    .constructed(DerTag.contextConstructed(3), t -> t.integer(7))).toByteArray();
            assertThat(ours).as("case %d", c).isEqualTo(expected);
        }
    }

    @Test
    void rejectsInvalidOids() {
        assertThatThrownBy(() -> new DerWriter().oid("1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DerWriter().oid("3.1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DerWriter().oid("1.40")).isInstanceOf(IllegalArgumentException.class);
    }
}
