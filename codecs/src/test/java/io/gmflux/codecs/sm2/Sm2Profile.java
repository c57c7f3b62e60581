package io.gmflux.codecs.sm2;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.engines.SM2Engine;
import org.bouncycastle.crypto.generators.ECKeyPairGenerator;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECKeyGenerationParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.SM2Signer;

/**
 * Development tool: CPU time per call of SM2's building blocks and operations, with BouncyCastle's
 * lightweight SM2 in the same JVM, alternating rounds after a warm-up. Not a test; run by hand.
 *
 * <p>{@code -Dvs=<class path>} adds a second copy of every selected operation, loaded from that class path in its own
 * class loader and reported as {@code name@vs}, in the same rounds: a same-JVM A/B of two builds of gmflux (for
 * instance target/classes against the multi-release codecs jar). The class path must hold this class, gmflux-codecs,
 * gmflux-testing and BouncyCastle.
 */
public final class Sm2Profile {

    /** One timed call; a Callable so that the copy from the -Dvs class loader runs through the same type. */
    interface Op extends Callable<Object> {
    }

    static volatile Object sink;

    private static final java.security.Provider BC_JCA = new org.bouncycastle.jce.provider.BouncyCastleProvider();

    public static void main(String[] args) throws Exception {
        String filter = args.length > 0 ? args[0] : "";
        Map<String, Callable<Object>> ops = new LinkedHashMap<>(ops(filter));
        String vs = System.getProperty("vs");
        if (vs != null) {
            ops = interleave(ops, vs, filter);
        }
        measure(ops);
    }

    /** The operations of this copy, and after each one its twin from the class path {@code vs}. */
    @SuppressWarnings("unchecked")
    private static Map<String, Callable<Object>> interleave(Map<String, Callable<Object>> ops, String vs, String filter)
            throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : vs.split(File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        ClassLoader other = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
        Map<String, Callable<Object>> twins = (Map<String, Callable<Object>>) other.loadClass(Sm2Profile.class.getName())
                .getDeclaredMethod("ops", String.class).invoke(null, filter);
        Map<String, Callable<Object>> both = new LinkedHashMap<>();
        for (Map.Entry<String, Callable<Object>> e : ops.entrySet()) {
            both.put(e.getKey(), e.getValue());
            both.put(e.getKey() + "@vs", twins.get(e.getKey()));
        }
        return both;
    }

