package io.gmflux.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.KeyText;
import io.gmflux.codecs.format.Recipient;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2KeyEncoding;
import io.gmflux.codecs.sm3.HkdfSm3;
import io.gmflux.codecs.sm3.Sm3;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.engines.SM4Engine;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.GCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The four attacks on record format v1 of issue 13, each built the way it works, against the real
 * {@link GmfluxDeserializer}: each is refused with its {@link RecordRejectedException.Reason}, no
 * plaintext is released, and the public-key work it causes is counted (stanza trials: calls that
 * may cost one KEM decapsulation each), not timed.
 */
class RecordFormatAttackTest {

    private static final TestKeys ALICE = TestKeys.create("alice");
    private static final TestKeys BOB = TestKeys.create("bob");
    private static final TestKeys PRODUCER = TestKeys.create("producer");
    private static final TestKeys MALLORY = TestKeys.create("mallory");
    private static final String TOPIC = "payments";

    private final SecureRandom random = new SecureRandom();

    private record Sealed(Headers headers, byte[] value) {
        byte[] header() {
            return headers.lastHeader(DekHeader.NAME).value();
        }
    }

    private static Sealed seal(GmfluxSerializer<byte[]> s, String topic, String plain) {
        Headers h = new RecordHeaders();
        return new Sealed(h, s.serialize(topic, h, plain.getBytes(StandardCharsets.UTF_8)));
    }

    private static Headers withDek(byte[] header) {
        Headers h = new RecordHeaders();
        h.add(DekHeader.NAME, header);
        return h;
    }

    private static void assertRefused(ThrowingCallable read, RecordRejectedException.Reason reason) {
        assertThatThrownBy(read).isInstanceOf(RecordRejectedException.class).hasMessageContaining("topic ")
                .extracting(e -> ((RecordRejectedException) e).reason()).isEqualTo(reason);
    }

    private static Recipient recipient(TestKeys k) throws Exception {
        return KeyText.recipient(k.publicText);
    }

    /** An unsigned v2 header, committed to {@code committedDek}, as a hostile producer writes it. */
    private static byte[] header(byte[] dekId, List<RecipientStanza> stanzas, byte[] committedDek) {
        byte[] committed = DekHeader.committedPart(Suite.SM4_GCM, dekId, stanzas);
        byte[] commitment = DekKeys.commitment(dekId, committedDek, committed, committed.length);
        byte[] h = Arrays.copyOf(committed, committed.length + commitment.length + 1);
        System.arraycopy(commitment, 0, h, committed.length, commitment.length);
        h[h.length - 1] = DekHeader.SIGNER_NONE;
        return h;
    }

    private byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    // ---- 1. invisible salamanders ------------------------------------------------------------

    @Test
    void invisibleSalamanderRecordWithTwoDeksOpensForAtMostOneRecipient() throws Exception {
        // A producer wraps DEK1 for Alice and DEK2 for Bob in one header, and solves one linear
        // equation in GF(2^128) for a ciphertext block so that the SM4-GCM tag verifies under both
        // record keys. The header can commit to one DEK only.
        byte[] dekId = randomBytes(16);
        byte[] dek1 = randomBytes(32);
        byte[] dek2 = randomBytes(32);
        List<RecipientStanza> stanzas = List.of(recipient(ALICE).wrap(dek1, dekId, random),
                recipient(BOB).wrap(dek2, dekId, random));
        byte[] header = header(dekId, stanzas, dek1);
        byte[] rk1 = recordKey(dekId, dek1, header);
        byte[] rk2 = recordKey(dekId, dek2, header);
        byte[] forAlice = Arrays.copyOf("PAY alice 100".getBytes(StandardCharsets.US_ASCII), 48);
        byte[] sealed = Salamander.collide(rk1, rk2, forAlice);
        // The attack works at the AEAD level: one ciphertext and tag, valid under both record keys.
        byte[] asAlice = Salamander.open(rk1, sealed);
        byte[] asBob = Salamander.open(rk2, sealed);
        assertThat(Arrays.copyOf(asAlice, 13)).isEqualTo("PAY alice 100".getBytes(StandardCharsets.US_ASCII));
        assertThat(asBob).isNotEqualTo(asAlice);
        byte[] value = new byte[RecordLayout.SEALED_OFFSET + sealed.length];
        value[0] = RecordLayout.VERSION;
        System.arraycopy(sealed, 0, value, RecordLayout.SEALED_OFFSET, sealed.length); // counter 0
        try (GmfluxDeserializer<byte[]> alice = Configured.deserializer(ALICE);
                GmfluxDeserializer<byte[]> bob = Configured.deserializer(BOB)) {
            assertThat(alice.deserialize(TOPIC, withDek(header), value)).isEqualTo(asAlice);
            // Bob unwraps DEK2, which is not the DEK the header commits to: refused before any use.
            assertRefused(() -> bob.deserialize(TOPIC, withDek(header), value),
                    RecordRejectedException.Reason.DEK_COMMITMENT_MISMATCH);
            assertThat(bob.dekUnwraps()).isZero();
        }
    }

