package io.gmflux.codecs.jca;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Xts;
import java.io.IOException;
import java.io.InputStream;
import java.security.InvalidParameterException;
import java.security.Provider;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * The "Gmflux" JCA provider: the symmetric Chinese commercial cryptography algorithms under the
 * names BouncyCastle 1.87's provider gives them, so that it can replace BouncyCastle for these
 * algorithms without code changes.
 *
 * <pre>{@code
 * Security.addProvider(new GmfluxProvider());          // or list it in java.security; ServiceLoader finds it too
 * Cipher c = Cipher.getInstance("SM4/GCM/NoPadding", "Gmflux");
 * c.init(Cipher.ENCRYPT_MODE, key);                    // draws a random 12-byte nonce
 * c.updateAAD(header);
 * byte[] sealed = c.doFinal(plaintext);                // ciphertext || 16-byte tag
 * AlgorithmParameters nonceAndTagLength = c.getParameters();
 * }</pre>
 *
 * <table>
 * <caption>Services</caption>
 * <tr><th>Type</th><th>Algorithm</th><th>Aliases</th></tr>
 * <tr><td>MessageDigest</td><td>SM3</td><td>1.2.156.10197.1.401, 1.2.156.197.1.401</td></tr>
 * <tr><td>Mac</td><td>HMACSM3</td><td>HMAC-SM3, HMAC/SM3, 1.2.156.10197.1.401.2</td></tr>
 * <tr><td>KeyGenerator</td><td>HMACSM3</td><td>HMAC-SM3, HMAC/SM3, 1.2.156.10197.1.401.2</td></tr>
 * <tr><td>SecretKeyFactory</td><td>PBKDF2WITHHMACSM3</td><td></td></tr>
 * <tr><td>Cipher</td><td>SM4</td><td>modes ECB, CBC, CTR (SIC), CFB (CFB128), OFB (OFB128),
 *     GCM, CCM; paddings NoPadding, PKCS5Padding, PKCS7Padding (ECB and CBC only)</td></tr>
 * <tr><td>Cipher</td><td>SM4/XTS-GB/NoPadding</td><td>SM4/XTS/NoPadding; XTS of GB/T 17964-2021, the
 *     default because GmSSL has no other and OpenSSL 3 uses it unless told otherwise
 *     ({@link Sm4XtsCipherSpi}: 32-byte key Key1 || Key2, the tweak as IvParameterSpec)</td></tr>
 * <tr><td>Cipher</td><td>SM4/XTS-IEEE/NoPadding</td><td>XTS of IEEE 1619 (OpenSSL's
 *     {@code xts_standard} IEEE, gmsm's {@code cipher.NewXTS})</td></tr>
 * <tr><td>Cipher</td><td>SM4-GCM</td><td>1.2.156.10197.1.104.8, OID.1.2.156.10197.1.104.8</td></tr>
 * <tr><td>Cipher</td><td>SM4-CCM</td><td>1.2.156.10197.1.104.9, OID.1.2.156.10197.1.104.9</td></tr>
 * <tr><td>KeyGenerator</td><td>SM4</td><td>1.2.156.10197.1.104.8, 1.2.156.10197.1.104.9
 *     (and their OID. forms)</td></tr>
 * <tr><td>AlgorithmParameters, AlgorithmParameterGenerator</td><td>SM4, SM4-GCM, SM4-CCM</td>
 *     <td>1.2.156.10197.1.104.2, .104.8, .104.9</td></tr>
 * <tr><td>Cipher, KeyGenerator, AlgorithmParameters</td><td>ZUC-128, ZUC-256</td><td></td></tr>
 * <tr><td>Mac</td><td>ZUC-128, ZUC-256 (= ZUC-256-128), ZUC-256-64, ZUC-256-32</td><td></td></tr>
 * <tr><td>KeyPairGenerator, KeyFactory</td><td>SM2</td><td>1.2.156.10197.1.301 (keys are
 *     {@link Sm2EcPublicKey}/{@link Sm2EcPrivateKey}, X.509 and PKCS#8 specs)</td></tr>
 * <tr><td>Signature</td><td>SM3WITHSM2</td><td>1.2.156.10197.1.501; DER signatures, user ID through
 *     {@link io.gmflux.codecs.sm2.Sm2ParameterSpec}</td></tr>
 * <tr><td>Cipher</td><td>SM2</td><td>SM2WITHSM3, 1.2.156.10197.1.301.3.2.1; modes NONE (= C1C3C2), C1C3C2, C1C2C3; NoPadding.
 *     Plain "SM2" is C1C3C2 here and C1C2C3 in BouncyCastle ({@code Sm2CipherSpi})</td></tr>
 * </table>
 *
 * <p>Deliberate differences from BouncyCastle (each one refuses loudly rather than behave
 * differently in silence): GCM tags shorter than 96 bits are refused (NIST SP 800-38D §5.2.1.2;
 * the JDK refuses them too); padding is offered for ECB and CBC only; an encryption init of
 * GCM or CCM with the key and IV of the previous encryption in the same {@code Cipher} is refused,
 * as the JDK's AES-GCM does; a wrong IV length is an
 * {@link java.security.InvalidAlgorithmParameterException} (BouncyCastle's ZUC reports an
 * {@link java.security.InvalidKeyException}); ZUC-256 also accepts the 23-byte packed IV;
 * BouncyCastle's {@code AEADParameterSpec} is refused (use {@link javax.crypto.spec.GCMParameterSpec}
 * and {@code updateAAD}); KeyGenerators refuse key sizes their cipher cannot use. Other
 * differences: GCM and CCM decryption release no plaintext before the tag verifies, so
 * {@code update} returns nothing and the message is held until {@code doFinal} (BouncyCastle's
 * GCM hands out unverified plaintext from {@code update}); the ZUC keystreams have no length cap
 * (BouncyCastle stops ZUC-256 after 2,500 bytes); {@code Mac.clone()} is not supported for the
 * MACs (it is for SM3). Not offered: SM4 wrap ciphers (SM4WRAP, SM4WRAPPAD), SM4-CMAC,
 * SM4-GMAC, POLY1305-SM4, modes other than the above (CTS, CFB8, OCB, EAX, ...), SM2 key
 * agreement (use {@link io.gmflux.codecs.sm2.Sm2KeyExchange}), SM2 with digests other than SM3, and
 * SM9.
 *
 * <p>SM4 engine: {@code new GmfluxProvider()} ({@link Sm4Implementation#AUTO}) picks, per key at
 * {@code init}, the constant-time engine and GHASH where the Vector API forms run (JDK 25+ with
 * gmflux-codecs-vector; faster there), and elsewhere the table-driven engine of
 * {@link io.gmflux.codecs.sm4.Sm4#newTableEngine(byte[])}, the fastest there, which leaks timing through
 * the cache to a co-located attacker (as BouncyCastle's SM4 does). {@code configure("table")} forces
 * the table engine.
 * {@code new GmfluxProvider(Sm4Implementation.CONSTANT_TIME)}, or {@code configure("constant-time")}
 * (also reachable from a {@code java.security} entry {@code security.provider.N=Gmflux constant-time}),
 * runs every SM4 cipher on {@link io.gmflux.codecs.sm4.Sm4#newConstantTimeEngine(byte[])} instead,
 * and GCM's GHASH on its table-free form (the choice of {@link io.gmflux.codecs.sm4.EngineChoice},
 * which the stream format, Kafka and tunnel offer too).
 *
 * <p>Deployment: OpenJDK loads unsigned JCE providers; Oracle's JDK accepts a Cipher or Mac
 * provider only from a jar signed with a JCE code-signing certificate (BouncyCastle's jar is).
 *
 * <p>Thread safety: immutable after construction and thread-safe. Each {@code getInstance}
 * constructs its SPI directly, without reflection.
 */
public final class GmfluxProvider extends Provider {

    private static final long serialVersionUID = 1L;

    /** The provider name, for {@code Security.getProvider} and {@code getInstance(alg, name)}. */
    public static final String NAME = "Gmflux";

    /**
     * The provider version: gmflux's release number, the pom's version without a qualifier such as
     * {@code -SNAPSHOT} (read from a resource the build fills in; {@code "0"} if it is missing).
     */
    public static final String VERSION = releaseVersion();

    private static final String INFO =
            "Gmflux provider " + VERSION + ": SM3, HMAC-SM3, SM4 (ECB, CBC, CTR, CFB, OFB, GCM, CCM, XTS), ZUC-128, ZUC-256, SM2";

    private static final String OID_SM3 = "1.2.156.10197.1.401";
    private static final String OID_HMAC_SM3 = "1.2.156.10197.1.401.2";
    private static final String OID_SM4_CBC = "1.2.156.10197.1.104.2";
    private static final String OID_SM4_GCM = "1.2.156.10197.1.104.8";
    private static final String OID_SM4_CCM = "1.2.156.10197.1.104.9";
    private static final String OID_SM2P256V1 = "1.2.156.10197.1.301";
    private static final String OID_SM3_WITH_SM2 = "1.2.156.10197.1.501";
    private static final String OID_SM2_ENCRYPT_WITH_SM3 = "1.2.156.10197.1.301.3.2.1";

    /** Which SM4 engine the SM4 ciphers run on. */
    public enum Sm4Implementation {
        /** {@link Sm4#newTableEngine(byte[])}: table-driven, fastest, not constant-time. */
        TABLE {
            @Override
            Sm4Engine newEngine(byte[] key) {
                return EngineChoice.TABLE.newSm4Engine(key);
            }
        },
        /** {@link Sm4#newConstantTimeEngine(byte[])}: no secret-indexed memory access, slower. */
        CONSTANT_TIME {
            @Override
            Sm4Engine newEngine(byte[] key) {
                return EngineChoice.CONSTANT_TIME.newSm4Engine(key);
            }
        },
        /**
         * {@link EngineChoice#AUTO}, per key at {@code init}: constant-time where the Vector API engine and
         * GHASH run (faster there), else the table engine. The default.
         */
        AUTO {
            @Override
            Sm4Engine newEngine(byte[] key) {
                return EngineChoice.AUTO.newSm4Engine(key);
            }
        };

        abstract Sm4Engine newEngine(byte[] key);
    }

    private final Sm4Implementation sm4;

    /** Registers every service, with SM4 on {@link Sm4Implementation#AUTO}. */
    public GmfluxProvider() {
        this(Sm4Implementation.AUTO);
    }

    /**
     * Registers every service, with SM4 on the engine {@code sm4}.
     *
     * @throws NullPointerException if {@code sm4} is null
     */
    public GmfluxProvider(Sm4Implementation sm4) {
        super(NAME, VERSION, INFO + (sm4 == Sm4Implementation.CONSTANT_TIME ? "; constant-time SM4" : ""));
        this.sm4 = Objects.requireNonNull(sm4, "sm4");
        Map<String, String> rawKeys = Map.of("SupportedKeyFormats", "RAW");
        List<String> hmacAliases = List.of("HMAC-SM3", "HMAC/SM3", OID_HMAC_SM3);

        add("MessageDigest", "SM3", List.of(OID_SM3, "1.2.156.197.1.401"), Map.of(),
                Sm3DigestSpi.class, Sm3DigestSpi::new);
        add("Mac", "HMACSM3", hmacAliases, rawKeys, HmacSm3Spi.class, HmacSm3Spi::new);
        add("KeyGenerator", "HMACSM3", hmacAliases, Map.of(), SecretKeyGeneratorSpi.class,
                () -> new SecretKeyGeneratorSpi("HMACSM3", 256, 8, Integer.MAX_VALUE));
        add("SecretKeyFactory", "PBKDF2WITHHMACSM3", List.of(), Map.of(),
                Pbkdf2HmacSm3KeyFactorySpi.class, Pbkdf2HmacSm3KeyFactorySpi::new);

        add("Cipher", "SM4", List.of(), cipherAttributes(Sm4Mode.SUPPORTED_MODES, "NOPADDING|PKCS5PADDING|PKCS7PADDING"),
                Sm4CipherSpi.class, () -> new Sm4CipherSpi(this, sm4, null));
        add("Cipher", "SM4-GCM", List.of(OID_SM4_GCM, "OID." + OID_SM4_GCM), cipherAttributes("GCM", "NOPADDING"),
                Sm4CipherSpi.class, () -> new Sm4CipherSpi(this, sm4, Sm4Mode.GCM));
        add("Cipher", "SM4-CCM", List.of(OID_SM4_CCM, "OID." + OID_SM4_CCM), cipherAttributes("CCM", "NOPADDING"),
                Sm4CipherSpi.class, () -> new Sm4CipherSpi(this, sm4, Sm4Mode.CCM));
        // Full transformations: the JCA finds them before "SM4", whose SupportedModes leave XTS out.
        add("Cipher", "SM4/XTS-GB/NoPadding", List.of("SM4/XTS/NoPadding"), Map.of("SupportedKeyFormats", "RAW"),
                Sm4XtsCipherSpi.class,
                () -> new Sm4XtsCipherSpi(this, sm4, Sm4Xts.Variant.GB_T_17964, "SM4/XTS-GB/NoPadding"));
        add("Cipher", "SM4/XTS-IEEE/NoPadding", List.of(), Map.of("SupportedKeyFormats", "RAW"),
                Sm4XtsCipherSpi.class,
                () -> new Sm4XtsCipherSpi(this, sm4, Sm4Xts.Variant.IEEE_1619, "SM4/XTS-IEEE/NoPadding"));
        add("KeyGenerator", "SM4", List.of(OID_SM4_GCM, "OID." + OID_SM4_GCM, OID_SM4_CCM, "OID." + OID_SM4_CCM),
                Map.of(), SecretKeyGeneratorSpi.class, () -> new SecretKeyGeneratorSpi("SM4", 128, 128, 128));
        add("AlgorithmParameters", "SM4", List.of(OID_SM4_CBC), Map.of(),
                IvParametersSpi.class, () -> new IvParametersSpi("SM4 IV"));
        add("AlgorithmParameters", "SM4-GCM", List.of(OID_SM4_GCM), Map.of(),
                AeadParametersSpi.class, () -> new AeadParametersSpi("GCM"));
        add("AlgorithmParameters", "SM4-CCM", List.of(OID_SM4_CCM), Map.of(),
                AeadParametersSpi.class, () -> new AeadParametersSpi("CCM"));
        add("AlgorithmParameterGenerator", "SM4", List.of(OID_SM4_CBC), Map.of(),
                RandomIvParameterGeneratorSpi.class, () -> new RandomIvParameterGeneratorSpi(this, "SM4", 16, 0));
        add("AlgorithmParameterGenerator", "SM4-GCM", List.of(OID_SM4_GCM), Map.of(),
                RandomIvParameterGeneratorSpi.class, () -> new RandomIvParameterGeneratorSpi(this, "SM4-GCM", 12, 16));
        add("AlgorithmParameterGenerator", "SM4-CCM", List.of(OID_SM4_CCM), Map.of(),
                RandomIvParameterGeneratorSpi.class, () -> new RandomIvParameterGeneratorSpi(this, "SM4-CCM", 12, 12));

        for (ZucVariant v : ZucVariant.values()) {
            int bits = v.keyLength * 8;
            add("Cipher", v.algorithm, List.of(), cipherAttributes("ECB|NONE", "NOPADDING"),
                    ZucCipherSpi.class, () -> new ZucCipherSpi(this, v));
            add("KeyGenerator", v.algorithm, List.of(), Map.of(),
                    SecretKeyGeneratorSpi.class, () -> new SecretKeyGeneratorSpi(v.keyAlgorithm, bits, bits, bits));
            add("AlgorithmParameters", v.algorithm, List.of(), Map.of(),
                    IvParametersSpi.class, () -> new IvParametersSpi("Zuc IV"));
        }
        add("Mac", "ZUC-128", List.of(), rawKeys, ZucMacSpi.class, () -> new ZucMacSpi(ZucVariant.ZUC_128, 32));
        add("Mac", "ZUC-256", List.of("ZUC-256-128"), rawKeys,
                ZucMacSpi.class, () -> new ZucMacSpi(ZucVariant.ZUC_256, 128));
        add("Mac", "ZUC-256-64", List.of(), rawKeys, ZucMacSpi.class, () -> new ZucMacSpi(ZucVariant.ZUC_256, 64));
        add("Mac", "ZUC-256-32", List.of(), rawKeys, ZucMacSpi.class, () -> new ZucMacSpi(ZucVariant.ZUC_256, 32));

        // SM2
        add("KeyPairGenerator", "SM2", List.of(OID_SM2P256V1), Map.of(),
                Sm2KeyPairGeneratorSpi.class, Sm2KeyPairGeneratorSpi::new);
        add("KeyFactory", "SM2", List.of(OID_SM2P256V1), Map.of(), Sm2KeyFactorySpi.class, Sm2KeyFactorySpi::new);
        add("Signature", "SM3WITHSM2", List.of(OID_SM3_WITH_SM2, "OID." + OID_SM3_WITH_SM2), Map.of(),
                Sm3WithSm2SignatureSpi.class, Sm3WithSm2SignatureSpi::new);
        add("Cipher", "SM2", List.of("SM2WITHSM3", OID_SM2_ENCRYPT_WITH_SM3),
                Map.of("SupportedModes", "NONE|C1C3C2|C1C2C3", "SupportedPaddings", "NOPADDING"),
                Sm2CipherSpi.class, Sm2CipherSpi::new);
    }

    /** The SM4 engine this provider's ciphers run on. */
    public Sm4Implementation sm4Implementation() {
        return sm4;
    }

    /**
     * A provider configured by {@code configArg}: {@code "constant-time"}, {@code "table"} or {@code "auto"}
     * (case-insensitive), naming the SM4 engine. This is what the JDK calls for a
     * {@code security.provider.N=Gmflux <arg>} entry.
     *
     * @throws InvalidParameterException for any other argument
     */
    @Override
    public Provider configure(String configArg) {
        String arg = configArg == null ? "" : configArg.trim().toLowerCase(Locale.ROOT);
        switch (arg) {
            case "constant-time":
                return new GmfluxProvider(Sm4Implementation.CONSTANT_TIME);
            case "table":
                return new GmfluxProvider(Sm4Implementation.TABLE);
            case "auto":
                return new GmfluxProvider(Sm4Implementation.AUTO);
            default:
                throw new InvalidParameterException(
                        "Gmflux provider takes \"constant-time\", \"table\" or \"auto\", got \"" + configArg + "\"");
        }
    }

    /**
     * What the JCA's transformation lookup reads before it instantiates a Cipher (so that
     * {@code Cipher.getInstance("SM4/CTS/NoPadding")} skips this provider rather than failing in it).
     */
    private static Map<String, String> cipherAttributes(String modes, String paddings) {
        return Map.of("SupportedKeyFormats", "RAW", "SupportedModes", modes, "SupportedPaddings", paddings);
    }

    private <T> void add(String type, String algorithm, List<String> aliases, Map<String, String> attributes,
            Class<T> implementation, Supplier<T> factory) {
        putService(new SuppliedService(this, type, algorithm, implementation.getName(), aliases, attributes, factory));
    }

    /**
     * A service that builds its SPI with a constructor call instead of by reflection on the class
     * name (which the JCA still requires, for {@code toString} and tools).
     */
    private static final class SuppliedService extends Provider.Service {

        private final Supplier<?> factory;

        SuppliedService(Provider provider, String type, String algorithm, String className, List<String> aliases,
                Map<String, String> attributes, Supplier<?> factory) {
            super(provider, type, algorithm, className, aliases, attributes);
            this.factory = factory;
        }

        @Override
        public Object newInstance(Object constructorParameter) {
            // None of these engine types takes a constructor parameter (the JDK's own check).
            if (constructorParameter != null) {
                throw new InvalidParameterException(
                        "constructorParameter not used with " + getType() + " engines");
            }
            return factory.get();
        }
    }

    /** The {@code version} of {@code gmflux-version.properties}, up to its first {@code '-'}. */
    static String releaseVersion() {
        Properties p = new Properties();
        try (InputStream in = GmfluxProvider.class.getResourceAsStream("gmflux-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "0";
        }
        String v = p.getProperty("version", "0");
        int dash = v.indexOf('-');
        return dash < 0 ? v : v.substring(0, dash);
    }
}
