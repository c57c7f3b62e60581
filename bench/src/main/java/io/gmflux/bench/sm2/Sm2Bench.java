package io.gmflux.bench.sm2;

import io.gmflux.codecs.sm2.Sm2Cipher;
import io.gmflux.codecs.sm2.Sm2KeyExchange;
import io.gmflux.codecs.sm2.Sm2NoncePool;
import io.gmflux.codecs.sm2.Sm2Kem;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.codecs.sm2.Sm2PreparedPublicKey;
import io.gmflux.codecs.sm2.Sm2Signer;
import io.gmflux.codecs.sm2.Sm2Verifier;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.Arrays;
import io.gmflux.bench.peers.Call;
import io.gmflux.bench.peers.KonaOps;
import org.bouncycastle.asn1.gm.GMNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.agreement.SM2KeyExchange;
import org.bouncycastle.crypto.engines.SM2Engine;
import org.bouncycastle.crypto.generators.ECKeyPairGenerator;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECKeyGenerationParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.params.SM2KeyExchangePrivateParameters;
import org.bouncycastle.crypto.params.SM2KeyExchangePublicParameters;
import org.bouncycastle.crypto.signers.SM2Signer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * SM2 on sm2p256v1, one operation per call with a 64-byte message: key generation, SM3withSM2
 * sign and verify (default user ID, DER signatures for all three), encryption and decryption
 * (C1C3C2), the full key exchange A &lt;-&gt; B (both ephemeral key pairs, both sides' keys of 16 bytes;
 * gmflux and BouncyCastle also compute and check both confirmation values S_A/S_B, Kona's JCA key
 * agreement has none), plus gmflux-only rows for the KEM (encapsulate/decapsulate a 32-byte secret),
 * signing from a {@link Sm2NoncePool} and encryption to a prepared key. gmflux against
 * BouncyCastle 1.87's lightweight API ({@code SM2Signer}, {@code SM2Engine}, {@code SM2KeyExchange},
 * {@code ECKeyPairGenerator}; each initialised once) on {@code CustomNamedCurves}' sm2p256v1, the
 * fixed 256-bit field arithmetic its JCA provider also uses, and Tencent Kona 1.0.19 through
 * {@link KonaOps} (its native one-shot provider when it loads, property
 * {@code gmflux.bench.konaProvider} to choose another). {@code sm2SignGmCurve_bc} is BouncyCastle
 * on {@code GMNamedCurves}' generic BigInteger curve, a slower configuration that is also common.
 * Every implementation draws its randomness from a {@link SecureRandom} of the same kind.
 *
 * <p>{@code sm2SignPool_gmflux} measures the signing hot path with the nonces precomputed: before
 * each iteration a pool of {@code gmflux.bench.poolSize} (default 131072) entries is filled (not
 * timed); if an iteration outran it, the pool refills on demand on the signing thread and that cost
 * is counted, so the row can only err on the slow side ({@link PoolState} prints a note then).
 *
 * <p>Run: {@code java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'Sm2Bench' -f 1}.
 * Throughput in ops/s. The default warm-up is 10 x 1 s: BouncyCastle's SM2 needs 3-4 s of its own
 * CPU time before C2 has compiled it. The ratios quoted in the README come from
 * {@link io.gmflux.bench.rounds.PerformanceReport}, not from this class.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
public class Sm2Bench {

    private final byte[] msg = new byte[64];
    private final SecureRandom random = new SecureRandom();
    private final ExchangeDiagnosis exchangeDiagnosis = new ExchangeDiagnosis();

    private Sm2KeyPair gmfluxPair;
    private Sm2Signer gmfluxSigner;
    private Sm2Verifier gmfluxVerifier;
    private Sm2Cipher gmfluxCipher;
    private byte[] gmfluxSignature;
    private byte[] gmfluxCiphertext;
    private Sm2PreparedPublicKey gmfluxPrepared;
    private Sm2Kem gmfluxKem;
    private byte[] gmfluxEncapsulation;
    private Sm2KeyPair gmfluxPeer;