    /** FORMAT.md §7.2: key (16) || nonce prefix (7) of a record of {@link #TOPIC} under {@code dek}. */
    private static byte[] recordKey(byte[] dekId, byte[] dek, byte[] header) {
        byte[] info = concat("gmflux/kafka/v2 record".getBytes(StandardCharsets.US_ASCII), Sm3.hash(header),
                TOPIC.getBytes(StandardCharsets.UTF_8));
        return HkdfSm3.derive(dekId, dek, info, 16 + 7);
    }

    /** SM4-GCM ciphertexts whose tag verifies under two keys (and nonces) at once. */
    private static final class Salamander {

        /** The nonce of counter 0: prefix || u32(0) || 0x01. */
        private static byte[] nonce(byte[] recordKey) {
            return concat(Arrays.copyOfRange(recordKey, 16, 23), new byte[] {0, 0, 0, 0, 1});
        }

        private static byte[] block(byte[] recordKey, byte[] in) {
            SM4Engine e = new SM4Engine();
            e.init(true, new KeyParameter(Arrays.copyOf(recordKey, 16)));
            byte[] out = new byte[16];
            e.processBlock(in, 0, out, 0);
            return out;
        }

        /** E(J0 + i): J0 = nonce || 00000001. */
        private static byte[] counterBlock(byte[] recordKey, int i) {
            byte[] j = Arrays.copyOf(nonce(recordKey), 16);
            j[15] = (byte) (1 + i);
            return block(recordKey, j);
        }

        /**
         * Ciphertext || tag of {@code plain1} (a multiple of 16 bytes) under key 1, with one more
         * block solved so that the tag also verifies under key 2.
         */
        static byte[] collide(byte[] k1, byte[] k2, byte[] plain1) {
            int m = plain1.length / 16 + 1;
            long[][] c = new long[m][];
            for (int b = 0; b < m - 1; b++) {
                byte[] ks = counterBlock(k1, b + 1);
                byte[] cb = new byte[16];
                for (int i = 0; i < 16; i++) {
                    cb[i] = (byte) (plain1[16 * b + i] ^ ks[i]);
                }
                c[b] = Gf128.of(cb);
            }
            long[] h1 = Gf128.of(block(k1, new byte[16]));
            long[] h2 = Gf128.of(block(k2, new byte[16]));
            long[] len = {0, 128L * m};
            // tag_k = sum_b C_b H_k^(m+2-b) + L H_k + E_k(J0); want tag_1 = tag_2, solve for C_m.
            long[] rhs = Gf128.add(Gf128.of(counterBlock(k1, 0)), Gf128.of(counterBlock(k2, 0)));
            rhs = Gf128.add(rhs, Gf128.mul(len, Gf128.add(h1, h2)));
            for (int b = 1; b < m; b++) {
                int e = m + 2 - b;
                rhs = Gf128.add(rhs, Gf128.mul(c[b - 1], Gf128.add(Gf128.pow(h1, e), Gf128.pow(h2, e))));
            }
            c[m - 1] = Gf128.mul(rhs, Gf128.inverse(Gf128.add(Gf128.pow(h1, 2), Gf128.pow(h2, 2))));
            long[] s = Gf128.mul(len, h1);
            for (int b = 1; b <= m; b++) {
                s = Gf128.add(s, Gf128.mul(c[b - 1], Gf128.pow(h1, m + 2 - b)));
            }
            long[] tag = Gf128.add(s, Gf128.of(counterBlock(k1, 0)));
            byte[] out = new byte[16 * m + 16];
            for (int b = 0; b < m; b++) {
                System.arraycopy(Gf128.bytes(c[b]), 0, out, 16 * b, 16);
            }
            System.arraycopy(Gf128.bytes(tag), 0, out, 16 * m, 16);
            return out;
        }

