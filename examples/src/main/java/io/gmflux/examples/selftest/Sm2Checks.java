package io.gmflux.examples.selftest;

import io.gmflux.codecs.sm2.Sm2Cipher;
import io.gmflux.codecs.sm2.Sm2CiphertextEncoding;
import io.gmflux.codecs.sm2.Sm2CiphertextLayout;
import io.gmflux.codecs.sm2.Sm2DecryptionException;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import io.gmflux.codecs.sm2.Sm2Signer;
import io.gmflux.codecs.sm2.Sm2Verifier;
import java.security.SecureRandom;
import java.util.List;

/**
 * Known-answer checks of SM2 (GB/T 32918) on the recommended curve sm2p256v1. The standard's
 * signature and ciphertext were made with a fixed k, which the public API (rightly) does not take,
 * so the checks run the other way: derive the public key from the private one, verify the
 * standard's signature, decrypt the standard's ciphertext in both layouts and its GM/T 0009 DER
 * form, and reject each of them with one byte changed. Stateless.
 */
final class Sm2Checks {

    private static final String SOURCE = "GM/T 0003.5-2012 App. A, C (via OpenSSL tests)";

    private Sm2Checks() {
    }

    static List<AlgorithmCheck> all() {
        return List.of(
                new AlgorithmCheck("SM2 signature", "sm2-sign", SOURCE, Sm2Checks::signature),
                new AlgorithmCheck("SM2 encryption", "sm2-encrypt", SOURCE, Sm2Checks::encryption));
    }

    private static String publicKey(KnownAnswer v, Sm2PrivateKey d) {
        Sm2PublicKey p = d.publicKey();
        return Mismatch.first(Mismatch.of("public key x = [d]G", v.hex("publicx"), p.x()),
                Mismatch.of("public key y = [d]G", v.hex("publicy"), p.y()));
    }

    private static String signature(KnownAnswer v) throws Exception {
        Sm2PrivateKey d = Sm2PrivateKey.fromBytes(v.hex("privatekey"));
        try {
            String reason = publicKey(v, d);
            if (reason != null) {
                return reason;
            }
            byte[] message = v.hex("message");
            byte[] rs = new byte[Sm2Signer.SIGNATURE_LENGTH];
            System.arraycopy(v.hex("r"), 0, rs, 0, 32);
            System.arraycopy(v.hex("s"), 0, rs, 32, 32);
            Sm2Verifier verifier = new Sm2Verifier(Sm2PublicKey.fromCoordinates(v.hex("publicx"), v.hex("publicy")), v.hex("userid"));
            if (!verifier.verify(message, rs)) {
                return "rejected the standard's signature";
            }
            rs[63] ^= 1;
            if (verifier.verify(message, rs)) {
                return "accepted the standard's signature with s changed";
            }
            // A fresh signature with a random k must verify too (same key, same ID).
            byte[] fresh = new Sm2Signer(d, v.hex("userid"), new SecureRandom()).sign(message);
            return verifier.verify(message, fresh) ? null : "rejected its own signature";
        } finally {
            d.destroy();
        }
    }

    private static String encryption(KnownAnswer v) throws Exception {
        Sm2PrivateKey d = Sm2PrivateKey.fromBytes(v.hex("privatekey"));
        try {
            String reason = publicKey(v, d);
            if (reason != null) {
                return reason;
            }
            Sm2Cipher cipher = new Sm2Cipher();
            byte[] message = v.hex("message");
            byte[] c1c3c2 = v.hex("c1c3c2");
            reason = Mismatch.first(
                    Mismatch.of("plaintext (C1C3C2)", message, cipher.decrypt(d, c1c3c2)),
                    Mismatch.of("plaintext (C1C2C3)", message, cipher.decrypt(d, v.hex("c1c2c3"), Sm2CiphertextLayout.C1C2C3)),
                    Mismatch.of("C1C3C2 from the GM/T 0009 DER form", c1c3c2,
                            Sm2CiphertextEncoding.fromDer(v.hex("der"), Sm2CiphertextLayout.C1C3C2)));
            if (reason != null) {
                return reason;
            }
            c1c3c2[c1c3c2.length - 1] ^= 1;
            try {
                cipher.decrypt(d, c1c3c2);
                return "decrypted a ciphertext with C2 changed";
            } catch (Sm2DecryptionException expected) {
                return null;
            }
        } finally {
            d.destroy();
        }
    }
}
