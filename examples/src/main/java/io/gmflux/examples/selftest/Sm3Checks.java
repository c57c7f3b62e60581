package io.gmflux.examples.selftest;

import io.gmflux.codecs.sm3.HkdfSm3;
import io.gmflux.codecs.sm3.HmacSm3;
import io.gmflux.codecs.sm3.Pbkdf2HmacSm3;
import io.gmflux.codecs.sm3.Sm3;
import io.gmflux.codecs.sm3.Sm3Kdf;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** Known-answer checks of SM3 (GB/T 32905) and what is built on it. Stateless. */
final class Sm3Checks {

    private Sm3Checks() {
    }

    static List<AlgorithmCheck> all() {
        return List.of(
                new AlgorithmCheck("SM3", "sm3", "GB/T 32905-2016 App. A", Sm3Checks::sm3),
                new AlgorithmCheck("HMAC-SM3", "hmac-sm3", "RFC 4231 inputs (BouncyCastle); Wycheproof", Sm3Checks::hmac),
                new AlgorithmCheck("SM3-KDF", "sm3-kdf", "GM/T 0044.5-2016 (SM9) App. C, D", Sm3Checks::kdf),
                new AlgorithmCheck("HKDF-SM3", "hkdf-sm3", "RFC 5869 inputs; OpenSSL HKDF outputs", Sm3Checks::hkdf),
                new AlgorithmCheck("PBKDF2-HMAC-SM3", "pbkdf2-hmac-sm3", "RFC 6070 inputs; OpenSSL outputs", Sm3Checks::pbkdf2));
    }

    static List<SpeedProbe> speedProbes() {
        byte[] buf = new byte[Sm4Checks.SPEED_BYTES];
        byte[] digest = new byte[Sm3.DIGEST_LENGTH];
        Sm3 sm3 = new Sm3();
        return List.of(new SpeedProbe("SM3 64 KiB", buf.length, () -> {
            sm3.update(buf, 0, buf.length);
            sm3.digest(digest, 0);
        }));
    }

    /** One-shot, then the same message fed as a byte, a slice and a ByteBuffer. */
    private static String sm3(KnownAnswer v) {
        byte[] msg = v.hex("message");
        byte[] expected = v.hex("digest");
        String reason = Mismatch.of("digest", expected, Sm3.hash(msg));
        if (reason != null || msg.length == 0) {
            return reason;
        }
        Sm3 streaming = new Sm3();
        int third = msg.length / 3;
        streaming.update(msg[0]);
        streaming.update(msg, 1, third);
        streaming.update(ByteBuffer.wrap(msg, 1 + third, msg.length - 1 - third));
        return Mismatch.of("streamed digest", expected, streaming.digest());
    }

    /** Tags may be truncated (Wycheproof); an "invalid" vector must not reproduce its tag. */
    private static String hmac(KnownAnswer v) {
        byte[] tag = v.hex("tag");
        byte[] mac = Arrays.copyOf(HmacSm3.mac(v.hex("key"), v.hex("message")), tag.length);
        boolean valid = v.text("result").equals("valid");
        if (valid) {
            return Mismatch.of("tag", tag, mac);
        }
        return Arrays.equals(tag, mac) ? "reproduced a tag that the vector marks invalid" : null;
    }

    private static String kdf(KnownAnswer v) {
        byte[] expected = v.hex("key");
        return Mismatch.of("derived key", expected, Sm3Kdf.derive(v.hex("z"), expected.length));
    }

    /** Extract, expand and the combined derive must each give the recorded values. */
    private static String hkdf(KnownAnswer v) {
        byte[] salt = v.hex("salt");
        byte[] ikm = v.hex("ikm");
        byte[] info = v.hex("info");
        int length = v.integer("length");
        byte[] prk = HkdfSm3.extract(salt, ikm);
        return Mismatch.first(
                Mismatch.of("PRK", v.hex("prk"), prk),
                Mismatch.of("OKM (expand)", v.hex("okm"), HkdfSm3.expand(v.hex("prk"), info, length)),
                Mismatch.of("OKM (derive)", v.hex("okm"), HkdfSm3.derive(salt, ikm, info, length)));
    }

    /** The byte[] form, and the char[] form where the password is ASCII (UTF-8 = the same bytes). */
    private static String pbkdf2(KnownAnswer v) {
        byte[] password = v.hex("password");
        byte[] salt = v.hex("salt");
        int iterations = v.integer("iterations");
        int length = v.integer("length");
        byte[] expected = v.hex("key");
        char[] chars = new String(password, StandardCharsets.US_ASCII).toCharArray();
        return Mismatch.first(
                Mismatch.of("derived key", expected, Pbkdf2HmacSm3.derive(password, salt, iterations, length)),
                Mismatch.of("derived key (char[] password)", expected, Pbkdf2HmacSm3.derive(chars, salt, iterations, length)));
    }
}
