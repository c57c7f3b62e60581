package io.gmflux.bench.sm9;

import io.gmflux.codecs.sm9.Sm9Cipher;
import io.gmflux.codecs.sm9.Sm9CipherMode;
import io.gmflux.codecs.sm9.Sm9EncryptMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9EncryptPrivateKey;
import io.gmflux.codecs.sm9.Sm9G1Point;
import io.gmflux.codecs.sm9.Sm9G2Point;
import io.gmflux.codecs.sm9.Sm9Kem;
import io.gmflux.codecs.sm9.Sm9KeyExchange;
import io.gmflux.codecs.sm9.Sm9Pairing;
import io.gmflux.codecs.sm9.Sm9SignMasterPrivateKey;
import io.gmflux.codecs.sm9.Sm9Signer;
import io.gmflux.codecs.sm9.Sm9Verifier;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.bouncycastle.crypto.SecretWithEncapsulation;
import org.bouncycastle.crypto.agreement.SM9KeyExchange;
import org.bouncycastle.crypto.engines.SM9Engine;
import org.bouncycastle.crypto.kems.SM9KEMExtractor;
import org.bouncycastle.crypto.kems.SM9KEMGenerator;
import org.bouncycastle.crypto.params.ParametersWithID;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.params.SM9EncMasterPrivateKeyParameters;
import org.bouncycastle.crypto.params.SM9EncPrivateKeyParameters;
import org.bouncycastle.crypto.params.SM9EncPublicKeyParameters;
import org.bouncycastle.crypto.params.SM9SigMasterPrivateKeyParameters;
import org.bouncycastle.crypto.signers.SM9Signer;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.sm9.SM9Curve;
import org.bouncycastle.math.ec.sm9.SM9G2Point;
import org.bouncycastle.math.ec.sm9.SM9Pairing;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * SM9 (GM/T 0044), one operation per call with a 32-byte message, gmflux against BouncyCastle 1.87's
 * lightweight SM9 API ({@code SM9Pairing}, {@code SM9Signer}, {@code SM9Engine}, {@code SM9KEMGenerator}
 * / {@code SM9KEMExtractor}, {@code SM9KeyExchange}, the master keys' {@code generateUserKey}).
 * Both sides hold the same keys (BouncyCastle's built from gmflux's master scalars) and do their
 * one-time work in {@code @Setup}: gmflux's signer, verifier, master-key and user-key tables,
 * BouncyCastle's initialised signer/verifier/engines and its cached pairings of the master keys.
 *
 * <ul>
 *   <li>{@code sm9Pairing}: one full pairing e(P, Q) of fixed random points, lines of Q included.</li>
 *   <li>{@code sm9Sign} / {@code sm9Verify}: raw h ‖ S signatures for the identity "alice@example.com".</li>
 *   <li>{@code sm9Encrypt} / {@code sm9Decrypt}: the KDF stream mode, C1 ‖ C3 ‖ C2.</li>
 *   <li>{@code sm9KemEncap} / {@code sm9KemDecap}: 32-byte secrets.</li>
 *   <li>{@code sm9Exchange}: both parties of one key exchange with confirmations, 16-byte key.</li>
 *   <li>{@code sm9ExtractKey}: one encryption user key (hid 0x03, a point of G2).</li>
 * </ul>
 *
 * <p>Run: {@code java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'Sm9Bench' -f 1 -wi 3 -w 1 -i 5 -r 1};
 * ratios with the alternating-rounds harness ({@code --ops '^sm9'}). Throughput in ops/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class Sm9Bench {

    static {
        // BouncyCastle refuses to reuse one user key for two uses (KEM and decryption) unless told.
        System.setProperty("org.bouncycastle.sm9.allow_multi_use", "true");
    }

    private static final byte[] ALICE = "alice@example.com".getBytes(StandardCharsets.UTF_8);
    private static final byte[] BOB = "bob@example.com".getBytes(StandardCharsets.UTF_8);

    private final byte[] msg = new byte[32];
    private final SecureRandom random = new SecureRandom();

    private Sm9G1Point gmfluxP;
    private Sm9G2Point gmfluxQ;
    private Sm9Signer gmfluxSigner;
    private Sm9Verifier gmfluxVerifier;
    private byte[] gmfluxSignature;
    private Sm9EncryptMasterPrivateKey gmfluxEncMaster;
    private Sm9EncryptPrivateKey gmfluxBob;
    private Sm9EncryptPrivateKey gmfluxAliceExchange;
    private Sm9EncryptPrivateKey gmfluxBobExchange;
    private Sm9Cipher gmfluxCipher;
    private byte[] gmfluxCiphertext;
    private Sm9Kem gmfluxKem;
    private byte[] gmfluxEncapsulation;

    private ECPoint bcP;
    private SM9G2Point bcQ;
    private SM9Signer bcSigner;
    private SM9Signer bcVerifier;
    private byte[] bcSignature;
    private SM9EncMasterPrivateKeyParameters bcEncMaster;
    private SM9Engine bcEncryptor;
    private SM9Engine bcDecryptor;
    private byte[] bcCiphertext;
    private SM9EncPublicKeyParameters bcBobPublic;
    private SM9KEMGenerator bcKemGenerator;
    private SM9KEMExtractor bcKemExtractor;
    private byte[] bcEncapsulation;
    private SM9EncPrivateKeyParameters bcAliceExchange;
    private SM9EncPrivateKeyParameters bcBobExchange;

    @Setup
    public void setup() throws Exception {
        random.nextBytes(msg);
        Sm9SignMasterPrivateKey signMaster = Sm9SignMasterPrivateKey.generate(random);
        gmfluxEncMaster = Sm9EncryptMasterPrivateKey.generate(random);
        SM9SigMasterPrivateKeyParameters bcSignMaster = new SM9SigMasterPrivateKeyParameters(new BigInteger(1, signMaster.toBytes()));
        bcEncMaster = new SM9EncMasterPrivateKeyParameters(new BigInteger(1, gmfluxEncMaster.toBytes()));

        // pairing inputs: random points (the users' keys serve)
        Sm9Kem scratch = new Sm9Kem(random);
        gmfluxP = Sm9G1Point.fromEncoded(encodedG1(scratch.encapsulate(gmfluxEncMaster.publicKey(), ALICE, 16).encapsulation()));
        gmfluxQ = Sm9G2Point.fromEncoded(gmfluxEncMaster.extractUserKey(ALICE).encoded());
        bcP = SM9Curve.G1.decodePoint(gmfluxP.encoded());
        bcQ = SM9G2Point.decode(gmfluxQ.encoded());

        // signatures
        gmfluxSigner = new Sm9Signer(signMaster.extractUserKey(ALICE), random);
        gmfluxVerifier = new Sm9Verifier(signMaster.publicKey(), ALICE);
        gmfluxSignature = gmfluxSigner.sign(msg);
        bcSigner = new SM9Signer();
        bcSigner.init(true, new ParametersWithRandom(bcSignMaster.generateUserKey(ALICE), random));
        bcVerifier = new SM9Signer();
        bcVerifier.init(false, new ParametersWithID(bcSignMaster.getPublicKeyParameters(), ALICE));
        bcSignature = sm9Sign_bc();
        check(sm9Verify_gmflux() && sm9Verify_bc() && sm9Verify_bc(), "signatures verify");

        // encryption and KEM
        gmfluxBob = gmfluxEncMaster.extractUserKey(BOB);
        gmfluxCipher = new Sm9Cipher(Sm9CipherMode.STREAM, random);
        gmfluxCiphertext = gmfluxCipher.encrypt(gmfluxEncMaster.publicKey(), BOB, msg);
        gmfluxKem = new Sm9Kem(random);
        gmfluxEncapsulation = gmfluxKem.encapsulate(gmfluxEncMaster.publicKey(), BOB, 32).encapsulation();
        bcBobPublic = bcEncMaster.getPublicKeyParameters().getUserPublicKey(BOB, (byte) 3);
        bcEncryptor = new SM9Engine(SM9Engine.Mode.STREAM);
        bcEncryptor.init(true, new ParametersWithRandom(bcBobPublic, random));
        bcDecryptor = new SM9Engine(SM9Engine.Mode.STREAM);
        bcDecryptor.init(false, bcEncMaster.generateUserKey(BOB, (byte) 3));
        bcCiphertext = sm9Encrypt_bc();
        check(Arrays.equals(sm9Decrypt_gmflux(), msg) && Arrays.equals(sm9Decrypt_bc(), msg), "decryption");
        bcKemGenerator = new SM9KEMGenerator(256, random);
        bcKemExtractor = new SM9KEMExtractor(bcEncMaster.generateUserKey(BOB, (byte) 3), 256);
        SecretWithEncapsulation e = bcKemGenerator.generateEncapsulated(bcBobPublic);
        bcEncapsulation = e.getEncapsulation();
        check(Arrays.equals(sm9KemDecap_bc(), e.getSecret()), "bc KEM");

        // key exchange
        gmfluxAliceExchange = gmfluxEncMaster.extractKeyExchangeKey(ALICE);
        gmfluxBobExchange = gmfluxEncMaster.extractKeyExchangeKey(BOB);
        bcAliceExchange = bcEncMaster.generateExchangeKey(ALICE);
        bcBobExchange = bcEncMaster.generateExchangeKey(BOB);
        check(sm9Exchange_gmflux().length == 16 && sm9Exchange_bc().length == 16, "key exchange");
    }

    private static byte[] encodedG1(byte[] xy) {
        byte[] out = new byte[65];
        out[0] = 4;
        System.arraycopy(xy, 0, out, 1, 64);
        return out;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("benchmark self-check failed: " + what);
        }
    }

    @Benchmark
    public byte[] sm9Pairing_gmflux() {
        return Sm9Pairing.pair(gmfluxP, gmfluxQ);
    }

    @Benchmark
    public byte[] sm9Pairing_bc() {
        return SM9Pairing.toBytes(SM9Pairing.pairing(bcP, bcQ));
    }

    @Benchmark
    public byte[] sm9Sign_gmflux() {
        return gmfluxSigner.sign(msg);
    }

    @Benchmark
    public byte[] sm9Sign_bc() throws Exception {
        bcSigner.update(msg, 0, msg.length);
        return bcSigner.generateSignature();
    }

    @Benchmark
    public boolean sm9Verify_gmflux() {
        return gmfluxVerifier.verify(msg, gmfluxSignature);
    }

    @Benchmark
    public boolean sm9Verify_bc() {
        bcVerifier.update(msg, 0, msg.length);
        return bcVerifier.verifySignature(bcSignature);
    }

    @Benchmark
    public byte[] sm9Encrypt_gmflux() {
        return gmfluxCipher.encrypt(gmfluxEncMaster.publicKey(), BOB, msg);
    }

    @Benchmark
    public byte[] sm9Encrypt_bc() throws Exception {
        return bcEncryptor.processBlock(msg, 0, msg.length);
    }

    @Benchmark
    public byte[] sm9Decrypt_gmflux() throws Exception {
        return gmfluxCipher.decrypt(gmfluxBob, gmfluxCiphertext);
    }

    @Benchmark
    public byte[] sm9Decrypt_bc() throws Exception {
        return bcDecryptor.processBlock(bcCiphertext, 0, bcCiphertext.length);
    }

    @Benchmark
    public byte[] sm9KemEncap_gmflux() {
        return gmfluxKem.encapsulate(gmfluxEncMaster.publicKey(), BOB, 32).sharedSecret();
    }

    @Benchmark
    public byte[] sm9KemEncap_bc() {
        return bcKemGenerator.generateEncapsulated(bcBobPublic).getSecret();
    }

    @Benchmark
    public byte[] sm9KemDecap_gmflux() throws Exception {
        return gmfluxKem.decapsulate(gmfluxBob, gmfluxEncapsulation, 32);
    }

    @Benchmark
    public byte[] sm9KemDecap_bc() {
        return bcKemExtractor.extractSecret(bcEncapsulation);
    }

    @Benchmark
    public byte[] sm9Exchange_gmflux() throws Exception {
        Sm9KeyExchange a = Sm9KeyExchange.initiator(gmfluxAliceExchange, BOB, random);
        Sm9KeyExchange b = Sm9KeyExchange.responder(gmfluxBobExchange, ALICE, random);
        Sm9KeyExchange.Agreement atB = b.agree(a.ephemeralPublicKey(), 16);
        Sm9KeyExchange.Agreement atA = a.agree(b.ephemeralPublicKey(), 16);
        atA.verifyPeerConfirmation(atB.confirmation());
        atB.verifyPeerConfirmation(atA.confirmation());
        return atA.sharedKey();
    }

    @Benchmark
    public byte[] sm9Exchange_bc() {
        SM9KeyExchange a = new SM9KeyExchange(bcAliceExchange, BOB, true);
        SM9KeyExchange b = new SM9KeyExchange(bcBobExchange, ALICE, false);
        ECPoint ra = a.generateEphemeral(random);
        ECPoint rb = b.generateEphemeral(random);
        byte[] kb = b.calculateKey(128, ra);
        byte[] ka = a.calculateKey(128, rb);
        if (!Arrays.equals(a.getResponderConfirmation(), b.getResponderConfirmation())
                || !Arrays.equals(a.getInitiatorConfirmation(), b.getInitiatorConfirmation()) || !Arrays.equals(ka, kb)) {
            throw new IllegalStateException("bc key exchange disagrees");
        }
        return ka;
    }

    @Benchmark
    public Sm9EncryptPrivateKey sm9ExtractKey_gmflux() {
        return gmfluxEncMaster.extractUserKey(BOB);
    }

    @Benchmark
    public SM9EncPrivateKeyParameters sm9ExtractKey_bc() {
        return bcEncMaster.generateUserKey(BOB, (byte) 3);
    }
}
