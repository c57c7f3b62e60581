package io.gmflux.codecs.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.testing.RandomInputs;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.Test;

/**
 * Reads streams written by gmflux with an independent decoder built from FORMAT.md and
 * BouncyCastle's primitives alone, so the implementation and the written format cannot drift apart.
 */
class FormatConformanceTest {

    @Test
    void sm4GcmPassphraseStreamFollowsFormatMdByteForByte() throws Exception {
        checkWithIndependentDecoder(Suite.SM4_GCM);
    }

    @Test
    void sm4CtrHmacPassphraseStreamFollowsFormatMdByteForByte() throws Exception {
        checkWithIndependentDecoder(Suite.SM4_CTR_HMAC_SM3);
    }

    /**
     * §5 type 0x04 decoded with BouncyCastle alone: both private keys parsed by BouncyCastle from
     * the key file's DER, SM2-KEM as [d]C1 and the GB/T 32918 KDF (KDF2 with SM3), ML-KEM-768
     * decapsulation, the hybrid combiner, the wrap, the key id and the header MAC.
     */
    @Test
    void hybridStanzaFollowsFormatMdWithBouncyCastleAlone() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0xc0_0010L);
        Sm2MlKem768PrivateKey key = Sm2MlKem768PrivateKey.generate(new java.security.SecureRandom());
        byte[] s = StreamFixtures.encrypt(StreamSpec.builder().recipient(key.recipient()).build(),
                RandomInputs.random(rnd, 100), rnd);
        byte[] salt = Arrays.copyOfRange(s, 10, 42);
        assertThat(s[44]).isEqualTo((byte) 0x04);
        int bodyLen = ((s[45] & 0xff) << 8) | (s[46] & 0xff);
        assertThat(bodyLen).isEqualTo(8 + 65 + 1088 + 48);
        byte[] body = Arrays.copyOfRange(s, 47, 47 + bodyLen);
        int macOff = 47 + bodyLen;

        org.bouncycastle.asn1.ASN1Sequence pub = org.bouncycastle.asn1.ASN1Sequence.getInstance(key.recipient().toDer());
        SM3Digest idHash = new SM3Digest();
        byte[] idLabel = ascii("gmflux/v1 key id");
        idHash.update(idLabel, 0, idLabel.length);
        byte[] pubDer = key.recipient().toDer();
        idHash.update(pubDer, 0, pubDer.length);
        byte[] keyId = new byte[32];
        idHash.doFinal(keyId, 0);
        assertThat(Arrays.copyOf(body, 8)).isEqualTo(Arrays.copyOf(keyId, 8));
        assertThat(pub.size()).isEqualTo(2);

        org.bouncycastle.asn1.ASN1Sequence priv = org.bouncycastle.asn1.ASN1Sequence.getInstance(key.toDer());
        org.bouncycastle.crypto.params.ECPrivateKeyParameters sm2 = (org.bouncycastle.crypto.params.ECPrivateKeyParameters)
                org.bouncycastle.crypto.util.PrivateKeyFactory.createKey(priv.getObjectAt(0).toASN1Primitive().getEncoded());
        org.bouncycastle.crypto.params.MLKEMPrivateKeyParameters mlkem =
                (org.bouncycastle.crypto.params.MLKEMPrivateKeyParameters) org.bouncycastle.crypto.util.PrivateKeyFactory
                        .createKey(priv.getObjectAt(1).toASN1Primitive().getEncoded());

        byte[] c1 = Arrays.copyOfRange(body, 8, 73);
        byte[] ct = Arrays.copyOfRange(body, 73, 73 + 1088);
        org.bouncycastle.math.ec.ECPoint p = sm2.getParameters().getCurve().decodePoint(c1).multiply(sm2.getD()).normalize();
        byte[] z = concat(p.getAffineXCoord().getEncoded(), p.getAffineYCoord().getEncoded());
        org.bouncycastle.crypto.generators.KDF2BytesGenerator kdf =
                new org.bouncycastle.crypto.generators.KDF2BytesGenerator(new SM3Digest());
        kdf.init(new org.bouncycastle.crypto.params.KDFParameters(z, new byte[0]));
        byte[] ssSm2 = new byte[32];
        kdf.generateBytes(ssSm2, 0, 32);
        byte[] ssMlkem = new org.bouncycastle.crypto.kems.MLKEMExtractor(mlkem).extractSecret(ct);
        byte[] enc = concat(c1, ct);
        byte[] ss = hkdf(salt, concat(ssSm2, ssMlkem), concat(ascii("gmflux/v1 hybrid"), enc), 32);
        byte[] wrapKey = hkdf(salt, ss, concat(ascii("gmflux/v1 wrap"), new byte[] {4}, enc), 16);
        byte[] fileKey = gcm(false, wrapKey, new byte[12], concat(new byte[] {4}, Arrays.copyOf(body, 8)),
                Arrays.copyOfRange(body, 73 + 1088, bodyLen));
        assertThat(fileKey).hasSize(32);

        assertHeaderMac(s, macOff, salt, fileKey);
    }

    /**
     * §5 type 0x07 decoded from the page: the body's fields, the key id over the service type and
     * key id, the context the service authenticates, the wrap under ss and the header MAC. The
     * service itself (the in-memory test service) is the one black box.
     */
    @Test
    void keyServiceStanzaFollowsFormatMd() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0xc0_0020L);
        io.gmflux.codecs.keyservice.InMemoryKeyService service =
                new io.gmflux.codecs.keyservice.InMemoryKeyService("memory", "orders");
        byte[] s = StreamFixtures.encrypt(StreamSpec.builder().recipient(new KeyServiceRecipient(service, "orders"))
                .build(), RandomInputs.random(rnd, 100), rnd);
        byte[] salt = Arrays.copyOfRange(s, 10, 42);
        assertThat(s[44]).isEqualTo((byte) 0x07);
        int bodyLen = ((s[45] & 0xff) << 8) | (s[46] & 0xff);
        byte[] body = Arrays.copyOfRange(s, 47, 47 + bodyLen);
        int macOff = 47 + bodyLen;

        int p = 8;
        int ls = body[p++] & 0xff;
        String type = new String(body, p, ls, StandardCharsets.US_ASCII);
        p += ls;
        int lk = body[p++] & 0xff;
        byte[] kekId = Arrays.copyOfRange(body, p, p + lk);
        p += lk;
        int lw = ((body[p] & 0xff) << 8) | (body[p + 1] & 0xff);
        p += 2;
        byte[] serviceWrapped = Arrays.copyOfRange(body, p, p + lw);
        p += lw;
        assertThat(type).isEqualTo("memory");
        assertThat(new String(kekId, StandardCharsets.UTF_8)).isEqualTo("orders/v1");
        assertThat(bodyLen - p).isEqualTo(48);

        SM3Digest idHash = new SM3Digest();
        byte[] idInput = concat(ascii("gmflux/v1 key id"), new byte[] {(byte) ls}, ascii(type), kekId);
        idHash.update(idInput, 0, idInput.length);
        byte[] keyId = new byte[32];
        idHash.doFinal(keyId, 0);
        assertThat(Arrays.copyOf(body, 8)).isEqualTo(Arrays.copyOf(keyId, 8));

        byte[] context = concat(ascii("gmflux/v1 key service"), new byte[] {7}, Arrays.copyOf(body, 8), salt);
        byte[] ss = service.unwrap(kekId, serviceWrapped, context);
        assertThat(ss).hasSize(32);
        byte[] enc = Arrays.copyOfRange(body, 8, p);
        byte[] wrapKey = hkdf(salt, ss, concat(ascii("gmflux/v1 wrap"), new byte[] {7}, enc), 16);
        byte[] fileKey = gcm(false, wrapKey, new byte[12], concat(new byte[] {7}, Arrays.copyOf(body, 8)),
                Arrays.copyOfRange(body, p, bodyLen));
        assertThat(fileKey).hasSize(32);

        assertHeaderMac(s, macOff, salt, fileKey);
    }

    private static void checkWithIndependentDecoder(Suite suite) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0xc0_0001L + suite.id());
        int chunk = 4096;
        byte[] plain = RandomInputs.random(rnd, 3 * chunk + 1234);
        StreamSpec spec = StreamSpec.builder().suite(suite).chunkSize(chunk)
                .recipient(StreamFixtures.passphrase()).build();
        byte[] s = StreamFixtures.encrypt(spec, plain, rnd);

        // §1 fixed part
        assertThat(Arrays.copyOf(s, 4)).isEqualTo("GMFX".getBytes(StandardCharsets.US_ASCII));
        assertThat(s[4]).isEqualTo((byte) 1);
        assertThat(s[5]).isEqualTo((byte) suite.id());
        assertThat(Bytes.getIntBE(s, 6)).isEqualTo(chunk);
        byte[] salt = Arrays.copyOfRange(s, 10, 42);
        assertThat(((s[42] & 0xff) << 8) | (s[43] & 0xff)).isEqualTo(1);
        // §5 passphrase stanza
        assertThat(s[44]).isEqualTo((byte) 0x06);
        int bodyLen = ((s[45] & 0xff) << 8) | (s[46] & 0xff);
        assertThat(bodyLen).isEqualTo(16 + 4 + 48);
        byte[] body = Arrays.copyOfRange(s, 47, 47 + bodyLen);
        int macOff = 47 + bodyLen;
        byte[] pbkdfSalt = Arrays.copyOf(body, 16);
        int iterations = Bytes.getIntBE(body, 16);
        assertThat(iterations).isEqualTo(StreamFixtures.FAST_ITERATIONS);

        PKCS5S2ParametersGenerator pbkdf2 = new PKCS5S2ParametersGenerator(new SM3Digest());
        pbkdf2.init(new String(StreamFixtures.PASSPHRASE).getBytes(StandardCharsets.UTF_8), pbkdfSalt, iterations);
        byte[] ss = ((KeyParameter) pbkdf2.generateDerivedParameters(256)).getKey();
        byte[] wrapKey = hkdf(salt, ss, concat(ascii("gmflux/v1 wrap"), new byte[] {6}, Arrays.copyOf(body, 20)), 16);
        byte[] fileKey = gcm(false, wrapKey, new byte[12], concat(new byte[] {6}, new byte[8]),
                Arrays.copyOfRange(body, 20, bodyLen));
        assertThat(fileKey).hasSize(32);

        // §1 header MAC
        assertHeaderMac(s, macOff, salt, fileKey);

        // §2 payload key, §3 chunks
        byte[] payload = hkdf(salt, fileKey, concat(ascii("gmflux/v1 payload"), new byte[] {(byte) suite.id()}),
                suite.keyLength() + 7);
        byte[] prefix = Arrays.copyOfRange(payload, suite.keyLength(), suite.keyLength() + 7);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int pos = macOff + 32;
        int sealedChunk = chunk + suite.tagLength();
        for (int i = 0; pos < s.length; i++) {
            int len = Math.min(sealedChunk, s.length - pos);
            boolean last = pos + len == s.length;
            byte[] nonce = concat(prefix, new byte[] {0, 0, 0, (byte) i}, new byte[] {(byte) (last ? 1 : 0)});
            byte[] sealed = Arrays.copyOfRange(s, pos, pos + len);
            out.writeBytes(suite == Suite.SM4_GCM
                    ? gcm(false, Arrays.copyOf(payload, 16), nonce, new byte[0], sealed)
                    : ctrHmac(payload, nonce, sealed));
            pos += len;
        }
        assertThat(out.toByteArray()).isEqualTo(plain);
    }

    private static byte[] ctrHmac(byte[] payload, byte[] nonce, byte[] sealed) {
        int n = sealed.length - 32;
        HMac hmac = new HMac(new SM3Digest());
        hmac.init(new KeyParameter(Arrays.copyOfRange(payload, 16, 48)));
        hmac.update(nonce, 0, 12);
        hmac.update(sealed, 0, n);
        byte[] tag = new byte[32];
        hmac.doFinal(tag, 0);
        assertThat(Arrays.copyOfRange(sealed, n, sealed.length)).isEqualTo(tag);
        SICBlockCipher ctr = new SICBlockCipher(new SM4Engine());
        ctr.init(false, new ParametersWithIV(new KeyParameter(Arrays.copyOf(payload, 16)), concat(nonce, new byte[4])));
        byte[] pt = new byte[n];
        ctr.processBytes(sealed, 0, n, pt, 0);
        return pt;
    }

    /** FORMAT.md §1: header_mac = HMAC-SM3(HKDF(salt, file_key, "gmflux/v1 header", 32), header[0 .. macOff)). */
    private static void assertHeaderMac(byte[] s, int macOff, byte[] salt, byte[] fileKey) {
        byte[] headerKey = hkdf(salt, fileKey, ascii("gmflux/v1 header"), 32);
        HMac hmac = new HMac(new SM3Digest());
        hmac.init(new KeyParameter(headerKey));
        hmac.update(s, 0, macOff);
        byte[] mac = new byte[32];
        hmac.doFinal(mac, 0);
        assertThat(Arrays.copyOfRange(s, macOff, macOff + 32)).isEqualTo(mac);
    }

    private static byte[] hkdf(byte[] salt, byte[] ikm, byte[] info, int len) {
        HKDFBytesGenerator g = new HKDFBytesGenerator(new SM3Digest());
        g.init(new HKDFParameters(ikm, salt, info));
        byte[] out = new byte[len];
        g.generateBytes(out, 0, len);
        return out;
    }

    private static byte[] gcm(boolean encrypt, byte[] key, byte[] nonce, byte[] aad, byte[] in) throws Exception {
        GCMBlockCipher g = new GCMBlockCipher(new SM4Engine());
        g.init(encrypt, new AEADParameters(new KeyParameter(key), 128, nonce, aad));
        byte[] out = new byte[g.getOutputSize(in.length)];
        int n = g.processBytes(in, 0, in.length, out, 0);
        n += g.doFinal(out, n);
        return Arrays.copyOf(out, n);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] concat(byte[]... parts) {
        return StreamKeys.concat(parts);
    }
}
