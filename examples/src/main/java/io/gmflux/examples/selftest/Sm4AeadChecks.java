package io.gmflux.examples.selftest;

import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4AeadCipher;
import io.gmflux.codecs.sm4.Sm4Ccm;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import java.security.GeneralSecurityException;
import java.util.List;
import javax.crypto.AEADBadTagException;

/** Known-answer checks of SM4-GCM and SM4-CCM (RFC 8998). Stateless. */
final class Sm4AeadChecks {

    private Sm4AeadChecks() {
    }

    /** Creates one direction of an AEAD from an engine, a nonce and a tag length in bytes. */
    @FunctionalInterface
    interface AeadFactory {
        Sm4AeadCipher create(Sm4Engine engine, byte[] nonce, int tagLength);
    }

    static List<AlgorithmCheck> all() {
        return List.of(
                new AlgorithmCheck("SM4-GCM", "sm4-gcm", "RFC 8998 App. A.1",
                        v -> aead(v, Sm4Gcm::encryptor, Sm4Gcm::decryptor)),
                new AlgorithmCheck("SM4-CCM", "sm4-ccm", "RFC 8998 App. A.2",
                        v -> aead(v, Sm4Ccm::encryptor, Sm4Ccm::decryptor)));
    }

    static List<SpeedProbe> speedProbes() {
        Sm4Engine engine = Sm4.newTableEngine(new byte[Sm4Engine.KEY_SIZE]);
        Sm4AeadCipher gcm = Sm4Gcm.encryptor(engine, new byte[12], 16);
        byte[] in = new byte[Sm4Checks.SPEED_BYTES];
        byte[] out = new byte[in.length + 16];
        return List.of(new SpeedProbe("SM4-GCM 64 KiB", in.length, () -> gcm.doFinal(in, 0, in.length, out, 0)));
    }

    /**
     * Seals and compares ciphertext || tag, opens it back, and checks that a flipped tag bit is
     * rejected (an AEAD that accepts it is not an AEAD, whatever its ciphertext).
     */
    private static String aead(KnownAnswer v, AeadFactory encryptor, AeadFactory decryptor) throws GeneralSecurityException {
        Sm4Engine engine = Sm4.newTableEngine(v.hex("key"));
        try {
            byte[] nonce = v.hex("iv");
            byte[] aad = v.hex("aad");
            byte[] pt = v.hex("plaintext");
            byte[] tag = v.hex("tag");
            byte[] sealed = concat(v.hex("ciphertext"), tag);

            Sm4AeadCipher enc = encryptor.create(engine, nonce, tag.length);
            enc.updateAad(aad, 0, aad.length);
            String reason = Mismatch.of("ciphertext || tag", sealed, Sm4Checks.inTwoPieces(enc, pt));
            if (reason != null) {
                return reason;
            }
            Sm4AeadCipher dec = decryptor.create(engine, nonce, tag.length);
            dec.updateAad(aad, 0, aad.length);
            reason = Mismatch.of("opened plaintext", pt, Sm4Checks.inTwoPieces(dec, sealed));
            if (reason != null) {
                return reason;
            }
            sealed[sealed.length - 1] ^= 1;
            Sm4AeadCipher tampered = decryptor.create(engine, nonce, tag.length);
            tampered.updateAad(aad, 0, aad.length);
            try {
                Sm4Checks.inTwoPieces(tampered, sealed);
                return "accepted a ciphertext whose tag had one bit flipped";
            } catch (AEADBadTagException expected) {
                return null;
            }
        } finally {
            engine.destroy();
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
