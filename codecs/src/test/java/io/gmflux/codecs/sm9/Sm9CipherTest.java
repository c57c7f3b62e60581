package io.gmflux.codecs.sm9;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Hex;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.SplittableRandom;
import org.bouncycastle.asn1.gm.SM9Cipher;
import org.bouncycastle.crypto.engines.SM9Engine;
import org.bouncycastle.crypto.params.ParametersWithRandom;
import org.bouncycastle.crypto.params.SM9EncMasterPrivateKeyParameters;
import org.bouncycastle.crypto.params.SM9EncPrivateKeyParameters;
import org.junit.jupiter.api.Test;

class Sm9CipherTest {

    private static final Sm9EncryptMasterPrivateKey MASTER = Sm9EncryptMasterPrivateKey.generate(BouncyCastleSm9.seeded(31));
    private static final byte[] ID = "bob@example.com".getBytes(StandardCharsets.UTF_8);
    private static final Sm9EncryptPrivateKey BOB = MASTER.extractUserKey(ID);

    private static SM9Engine.Mode bcMode(Sm9CipherMode m) {
        return m == Sm9CipherMode.STREAM ? SM9Engine.Mode.STREAM : SM9Engine.Mode.SM4;
    }

    @Test
    void agreesWithBouncyCastleBothWaysOnRandomKeysIdsAndMessages() throws Exception {
        SplittableRandom rnd = new SplittableRandom(4242);
        for (int i = 0; i < 12; i++) {
            Sm9CipherMode mode = Sm9CipherMode.values()[i & 1];
            String c = "case " + i + " " + mode + " (seed 4242)";
            Sm9EncryptMasterPrivateKey master = Sm9EncryptMasterPrivateKey.generate(BouncyCastleSm9.seeded(rnd.nextLong()));
            SM9EncMasterPrivateKeyParameters bcMaster = BouncyCastleSm9.encryptMaster(master);
            assertThat(Hex.encode(master.publicKey().encoded())).as(c)
                    .isEqualTo(Hex.encode(bcMaster.getPublicKeyParameters().getEncoded()));
            byte[] id = BouncyCastleSm9.randomId(rnd, 1);
            // BouncyCastle refuses messages shorter than 17 bytes in the SM4 mode and of 0 or 16 bytes in
            // the stream mode; gmflux accepts those (tested below) but interop uses lengths both accept.
            byte[] msg = new byte[17 + rnd.nextInt(300)];
            rnd.nextBytes(msg);
            Sm9EncryptPrivateKey user = master.extractUserKey(id);
            SM9EncPrivateKeyParameters bcUser = bcMaster.generateUserKey(id, (byte) 3);
            assertThat(Hex.encode(user.encoded())).as(c).isEqualTo(Hex.encode(bcUser.getEncoded()));

            Sm9Cipher cipher = new Sm9Cipher(mode, BouncyCastleSm9.seeded(rnd.nextLong()));
            byte[] ct = cipher.encrypt(master.publicKey(), id, msg);
            SM9Engine bcDec = new SM9Engine(bcMode(mode));
            bcDec.init(false, bcUser);
            assertThat(bcDec.processBlock(ct, 0, ct.length)).as(c).isEqualTo(msg);

            SM9Engine bcEnc = new SM9Engine(bcMode(mode));
            bcEnc.init(true, new ParametersWithRandom(bcMaster.getPublicKeyParameters().getUserPublicKey(id, (byte) 3),
                    new SecureRandom()));
            byte[] bcCt = bcEnc.processBlock(msg, 0, msg.length);
            assertThat(cipher.decrypt(user, bcCt)).as(c).isEqualTo(msg);

            byte[] der = Sm9CiphertextEncoding.toDer(ct, mode);
            SM9Cipher bcDer = new SM9Cipher(mode.enType(), Sm9Ops.concat(new byte[] {4}, java.util.Arrays.copyOf(ct, 64)),
                    java.util.Arrays.copyOfRange(ct, 64, 96), java.util.Arrays.copyOfRange(ct, 96, ct.length));
            assertThat(Hex.encode(der)).as(c).isEqualTo(Hex.encode(bcDer.getEncoded()));
            Sm9CiphertextEncoding.Decoded d = Sm9CiphertextEncoding.fromDer(der);
            assertThat(d.mode()).isEqualTo(mode);
            assertThat(d.raw()).isEqualTo(ct);
        }
    }

    @Test
    void roundTripsEveryShortLengthInBothModes() throws Exception {
        SplittableRandom rnd = new SplittableRandom(55);
        for (Sm9CipherMode mode : Sm9CipherMode.values()) {
            Sm9Cipher cipher = new Sm9Cipher(mode, BouncyCastleSm9.seeded(56));
            for (int len : new int[] {0, 1, 15, 16, 17, 31, 32, 33, 1000}) {
                byte[] msg = new byte[len];
                rnd.nextBytes(msg);
                byte[] ct = cipher.encrypt(MASTER.publicKey(), ID, msg);
                int expected = 96 + (mode == Sm9CipherMode.STREAM ? len : (len / 16 + 1) * 16);
                assertThat(ct).as("%s len %d", mode, len).hasSize(expected);
                assertThat(cipher.decrypt(BOB, ct)).as("%s len %d", mode, len).isEqualTo(msg);
            }
        }
    }

