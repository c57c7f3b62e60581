package io.gmflux.codecs.format;

import static io.gmflux.codecs.format.StreamFixtures.decrypt;
import static io.gmflux.codecs.format.StreamFixtures.encrypt;
import static io.gmflux.testing.RandomInputs.random;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.der.Pem;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.SecretWithEncapsulation;
import org.bouncycastle.crypto.generators.MLKEMKeyPairGenerator;
import org.bouncycastle.crypto.kems.MLKEMGenerator;
import org.bouncycastle.crypto.params.MLKEMKeyGenerationParameters;
import org.bouncycastle.crypto.params.MLKEMParameters;
import org.bouncycastle.crypto.params.MLKEMPrivateKeyParameters;
import org.bouncycastle.crypto.params.MLKEMPublicKeyParameters;
import org.bouncycastle.crypto.util.PrivateKeyFactory;
import org.bouncycastle.crypto.util.PrivateKeyInfoFactory;
import org.bouncycastle.crypto.util.PublicKeyFactory;
import org.bouncycastle.crypto.util.SubjectPublicKeyInfoFactory;
import org.junit.jupiter.api.Test;

class MlKem768RecipientTest {

    private static final MlKem768PrivateKey ALICE = generate();
    private static final MlKem768PrivateKey BOB = generate();

    private static MlKem768PrivateKey generate() {
        try {
            return MlKem768PrivateKey.generate(new SecureRandom());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void roundTripsAloneAndBesideAnSm2Recipient() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x3c_0001L);
        Sm2KeyPair carol = Sm2KeyPair.generate();
        for (int size : new int[] {0, 1, 4096, 100_000}) {
            byte[] plain = random(rnd, size);
            byte[] alone = encrypt(StreamSpec.builder().recipient(ALICE.recipient()).build(), plain, rnd);
            assertThat(decrypt(alone, List.of(ALICE.identity()), rnd)).as("size %d", size).isEqualTo(plain);
            byte[] mixed = encrypt(StreamSpec.builder().recipient(new Sm2Recipient(carol.publicKey()))
                    .recipient(ALICE.recipient()).recipient(BOB.recipient()).build(), plain, rnd);
            assertThat(decrypt(mixed, List.of(BOB.identity()), rnd)).as("size %d", size).isEqualTo(plain);
            assertThat(decrypt(mixed, List.of(Sm2Recipient.identity(carol.privateKey())), rnd)).isEqualTo(plain);
        }
    }

    @Test
    void stanzaHoldsKeyIdCiphertextAndWrappedKey() throws Exception {
        byte[] sealed = encrypt(StreamSpec.builder().recipient(ALICE.recipient()).build(), new byte[1],
                new SplittableRandom(1));
        StreamHeader h = StreamHeader.parse(sealed, 0, StreamHeader.headerLength(sealed, 0, sealed.length));
        RecipientStanza s = h.stanzas().get(0);
        assertThat(s.type()).isEqualTo(RecipientStanza.TYPE_MLKEM768);
        assertThat(s.body()).hasSize(8 + 1088 + 48);
        assertThat(s.keyId()).isEqualTo(KeyWrap.keyId(ALICE.recipient().encapsulationKey()));
    }

    @Test
    void decapsulatesWhatBouncyCastleEncapsulatesToTheSameKey() throws Exception {
        for (int i = 0; i < 20; i++) {
            SecretWithEncapsulation bc = new MLKEMGenerator(new SecureRandom()).generateEncapsulated(
                    new MLKEMPublicKeyParameters(MLKEMParameters.ml_kem_768, ALICE.recipient().encapsulationKey()));
            assertThat(ALICE.decapsulate(bc.getEncapsulation())).as("case %d", i).isEqualTo(bc.getSecret());
        }
    }

    @Test
    void keyFilesAgreeWithBouncyCastlesEncodings() throws Exception {
        MLKEMKeyPairGenerator g = new MLKEMKeyPairGenerator();
        g.init(new MLKEMKeyGenerationParameters(new SecureRandom(), MLKEMParameters.ml_kem_768));
        var kp = g.generateKeyPair();
        MLKEMPrivateKeyParameters bcPriv = (MLKEMPrivateKeyParameters) kp.getPrivate();
        MLKEMPublicKeyParameters bcPub = (MLKEMPublicKeyParameters) kp.getPublic();
        // BouncyCastle's default PKCS#8 is the seed-and-expanded-key form; ours reads it
        MlKem768PrivateKey ours = MlKem768PrivateKey.fromPkcs8(PrivateKeyInfoFactory.createPrivateKeyInfo(bcPriv)
                .getEncoded());
        assertThat(ours.recipient().encapsulationKey()).isEqualTo(bcPub.getEncoded());
        assertThat(ours.recipient().toSpki())
                .isEqualTo(SubjectPublicKeyInfoFactory.createSubjectPublicKeyInfo(bcPub).getEncoded());
        // and ours, the seed form, is what BouncyCastle writes for a seed-only key and reads back
        byte[] seedOnly = PrivateKeyInfoFactory.createPrivateKeyInfo(
                bcPriv.getParametersWithFormat(MLKEMPrivateKeyParameters.SEED_ONLY)).getEncoded();
        assertThat(ours.toPkcs8()).isEqualTo(seedOnly);
        MLKEMPrivateKeyParameters back = (MLKEMPrivateKeyParameters) PrivateKeyFactory.createKey(ours.toPkcs8());
        assertThat(back.getSeed()).isEqualTo(bcPriv.getSeed());
        MLKEMPublicKeyParameters pubBack = (MLKEMPublicKeyParameters) PublicKeyFactory.createKey(
                ours.recipient().toSpki());
        assertThat(pubBack.getEncoded()).isEqualTo(bcPub.getEncoded());
    }

