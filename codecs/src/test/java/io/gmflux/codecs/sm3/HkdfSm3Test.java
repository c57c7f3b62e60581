package io.gmflux.codecs.sm3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.junit.jupiter.api.Test;

class HkdfSm3Test {

    private static byte[] bcDerive(byte[] salt, byte[] ikm, byte[] info, int len) {
        HKDFBytesGenerator g = new HKDFBytesGenerator(new SM3Digest());
        g.init(new HKDFParameters(ikm, salt, info));
        byte[] out = new byte[len];
        g.generateBytes(out, 0, len);
        return out;
    }

    private static byte[] bcExpand(byte[] prk, byte[] info, int len) {
        HKDFBytesGenerator g = new HKDFBytesGenerator(new SM3Digest());
        g.init(HKDFParameters.skipExtractParameters(prk, info));
        byte[] out = new byte[len];
        g.generateBytes(out, 0, len);
        return out;
    }

    private static byte[] bcExtract(byte[] salt, byte[] ikm) {
        HKDFBytesGenerator g = new HKDFBytesGenerator(new SM3Digest());
        return g.extractPRK(salt, ikm);
    }

    private static byte[] randomOrNull(SplittableRandom rnd, int max) {
        if (rnd.nextInt(8) == 0) {
            return null;
        }
        byte[] b = new byte[rnd.nextInt(max + 1)];
        rnd.nextBytes(b);
        return b;
    }

    @Test
    void agreesWithBouncyCastleOnRandomSaltsKeysInfosAndLengths() {
        SplittableRandom rnd = new SplittableRandom(0x5133_3001L);
        for (int c = 0; c < 1200; c++) {
            byte[] salt = randomOrNull(rnd, 100);
            byte[] ikm = new byte[rnd.nextInt(150)];
            rnd.nextBytes(ikm);
            byte[] info = randomOrNull(rnd, 80);
            int len = c < 50 ? c : (c % 10 == 0 ? rnd.nextInt(HkdfSm3.MAX_LENGTH + 1) : rnd.nextInt(300));
            String what = "case " + c + " len " + len;
            byte[] prk = HkdfSm3.extract(salt, ikm);
            assertThat(prk).as(what + " extract").isEqualTo(bcExtract(salt, ikm));
            assertThat(HkdfSm3.expand(prk, info, len)).as(what + " expand").isEqualTo(bcExpand(prk, info, len));
            assertThat(HkdfSm3.derive(salt, ikm, info, len)).as(what + " derive").isEqualTo(bcDerive(salt, ikm, info, len));
        }
    }

    @Test
    void treatsNullAndEmptySaltAsThirtyTwoZeroBytes() {
        byte[] ikm = {1, 2, 3};
        byte[] zeros = HkdfSm3.extract(new byte[32], ikm);
        assertThat(HkdfSm3.extract(null, ikm)).isEqualTo(zeros);
        assertThat(HkdfSm3.extract(new byte[0], ikm)).isEqualTo(zeros);
        assertThat(zeros).isEqualTo(HmacSm3.mac(new byte[32], ikm));
    }

    @Test
    void expandsToAtMost255BlocksAndRejectsMore() {
        byte[] prk = new byte[32];
        assertThat(HkdfSm3.expand(prk, null, 255 * 32)).hasSize(8160).isEqualTo(bcExpand(prk, null, 8160));
        assertThatThrownBy(() -> HkdfSm3.expand(prk, null, 255 * 32 + 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length");
        assertThatThrownBy(() -> HkdfSm3.expand(prk, null, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HkdfSm3.derive(null, new byte[1], null, 8161)).isInstanceOf(IllegalArgumentException.class);
        assertThat(HkdfSm3.expand(prk, new byte[3], 0)).isEmpty();
    }

    @Test
    void differentInfoGivesUnrelatedOutput() {
        byte[] prk = HkdfSm3.extract(null, new byte[] {9});
        assertThat(HkdfSm3.expand(prk, new byte[] {1}, 64)).isNotEqualTo(HkdfSm3.expand(prk, new byte[] {2}, 64));
    }

    @Test
    void rejectsNullKeys() {
        assertThatThrownBy(() -> HkdfSm3.extract(null, null)).isInstanceOf(NullPointerException.class).hasMessage("ikm");
        assertThatThrownBy(() -> HkdfSm3.expand(null, null, 1)).isInstanceOf(NullPointerException.class).hasMessage("prk");
        assertThatThrownBy(() -> HkdfSm3.derive(null, null, null, 1)).isInstanceOf(NullPointerException.class).hasMessage("ikm");
    }
}
