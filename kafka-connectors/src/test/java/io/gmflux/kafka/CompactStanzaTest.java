package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.Sm2MlKem768PrivateKey;
import io.gmflux.codecs.format.Sm2Recipient;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.sm2.Sm2KeyPair;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Test;

/**
 * The wire form of stanzas in a {@code gmflux.dek} header (FORMAT.md §7.1): SM2 points compressed,
 * checked against BouncyCastle's SEC 1 decoding.
 */
class CompactStanzaTest {

    private static final ECCurve BC_CURVE = CustomNamedCurves.getByName("sm2p256v1").getCurve();
    private static final byte[] P = Hex.decode("fffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffff");

    private static SecureRandom seeded(long seed) throws Exception {
        SecureRandom r = SecureRandom.getInstance("SHA1PRNG");
        r.setSeed(seed);
        return r;
    }

    @Test
    void sm2StanzaTravelsWithC1CompressedAndExpandsToTheSameStanza() throws Exception {
        SecureRandom random = seeded(0x5c01);
        for (int i = 0; i < 50; i++) {
            Sm2KeyPair pair = Sm2KeyPair.generate(random);
            byte[] dek = new byte[32];
            byte[] dekId = new byte[16];
            random.nextBytes(dek);
            random.nextBytes(dekId);
            RecipientStanza stanza = new Sm2Recipient(pair.publicKey()).wrap(dek, dekId, random);
            byte[] body = stanza.body();
            byte[] wire = CompactStanza.compress(stanza);
            assertThat(wire).as("case %d", i).hasSize(8 + 33 + 48);
            byte[] c1 = Arrays.copyOfRange(body, 8, 73);
            assertThat(Arrays.copyOfRange(wire, 8, 41)).as("case %d: SEC 1 compressed C1", i)
                    .isEqualTo(BC_CURVE.decodePoint(c1).getEncoded(true));
            assertThat(Arrays.copyOf(wire, 8)).isEqualTo(Arrays.copyOf(body, 8));
            assertThat(Arrays.copyOfRange(wire, 41, 89)).isEqualTo(Arrays.copyOfRange(body, 73, 121));
            RecipientStanza back = expand(stanza.type(), wire);
            assertThat(back.body()).as("case %d", i).isEqualTo(body);
            assertThat(Sm2Recipient.identity(pair.privateKey()).unwrap(back, dekId)).isEqualTo(dek);
        }
    }

    @Test
    void hybridStanzaTravelsWithItsSm2PointCompressed() throws Exception {
        SecureRandom random = seeded(0x5c04);
        Sm2MlKem768PrivateKey key = Sm2MlKem768PrivateKey.generate(random);
        byte[] dek = new byte[32];
        byte[] dekId = new byte[16];
        random.nextBytes(dek);
        random.nextBytes(dekId);
        RecipientStanza stanza = key.recipient().wrap(dek, dekId, random);
        byte[] wire = CompactStanza.compress(stanza);
        assertThat(wire).hasSize(stanza.body().length - 32).hasSize(8 + 33 + 1088 + 48);
        RecipientStanza back = expand(RecipientStanza.TYPE_SM2_MLKEM768, wire);
        assertThat(back.body()).isEqualTo(stanza.body());
        assertThat(key.identity().unwrap(back, dekId)).isEqualTo(dek);
    }