    private ECDomainParameters bcDomain;
    private ECKeyPairGenerator bcKeyGen;
    private SM2Signer bcSigner;
    private SM2Signer bcVerifier;
    private SM2Engine bcEncryptor;
    private SM2Engine bcDecryptor;
    private byte[] bcSignature;
    private byte[] bcCiphertext;
    private ECPrivateKeyParameters bcPriv;
    private ECPublicKeyParameters bcPub;
    private ECPrivateKeyParameters bcPeerPriv;
    private ECPublicKeyParameters bcPeerPub;
    private static final byte[] ID_A = "ALICE123@YAHOO.COM".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] ID_B = "BILL456@YAHOO.COM".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private SM2Signer bcGmCurveSigner;

    private Call konaKeygen;
    private Call konaSign;
    private Call konaVerify;
    private Call konaEncrypt;
    private Call konaDecrypt;
    private Call konaExchange;

    @Setup
    public void setup() throws Exception {
        new SplittableRandom(42).nextBytes(msg);

        gmfluxPair = Sm2KeyPair.generate(random);
        gmfluxSigner = new Sm2Signer(gmfluxPair.privateKey(), "1234567812345678".getBytes(), random);
        gmfluxVerifier = new Sm2Verifier(gmfluxPair.publicKey());
        gmfluxCipher = new Sm2Cipher(random);
        gmfluxSignature = gmfluxSigner.signDer(msg);
        gmfluxCiphertext = gmfluxCipher.encrypt(gmfluxPair.publicKey(), msg);
        gmfluxPrepared = Sm2PreparedPublicKey.of(gmfluxPair.publicKey());
        gmfluxKem = new Sm2Kem(random);
        gmfluxEncapsulation = gmfluxKem.encapsulate(gmfluxPair.publicKey(), 32).encapsulation();
        gmfluxPeer = Sm2KeyPair.generate(random);

        X9ECParameters x9 = CustomNamedCurves.getByName("sm2p256v1");
        bcDomain = new ECDomainParameters(x9.getCurve(), x9.getG(), x9.getN(), x9.getH());
        bcKeyGen = new ECKeyPairGenerator();
        bcKeyGen.init(new ECKeyGenerationParameters(bcDomain, random));
        AsymmetricCipherKeyPair bcPair = bcKeyGen.generateKeyPair();
        bcPriv = (ECPrivateKeyParameters) bcPair.getPrivate();
        bcPub = (ECPublicKeyParameters) bcPair.getPublic();
        AsymmetricCipherKeyPair bcPeerPair = bcKeyGen.generateKeyPair();
        bcPeerPriv = (ECPrivateKeyParameters) bcPeerPair.getPrivate();
        bcPeerPub = (ECPublicKeyParameters) bcPeerPair.getPublic();
        bcSigner = new SM2Signer();
        bcSigner.init(true, new ParametersWithRandom(bcPriv, random));
        bcVerifier = new SM2Signer();
        bcVerifier.init(false, bcPub);
        bcSigner.update(msg, 0, msg.length);
        bcSignature = bcSigner.generateSignature();
        bcEncryptor = new SM2Engine(SM2Engine.Mode.C1C3C2);
        bcEncryptor.init(true, new ParametersWithRandom(bcPub, random));
        bcDecryptor = new SM2Engine(SM2Engine.Mode.C1C3C2);
        bcDecryptor.init(false, bcPriv);
        bcCiphertext = bcEncryptor.processBlock(msg, 0, msg.length);

        X9ECParameters generic = GMNamedCurves.getByName("sm2p256v1");
        ECDomainParameters genericDomain = new ECDomainParameters(generic.getCurve(), generic.getG(), generic.getN(), generic.getH());
        ECPrivateKeyParameters genericPriv = new ECPrivateKeyParameters(bcPriv.getD(), genericDomain);
        bcGmCurveSigner = new SM2Signer();
        bcGmCurveSigner.init(true, new ParametersWithRandom(genericPriv, random));
        bcVerifier.update(msg, 0, msg.length);
        if (!bcVerifier.verifySignature(sm2SignGmCurve_bc())) {
            throw new IllegalStateException("a signature on the generic curve did not verify on the custom curve");
        }

        KonaOps kona = KonaOps.load(System.getProperty("gmflux.bench.konaProvider"));
        konaKeygen = kona.sm2Keygen();
        konaSign = kona.sm2Sign();
        konaVerify = kona.sm2Verify();
        konaEncrypt = kona.sm2Encrypt();
        konaDecrypt = kona.sm2Decrypt();
        konaExchange = kona.sm2Exchange();
        if (!sm2Verify_gmflux() || !sm2Verify_bc() || !sm2Verify_kona()) {
            throw new IllegalStateException("a signature did not verify in setup");
        }
        if (!Arrays.equals(gmfluxKem.decapsulate(gmfluxPair.privateKey(), gmfluxEncapsulation, 32),
                gmfluxKem.decapsulate(gmfluxPair.privateKey(), gmfluxEncapsulation, 32))
                || gmfluxCipher.decrypt(gmfluxPair.privateKey(), sm2EncryptPrepared_gmflux()).length != msg.length) {
            throw new IllegalStateException("KEM or prepared encryption broken in setup");
        }
        sm2Exchange_gmflux();
        checkExchangeDiagnosis();
        sm2Exchange_bc();
        sm2Exchange_kona();
    }

    /** The nonce pool of {@code sm2SignPool_gmflux}, filled before every iteration (not timed). */
    @State(Scope.Thread)
    public static class PoolState {

        final int poolSize = Integer.getInteger("gmflux.bench.poolSize", 131072);
        Sm2NoncePool pool;
        Sm2Signer signer;
        Sm2Verifier verifier;

        @Setup
        public void setup() throws Exception {
            Sm2KeyPair pair = Sm2KeyPair.generate();
            pool = Sm2NoncePool.onDemand(poolSize, new SecureRandom());
            signer = new Sm2Signer(pair.privateKey(), "1234567812345678".getBytes(), pool);
            verifier = new Sm2Verifier(pair.publicKey());
            byte[] m = new byte[64];
            if (!verifier.verifyDer(m, signer.signDer(m))) {
                throw new IllegalStateException("a pooled signature did not verify in setup");
            }
        }

        @Setup(org.openjdk.jmh.annotations.Level.Iteration)
        public void fill() {
            pool.fill();
        }

        /** Says when an iteration drained the pool (the row then includes on-demand refills). */
        @TearDown(org.openjdk.jmh.annotations.Level.Iteration)
        public void checkNotDrained() {
            if (pool.size() == 0) {
                System.err.println("note: the nonce pool ran dry; raise -Dgmflux.bench.poolSize");
            }
        }

        @TearDown
        public void destroy() {
            pool.destroy();
        }
    }

    @Benchmark
    public Object sm2Keygen_gmflux() {
        return Sm2KeyPair.generate(random);
    }

    @Benchmark
    public Object sm2Keygen_bc() {
        return bcKeyGen.generateKeyPair();
    }

    @Benchmark
    public Object sm2Keygen_kona() throws Exception {
        return konaKeygen.call();
    }

    @Benchmark
    public byte[] sm2Sign_gmflux() {
        return gmfluxSigner.signDer(msg);
    }

    @Benchmark
    public byte[] sm2Sign_bc() throws Exception {
        bcSigner.update(msg, 0, msg.length);
        return bcSigner.generateSignature();
    }

    @Benchmark
    public Object sm2Sign_kona() throws Exception {
        return konaSign.call();
    }

    /** BouncyCastle's signer on {@code GMNamedCurves}' generic curve (same key), for comparison. */
    @Benchmark
    public byte[] sm2SignGmCurve_bc() throws Exception {
        bcGmCurveSigner.update(msg, 0, msg.length);
        return bcGmCurveSigner.generateSignature();
    }

    @Benchmark
    public boolean sm2Verify_gmflux() throws Exception {
        return gmfluxVerifier.verifyDer(msg, gmfluxSignature);
    }

    @Benchmark
    public boolean sm2Verify_bc() {
        bcVerifier.update(msg, 0, msg.length);
        return bcVerifier.verifySignature(bcSignature);
    }

    @Benchmark
    public boolean sm2Verify_kona() throws Exception {
        return (Boolean) konaVerify.call();
    }

    @Benchmark
    public byte[] sm2Encrypt_gmflux() {
        return gmfluxCipher.encrypt(gmfluxPair.publicKey(), msg);
    }

    @Benchmark
    public byte[] sm2Encrypt_bc() throws Exception {
        return bcEncryptor.processBlock(msg, 0, msg.length);
    }

    @Benchmark
    public Object sm2Encrypt_kona() throws Exception {
        return konaEncrypt.call();
    }

    /** Signing from a pre-filled {@link Sm2NoncePool} (see the class comment); DER output as above. */
    @Benchmark
    public byte[] sm2SignPool_gmflux(PoolState state) {
        return state.signer.signDer(msg);
    }

    /** Encryption to a key prepared once ({@link Sm2PreparedPublicKey}); no BouncyCastle/Kona counterpart. */
    @Benchmark
    public byte[] sm2EncryptPrepared_gmflux() {
        return gmfluxCipher.encrypt(gmfluxPrepared, msg);
    }

    @Benchmark
    public Object sm2KemEncap_gmflux() {
        return gmfluxKem.encapsulate(gmfluxPair.publicKey(), 32);
    }

    @Benchmark
    public byte[] sm2KemDecap_gmflux() throws Exception {
        return gmfluxKem.decapsulate(gmfluxPair.privateKey(), gmfluxEncapsulation, 32);
    }

    @Benchmark
    public byte[] sm2Decrypt_gmflux() throws Exception {
        return gmfluxCipher.decrypt(gmfluxPair.privateKey(), gmfluxCiphertext);
    }

    @Benchmark
    public byte[] sm2Decrypt_bc() throws Exception {
        return bcDecryptor.processBlock(bcCiphertext, 0, bcCiphertext.length);
    }

    @Benchmark
    public Object sm2Decrypt_kona() throws Exception {
        return konaDecrypt.call();
    }

    /** The diagnosis of a disagreeing exchange must itself find a good exchange all good. */
    private void checkExchangeDiagnosis() throws Exception {
        String report = referenceCheckedExchange();
        if (report != null) {
            throw new IllegalStateException("the exchange diagnosis disagrees with a good exchange:\n" + report);
        }
    }

    /**
     * One exchange whose every output (both sides) is checked against a BouncyCastle reference: null
     * when all agree, else the diagnosis. Both sides agreeing with each other is not enough: a
     * miscompiled path that both sides take in one JVM would agree with itself.
     */
    public String referenceCheckedExchange() throws Exception {
        exchangeDiagnosis.clear();
        SecureRandom r = exchangeDiagnosis.random();
        Sm2KeyExchange a = Sm2KeyExchange.initiator(gmfluxPair.privateKey(), ID_A, gmfluxPeer.publicKey(), ID_B, r);
        Sm2KeyExchange b = Sm2KeyExchange.responder(gmfluxPeer.privateKey(), ID_B, gmfluxPair.publicKey(), ID_A, r);
        Sm2KeyExchange.Agreement atB = b.agree(a.ephemeralPublicKey(), 16);
        Sm2KeyExchange.Agreement atA = a.agree(b.ephemeralPublicKey(), 16);
        String report = exchangeDiagnosis.diagnose(gmfluxPair, ID_A, gmfluxPeer, ID_B, a, b, atA, atB, 16);
        return report.contains("WRONG") || report.contains("cannot") || report.contains("REFERENCE") ? report : null;
    }

    /**
     * The whole exchange between A (initiator) and B (responder), both in this thread: ephemeral key
     * pairs, B's key and S_B, A's key and check of S_B, S_A, B's check of S_A.
     */
    @Benchmark
    public byte[] sm2Exchange_gmflux() throws Exception {
        exchangeDiagnosis.clear();
        SecureRandom exchangeRandom = exchangeDiagnosis.random();
        Sm2KeyExchange a = Sm2KeyExchange.initiator(gmfluxPair.privateKey(), ID_A, gmfluxPeer.publicKey(), ID_B, exchangeRandom);
        Sm2KeyExchange b = Sm2KeyExchange.responder(gmfluxPeer.privateKey(), ID_B, gmfluxPair.publicKey(), ID_A, exchangeRandom);
        Sm2KeyExchange.Agreement atB = b.agree(a.ephemeralPublicKey(), 16);
        Sm2KeyExchange.Agreement atA = a.agree(b.ephemeralPublicKey(), 16);
        try {
            atA.verifyPeerConfirmation(atB.confirmation());
            atB.verifyPeerConfirmation(atA.confirmation());
        } catch (io.gmflux.codecs.sm2.Sm2KeyExchangeException e) {
            System.out.println("KEY EXCHANGE DISAGREEMENT at " + java.time.Instant.now() + "\n"
                    + exchangeDiagnosis.diagnose(gmfluxPair, ID_A, gmfluxPeer, ID_B, a, b, atA, atB, 16));
            System.out.flush();
            throw e;
        }
        byte[] k = atA.sharedKey();
        if (!Arrays.equals(k, atB.sharedKey())) {
            throw new IllegalStateException("gmflux key exchange disagrees");
        }
        return k;
    }

    @Benchmark
    public byte[] sm2Exchange_bc() {
        AsymmetricCipherKeyPair ephA = bcKeyGen.generateKeyPair();
        AsymmetricCipherKeyPair ephB = bcKeyGen.generateKeyPair();
        SM2KeyExchange b = new SM2KeyExchange();
        b.init(new ParametersWithID(new SM2KeyExchangePrivateParameters(false, bcPeerPriv,
                (ECPrivateKeyParameters) ephB.getPrivate()), ID_B));
        byte[][] atB = b.calculateKeyWithConfirmation(128, null, new ParametersWithID(
                new SM2KeyExchangePublicParameters(bcPub, (ECPublicKeyParameters) ephA.getPublic()), ID_A));
        SM2KeyExchange a = new SM2KeyExchange();
        a.init(new ParametersWithID(new SM2KeyExchangePrivateParameters(true, bcPriv,
                (ECPrivateKeyParameters) ephA.getPrivate()), ID_A));
        // A checks S_B (throws if wrong) and returns its key and S_A
        byte[][] atA = a.calculateKeyWithConfirmation(128, atB[1], new ParametersWithID(
                new SM2KeyExchangePublicParameters(bcPeerPub, (ECPublicKeyParameters) ephB.getPublic()), ID_B));
        if (!Arrays.equals(atA[1], atB[2]) || !Arrays.equals(atA[0], atB[0])) {
            throw new IllegalStateException("BouncyCastle key exchange disagrees");
        }
        return atA[0];
    }

    /** Kona's JCA key agreement computes the key only (no confirmation values). */
    @Benchmark
    public Object sm2Exchange_kona() throws Exception {
        return konaExchange.call();
    }
}