    @Test
    void keyTextReadsBothKeyFilesThroughPem() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x3c_0002L);
        Recipient r = KeyText.recipient(ALICE.recipient().toPem());
        assertThat(r).isInstanceOf(MlKem768Recipient.class);
        Identity id = KeyText.identity(ALICE.toPem());
        byte[] plain = random(rnd, 5000);
        assertThat(decrypt(encrypt(StreamSpec.builder().recipient(r).build(), plain, rnd), List.of(id), rnd))
                .isEqualTo(plain);
        assertThat(MlKem768PrivateKey.fromPem(ALICE.toPem()).recipient().encapsulationKey())
                .isEqualTo(ALICE.recipient().encapsulationKey());
    }

    @Test
    void refusesAStreamForAnotherKey() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x3c_0003L);
        byte[] sealed = encrypt(StreamSpec.builder().recipient(ALICE.recipient()).build(), random(rnd, 10), rnd);
        assertThatThrownBy(() -> decrypt(sealed, List.of(BOB.identity()), rnd))
                .isInstanceOf(StreamException.NoMatchingRecipient.class);
        // the same stanza relabelled with Bob's key id: ML-KEM's implicit rejection gives a secret
        // that does not unwrap the file key
        byte[] relabelled = sealed.clone();
        System.arraycopy(BOB.recipient().keyId(), 0, relabelled, StreamHeader.FIXED_LENGTH + 3, 8);
        assertThatThrownBy(() -> decrypt(relabelled, List.of(BOB.identity()), rnd))
                .isInstanceOf(StreamException.NoMatchingRecipient.class);
    }

    @Test
    void everyFlippedStanzaByteIsRejected() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x3c_0004L);
        byte[] sealed = encrypt(StreamSpec.builder().recipient(ALICE.recipient()).build(), random(rnd, 100), rnd);
        // key id, ciphertext (implicit rejection) and wrapped key: none unwraps
        StanzaAttacks.everyFlippedStanzaByteIsRejected(sealed, List.of(ALICE.identity()),
                off -> StreamException.NoMatchingRecipient.class, rnd);
    }

    @Test
    void aStanzaFromAnotherStreamForTheSameKeyBreaksTheHeaderMac() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x3c_0005L);
        StreamSpec spec = StreamSpec.builder().recipient(ALICE.recipient()).build();
        byte[] a = encrypt(spec, random(rnd, 10), rnd);
        byte[] b = encrypt(spec, random(rnd, 10), rnd);
        byte[] spliced = a.clone();
        int s = StreamHeader.FIXED_LENGTH;
        System.arraycopy(b, s, spliced, s, 3 + MlKem768Recipient.BODY_LENGTH);
        // b's stanza is wrapped under b's salt: with a's salt it does not unwrap
        assertThatThrownBy(() -> decrypt(spliced, List.of(ALICE.identity()), rnd))
                .isInstanceOf(StreamException.NoMatchingRecipient.class);
        // with b's salt as well, it unwraps b's file key, which does not verify a's header MAC
        System.arraycopy(b, 10, spliced, 10, StreamHeader.SALT_LENGTH);
        assertThatThrownBy(() -> decrypt(spliced, List.of(ALICE.identity()), rnd))
                .isInstanceOf(StreamException.BadHeaderMac.class);
    }

    @Test
    void refusesMalformedKeys() {
        byte[] ek = ALICE.recipient().encapsulationKey();
        assertThatThrownBy(() -> MlKem768Recipient.fromEncapsulationKey(Arrays.copyOf(ek, 1183)))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("1184");
        byte[] notReduced = new byte[1184];
        Arrays.fill(notReduced, (byte) 0xff);
        assertThatThrownBy(() -> MlKem768Recipient.fromEncapsulationKey(notReduced))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("not an ML-KEM-768 public key");
        assertThatThrownBy(() -> MlKem768PrivateKey.fromSeed(new byte[63]))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("64 bytes");
        byte[] pkcs8 = ALICE.toPkcs8();
        pkcs8[pkcs8.length - 70] ^= 1; // inside the OID
        assertThatThrownBy(() -> MlKem768PrivateKey.fromPkcs8(pkcs8)).isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> MlKem768Recipient.fromPem(Pem.encode("PUBLIC KEY", new byte[] {0x30, 0x00})))
                .isInstanceOf(InvalidKeyException.class);
        assertThatThrownBy(() -> MlKem768Recipient.fromEncapsulationKey(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("ek");
    }

    @Test
    void destroyZeroesTheSeed() throws Exception {
        MlKem768PrivateKey k = MlKem768PrivateKey.generate(new SecureRandom());
        k.destroy();
        assertThat(k.isDestroyed()).isTrue();
        assertThatThrownBy(k::toPkcs8).isInstanceOf(IllegalStateException.class);
    }
}