        /** BouncyCastle's SM4-GCM open of counter 0's nonce. */
        static byte[] open(byte[] recordKey, byte[] sealed) throws Exception {
            GCMModeCipher g = GCMBlockCipher.newInstance(new SM4Engine());
            g.init(false, new AEADParameters(new KeyParameter(Arrays.copyOf(recordKey, 16)), 128, nonce(recordKey)));
            byte[] out = new byte[g.getOutputSize(sealed.length)];
            int n = g.processBytes(sealed, 0, sealed.length, out, 0);
            n += g.doFinal(out, n);
            return Arrays.copyOf(out, n);
        }
    }

    /** GF(2^128) in GCM's bit order (SP 800-38D §6.3), as {hi, lo}. */
    private static final class Gf128 {

        static long[] of(byte[] b) {
            long hi = 0;
            long lo = 0;
            for (int i = 0; i < 8; i++) {
                hi = (hi << 8) | (b[i] & 0xff);
                lo = (lo << 8) | (b[8 + i] & 0xff);
            }
            return new long[] {hi, lo};
        }

        static byte[] bytes(long[] x) {
            byte[] b = new byte[16];
            for (int i = 0; i < 8; i++) {
                b[i] = (byte) (x[0] >>> (56 - 8 * i));
                b[8 + i] = (byte) (x[1] >>> (56 - 8 * i));
            }
            return b;
        }

        static long[] add(long[] a, long[] b) {
            return new long[] {a[0] ^ b[0], a[1] ^ b[1]};
        }

        static long[] mul(long[] x, long[] y) {
            long zh = 0;
            long zl = 0;
            long vh = y[0];
            long vl = y[1];
            for (int i = 0; i < 128; i++) {
                long bit = i < 64 ? (x[0] >>> (63 - i)) & 1 : (x[1] >>> (127 - i)) & 1;
                if (bit != 0) {
                    zh ^= vh;
                    zl ^= vl;
                }
                boolean lsb = (vl & 1) != 0;
                vl = (vl >>> 1) | (vh << 63);
                vh >>>= 1;
                if (lsb) {
                    vh ^= 0xE100000000000000L;
                }
            }
            return new long[] {zh, zl};
        }

        static long[] pow(long[] x, long e) {
            long[] r = {Long.MIN_VALUE, 0}; // the field's 1
            for (int i = 63; i >= 0; i--) {
                r = mul(r, r);
                if (((e >>> i) & 1) != 0) {
                    r = mul(r, x);
                }
            }
            return r;
        }

        /** x^(2^128 - 2). */
        static long[] inverse(long[] x) {
            long[] r = {Long.MIN_VALUE, 0};
            for (int i = 127; i >= 0; i--) {
                r = mul(r, r);
                if (i != 0) {
                    r = mul(r, x);
                }
            }
            return r;
        }
    }

    // ---- 2. origin: a record minted with a consumer's public key -----------------------------

    @Test
    void recordMintedWithOnlyAConsumersPublicKeyIsRefusedByAConsumerThatTrustsItsProducer() {
        String trusted = PRODUCER.publicPem.toString();
        try (GmfluxSerializer<byte[]> genuine = Configured.serializer(ALICE, GmfluxConfig.PRODUCER_KEY,
                        PRODUCER.privatePem.toString());
                GmfluxSerializer<byte[]> forger = Configured.serializer(ALICE);
                GmfluxSerializer<byte[]> selfSigned = Configured.serializer(ALICE, GmfluxConfig.PRODUCER_KEY,
                        MALLORY.privateText);
                GmfluxDeserializer<byte[]> confidentialOnly = Configured.deserializer(ALICE);
                GmfluxDeserializer<byte[]> alice = Configured.deserializer(ALICE,
                        GmfluxConfig.TRUSTED_PRODUCERS, trusted)) {
            Sealed forged = seal(forger, TOPIC, "PAY mallory 9999");
            Sealed signedByMallory = seal(selfSigned, TOPIC, "PAY mallory 9999");
            Sealed real = seal(genuine, TOPIC, "PAY alice 100");
            // Without trusted producers the record layer gives confidentiality only: the forgery reads.
            assertThat(confidentialOnly.deserialize(TOPIC, forged.headers, forged.value))
                    .isEqualTo("PAY mallory 9999".getBytes(StandardCharsets.UTF_8));
            // With them, unsigned and untrusted headers are refused before any decapsulation.
            assertThatThrownBy(() -> alice.deserialize(TOPIC, forged.headers, forged.value))
                    .isInstanceOf(RecordRejectedException.class).hasMessageContaining("topic " + TOPIC)
                    .hasMessageContaining("not signed");
            assertThatThrownBy(() -> alice.deserialize(TOPIC, signedByMallory.headers, signedByMallory.value))
                    .isInstanceOf(RecordRejectedException.class)
                    .hasMessageContaining("producer key id sm2:" + MALLORY.keyIdHex)
                    .extracting(e -> ((RecordRejectedException) e).reason())
                    .isEqualTo(RecordRejectedException.Reason.UNTRUSTED_PRODUCER);
            assertThat(alice.stanzaTrials()).isZero();
            assertThat(alice.deserialize(TOPIC, real.headers, real.value))
                    .isEqualTo("PAY alice 100".getBytes(StandardCharsets.UTF_8));
            // The signature binds the topic and every header byte: a signed header moved to another
            // topic, or with its unsigned part edited, is refused.
            assertRefused(() -> alice.deserialize("payments-copy", real.headers, real.value),
                    RecordRejectedException.Reason.UNTRUSTED_PRODUCER);
            byte[] edited = real.header().clone();
            edited[DekHeader.DEK_ID_OFFSET] ^= 1;
            assertRefused(() -> alice.deserialize(TOPIC, withDek(edited), real.value),
                    RecordRejectedException.Reason.UNTRUSTED_PRODUCER);
            assertThat(alice.dekUnwraps()).isEqualTo(1);
        }
    }

