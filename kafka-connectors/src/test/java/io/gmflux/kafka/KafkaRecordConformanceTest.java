package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.format.Suite;
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
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.PlainDSAEncoding;
import org.bouncycastle.crypto.signers.SM2Signer;
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

    private static final TestKeys PRODUCER = TestKeys.create("producer");

    @Test
    void bouncyCastleDecoderFollowingFormatMdReadsSerializerOutput() throws Exception {
        BigInteger d = new BigInteger(1, Sm2KeyEncoding.privateKeyFromPem(ALICE.privateText).toBytes());
        ECPoint producer = curve().getCurve().decodePoint(
                Sm2KeyEncoding.publicKeyFromPem(PRODUCER.publicText).toUncompressed());
        SplittableRandom rnd = new SplittableRandom(0xf0a7L);
        try (GmfluxSerializer<byte[]> unsigned = Configured.serializer(ALICE, GmfluxConfig.ROTATE_RECORDS, 7);
                GmfluxSerializer<byte[]> signed = Configured.serializer(ALICE, GmfluxConfig.ROTATE_RECORDS, 7,
                        GmfluxConfig.PRODUCER_KEY, PRODUCER.privatePem.toString())) {
            for (int c = 0; c < 40; c++) {
                byte[] plain = new byte[rnd.nextInt(3000)];
                rnd.nextBytes(plain);
                String topic = "orders-" + (c % 3) + "-主题";
                Headers h = new RecordHeaders();
                byte[] value = (c % 2 == 0 ? unsigned : signed).serialize(topic, h, plain);
                byte[] header = h.lastHeader("gmflux.dek").value();
                assertThat(decode(topic, header, value, d, c % 2 == 0 ? null : producer)).as("case %d (seed 0xf0a7)", c)
                        .isEqualTo(plain);
            }
        }
    }

    private static X9ECParameters curve() {
        return GMNamedCurves.getByName("sm2p256v1");
    }

    /**
     * FORMAT.md §7.4, for an SM2 private key {@code d}, suite 0x01 and, when {@code producer} is
     * not null, a header signed by that SM2 public key.
     */
    private static byte[] decode(String topic, byte[] header, byte[] value, BigInteger d, ECPoint producer)
            throws Exception {
        // §7.1 header: version, suite, dek_id, n, stanzas, commitment, signer
        assertThat(header[0]).isEqualTo((byte) 2);
        assertThat(header[1]).isEqualTo((byte) Suite.SM4_GCM.id());
        ByteBuffer hb = ByteBuffer.wrap(header, 2, header.length - 2);
        byte[] dekId = new byte[16];
        hb.get(dekId);
        int n = hb.get() & 0xff;
        assertThat(n).isEqualTo(1);
        int type = hb.get() & 0xff;
        byte[] body = new byte[hb.getShort() & 0xffff];
        hb.get(body);
        assertThat(type).isEqualTo(0x01);
        int committedLength = hb.position();
        byte[] commitment = new byte[32];
        hb.get(commitment);
        int signer = hb.get() & 0xff;
        if (producer == null) {
            assertThat(signer).isZero();
            assertThat(hb.remaining()).isZero();
        } else {
            // SM2 signature (default user ID, raw r || s) over label || header[0, c+41) || topic
            assertThat(signer).isEqualTo(1);
            assertThat(hb.remaining()).isEqualTo(8 + 64);
            int signedLength = header.length - 64;
            SM2Signer verifier = new SM2Signer(PlainDSAEncoding.INSTANCE);
            verifier.init(false, new ECPublicKeyParameters(producer, new ECDomainParameters(curve())));
            byte[] message = concat(ascii("gmflux/kafka/v2 producer"), Arrays.copyOf(header, signedLength),
                    topic.getBytes(StandardCharsets.UTF_8));
            verifier.update(message, 0, message.length);
            assertThat(verifier.verifySignature(Arrays.copyOfRange(header, signedLength, header.length))).isTrue();
        }
        // §7.3 value: version, counter, sealed
        assertThat(value[0]).isEqualTo((byte) 2);
        byte[] counter = Arrays.copyOfRange(value, 1, 5);
        byte[] sealed = Arrays.copyOfRange(value, 5, value.length);
        // §7.1 SM2 stanza: key_id(8) || C1 compressed (33) || wrapped(48); §5 with C1 = the decompressed
        // point, 04 || x || y; ss = KDF(x2 || y2, 32); salt = dek_id
        assertThat(body).hasSize(89);
        byte[] keyId = Arrays.copyOf(body, 8);
        assertThat(body[8]).isIn((byte) 2, (byte) 3);
        ECPoint c1Point = CustomNamedCurves.getByName("sm2p256v1").getCurve().decodePoint(Arrays.copyOfRange(body, 8, 41));
        byte[] c1 = c1Point.getEncoded(false);
        byte[] wrapped = Arrays.copyOfRange(body, 41, 89);
        ECPoint shared = c1Point.multiply(d).normalize();
        byte[] xy = concat(shared.getAffineXCoord().getEncoded(), shared.getAffineYCoord().getEncoded());
        KDF2BytesGenerator kdf = new KDF2BytesGenerator(new SM3Digest());
        kdf.init(new KDFParameters(xy, null));
        byte[] ss = new byte[32];
        kdf.generateBytes(ss, 0, 32);
        byte[] wrapKey = hkdf(dekId, ss, concat(ascii("gmflux/v1 wrap"), new byte[] {1}, c1), 16);
        byte[] dek = gcmOpen(wrapKey, new byte[12], concat(new byte[] {1}, keyId), wrapped);
        // §7.2 commitment: HMAC-SM3(HKDF(dek_id, dek, "gmflux/kafka/v2 commit", 32), header[0, c))
        HMac hmac = new HMac(new SM3Digest());
        hmac.init(new KeyParameter(hkdf(dekId, dek, ascii("gmflux/kafka/v2 commit"), 32)));
        hmac.update(header, 0, committedLength);
        byte[] expected = new byte[32];
        hmac.doFinal(expected, 0);
        assertThat(commitment).isEqualTo(expected);
        // §7.2 record key and nonce
        SM3Digest sm3 = new SM3Digest();
        sm3.update(header, 0, header.length);
        byte[] headerDigest = new byte[32];
        sm3.doFinal(headerDigest, 0);
        byte[] record = hkdf(dekId, dek,
                concat(ascii("gmflux/kafka/v2 record"), headerDigest, topic.getBytes(StandardCharsets.UTF_8)), 16 + 7);
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
