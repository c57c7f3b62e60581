package io.gmflux.bench.sm2;

import io.gmflux.codecs.sm2.Sm2Cipher;
import io.gmflux.codecs.sm2.Sm2Kem;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import io.gmflux.codecs.sm2.Sm2PreparedPublicKey;
import io.gmflux.codecs.sm2.Sm2Signer;
import io.gmflux.codecs.sm2.Sm2Verifier;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Signature;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import org.bouncycastle.asn1.gm.GMNamedCurves;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.engines.SM2Engine;
import org.bouncycastle.crypto.generators.ECKeyPairGenerator;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECKeyGenerationParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.signers.SM2Signer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * SM2 on sm2p256v1, one operation per call with a 64-byte message: key generation, SM3withSM2
 * sign and verify (default user ID, DER signatures for all three), encryption and decryption
 * (C1C3C2), plus gmflux-only rows for encryption to a prepared key and the KEM. gmflux against BouncyCastle 1.87's lightweight API ({@code SM2Signer},
 * {@code SM2Engine}, {@code ECKeyPairGenerator}; each initialised once, as its fastest path) and
 * Tencent Kona 1.0.19 through JCA ({@code KonaCryptoProvider}, "SM2" key pairs, signature and
 * cipher). Every implementation draws its randomness from a {@link SecureRandom} of the same kind.
 *
 * <p>Run: {@code java -Djmh.ignoreLock=true -jar bench/target/benchmarks.jar 'Sm2Bench' -f 1 -wi 3 -w 1 -i 5 -r 1}.
 * Throughput in ops/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class Sm2Bench {

    private final byte[] msg = new byte[64];
    private final SecureRandom random = new SecureRandom();

    private Sm2KeyPair gmfluxPair;
    private Sm2Signer gmfluxSigner;
    private Sm2Verifier gmfluxVerifier;
    private Sm2Cipher gmfluxCipher;
    private byte[] gmfluxSignature;
    private byte[] gmfluxCiphertext;
    private Sm2PreparedPublicKey gmfluxPrepared;
    private Sm2Kem gmfluxKem;
    private byte[] gmfluxEncapsulation;

    private ECDomainParameters bcDomain;
    private ECKeyPairGenerator bcKeyGen;
    private SM2Signer bcSigner;
    private SM2Signer bcVerifier;
    private SM2Engine bcEncryptor;
    private SM2Engine bcDecryptor;
    private byte[] bcSignature;
    private byte[] bcCiphertext;

    private KeyPairGenerator konaKeyGen;
    private Signature konaSigner;
    private Signature konaVerifier;
    private Cipher konaEncryptor;
    private Cipher konaDecryptor;
    private byte[] konaSignature;
    private byte[] konaCiphertext;

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

        X9ECParameters x9 = GMNamedCurves.getByName("sm2p256v1");
        bcDomain = new ECDomainParameters(x9.getCurve(), x9.getG(), x9.getN(), x9.getH());
        bcKeyGen = new ECKeyPairGenerator();
        bcKeyGen.init(new ECKeyGenerationParameters(bcDomain, random));
        AsymmetricCipherKeyPair bcPair = bcKeyGen.generateKeyPair();
        ECPrivateKeyParameters bcPriv = (ECPrivateKeyParameters) bcPair.getPrivate();
        ECPublicKeyParameters bcPub = (ECPublicKeyParameters) bcPair.getPublic();
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

        Provider kona = (Provider) Class.forName("com.tencent.kona.crypto.KonaCryptoProvider")
                .getDeclaredConstructor().newInstance();
        konaKeyGen = KeyPairGenerator.getInstance("SM2", kona);
        konaKeyGen.initialize(256, random);
        KeyPair konaPair = konaKeyGen.generateKeyPair();
        konaSigner = Signature.getInstance("SM2", kona);
        konaSigner.initSign(konaPair.getPrivate(), random);
        konaVerifier = Signature.getInstance("SM2", kona);
        konaVerifier.initVerify(konaPair.getPublic());
        konaSigner.update(msg);
        konaSignature = konaSigner.sign();
        konaEncryptor = Cipher.getInstance("SM2", kona);
        konaEncryptor.init(Cipher.ENCRYPT_MODE, konaPair.getPublic(), random);
        konaDecryptor = Cipher.getInstance("SM2", kona);
        konaDecryptor.init(Cipher.DECRYPT_MODE, konaPair.getPrivate());
        konaCiphertext = konaEncryptor.doFinal(msg);
        if (!sm2Verify_gmflux() || !sm2Verify_bc() || !sm2Verify_kona()) {
            throw new IllegalStateException("a signature did not verify in setup");
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
    public Object sm2Keygen_kona() {
        return konaKeyGen.generateKeyPair();
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
    public byte[] sm2Sign_kona() throws Exception {
        konaSigner.update(msg);
        return konaSigner.sign();
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
        konaVerifier.update(msg);
        return konaVerifier.verify(konaSignature);
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
    public byte[] sm2Encrypt_kona() throws Exception {
        return konaEncryptor.doFinal(msg);
    }

    /** Encryption to a key prepared once ({@link Sm2PreparedPublicKey}); no BouncyCastle/Kona counterpart. */
    @Benchmark
    public byte[] sm2EncryptPrepared_gmflux() {
        return gmfluxCipher.encrypt(gmfluxPrepared, msg);
    }

    @Benchmark
    public Object sm2KemEncapsulate_gmflux() {
        return gmfluxKem.encapsulate(gmfluxPair.publicKey(), 32);
    }

    @Benchmark
    public byte[] sm2KemDecapsulate_gmflux() throws Exception {
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
    public byte[] sm2Decrypt_kona() throws Exception {
        return konaDecryptor.doFinal(konaCiphertext);
    }
}