    // ---- 3. DEK cache poisoning --------------------------------------------------------------

    @Test
    void forgedHeaderCopyingAGenuineDekIdNeitherEvictsNorPoisonsTheCachedDek() throws Exception {
        try (GmfluxSerializer<byte[]> genuine = Configured.serializer(ALICE);
                GmfluxDeserializer<byte[]> alice = Configured.deserializer(ALICE)) {
            Sealed first = seal(genuine, TOPIC, "record 0");
            byte[] dekId = DekHeader.parse(first.header(), DekHeader.MAX_STANZAS).dekIdRef();
            // Mallory copies the genuine DEK id into a header of her own (a DEK she chose, wrapped
            // to Alice's public key: valid without trusted producers), and into one whose wrap is bad.
            byte[] malloryDek = randomBytes(32);
            byte[] validForgery = header(dekId, List.of(recipient(ALICE).wrap(malloryDek, dekId, random)), malloryDek);
            RecipientStanza good = recipient(ALICE).wrap(malloryDek, dekId, random);
            byte[] body = good.body();
            body[body.length - 1] ^= 1;
            byte[] badWrap = header(dekId, List.of(new RecipientStanza(good.type(), body)), malloryDek);
            byte[] junk = new byte[RecordLayout.SEALED_OFFSET + 40];
            junk[0] = RecordLayout.VERSION;
            assertRefused(() -> alice.deserialize(TOPIC, withDek(validForgery), junk),
                    RecordRejectedException.Reason.FAILED_AUTHENTICATION);
            assertRefused(() -> alice.deserialize(TOPIC, withDek(badWrap), junk),
                    RecordRejectedException.Reason.NO_MATCHING_KEY);
            assertThat(alice.deserialize(TOPIC, first.headers, first.value)).isNotNull();
            long trialsAfterFirstOfEach = alice.stanzaTrials();
            for (int i = 1; i <= 2000; i++) {
                Sealed r = seal(genuine, TOPIC, "record " + i);
                assertThat(alice.deserialize(TOPIC, r.headers, r.value))
                        .isEqualTo(("record " + i).getBytes(StandardCharsets.UTF_8));
                if (i % 100 == 0) {
                    assertRefused(() -> alice.deserialize(TOPIC, withDek(validForgery), junk),
                            RecordRejectedException.Reason.FAILED_AUTHENTICATION);
                    assertRefused(() -> alice.deserialize(TOPIC, withDek(badWrap), junk),
                            RecordRejectedException.Reason.NO_MATCHING_KEY);
                }
            }
            // One unwrap for the genuine DEK and one for Mallory's own, whatever the interleaving;
            // the refused header was remembered and never decapsulated again.
            assertThat(alice.dekUnwraps()).isEqualTo(2);
            assertThat(alice.stanzaTrials()).isEqualTo(trialsAfterFirstOfEach).isEqualTo(3);
        }
    }

    // ---- 4. decapsulation amplification ------------------------------------------------------

