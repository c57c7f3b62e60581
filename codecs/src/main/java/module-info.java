/**
 * gmflux's primitives (SM2, SM3, SM4, SM9, ZUC), the JCA provider "Gmflux", passphrase-encrypted keys, the key-service
 * SPI and the wire formats (codecs/FORMAT.md, PROXY.md). No required dependency but {@code java.base}.
 *
 * <p>Internal packages: {@code io.gmflux.codecs.bytes} (word views, range checks, wiping) is exported only to gmflux's
 * own modules; {@code io.gmflux.codecs.arith} (the limb arithmetic of SM2 and SM9) and {@code io.gmflux.codecs.der}
 * (the DER reader and writer behind the key formats) are not exported at all. They are public classes only so that
 * the packages of this module can share them; {@code ModuleBoundariesTest} holds the list.
 *
 * <p>The jar also works on the class path, where these boundaries are not enforced.
 */
module io.gmflux.codecs {
    // ML-KEM-768 (io.gmflux.codecs.format.MlKem768Bc) only, and only when the application adds BouncyCastle.
    requires static org.bouncycastle.provider;

    exports io.gmflux.codecs.format;
    exports io.gmflux.codecs.jca;
    exports io.gmflux.codecs.kex;
    exports io.gmflux.codecs.keyservice;
    exports io.gmflux.codecs.keyservice.pkcs11;
    exports io.gmflux.codecs.pkcs8;
    exports io.gmflux.codecs.sm2;
    exports io.gmflux.codecs.sm3;
    exports io.gmflux.codecs.sm4;
    exports io.gmflux.codecs.sm9;
    exports io.gmflux.codecs.zuc;

    exports io.gmflux.codecs.bytes to
            io.gmflux.codecs.vector, // the automatic module of gmflux-codecs-vector
            io.gmflux.pipeline,
            io.gmflux.kafka,
            io.gmflux.examples;

    provides java.security.Provider with io.gmflux.codecs.jca.GmfluxProvider;

    // KeyServices finds key services (KMS, HSM) with ServiceLoader.
    uses io.gmflux.codecs.keyservice.KeyServiceProvider;
    provides io.gmflux.codecs.keyservice.KeyServiceProvider with io.gmflux.codecs.keyservice.pkcs11.Pkcs11KeyServiceProvider;

    // The Vector API SM4 engine and GHASH of gmflux-codecs-vector (Sm4ConstantTimeEngines finds them by class name):
    // on the module path these clauses are what resolve that module when it is present (service binding).
    uses io.gmflux.codecs.sm4.GhashProvider;
    uses io.gmflux.codecs.sm4.Sm4EngineProvider;
}
