package io.gmflux.codecs.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Bytes;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.GCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SuiteCipherTest {

    private static byte[] keyMaterial(Suite suite, SplittableRandom rnd) {
        byte[] km = new byte[suite.keyLength() + SuiteCipher.NONCE_PREFIX_LENGTH];
        rnd.nextBytes(km);
        return km;
    }

    @Test
    void sm4GcmAgreesWithBouncyCastleOnRandomInputs() throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5c1L);
        for (int c = 0; c < 1000; c++) {
            byte[] km = keyMaterial(Suite.SM4_GCM, rnd);
            long index = rnd.nextLong(1L << 32);
            boolean last = rnd.nextBoolean();
            byte[] pt = new byte[rnd.nextInt(4097)];
            rnd.nextBytes(pt);
            SuiteCipher s = SuiteCipher.create(Suite.SM4_GCM, km);
            byte[] ct = new byte[pt.length + 16];
            assertThat(s.seal(index, last, pt, 0, pt.length, ct, 0)).isEqualTo(pt.length + 16);
            byte[] nonce = new byte[12];
            System.arraycopy(km, 16, nonce, 0, 7);
            Bytes.putIntBE(nonce, 7, (int) index);
            nonce[11] = (byte) (last ? 1 : 0);
            GCMModeCipher bc = GCMBlockCipher.newInstance(new SM4Engine());
            bc.init(true, new AEADParameters(new KeyParameter(Arrays.copyOf(km, 16)), 128, nonce));
            byte[] expected = new byte[bc.getOutputSize(pt.length)];
            int n = bc.processBytes(pt, 0, pt.length, expected, 0);
            bc.doFinal(expected, n);
            assertThat(ct).as("case %d (seed 0x5c1), %d bytes", c, pt.length).isEqualTo(expected);
            s.destroy();
        }
    }

    @ParameterizedTest
    @EnumSource(Suite.class)
    void opensWhatItSealsInPlaceAndAtOffsets(Suite suite) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5c2L + suite.id());
        SuiteCipher s = SuiteCipher.create(suite, keyMaterial(suite, rnd));
        for (int c = 0; c < 50; c++) {
            int len = rnd.nextInt(3000);
            byte[] pt = new byte[len];
            rnd.nextBytes(pt);
            byte[] buf = new byte[len + suite.tagLength() + 10];
            System.arraycopy(pt, 0, buf, 3, len);
            s.seal(c, c % 2 == 0, buf, 3, len, buf, 3); // in place
            byte[] out = new byte[len + 5];
            assertThat(s.open(c, c % 2 == 0, buf, 3, len + suite.tagLength(), out, 5)).isEqualTo(len);
            assertThat(Arrays.copyOfRange(out, 5, 5 + len)).as("%s case %d", suite, c).isEqualTo(pt);
        }
        s.destroy();
    }

    @ParameterizedTest
    @EnumSource(Suite.class)
    void rejectsAFlippedBitAWrongIndexOrFlagAndWritesNothing(Suite suite) throws Exception {
        SplittableRandom rnd = new SplittableRandom(0x5c3L + suite.id());
        SuiteCipher s = SuiteCipher.create(suite, keyMaterial(suite, rnd));
        byte[] pt = new byte[100];
        rnd.nextBytes(pt);
        byte[] ct = new byte[100 + suite.tagLength()];
        s.seal(7, true, pt, 0, 100, ct, 0);
        byte[] out = new byte[100];
        for (int i = 0; i < ct.length; i++) {
            byte[] bad = ct.clone();
            bad[i] ^= 0x01;
            int at = i;
            assertThatThrownBy(() -> s.open(7, true, bad, 0, bad.length, out, 0)).as("%s byte %d", suite, at)
                    .isInstanceOf(AEADBadTagException.class);
        }
        assertThatThrownBy(() -> s.open(8, true, ct, 0, ct.length, out, 0)).isInstanceOf(AEADBadTagException.class);
        assertThatThrownBy(() -> s.open(7, false, ct, 0, ct.length, out, 0)).isInstanceOf(AEADBadTagException.class);
        assertThatThrownBy(() -> s.open(7, true, ct, 0, suite.tagLength() - 1, out, 0))
                .isInstanceOf(AEADBadTagException.class).hasMessageContaining("shorter");
        assertThat(out).containsOnly(0);
        s.destroy();
    }

    @Test
    void rejectsBadArgumentsByName() {
        assertThatThrownBy(() -> SuiteCipher.create(null, new byte[23])).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("suite");
        assertThatThrownBy(() -> SuiteCipher.create(Suite.SM4_GCM, null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("keyMaterial");
        assertThatThrownBy(() -> SuiteCipher.create(Suite.SM4_GCM, new byte[16]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keyMaterial must be 23 bytes");
        SuiteCipher s = SuiteCipher.create(Suite.ZUC128_EEA3_EIA3, new byte[39]);
        assertThatThrownBy(() -> s.seal(0, true, new byte[10], 0, 10, new byte[13], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> s.seal(0, true, null, 0, 0, new byte[4], 0)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("in");
    }
}