    @Test
    void amplificationHeaderWithManyStanzasForTheVictimCostsAtMostOneDecapsulationOnce() throws Exception {
        byte[] dekId = randomBytes(16);
        byte[] dek = randomBytes(32);
        Recipient victim = recipient(ALICE);
        List<RecipientStanza> hostile = new ArrayList<>();
        for (int i = 0; i < DekHeader.MAX_STANZAS; i++) {
            byte[] body = victim.wrap(dek, dekId, random).body(); // a valid point...
            body[body.length - 1] ^= 1; // ...and a wrap that does not open
            hostile.add(new RecipientStanza(RecipientStanza.TYPE_SM2, body));
        }
        byte[] junk = new byte[RecordLayout.SEALED_OFFSET + 16];
        junk[0] = RecordLayout.VERSION;
        try (GmfluxDeserializer<byte[]> alice = Configured.deserializer(ALICE);
                GmfluxDeserializer<byte[]> generous = Configured.deserializer(ALICE, GmfluxConfig.MAX_STANZAS,
                        DekHeader.MAX_STANZAS)) {
            // 64 stanzas for Alice's key id: over the default limit (8) for one reader, duplicates for
            // the other; both refuse before any public-key work.
            byte[] many = header(dekId, hostile, dek);
            assertThatThrownBy(() -> alice.deserialize(TOPIC, withDek(many), junk))
                    .isInstanceOf(RecordRejectedException.class).hasMessageContaining("64 stanzas");
            assertThatThrownBy(() -> generous.deserialize(TOPIC, withDek(many), junk))
                    .isInstanceOf(RecordRejectedException.class).hasMessageContaining("two stanzas for sm2:"
                            + ALICE.keyIdHex);
            // v1's 1,024-stanza header does not parse as v2 at all (the version, then the size limit).
            byte[] v1 = new byte[4 + 1024 * 124];
            v1[0] = 1;
            assertRefused(() -> alice.deserialize(TOPIC, withDek(v1), junk),
                    RecordRejectedException.Reason.MALFORMED_HEADER);
            assertThat(alice.stanzaTrials()).isZero();
            assertThat(generous.stanzaTrials()).isZero();
            // Within the limit: Alice's stanza (bad wrap) and seven for other key ids. Alice's key
            // is tried on each stanza, but only the one with her key id is decapsulated; repeated
            // 1,000 times, the header costs nothing more.
            List<RecipientStanza> eight = new ArrayList<>();
            eight.add(hostile.get(0));
            for (int i = 0; i < 7; i++) {
                eight.add(recipient(TestKeys.create("other" + i)).wrap(dek, dekId, random));
            }
            byte[] allowed = header(dekId, eight, dek);
            for (int i = 0; i < 1000; i++) {
                assertRefused(() -> alice.deserialize(TOPIC, withDek(allowed), junk),
                        RecordRejectedException.Reason.NO_MATCHING_KEY);
            }
            assertThat(alice.stanzaTrials()).isEqualTo(8);
            assertThat(alice.dekUnwraps()).isZero();
        }
    }

    // ---- compressed SM2 points ---------------------------------------------------------------