    /** The operations whose names match {@code filter} (all when empty), set up and checked. */
    public static Map<String, Callable<Object>> ops(String filter) throws Exception {
        SecureRandom random = new SecureRandom();
        Sm2FieldP f = Sm2Curve.FP;
        long[] a = {0x123456789abcdefL, 0xfedcba9876543210L, 0x0f1e2d3c4b5a6978L, 0x8877665544332211L};
        long[] b = {0x1111111111111111L, 0x2222222222222222L, 0x3333333333333333L, 0x4444444444444444L};
        long[] r = new long[4];
        PointArithmetic pa = new PointArithmetic();
        JacobianPoint p = new JacobianPoint();
        p.setAffine(Sm2Curve.GX, Sm2Curve.GY);
        pa.twice(p, p);
        long[] k = {0x53BBF40939D54120L, 0x7203DF6B21C6052BL, 0xFFFFFFFFFFFFFFF0L, 0x7FFFFFFEFFFFFFFFL};
        JacobianPoint q = new JacobianPoint();
        Sm2KeyPair pair = Sm2KeyPair.generate(random);
        byte[] msg = new byte[64];
        Sm2Signer signer = new Sm2Signer(pair.privateKey(), IdentityHash.defaultUserId(), random);
        Sm2Verifier verifier = new Sm2Verifier(pair.publicKey());
        byte[] sig = signer.signDer(msg);
        for (int i = 0; i < Sm2Verifier.COMB_AFTER; i++) { // steady state: the key has proven reused
            verifier.verifyDer(msg, sig);
        }
        PublicMultiplier pm = new PublicMultiplier();
        long[] keyComb = PublicMultiplier.keyTable(pair.publicKey().x, pair.publicKey().y);
        java.security.KeyPairGenerator jcaGen = java.security.KeyPairGenerator.getInstance("EC", BC_JCA);
        jcaGen.initialize(new java.security.spec.ECGenParameterSpec("sm2p256v1"), random);
        java.security.KeyPair jcaPair = jcaGen.generateKeyPair();
        java.security.Signature jcaSigner = java.security.Signature.getInstance("SM3withSM2", BC_JCA);
        jcaSigner.initSign(jcaPair.getPrivate(), random);
        jcaSigner.update(msg);
        byte[] jcaSig = jcaSigner.sign();
        java.security.Signature gmJca = java.security.Signature.getInstance("SM3withSM2", new io.gmflux.codecs.jca.GmfluxProvider());
        java.security.Signature bcJca = java.security.Signature.getInstance("SM3withSM2", BC_JCA);
        Op gmJcaVerify = () -> { gmJca.initVerify(jcaPair.getPublic()); gmJca.update(msg); return gmJca.verify(jcaSig); };
        Op bcJcaVerify = () -> { bcJca.initVerify(jcaPair.getPublic()); bcJca.update(msg); return bcJca.verify(jcaSig); };
        for (int i = 0; i < Sm2Verifier.COMB_AFTER; i++) {
            if (!(Boolean) gmJcaVerify.call() || !(Boolean) bcJcaVerify.call()) {
                throw new IllegalStateException("JCA verification failed");
            }
        }
        Sm2Cipher cipher = new Sm2Cipher(random);
        byte[] ct = cipher.encrypt(pair.publicKey(), msg);
        HedgedNonce hn = new HedgedNonce();
        long[] table = CombTable.BASE;
        long[] pubTable = pa.publicTable(pair.publicKey().x, pair.publicKey().y);

        X9ECParameters x9 = CustomNamedCurves.getByName("sm2p256v1");
        ECDomainParameters dom = new ECDomainParameters(x9.getCurve(), x9.getG(), x9.getN(), x9.getH());
        ECKeyPairGenerator gen = new ECKeyPairGenerator();
        gen.init(new ECKeyGenerationParameters(dom, random));
        AsymmetricCipherKeyPair bcPair = gen.generateKeyPair();
        SM2Signer bcSigner = new SM2Signer();
        bcSigner.init(true, new ParametersWithRandom(bcPair.getPrivate(), random));
        SM2Signer bcVerifier = new SM2Signer();
        bcVerifier.init(false, bcPair.getPublic());
        bcSigner.update(msg, 0, 64);
        byte[] bcSig = bcSigner.generateSignature();
        SM2Engine bcEnc = new SM2Engine(SM2Engine.Mode.C1C3C2);
        bcEnc.init(true, new ParametersWithRandom(bcPair.getPublic(), random));
        SM2Engine bcDec = new SM2Engine(SM2Engine.Mode.C1C3C2);
        bcDec.init(false, bcPair.getPrivate());
        byte[] bcCt = bcEnc.processBlock(msg, 0, 64);

        // the same operations through the JCA: gmflux's provider against BouncyCastle's, one
        // Signature/Cipher per operation initialised once (steady state), C1C3C2 for both
        java.security.Provider gm = new io.gmflux.codecs.jca.GmfluxProvider();
        java.security.Provider bcp = new org.bouncycastle.jce.provider.BouncyCastleProvider();
        java.security.KeyPairGenerator gmGen = java.security.KeyPairGenerator.getInstance("SM2", gm);
        gmGen.initialize(256, random);
        java.security.KeyPair gmPair = gmGen.generateKeyPair();
        java.security.KeyPairGenerator bcGen = java.security.KeyPairGenerator.getInstance("EC", bcp);
        bcGen.initialize(new java.security.spec.ECGenParameterSpec("sm2p256v1"), random);
        java.security.KeyPair bcJcaPair = bcGen.generateKeyPair();
        java.security.Signature gmSign = java.security.Signature.getInstance("SM3withSM2", gm);
        gmSign.initSign(gmPair.getPrivate(), random);
        java.security.Signature bcSign = java.security.Signature.getInstance("SM3withSM2", bcp);
        bcSign.initSign(bcJcaPair.getPrivate(), random);
        javax.crypto.Cipher gmEnc = javax.crypto.Cipher.getInstance("SM2/C1C3C2/NoPadding", gm);
        gmEnc.init(javax.crypto.Cipher.ENCRYPT_MODE, gmPair.getPublic(), random);
        javax.crypto.Cipher gmDec = javax.crypto.Cipher.getInstance("SM2/C1C3C2/NoPadding", gm);
        gmDec.init(javax.crypto.Cipher.DECRYPT_MODE, gmPair.getPrivate());
        byte[] gmJcaCt = gmEnc.doFinal(msg);
        javax.crypto.Cipher bcJcaEnc = javax.crypto.Cipher.getInstance("SM2/C1C3C2/NoPadding", bcp);
        bcJcaEnc.init(javax.crypto.Cipher.ENCRYPT_MODE, bcJcaPair.getPublic(), random);
        javax.crypto.Cipher bcJcaDec = javax.crypto.Cipher.getInstance("SM2/C1C3C2/NoPadding", bcp);
        bcJcaDec.init(javax.crypto.Cipher.DECRYPT_MODE, bcJcaPair.getPrivate());
        byte[] bcJcaCt = bcJcaEnc.doFinal(msg);
        if (!Arrays.equals(bcJcaDec.doFinal(bcJcaCt), msg) || !Arrays.equals(gmDec.doFinal(gmJcaCt), msg)) {
            throw new IllegalStateException("JCA round trip failed");
        }

        Map<String, Callable<Object>> ops = new LinkedHashMap<>();
        ops.put("fp.mul", () -> { for (int i = 0; i < 1000; i++) { f.mul(r, a, r[0] == 7 ? b : a); f.mul(a, r, b); } return r; });
        ops.put("fp.sqr", () -> { for (int i = 0; i < 1000; i++) { f.sqr(a, a); f.sqr(a, a); } return a; });
        ops.put("fp.add", () -> { for (int i = 0; i < 1000; i++) { f.add(a, a, b); f.sub(a, a, r); } return a; });
        ops.put("fn.mul", () -> { for (int i = 0; i < 1000; i++) { Sm2Curve.FN.mul(r, r, b); Sm2Curve.FN.mul(r, r, b); } return r; });
        ops.put("twice", () -> { for (int i = 0; i < 100; i++) { pa.twice(p, p); } return p; });
        ops.put("addAffine", () -> { for (int i = 0; i < 100; i++) { pa.addAffine(p, p, Sm2Curve.GX, Sm2Curve.GY); } return p; });
        ops.put("add", () -> { for (int i = 0; i < 100; i++) { pa.add(q, p, q.z[0] == 0 ? p : p); } return q; });
        ops.put("invert", () -> { pa.invert(r, b); return r; });
        ops.put("mulBase", () -> { pa.mulBase(q, k); return q; });
        ops.put("mulVar", () -> { pa.mul(q, Sm2Curve.GX, Sm2Curve.GY, k); return q; });
        // verification's scalars are uniform: s and t from a real signature's shape, not k's 0xFF runs
        long[] u1 = {0x1F2E3D4C5B6A7988L, 0x6A09E667F3BCC908L, 0xBB67AE8584CAA73BL, 0x3C6EF372FE94F82BL};
        long[] u2 = {0xA54FF53A5F1D36F1L, 0x510E527FADE682D1L, 0x9B05688C2B3E6C1FL, 0x1F83D9ABFB41BD6BL};
        ops.put("mulPublic", () -> { pa.mulBaseAddPublic(q, u1, u2, pubTable); return q; });
        ops.put("mulPublicComb", () -> { pm.mulAdd(q, u1, u2, keyComb); return q; });
        long[] base10 = CombTable.build(Sm2Curve.GX, Sm2Curve.GY, 10);
        long[] base8 = PublicMultiplier.baseTable();
        ops.put("mulPublicComb.g8", () -> { pm.mulAdd(q, base8, u1, keyComb, u2); return q; });
        ops.put("mulPublicComb.g10", () -> { pm.mulAdd(q, base10, u1, keyComb, u2); return q; });
        ops.put("buildBase10", () -> CombTable.build(Sm2Curve.GX, Sm2Curve.GY, 10));
        ops.put("buildComb", () -> PublicMultiplier.keyTable(pair.publicKey().x, pair.publicKey().y));
        ops.put("buildChunks", () -> pa.publicTable(pair.publicKey().x, pair.publicKey().y));
        ops.put("hedged", () -> { hn.derive(k, pair.privateKey(), a, random); return k; });
        ops.put("random32", () -> { random.nextBytes(msg); return msg; });
        ops.put("sign", () -> signer.signDer(msg));
        ops.put("bc.sign", () -> { bcSigner.update(msg, 0, 64); return bcSigner.generateSignature(); });
        ops.put("verify", () -> verifier.verifyDer(msg, sig));
        ops.put("bc.verify", () -> { bcVerifier.update(msg, 0, 64); return bcVerifier.verifySignature(bcSig); });
        ops.put("jca.verify", gmJcaVerify);
        ops.put("bc.jca.verify", bcJcaVerify);
        io.gmflux.codecs.jca.GmfluxProvider gmProvider = new io.gmflux.codecs.jca.GmfluxProvider();
        ops.put("jca.verify.new", () -> {
            java.security.Signature v = java.security.Signature.getInstance("SM3withSM2", gmProvider);
            v.initVerify(jcaPair.getPublic()); v.update(msg); return v.verify(jcaSig); });
        ops.put("bc.jca.verify.new", () -> {
            java.security.Signature v = java.security.Signature.getInstance("SM3withSM2", BC_JCA);
            v.initVerify(jcaPair.getPublic()); v.update(msg); return v.verify(jcaSig); });
        ops.put("encrypt", () -> cipher.encrypt(pair.publicKey(), msg));
        ops.put("bc.encrypt", () -> bcEnc.processBlock(msg, 0, 64));
        ops.put("decrypt", () -> cipher.decrypt(pair.privateKey(), ct));
        ops.put("bc.decrypt", () -> bcDec.processBlock(bcCt, 0, bcCt.length));
        ops.put("jca.sign", () -> { gmSign.update(msg); return gmSign.sign(); });
        ops.put("bcjca.sign", () -> { bcSign.update(msg); return bcSign.sign(); });
        ops.put("jca.encrypt", () -> gmEnc.doFinal(msg));
        ops.put("bcjca.encrypt", () -> bcJcaEnc.doFinal(msg));
        ops.put("jca.decrypt", () -> gmDec.doFinal(gmJcaCt));
        ops.put("bcjca.decrypt", () -> bcJcaDec.doFinal(bcJcaCt));
        ops.put("keygen", () -> Sm2KeyPair.generate(random));
        ops.put("bc.keygen", () -> gen.generateKeyPair());
        ops.entrySet().removeIf(e -> !e.getKey().matches(filter.isEmpty() ? ".*" : filter));
        return new LinkedHashMap<>(ops);
    }

