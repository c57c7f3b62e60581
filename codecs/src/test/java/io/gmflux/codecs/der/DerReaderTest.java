package io.gmflux.codecs.der;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Hex;
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

class DerReaderTest {

    @Test
    void readsWhatBouncyCastleWritesOnRandomStructures() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5eed_0001L);
        for (int c = 0; c < 1000; c++) {
            BigInteger i = new BigInteger(rnd.nextInt(1, 600), new java.util.Random(rnd.nextLong()));
            if (rnd.nextBoolean()) {
                i = i.negate();
            }
            byte[] octets = new byte[rnd.nextInt(0, 300)];
            rnd.nextBytes(octets);
            byte[] bits = new byte[rnd.nextInt(0, 200)];
            rnd.nextBytes(bits);
            String oid = "1.2." + rnd.nextInt(0, 100000) + "." + (rnd.nextLong() >>> 2);
            ASN1EncodableVector v = new ASN1EncodableVector();
            v.add(new ASN1Integer(i));
            v.add(new DEROctetString(octets));
            v.add(new DERBitString(bits));
            v.add(new ASN1ObjectIdentifier(oid));
            v.add(DERNull.INSTANCE);
            v.add(new DERTaggedObject(true, 1, new DEROctetString(octets)));
            byte[] der = new DERSequence(v).getEncoded("DER");

            String at = "case " + c;
            DerReader r = DerReader.single(der, DerTag.SEQUENCE);
            assertThat(r.readBigInteger()).as(at).isEqualTo(i);
            assertThat(r.readOctetString()).as(at).isEqualTo(octets);
            assertThat(r.readBitString()).as(at).isEqualTo(bits);
            assertThat(r.readOid()).as(at).isEqualTo(oid);
            r.readNull();
            DerReader tagged = r.readConstructed(DerTag.contextConstructed(1));
            assertThat(tagged.readOctetString()).as(at).isEqualTo(octets);
            tagged.expectEnd();
            r.expectEnd();
        }
    }

    @Test
    void readsRawElementsWholeAndMovesPastThem() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5eed_0002L);
        for (int c = 0; c < 200; c++) {
            byte[] a = new byte[rnd.nextInt(0, 300)];
            rnd.nextBytes(a);
            byte[] b = new byte[rnd.nextInt(0, 300)];
            rnd.nextBytes(b);
            byte[] first = new DEROctetString(a).getEncoded("DER");
            byte[] second = new DERSequence(new DEROctetString(b)).getEncoded("DER");
            byte[] der = new DERSequence(new org.bouncycastle.asn1.ASN1Encodable[] {
                new DEROctetString(a), new DERSequence(new DEROctetString(b))}).getEncoded("DER");

            DerReader r = DerReader.single(der, DerTag.SEQUENCE);
            assertThat(r.readRawElement()).as("case %d", c).isEqualTo(first);
            assertThat(r.readRawElement()).as("case %d", c).isEqualTo(second);
            r.expectEnd();
        }
    }

    @Test
    void readsUnsignedIntegersIntoFixedWidth() throws Exception {
        byte[] der = new DerWriter().sequence(s -> s.integer(new BigInteger("ff", 16)).integer(BigInteger.ONE)).toByteArray();
        DerReader r = DerReader.single(der, DerTag.SEQUENCE);
        assertThat(r.readUnsignedInteger(4)).containsExactly(0, 0, 0, 0xff);
        assertThat(r.readUnsignedInteger(1)).containsExactly(1);
    }

    @Test
    void rejectsNegativeOrOversizedUnsignedIntegers() {
        assertThatThrownBy(() -> new DerReader(Hex.decode("0201ff")).readUnsignedInteger(32))
                .isInstanceOf(DerFormatException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> new DerReader(Hex.decode("0203010000")).readUnsignedInteger(2))
                .isInstanceOf(DerFormatException.class).hasMessageContaining("longer");
    }

    @Test
    void rejectsNonMinimalIntegers() {
        assertThatThrownBy(() -> new DerReader(Hex.decode("02020001")).readBigInteger())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("minimally");
        assertThatThrownBy(() -> new DerReader(Hex.decode("0202ff80")).readBigInteger())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("minimally");
        assertThatThrownBy(() -> new DerReader(Hex.decode("0200")).readBigInteger())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("empty");
    }

    @Test
    void rejectsBadLengths() {
        // indefinite length
        assertThatThrownBy(() -> new DerReader(Hex.decode("30800000")).readSequence())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("indefinite");
        // long form for a short length
        assertThatThrownBy(() -> new DerReader(Hex.decode("3081030201010000")).readSequence())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("minimally");
        // leading zero length octet
        assertThatThrownBy(() -> new DerReader(Hex.decode("308200830000")).readSequence())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("minimally");
        // runs past the end
        assertThatThrownBy(() -> new DerReader(Hex.decode("3005020101")).readSequence())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("remain");
        // length octets missing
        assertThatThrownBy(() -> new DerReader(Hex.decode("30")).readSequence())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("missing length");
        assertThatThrownBy(() -> new DerReader(Hex.decode("3084")).readSequence())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("past the end");
    }

    @Test
    void rejectsTrailingBytesAndWrongTags() {
        assertThatThrownBy(() -> DerReader.single(Hex.decode("300302010100"), DerTag.SEQUENCE))
                .isInstanceOf(DerFormatException.class).hasMessageContaining("trailing");
        assertThatThrownBy(() -> new DerReader(Hex.decode("040100")).readBigInteger())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("expected tag 0x2");
        assertThatThrownBy(() -> new DerReader(new byte[0]).readSequence())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("end");
    }

    @Test
    void rejectsMalformedBitStringsAndOids() {
        assertThatThrownBy(() -> new DerReader(Hex.decode("0300")).readBitString())
                .isInstanceOf(DerFormatException.class);
        assertThatThrownBy(() -> new DerReader(Hex.decode("030203ff")).readBitString())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("unused bits");
        assertThatThrownBy(() -> new DerReader(Hex.decode("06022a86")).readOid())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("ends inside");
        assertThatThrownBy(() -> new DerReader(Hex.decode("0603 2a8001".replace(" ", ""))).readOid())
                .isInstanceOf(DerFormatException.class).hasMessageContaining("non-minimal");
        assertThatThrownBy(() -> new DerReader(Hex.decode("0600")).readOid())
                .isInstanceOf(DerFormatException.class);
        assertThatThrownBy(() -> new DerReader(Hex.decode("050100")).readNull())
                .isInstanceOf(DerFormatException.class);
    }

    @Test
    void neverThrowsAnythingButDerFormatExceptionOnRandomMutations() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5eed_0002L);
        byte[] good = new DerWriter().sequence(s -> s
                .integer(new BigInteger("123456789abcdef0123456789abcdef", 16))
                .octetString(new byte[40])
                .oid("1.2.156.10197.1.301")
                .constructed(DerTag.contextConstructed(0), t -> t.bitString(new byte[20]))).toByteArray();
        for (int c = 0; c < 5000; c++) {
            byte[] bad = good.clone();
            int flips = rnd.nextInt(1, 4);
            for (int f = 0; f < flips; f++) {
                bad[rnd.nextInt(bad.length)] ^= (byte) (1 << rnd.nextInt(8));
            }
            if (rnd.nextInt(4) == 0) {
                bad = java.util.Arrays.copyOf(bad, rnd.nextInt(bad.length));
            }
            try {
                DerReader r = DerReader.single(bad, DerTag.SEQUENCE);
                r.readBigInteger();
                r.readOctetString();
                r.readOid();
                r.readConstructed(DerTag.contextConstructed(0)).readBitString();
                r.expectEnd();
            } catch (DerFormatException expected) {
                // the only acceptable failure
            }
        }
    }
}