    @Test
    void invalidCompressedPointInAStanzaIsRefusedBeforeAnyDecapsulation() throws Exception {
        // A header for Alice, committed to its DEK, whose stanza's C1 is not a point: a wrong format
        // byte, x = p, or an x with no point on the curve. Each is a malformed header, refused
        // while parsing, so Alice's key never meets the point; a repeat costs nothing more.
        byte[] dekId = randomBytes(16);
        byte[] dek = randomBytes(32);
        byte[] genuine = header(dekId, List.of(recipient(ALICE).wrap(dek, dekId, random)), dek);
        int c1 = DekHeader.STANZAS_OFFSET + 3 + RecipientStanza.KEY_ID_LENGTH;
        assertThat(genuine[c1]).isIn((byte) 2, (byte) 3);
        byte[] p = Hex.decode("fffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffff");
        byte[] noPoint = new byte[32];
        do {
            noPoint[31]++;
        } while (bouncyCastleDecodes(noPoint));
        byte[][] hostile = {withC1(genuine, dekId, dek, 0x04, null), withC1(genuine, dekId, dek, 0x00, null),
            withC1(genuine, dekId, dek, 0x02, p), withC1(genuine, dekId, dek, 0x03, noPoint)};
        byte[] junk = new byte[RecordLayout.SEALED_OFFSET + 16];
        junk[0] = RecordLayout.VERSION;
        try (GmfluxDeserializer<byte[]> alice = Configured.deserializer(ALICE)) {
            for (byte[] h : hostile) {
                for (int i = 0; i < 3; i++) {
                    assertThatThrownBy(() -> alice.deserialize(TOPIC, withDek(h), junk))
                            .isInstanceOf(RecordRejectedException.class).hasMessageContaining("topic " + TOPIC)
                            .hasMessageContaining("C1").extracting(e -> ((RecordRejectedException) e).reason())
                            .isEqualTo(RecordRejectedException.Reason.MALFORMED_HEADER);
                }
            }
            assertThat(alice.stanzaTrials()).isZero();
            assertThat(alice.dekUnwraps()).isZero();
            // The same header with its genuine point is tried (and, the value being junk, fails later).
            assertRefused(() -> alice.deserialize(TOPIC, withDek(genuine), junk),
                    RecordRejectedException.Reason.FAILED_AUTHENTICATION);
            assertThat(alice.stanzaTrials()).isEqualTo(1);
        }
        // With trusted producers the signature is checked first: unsigned, the bad point is never
        // decompressed; signed by the trusted key (a faulty producer), the point is still refused.
        ProducerSignature.Signer producer = new ProducerSignature.Signer(
                Sm2KeyEncoding.privateKeyFromPem(PRODUCER.privateText));
        try (GmfluxDeserializer<byte[]> strict = Configured.deserializer(ALICE, GmfluxConfig.TRUSTED_PRODUCERS,
                PRODUCER.publicPem.toString())) {
            for (byte[] h : hostile) {
                assertRefused(() -> strict.deserialize(TOPIC, withDek(h), junk),
                        RecordRejectedException.Reason.UNTRUSTED_PRODUCER);
                byte[] signed = ProducerSignature.Signer.header(Arrays.copyOf(h, h.length - 1), producer, TOPIC);
                assertThatThrownBy(() -> strict.deserialize(TOPIC, withDek(signed), junk))
                        .isInstanceOf(RecordRejectedException.class).hasMessageContaining("C1")
                        .extracting(e -> ((RecordRejectedException) e).reason())
                        .isEqualTo(RecordRejectedException.Reason.MALFORMED_HEADER);
            }
            assertThat(strict.stanzaTrials()).isZero();
            assertThat(strict.dekUnwraps()).isZero();
        }
    }

    /** {@code header} with its first stanza's C1 format byte and (if not null) x replaced, recommitted to {@code dek}. */
    private static byte[] withC1(byte[] header, byte[] dekId, byte[] dek, int format, byte[] x) {
        byte[] h = header.clone();
        int c1 = DekHeader.STANZAS_OFFSET + 3 + RecipientStanza.KEY_ID_LENGTH;
        h[c1] = (byte) format;
        if (x != null) {
            System.arraycopy(x, 0, h, c1 + 1, 32);
        }
        int c = h.length - DekHeader.COMMITMENT_LENGTH - 1;
        byte[] commitment = DekKeys.commitment(dekId, dek, h, c);
        System.arraycopy(commitment, 0, h, c, commitment.length);
        return h;
    }

    private static boolean bouncyCastleDecodes(byte[] x) {
        byte[] c = new byte[33];
        c[0] = 2;
        System.arraycopy(x, 0, c, 1, 32);
        try {
            CustomNamedCurves.getByName("sm2p256v1").getCurve().decodePoint(c);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Test
    void zuc128WithItsShortTagIsReadOnlyWhenChosen() {
        try (GmfluxSerializer<byte[]> s = Configured.serializer(ALICE, GmfluxConfig.SUITE,
                        Suite.ZUC128_EEA3_EIA3.label());
                GmfluxDeserializer<byte[]> byDefault = Configured.deserializer(ALICE);
                GmfluxDeserializer<byte[]> chosen = Configured.deserializer(ALICE, GmfluxConfig.SUITES,
                        Suite.ZUC128_EEA3_EIA3.label())) {
            Sealed r = seal(s, TOPIC, "x");
            assertRefused(() -> byDefault.deserialize(TOPIC, r.headers, r.value),
                    RecordRejectedException.Reason.SUITE_NOT_ALLOWED);
            assertThat(byDefault.stanzaTrials()).isZero();
            assertThat(chosen.deserialize(TOPIC, r.headers, r.value)).isEqualTo(new byte[] {'x'});
        }
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }
}
