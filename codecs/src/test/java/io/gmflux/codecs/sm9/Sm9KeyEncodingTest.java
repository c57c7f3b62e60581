package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.InvalidKeyException;
import org.junit.jupiter.api.Test;

class Sm9KeyEncodingTest {

    /** GmSSL 3's `gmssl sm9setup -alg sm9encrypt` output as published in emmansun/gmsm's tests. */
    private static final String GMSSL_ENC_MASTER_PUBLIC_KEY = "-----BEGIN SM9 ENC MASTER PUBLIC KEY-----\n"
            + "MEQDQgAEUWC+GS/3JrpMJqH/ZBItUDROFg62fmY4HuU0kHlnK/trA/GBX/P+MH0P\n"
            + "tYwoUdCETdYJwxiKXlI1jytVTuuT2Q==\n"
            + "-----END SM9 ENC MASTER PUBLIC KEY-----\n";

    @Test
    void readsGmsslsMasterPublicKeyAndWritesItBackIdentically() throws Exception {
        Sm9EncryptMasterPublicKey k = Sm9KeyEncoding.encryptMasterPublicKeyFromPem(GMSSL_ENC_MASTER_PUBLIC_KEY);
        assertThat(Sm9KeyEncoding.toPem(k)).isEqualTo(GMSSL_ENC_MASTER_PUBLIC_KEY);
    }

    @Test
    void everyKeyRoundTripsThroughPem() throws Exception {
        Sm9SignMasterPrivateKey sm = Sm9SignMasterPrivateKey.generate(BouncyCastleSm9.seeded(1));
        Sm9EncryptMasterPrivateKey em = Sm9EncryptMasterPrivateKey.generate(BouncyCastleSm9.seeded(2));
        byte[] id = "bob@example.com".getBytes();
        assertThat(Sm9KeyEncoding.signMasterPublicKeyFromPem(Sm9KeyEncoding.toPem(sm.publicKey()))).isEqualTo(sm.publicKey());
        assertThat(Sm9KeyEncoding.encryptMasterPublicKeyFromPem(Sm9KeyEncoding.toPem(em.publicKey())))
                .isEqualTo(em.publicKey());
        assertThat(Sm9KeyEncoding.signMasterKeyFromPem(Sm9KeyEncoding.toPem(sm)).toBytes()).isEqualTo(sm.toBytes());
        assertThat(Sm9KeyEncoding.encryptMasterKeyFromPem(Sm9KeyEncoding.toPem(em)).toBytes()).isEqualTo(em.toBytes());
        Sm9SignPrivateKey su = sm.extractUserKey(id);
        Sm9SignPrivateKey su2 = Sm9KeyEncoding.signPrivateKeyFromPem(Sm9KeyEncoding.toPem(su));
        assertThat(su2.encoded()).isEqualTo(su.encoded());
        assertThat(su2.id()).isEqualTo(id);
        assertThat(su2.hid()).isEqualTo((byte) 1);
        assertThat(new Sm9Verifier(su2.masterPublicKey(), id).verify(new byte[3], new Sm9Signer(su2).sign(new byte[3])))
                .isTrue();
        Sm9EncryptPrivateKey eu = em.extractKeyExchangeKey(id);
        Sm9EncryptPrivateKey eu2 = Sm9KeyEncoding.encryptPrivateKeyFromPem(Sm9KeyEncoding.toPem(eu));
        assertThat(eu2.encoded()).isEqualTo(eu.encoded());
        assertThat(eu2.hid()).isEqualTo((byte) 2);
        assertThat(eu2.masterPublicKey()).isEqualTo(em.publicKey());
    }

    @Test
    void rejectsInconsistentOrMalformedKeys() throws Exception {
        Sm9SignMasterPrivateKey a = Sm9SignMasterPrivateKey.generate(BouncyCastleSm9.seeded(3));
        Sm9SignMasterPrivateKey b = Sm9SignMasterPrivateKey.generate(BouncyCastleSm9.seeded(4));
        byte[] ks = a.toBytes();
        byte[] mixed = new io.gmflux.codecs.der.DerWriter()
                .sequence(w -> w.unsignedInteger(ks).bitString(b.publicKey().encoded())).toByteArray();
        assertThatThrownBy(() -> Sm9KeyEncoding.signMasterKeyFromDer(mixed)).isInstanceOf(InvalidKeyException.class)
                .hasMessageContaining("Ppubs");
        byte[] der = Sm9KeyEncoding.toDer(a.publicKey());
        assertThatThrownBy(() -> Sm9KeyEncoding.signMasterPublicKeyFromDer(java.util.Arrays.copyOf(der, der.length - 1)))
                .isInstanceOf(InvalidKeyException.class);
        byte[] offCurve = der.clone();
        offCurve[offCurve.length - 1] ^= 1;
        assertThatThrownBy(() -> Sm9KeyEncoding.signMasterPublicKeyFromDer(offCurve)).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> Sm9KeyEncoding.encryptMasterPublicKeyFromPem(Sm9KeyEncoding.toPem(a.publicKey())))
                .isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> Sm9SignMasterPrivateKey.fromBytes(new byte[32])).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> Sm9SignMasterPrivateKey.fromBytes(Sm9Curve.N_BYTES)).isInstanceOf(InvalidKeyException.class);
    }
}
