package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.format.StreamSuite;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.bouncycastle.asn1.gm.GMNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.generators.KDF2BytesGenerator;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.GCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.bouncycastle.crypto.params.KDFParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Test;

/**
 * Decodes records written by {@link GmfluxSerializer} with an independent decoder built from
 * codecs/FORMAT.md §7 (and §5 for the SM2 stanza) and BouncyCastle's primitives only, so the code
 * and the specification cannot drift apart.
 */
class KafkaRecordConformanceTest {

    private static final TestKeys ALICE = TestKeys.create("alice");

    @Test
    void bouncyCastleDecoderFollowingFormatMdReadsSerializerOutput() throws Exception {
        BigInteger d = new BigInteger(1, Sm2KeyEncoding.privateKeyFromPem(ALICE.privateText).toBytes());
        SplittableRandom rnd = new SplittableRandom(0xf0a7L);
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE, GmfluxConfig.ROTATE_RECORDS, 7)) {
            for (int c = 0; c < 40; c++) {
                byte[] plain = new byte[rnd.nextInt(3000)];
                rnd.nextBytes(plain);
                String topic = "orders-" + (c % 3) + "-主题";
                Headers h = new RecordHeaders();
                byte[] value = s.serialize(topic, h, plain);
                byte[] header = h.lastHeader("gmflux.dek").value();
                assertThat(decode(topic, header, value, d)).as("case %d (seed 0xf0a7)", c).isEqualTo(plain);
            }
        }
    }

    /** FORMAT.md §7.4, for an SM2 private key {@code d} and suite 0x01. */
    private static byte[] decode(String topic, byte[] header, byte[] value, BigInteger d) throws Exception {
        // §7.1 header: version, suite, n, stanzas
        assertThat(header[0]).isEqualTo((byte) 1);
        assertThat(header[1]).isEqualTo((byte) StreamSuite.SM4_GCM.id());
        ByteBuffer hb = ByteBuffer.wrap(header, 2, header.length - 2);
        int n = hb.getShort() & 0xffff;
        assertThat(n).isEqualTo(1);
        int type = hb.get() & 0xff;
        byte[] body = new byte[hb.getShort() & 0xffff];
        hb.get(body);
        assertThat(hb.remaining()).isZero();
        assertThat(type).isEqualTo(0x01);
        // §7.3 value: version, dek_id, counter, sealed
        assertThat(value[0]).isEqualTo((byte) 1);
        byte[] dekId = Arrays.copyOfRange(value, 1, 17);
        byte[] counter = Arrays.copyOfRange(value, 17, 21);
        byte[] sealed = Arrays.copyOfRange(value, 21, value.length);
        // §5 SM2 stanza: key_id(8) || C1(65) || wrapped(48); ss = KDF(x2 || y2, 32); salt = dek_id (§7.1)
        byte[] keyId = Arrays.copyOf(body, 8);
        byte[] c1 = Arrays.copyOfRange(body, 8, 73);
        byte[] wrapped = Arrays.copyOfRange(body, 73, 121);
        assertThat(body).hasSize(121);
        X9ECParameters curve = GMNamedCurves.getByName("sm2p256v1");
        ECPoint shared = curve.getCurve().decodePoint(c1).multiply(d).normalize();
        byte[] xy = concat(shared.getAffineXCoord().getEncoded(), shared.getAffineYCoord().getEncoded());
        KDF2BytesGenerator kdf = new KDF2BytesGenerator(new SM3Digest());
        kdf.init(new KDFParameters(xy, null));
        byte[] ss = new byte[32];
        kdf.generateBytes(ss, 0, 32);
        byte[] wrapKey = hkdf(dekId, ss, concat(ascii("gmflux/v1 wrap"), new byte[] {1}, c1), 16);
        byte[] dek = gcmOpen(wrapKey, new byte[12], concat(new byte[] {1}, keyId), wrapped);
        // §7.2 record key and nonce
        SM3Digest sm3 = new SM3Digest();
        sm3.update(header, 0, header.length);
        byte[] headerDigest = new byte[32];
        sm3.doFinal(headerDigest, 0);
        byte[] record = hkdf(dekId, dek,
                concat(ascii("gmflux/kafka/v1 record"), headerDigest, topic.getBytes(StandardCharsets.UTF_8)), 16 + 7);
        byte[] nonce = concat(Arrays.copyOfRange(record, 16, 23), counter, new byte[] {1});
        return gcmOpen(Arrays.copyOf(record, 16), nonce, new byte[0], sealed);
    }

    private static byte[] hkdf(byte[] salt, byte[] ikm, byte[] info, int len) {
        HKDFBytesGenerator g = new HKDFBytesGenerator(new SM3Digest());
        g.init(new HKDFParameters(ikm, salt, info));
        byte[] out = new byte[len];
        g.generateBytes(out, 0, len);
        return out;
    }

    private static byte[] gcmOpen(byte[] key, byte[] nonce, byte[] aad, byte[] in) throws Exception {
        GCMModeCipher g = GCMBlockCipher.newInstance(new SM4Engine());
        g.init(false, new AEADParameters(new KeyParameter(key), 128, nonce, aad));
        byte[] out = new byte[g.getOutputSize(in.length)];
        int k = g.processBytes(in, 0, in.length, out, 0);
        k += g.doFinal(out, k);
        return Arrays.copyOf(out, k);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }
}
