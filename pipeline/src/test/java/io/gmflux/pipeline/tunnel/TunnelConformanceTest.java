package io.gmflux.pipeline.tunnel;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.format.Suite;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.asn1.gm.GMNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.agreement.SM2KeyExchange;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.macs.HMac;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.SM2KeyExchangePrivateParameters;
import org.bouncycastle.crypto.params.SM2KeyExchangePublicParameters;
import org.junit.jupiter.api.Test;

/**
 * A client written from codecs/PROXY.md alone, with BouncyCastle's SM2 key exchange, SM3, HMAC,
 * HKDF and SM4-GCM, talks to the gmflux server handler: the page and the code cannot drift apart.
 */
class TunnelConformanceTest {

    private static final X9ECParameters X9 = GMNamedCurves.getByName("sm2p256v1");
    private static final ECDomainParameters DOMAIN = new ECDomainParameters(X9.getCurve(), X9.getG(), X9.getN(), X9.getH());
    private static final byte[] ID = "1234567812345678".getBytes(StandardCharsets.US_ASCII);

    private static byte[] cat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] sm3(byte[] data) {
        SM3Digest d = new SM3Digest();
        d.update(data, 0, data.length);
        byte[] out = new byte[32];
        d.doFinal(out, 0);
        return out;
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        HMac m = new HMac(new SM3Digest());
        m.init(new KeyParameter(key));
        m.update(data, 0, data.length);
        byte[] out = new byte[32];
        m.doFinal(out, 0);
        return out;
    }

    private static byte[] expand(byte[] prk, String label, int len) {
        return expand(prk, ("gmflux-tunnel v1 " + label).getBytes(StandardCharsets.US_ASCII), len);
    }

    private static byte[] expand(byte[] prk, byte[] info, int len) {
        HKDFBytesGenerator g = new HKDFBytesGenerator(new SM3Digest());
        g.init(HKDFParameters.skipExtractParameters(prk, info));
        byte[] out = new byte[len];
        g.generateBytes(out, 0, len);
        return out;
    }

    private static byte[] gcm(boolean encrypt, byte[] secret, long seq, boolean last, byte[] in) throws Exception {
        byte[] key = expand(secret, cat("gmflux-tunnel v1 key".getBytes(StandardCharsets.US_ASCII), new byte[] {0x01}), 16);
        byte[] nonce = cat(expand(secret, "iv", 7),
                new byte[] {(byte) (seq >>> 24), (byte) (seq >>> 16), (byte) (seq >>> 8), (byte) seq, (byte) (last ? 1 : 0)});
        GCMBlockCipher c = (GCMBlockCipher) GCMBlockCipher.newInstance(new SM4Engine());
        c.init(encrypt, new AEADParameters(new KeyParameter(key), 128, nonce));
        byte[] out = new byte[c.getOutputSize(in.length)];
        int n = c.processBytes(in, 0, in.length, out, 0);
        c.doFinal(out, n);
        return out;
    }

    private static byte[] frame(int type, byte[] body) {
        return cat(new byte[] {(byte) type, (byte) (body.length >>> 8), (byte) body.length}, body);
    }

    private static byte[] drain(EmbeddedChannel ch) {
        return TunnelPair.drainOutbound(ch);
    }

    @Test
    void anIndependentClientFromThePageHandshakesAndExchangesRecordsAcrossAKeyUpdate() throws Exception {
        TunnelPair.Side app = new TunnelPair.Side();
        EmbeddedChannel server = new EmbeddedChannel(new TunnelHandshakeHandler(
                TunnelConfig.server(TunnelPair.SERVER.privateKey(), List.of(TunnelPair.CLIENT.publicKey()))), app);

        // §2 ClientHello: offers ZUC-256 (unknown preference is fine) then SM4-GCM, asks for 2^4 records per epoch.
        BigInteger r = new BigInteger(256, new SecureRandom()).mod(DOMAIN.getN().subtract(BigInteger.ONE)).add(BigInteger.ONE);
        byte[] ra = DOMAIN.getG().multiply(r).normalize().getEncoded(false);
        byte[] serverFp = sm3(TunnelPair.SERVER.publicKey().toUncompressed());
        byte[] clientFp = sm3(TunnelPair.CLIENT.publicKey().toUncompressed());
        byte[] ch = frame(0x01, cat("GMTN".getBytes(StandardCharsets.US_ASCII), new byte[] {0x01, 4, 1, 0x01},
                serverFp, clientFp, ra));
        assertThat(ch).hasSize(3 + 136 + 1);
        server.writeInbound(Unpooled.wrappedBuffer(ch));
        byte[] sh = drain(server);

        // §3 ServerHello
        assertThat(sh).hasSize(3 + 132);
        assertThat(Arrays.copyOf(sh, 6)).containsExactly(0x02, 0, 132, 0x01, 0x01, 4);
        byte[] rb = Arrays.copyOfRange(sh, 6, 71);
        byte[] sb = Arrays.copyOfRange(sh, 71, 103);
        SM2KeyExchange kx = new SM2KeyExchange();
        kx.init(new ParametersWithID(new SM2KeyExchangePrivateParameters(true,
                new ECPrivateKeyParameters(new BigInteger(1, TunnelPair.CLIENT.privateKey().toBytes()), DOMAIN),
                new ECPrivateKeyParameters(r, DOMAIN)), ID));
        byte[][] k = kx.calculateKeyWithConfirmation(256, sb, new ParametersWithID(new SM2KeyExchangePublicParameters(
                new ECPublicKeyParameters(X9.getCurve().decodePoint(TunnelPair.SERVER.publicKey().toUncompressed()), DOMAIN),
                new ECPublicKeyParameters(X9.getCurve().decodePoint(rb), DOMAIN)), ID));   // checks S_B = S_1
        byte[] sharedK = k[0];
        byte[] sa = k[1];

        // §4 key schedule
        byte[] th1 = sm3(cat(ch, Arrays.copyOf(sh, sh.length - 32)));
        byte[] hs = hmac(th1, sharedK);   // HKDF-Extract(salt = TH1, ikm = K)
        assertThat(Arrays.copyOfRange(sh, 103, 135)).as("server_verify").isEqualTo(hmac(expand(hs, "server finished", 32), th1));
        byte[] cfHead = cat(new byte[] {0x03, 0, 64}, sa);
        byte[] cf = cat(cfHead, hmac(expand(hs, "client finished", 32), sm3(cat(ch, sh, cfHead))));
        server.writeInbound(Unpooled.wrappedBuffer(cf));
        assertThat(app.errors).isEmpty();
        assertThat(app.events).containsExactly(new TunnelHandshakeCompleted(TunnelPair.CLIENT.publicKey(), Suite.SM4_GCM, 4));
        byte[] ms = hmac(sm3(cat(ch, sh, cf)), hs);
        byte[] c2s = expand(ms, "c2s", 32);
        byte[] s2c = expand(ms, "s2c", 32);

        // §6-§7: 40 records, keys moving on every 16.
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        byte[] secret = c2s;
        for (int i = 0; i < 40; i++) {
            if (i > 0 && i % 16 == 0) {
                secret = expand(secret, "ku", 32);
            }
            byte[] pt = ("record " + i).getBytes(StandardCharsets.US_ASCII);
            sent.writeBytes(pt);
            server.writeInbound(Unpooled.wrappedBuffer(frame(0x17, gcm(true, secret, i % 16, false, pt))));
        }
        assertThat(app.errors).isEmpty();
        assertThat(app.received.toByteArray()).isEqualTo(sent.toByteArray());

        // The server's records and close_notify open with the s2c keys.
        server.writeOutbound(Unpooled.copiedBuffer("pong", StandardCharsets.US_ASCII));
        server.close();
        byte[] out = drain(server);
        assertThat(out[0]).isEqualTo((byte) 0x17);
        int len = (out[1] & 0xff) << 8 | out[2] & 0xff;
        assertThat(gcm(false, s2c, 0, false, Arrays.copyOfRange(out, 3, 3 + len))).asString(StandardCharsets.US_ASCII).isEqualTo("pong");
        byte[] close = Arrays.copyOfRange(out, 3 + len, out.length);
        assertThat(Arrays.copyOf(close, 3)).containsExactly(0x15, 0, 16);
        assertThat(gcm(false, s2c, 1, true, Arrays.copyOfRange(close, 3, close.length))).isEmpty();
        server.finishAndReleaseAll();
    }
}