    @Test
    void rejectsEveryFlippedByteWithATypedException() throws Exception {
        SplittableRandom rnd = new SplittableRandom(57);
        for (Sm9CipherMode mode : Sm9CipherMode.values()) {
            Sm9Cipher cipher = new Sm9Cipher(mode, BouncyCastleSm9.seeded(58));
            byte[] msg = "attack at dawn, bring the sm9 keys".getBytes(StandardCharsets.UTF_8);
            byte[] ct = cipher.encrypt(MASTER.publicKey(), ID, msg);
            for (int i = 0; i < ct.length; i += (i < 100 ? 1 : 7)) {
                byte[] t = ct.clone();
                t[i] ^= (byte) (1 << rnd.nextInt(8));
                int at = i;
                assertThatThrownBy(() -> cipher.decrypt(BOB, t)).as("%s byte %d (seed 57)", mode, at)
                        .isInstanceOf(Sm9DecryptionException.class);
            }
            assertThatThrownBy(() -> cipher.decrypt(BOB, java.util.Arrays.copyOf(ct, 95)))
                    .isInstanceOf(Sm9DecryptionException.class);
            assertThatThrownBy(() -> cipher.decrypt(BOB, java.util.Arrays.copyOf(ct, ct.length - 1)))
                    .isInstanceOf(Sm9DecryptionException.class);
        }
    }

    @Test
    void anotherIdentitysKeyOrTheOtherModeCannotDecrypt() {
        Sm9EncryptPrivateKey carol = MASTER.extractUserKey("carol@example.com".getBytes());
        Sm9Cipher stream = new Sm9Cipher(Sm9CipherMode.STREAM);
        byte[] ct = stream.encrypt(MASTER.publicKey(), ID, new byte[48]);
        assertThatThrownBy(() -> stream.decrypt(carol, ct)).isInstanceOf(Sm9DecryptionException.class);
        assertThatThrownBy(() -> new Sm9Cipher(Sm9CipherMode.SM4_ECB).decrypt(BOB, ct))
                .isInstanceOf(Sm9DecryptionException.class);
    }

    @Test
    void malformedDerIsADecryptionException() throws Exception {
        byte[] ct = new Sm9Cipher(Sm9CipherMode.STREAM).encrypt(MASTER.publicKey(), ID, new byte[5]);
        byte[] der = Sm9CiphertextEncoding.toDer(ct, Sm9CipherMode.STREAM);
        assertThatThrownBy(() -> Sm9CiphertextEncoding.fromDer(java.util.Arrays.copyOf(der, der.length - 1)))
                .isInstanceOf(Sm9DecryptionException.class);
        byte[] badType = der.clone();
        badType[4] = 7; // EnType INTEGER value
        assertThatThrownBy(() -> Sm9CiphertextEncoding.fromDer(badType)).isInstanceOf(Sm9DecryptionException.class)
                .hasMessageContaining("EnType");
    }

    @Test
    void nullArgumentsGetClearExceptions() {
        Sm9Cipher c = new Sm9Cipher(Sm9CipherMode.STREAM);
        assertThatThrownBy(() -> c.encrypt(null, ID, new byte[1])).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("master");
        assertThatThrownBy(() -> c.encrypt(MASTER.publicKey(), null, new byte[1])).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("id");
        assertThatThrownBy(() -> c.decrypt(BOB, null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("ciphertext");
        assertThatThrownBy(() -> new Sm9Cipher(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("mode");
    }

    @Test
    void rejectsAnotherValidC1AndWorksForIdentitiesOfAnyLength() throws Exception {
        Sm9Cipher c = new Sm9Cipher(Sm9CipherMode.STREAM, BouncyCastleSm9.seeded(59));
        byte[] ct = c.encrypt(MASTER.publicKey(), ID, new byte[40]);
        byte[] swapped = ct.clone();
        System.arraycopy(Sm9G1Point.generator().encoded(), 1, swapped, 0, 64);
        assertThatThrownBy(() -> c.decrypt(BOB, swapped)).isInstanceOf(Sm9DecryptionException.class)
                .hasMessageContaining("C3");
        for (byte[] id : new byte[][] {new byte[0], new byte[10_000]}) {
            Sm9EncryptPrivateKey k = MASTER.extractUserKey(id);
            byte[] msg = "to an odd identity".getBytes(StandardCharsets.UTF_8);
            assertThat(c.decrypt(k, c.encrypt(MASTER.publicKey(), id, msg))).as("identity of %d bytes", id.length)
                    .isEqualTo(msg);
        }
    }
}