    private static void measure(Map<String, Callable<Object>> ops) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double warm = Double.parseDouble(System.getProperty("warm", "3"));
        int rounds = Integer.getInteger("rounds", 7);
        double roundSec = Double.parseDouble(System.getProperty("round", "0.3"));
        for (Map.Entry<String, Callable<Object>> e : ops.entrySet()) {
            long end = mx.getCurrentThreadCpuTime() + (long) (warm * 1e9);
            while (mx.getCurrentThreadCpuTime() < end) {
                sink = e.getValue().call();
            }
        }
        Map<String, List<Double>> times = new LinkedHashMap<>();
        for (int round = 0; round < rounds; round++) {
            for (Map.Entry<String, Callable<Object>> e : ops.entrySet()) {
                long start = mx.getCurrentThreadCpuTime();
                long end = start + (long) (roundSec * 1e9);
                long n = 0;
                long now = start;
                int stride = 1; // the clock read costs ~1.5 us: read it once per batch of >= 2 ms
                do {
                    long batchStart = now;
                    for (int i = 0; i < stride; i++) {
                        sink = e.getValue().call();
                    }
                    n += stride;
                    now = mx.getCurrentThreadCpuTime();
                    if (now - batchStart < 2_000_000 && stride < (1 << 24)) {
                        stride <<= 1;
                    }
                } while (now < end);
                times.computeIfAbsent(e.getKey(), x -> new ArrayList<>()).add((now - start) / 1e3 / n);
            }
        }
        for (Map.Entry<String, List<Double>> e : times.entrySet()) {
            double[] t = e.getValue().stream().mapToDouble(Double::doubleValue).sorted().toArray();
            String unit = "us";
            double scale = 1;
            String op = e.getKey().replace("@vs", "");
            if (op.startsWith("fp.") || op.startsWith("fn.")) {
                scale = 1000.0 / 2000; unit = "ns";
            } else if (op.equals("twice") || op.startsWith("add")) {
                scale = 1000.0 / 100; unit = "ns";
            }
            System.out.printf("%-12s %9.2f %s  (%.2f-%.2f)%n", e.getKey(), t[t.length / 2] * scale, unit, t[0] * scale, t[t.length - 1] * scale);
        }
    }
}
