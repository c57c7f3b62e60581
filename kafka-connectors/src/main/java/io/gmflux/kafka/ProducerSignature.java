package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import io.gmflux.codecs.sm2.Sm2Signer;
import io.gmflux.codecs.sm2.Sm2Verifier;
import io.gmflux.codecs.sm3.Sm3;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The producer signature of a {@code gmflux.dek} header (FORMAT.md §7.1): SM2 (default user ID)
 * over {@code "gmflux/kafka/v2 producer" || header[0, c+41) || topic}, so a signed header is
 * bound to its topic, its DEK (through the commitment) and its signer's key id. One signature per
 * DEK and topic; records under the DEK are authenticated by the record key.
 */
final class ProducerSignature {

    private static final byte[] LABEL = "gmflux/kafka/v2 producer".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ID_LABEL = "gmflux/v1 key id".getBytes(StandardCharsets.US_ASCII);

    private ProducerSignature() {
    }

    /** The key id of FORMAT.md §5 ({@code SM3("gmflux/v1 key id" || SPKI)[0, 8)}). */
    static byte[] keyId(Sm2PublicKey key) {
        Sm3 d = new Sm3();
        d.update(KEY_ID_LABEL);
        d.update(Sm2KeyEncoding.toSpki(key));
        return Arrays.copyOf(d.digest(), RecipientStanza.KEY_ID_LENGTH);
    }

    private static byte[] message(byte[] header, int signedLength, String topic) {
        byte[] t = topic.getBytes(StandardCharsets.UTF_8);
        byte[] m = new byte[LABEL.length + signedLength + t.length];
        System.arraycopy(LABEL, 0, m, 0, LABEL.length);
        System.arraycopy(header, 0, m, LABEL.length, signedLength);
        System.arraycopy(t, 0, m, LABEL.length + signedLength, t.length);
        return m;
    }

    /** Completes a header as the serializer writes it. Thread-safe. */
    static final class Signer {

        private final Sm2Signer signer;
        private final byte[] keyId;

        Signer(Sm2PrivateKey key) {
            this.signer = new Sm2Signer(key);
            this.keyId = keyId(key.publicKey());
        }

        /**
         * {@code committed || commitment} followed by the signer fields for {@code topic}
         * ({@code signer} null: unsigned, the same bytes for every topic).
         */
        static byte[] header(byte[] committedAndCommitment, Signer signer, String topic) {
            int n = committedAndCommitment.length;
            if (signer == null) {
                byte[] h = Arrays.copyOf(committedAndCommitment, n + 1);
                h[n] = DekHeader.SIGNER_NONE;
                return h;
            }
            byte[] h = Arrays.copyOf(committedAndCommitment, n + 1 + DekHeader.SIGNER_KEY_ID_LENGTH
                    + Sm2Signer.SIGNATURE_LENGTH);
            h[n] = DekHeader.SIGNER_SM2;
            System.arraycopy(signer.keyId, 0, h, n + 1, DekHeader.SIGNER_KEY_ID_LENGTH);
            int signed = n + 1 + DekHeader.SIGNER_KEY_ID_LENGTH;
            byte[] sig = signer.sign(message(h, signed, topic));
            System.arraycopy(sig, 0, h, signed, sig.length);
            return h;
        }

        private synchronized byte[] sign(byte[] message) {
            return signer.sign(message);
        }
    }

    /** The consumer's trusted producer keys ({@code gmflux.trusted.producers}). Thread-safe. */
    static final class Trusted {

        private final Map<String, Sm2Verifier> byKeyId = new HashMap<>();

        Trusted(List<Sm2PublicKey> keys) {
            for (Sm2PublicKey k : keys) {
                byKeyId.put(Hex.encode(keyId(k)), new Sm2Verifier(k));
            }
        }

        boolean isEmpty() {
            return byKeyId.isEmpty();
        }

        /**
         * Checks that {@code header} is signed for {@code topic} by a trusted key.
         *
         * @throws RecordRejectedException {@link RecordRejectedException.Reason#UNTRUSTED_PRODUCER},
         *     naming the topic and the signer's key id
         */
        void check(DekHeader header, String topic) {
            if (!header.signed()) {
                throw new RecordRejectedException(RecordRejectedException.Reason.UNTRUSTED_PRODUCER, "topic " + topic
                        + ": record's " + DekHeader.NAME + " header is not signed, and " + GmfluxConfig.TRUSTED_PRODUCERS
                        + " requires a signature by one of " + byKeyId.keySet());
            }
            byte[] h = header.bytesRef();
            String signer = Hex.encode(h, header.signerKeyIdOffset(), DekHeader.SIGNER_KEY_ID_LENGTH);
            Sm2Verifier v = byKeyId.get(signer);
            if (v == null) {
                throw new RecordRejectedException(RecordRejectedException.Reason.UNTRUSTED_PRODUCER, "topic " + topic
                        + ": record is signed by producer key id sm2:" + signer + ", which is not in "
                        + GmfluxConfig.TRUSTED_PRODUCERS + " " + byKeyId.keySet());
            }
            byte[] sig = Arrays.copyOfRange(h, header.signatureOffset(), h.length);
            boolean ok;
            synchronized (v) {
                ok = v.verify(message(h, header.signatureOffset(), topic), sig);
            }
            if (!ok) {
                throw new RecordRejectedException(RecordRejectedException.Reason.UNTRUSTED_PRODUCER, "topic " + topic
                        + ": record's signature by producer key id sm2:" + signer + " does not verify (header changed,"
                        + " or signed for another topic)");
            }
        }
    }
}
