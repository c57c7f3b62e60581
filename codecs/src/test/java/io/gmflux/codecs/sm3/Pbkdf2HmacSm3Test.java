package io.gmflux.codecs.sm3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.PBEParametersGenerator;
import org.bouncycastle.crypto.digests.SM3Digest;
import org.bouncycastle.crypto.generators.PKCS5S2ParametersGenerator;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

class Pbkdf2HmacSm3Test {

    private static byte[] bc(byte[] password, byte[] salt, int iterations, int len) {
        PKCS5S2ParametersGenerator g = new PKCS5S2ParametersGenerator(new SM3Digest());
        g.init(password, salt, iterations);
        return ((KeyParameter) g.generateDerivedParameters(len * 8)).getKey();
    }

    @Test
    void agreesWithBouncyCastleOnRandomPasswordsSaltsCountsAndLengths() {
        SplittableRandom rnd = new SplittableRandom(0x5133_4001L);
        for (int c = 0; c < 1000; c++) {
            byte[] password = new byte[rnd.nextInt(c % 5 == 0 ? 200 : 40)];
            byte[] salt = new byte[rnd.nextInt(40)];
            rnd.nextBytes(password);
            rnd.nextBytes(salt);
            int iterations = 1 + rnd.nextInt(c % 50 == 0 ? 2000 : 20);
            int len = rnd.nextInt(c % 10 == 0 ? 300 : 80);
            assertThat(Pbkdf2HmacSm3.derive(password, salt, iterations, len))
                    .as("case " + c + " pw " + password.length + " salt " + salt.length + " c " + iterations + " len " + len)
                    .isEqualTo(bc(password, salt, iterations, len));
        }
    }

    @Test
    void encodesCharPasswordsAsUtf8LikeBouncyCastle() {
        SplittableRandom rnd = new SplittableRandom(0x5133_4002L);
        char[][] passwords = {
            "".toCharArray(), "password".toCharArray(), "pässwörd".toCharArray(), "密码口令".toCharArray(),
            "emoji \uD83D\uDD11 key".toCharArray(),
        };
        for (char[] pw : passwords) {
            byte[] salt = new byte[16];
            rnd.nextBytes(salt);
            byte[] expected = bc(PBEParametersGenerator.PKCS5PasswordToUTF8Bytes(pw), salt, 7, 48);
            assertThat(Pbkdf2HmacSm3.derive(pw, salt, 7, 48)).as(new String(pw)).isEqualTo(expected);
            assertThat(Pbkdf2HmacSm3.derive(new String(pw).getBytes(StandardCharsets.UTF_8), salt, 7, 48)).isEqualTo(expected);
        }
    }

    @Test
    void rejectsUnpairedSurrogates() {
        assertThatThrownBy(() -> Pbkdf2HmacSm3.derive(new char[] {'a', '\uD800'}, new byte[8], 1, 32))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("password");
    }

    @Test
    void rejectsBadArgumentsWithClearMessages() {
        byte[] salt = new byte[8];
        assertThatThrownBy(() -> Pbkdf2HmacSm3.derive((byte[]) null, salt, 1, 32)).isInstanceOf(NullPointerException.class).hasMessage("password");
        assertThatThrownBy(() -> Pbkdf2HmacSm3.derive((char[]) null, salt, 1, 32)).isInstanceOf(NullPointerException.class).hasMessage("password");
        assertThatThrownBy(() -> Pbkdf2HmacSm3.derive(new byte[1], null, 1, 32)).isInstanceOf(NullPointerException.class).hasMessage("salt");
        assertThatThrownBy(() -> Pbkdf2HmacSm3.derive(new byte[1], salt, 0, 32)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("iterations");
        assertThatThrownBy(() -> Pbkdf2HmacSm3.derive(new char[1], salt, -5, 32)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("iterations");
        assertThatThrownBy(() -> Pbkdf2HmacSm3.derive(new byte[1], salt, 1, -1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lengthBytes");
        assertThat(Pbkdf2HmacSm3.derive(new byte[1], salt, 1, 0)).isEmpty();
    }

    @Test
    void iterationCountChangesTheOutput() {
        byte[] pw = {'p'};
        byte[] salt = {'s'};
        assertThat(Pbkdf2HmacSm3.derive(pw, salt, 1000, 32)).isNotEqualTo(Pbkdf2HmacSm3.derive(pw, salt, 1001, 32))
                .isEqualTo(bc(pw, salt, 1000, 32));
    }
}
