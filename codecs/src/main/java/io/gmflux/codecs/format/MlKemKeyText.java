package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.der.DerFormatException;
import io.gmflux.codecs.der.Pem;
import java.security.GeneralSecurityException;

/**
 * {@link KeyText}'s branch for the key files of ML-KEM-768 ({@code PUBLIC KEY} / {@code PRIVATE KEY}
 * with the ML-KEM-768 OID) and of the SM2 + ML-KEM-768 hybrid (their own PEM labels). Recognising a
 * file needs no BouncyCastle; using it does, and says so. Stateless.
 */
final class MlKemKeyText {

    private MlKemKeyText() {
    }

    /** The recipient if {@code text} holds an ML-KEM-768 or hybrid public key, otherwise null. */
    static Recipient recipientOrNull(String text) throws GeneralSecurityException {
        for (Pem.Block b : blocks(text)) {
            if (b.label().equals(Sm2MlKem768Recipient.PEM_LABEL)) {
                return Sm2MlKem768Recipient.fromDer(b.der());
            }
            if (b.label().equals("PUBLIC KEY") && MlKem768Recipient.isMlKem768Spki(b.der())) {
                return MlKem768Recipient.fromSpki(b.der());
            }
        }
        return null;
    }

    /** The identity if {@code text} holds an ML-KEM-768 or hybrid private key, otherwise null. */
    static Identity identityOrNull(String text) throws GeneralSecurityException {
        Pem.Block[] blocks = blocks(text);
        try {
            for (Pem.Block b : blocks) {
                if (b.label().equals(Sm2MlKem768PrivateKey.PEM_LABEL)) {
                    return Sm2MlKem768PrivateKey.fromDer(b.der()).identity();
                }
                if (b.label().equals("PRIVATE KEY") && MlKem768PrivateKey.isMlKem768Pkcs8(b.der())) {
                    return MlKem768PrivateKey.fromPkcs8(b.der()).identity();
                }
            }
            return null;
        } finally {
            for (Pem.Block b : blocks) {
                Bytes.wipe(b.der());
            }
        }
    }

    private static Pem.Block[] blocks(String text) {
        try {
            return Pem.decodeAll(text).toArray(new Pem.Block[0]);
        } catch (DerFormatException notPem) {
            return new Pem.Block[0]; // the other branches report what is wrong with the text
        }
    }
}