    @Test
    void stanzasWithoutAnSm2PointTravelUnchanged() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5c03);
        for (int type : new int[] {RecipientStanza.TYPE_SM9, RecipientStanza.TYPE_MLKEM768, RecipientStanza.TYPE_RSA_OAEP,
            RecipientStanza.TYPE_PASSPHRASE, 0x7f}) {
            byte[] body = new byte[1 + rnd.nextInt(200)];
            rnd.nextBytes(body);
            RecipientStanza s = new RecipientStanza(type, body);
            assertThat(CompactStanza.compress(s)).as("type %d", type).isEqualTo(body);
            assertThat(expand(type, body).body()).as("type %d", type).isEqualTo(body);
        }
    }

    @Test
    void decompressionAgreesWithBouncyCastleOnRandomX() throws Exception {
        // About half of all x have no point: both decoders must accept and refuse the same ones.
        SplittableRandom rnd = new SplittableRandom(0xdec0);
        int accepted = 0;
        int refused = 0;
        for (int i = 0; i < 400; i++) {
            byte[] wire = new byte[89];
            rnd.nextBytes(wire);
            wire[8] = (byte) (2 + (i & 1));
            ECPoint bc;
            try {
                bc = BC_CURVE.decodePoint(Arrays.copyOfRange(wire, 8, 41));
            } catch (IllegalArgumentException e) {
                bc = null;
            }
            if (bc != null) {
                accepted++;
                assertThat(Arrays.copyOfRange(expand(RecipientStanza.TYPE_SM2, wire).body(), 8, 73)).as("case %d", i)
                        .isEqualTo(bc.getEncoded(false));
            } else {
                refused++;
                assertThatThrownBy(() -> expand(RecipientStanza.TYPE_SM2, wire)).as("case %d", i)
                        .isInstanceOf(StreamException.Malformed.class).hasMessageContaining("stanza 0 (sm2)");
            }
        }
        assertThat(accepted).isGreaterThan(100);
        assertThat(refused).isGreaterThan(100);
    }

    @Test
    void refusesEveryInvalidCompressedEncodingBouncyCastleRefuses() throws Exception {
        byte[] valid = CompactStanza.compress(new Sm2Recipient(Sm2KeyPair.generate(seeded(7)).publicKey())
                .wrap(new byte[32], new byte[16], seeded(8)));
        byte[][] invalid = {
            withC1(valid, 0x00, null), withC1(valid, 0x01, null), withC1(valid, 0x04, null), withC1(valid, 0x05, null),
            withC1(valid, 0x06, null), withC1(valid, 0xff, null),
            withC1(valid, 0x02, P), withC1(valid, 0x03, P), // x = p
            withC1(valid, 0x02, filled(0xff)), // x > p
            withC1(valid, 0x02, nonResidue()), withC1(valid, 0x03, nonResidue()),
        };
        for (byte[] wire : invalid) {
            String c1 = Hex.encode(wire, 8, 33);
            assertThatThrownBy(() -> BC_CURVE.decodePoint(Arrays.copyOfRange(wire, 8, 41))).as("BouncyCastle, C1 %s", c1)
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> expand(RecipientStanza.TYPE_SM2, wire)).as("C1 %s", c1)
                    .isInstanceOf(StreamException.Malformed.class).hasMessageContaining("C1");
        }
        // Too short to hold a key id and a compressed C1, for both SM2 types.
        for (int type : new int[] {RecipientStanza.TYPE_SM2, RecipientStanza.TYPE_SM2_MLKEM768}) {
            assertThatThrownBy(() -> expand(type, Arrays.copyOf(valid, 40))).isInstanceOf(StreamException.Malformed.class)
                    .hasMessageContaining("40 bytes");
        }
    }

    private static RecipientStanza expand(int type, byte[] wire) throws StreamException.Malformed {
        byte[] padded = new byte[wire.length + 5];
        System.arraycopy(wire, 0, padded, 3, wire.length);
        return CompactStanza.expand(type, padded, 3, wire.length, 0);
    }

    /** {@code wire} with C1's format byte and (when not null) x replaced. */
    private static byte[] withC1(byte[] wire, int format, byte[] x) {
        byte[] w = wire.clone();
        w[8] = (byte) format;
        if (x != null) {
            System.arraycopy(x, 0, w, 9, 32);
        }
        return w;
    }

    private static byte[] filled(int b) {
        byte[] x = new byte[32];
        Arrays.fill(x, (byte) b);
        return x;
    }

    /** The smallest x with no point on the curve, by BouncyCastle's decoder. */
    private static byte[] nonResidue() {
        for (int v = 1; ; v++) {
            byte[] c = new byte[33];
            c[0] = 2;
            c[31] = (byte) (v >>> 8);
            c[32] = (byte) v;
            try {
                BC_CURVE.decodePoint(c);
            } catch (IllegalArgumentException e) {
                return Arrays.copyOfRange(c, 1, 33);
            }
        }
    }
}
