package io.gmflux.bench.sm4;

import io.gmflux.codecs.jca.GmfluxProvider;
import io.gmflux.codecs.sm4.Sm4;
import java.time.Duration;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * gmflux's SM4 through its own JCA provider built with
 * {@link GmfluxProvider.Sm4Implementation#CONSTANT_TIME}: the constant-time engine (the Vector API
 * engine where it is accepted, else the bitsliced one) and, in GCM, the table-free GHASH, so
 * SM4-GCM is constant-time end to end. Used by the report's constant-time rows ({@code ct.sm4.*}),
 * each beside the same peers as the matching table-engine row.
 *
 * <p>{@link #prepare()} first waits (up to 60 s) for the choice of the constant-time engine, so the
 * ciphers are keyed on the engine that will serve the JVM; {@link #engineName()} says which.
 * Each CTR or GCM call takes a fresh IV with an {@code init} under the same key (the provider
 * refuses to encrypt twice under one key and IV, and keeps the expanded key across such inits). Not thread-safe.
 */
public class JcaConstantTimeSm4 {

    private static final int TAG = 16;

    private final byte[] in1k = new byte[1024];
    private final byte[] in64k = new byte[64 * 1024];
    private final byte[] out = new byte[64 * 1024 + TAG];
    private final byte[] gcmIv = new byte[12];
    private byte[] ctrIv;
    private long ivCounter;
    private String engineName;
    private Cipher ecb;
    private Cipher ctr;
    private Cipher gcm;
    private SecretKeySpec key;
    private byte[] aad;

    /** Waits for the constant-time engine's choice, then keys the three ciphers. */
    public void prepare() throws Exception {
        engineName = Sm4.awaitConstantTimeEngine(Duration.ofSeconds(60));
        SplittableRandom r = new SplittableRandom(42);
        byte[] k = new byte[16];
        byte[] iv = new byte[16];
        aad = new byte[16];
        r.nextBytes(k);
        r.nextBytes(iv);
        r.nextBytes(aad);
        r.nextBytes(in1k);
        r.nextBytes(in64k);
        key = new SecretKeySpec(k, "SM4");
        GmfluxProvider provider = new GmfluxProvider(GmfluxProvider.Sm4Implementation.CONSTANT_TIME);
        ecb = Cipher.getInstance("SM4/ECB/NoPadding", provider);
        ecb.init(Cipher.ENCRYPT_MODE, key);
        ctr = Cipher.getInstance("SM4/CTR/NoPadding", provider);
        ctrIv = iv;
        gcm = Cipher.getInstance("SM4/GCM/NoPadding", provider);
    }

    /** The constant-time engine in use, as {@link Sm4#constantTimeEngineName()} says. */
    public String engineName() {
        return engineName;
    }

    public int sm4Ecb1k() throws Exception {
        return ecb.doFinal(in1k, 0, in1k.length, out, 0);
    }

    public int sm4Ctr1k() throws Exception {
        return ctr(in1k);
    }

    public int sm4Ctr64k() throws Exception {
        return ctr(in64k);
    }

    public int sm4Gcm1k() throws Exception {
        return gcm(in1k);
    }

    public int sm4Gcm64k() throws Exception {
        return gcm(in64k);
    }

    /** A new IV per message, as the JCA provider requires for CTR and GCM encryption: bytes [end-8, end) count messages. */
    private void count(byte[] iv, int end) {
        long c = ++ivCounter;
        for (int i = 0; i < 8; i++) {
            iv[end - 1 - i] = (byte) (c >>> (8 * i));
        }
    }

    private int ctr(byte[] in) throws Exception {
        count(ctrIv, 16);
        ctr.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(ctrIv));
        return ctr.doFinal(in, 0, in.length, out, 0);
    }

    private int gcm(byte[] in) throws Exception {
        count(gcmIv, 12);
        gcm.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG * 8, gcmIv));
        gcm.updateAAD(aad);
        return gcm.doFinal(in, 0, in.length, out, 0);
    }
}
