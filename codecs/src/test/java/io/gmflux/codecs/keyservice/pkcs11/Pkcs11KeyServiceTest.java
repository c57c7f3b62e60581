package io.gmflux.codecs.keyservice.pkcs11;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gmflux.codecs.keyservice.KekRef;
import io.gmflux.codecs.keyservice.KeyService;
import io.gmflux.codecs.keyservice.KeyServiceException;
import io.gmflux.codecs.keyservice.KeyServices;
import io.gmflux.codecs.keyservice.KeyServiceException.Reason;

import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/** {@link Pkcs11KeyService} against SoftHSM2 tokens ({@link SoftHsm}); each test makes its own key labels. */
class Pkcs11KeyServiceTest {

    private static final byte[] CONTEXT = "stream salt 0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private SoftHsm hsm;
    private Pkcs11KeyService service;
    private String alias;
    private final Random random = new Random(16);

    @BeforeEach
    void open(TestInfo test) throws Exception {
        hsm = SoftHsm.tokens();
        alias = test.getTestMethod().orElseThrow().getName();
        service = new Pkcs11KeyService(Map.of(
                Pkcs11KeyService.CONFIG, hsm.config("kek").toString(),
                Pkcs11KeyService.PIN_FILE, hsm.pinFile().toString()));
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void wrapsAndUnwrapsInTheToken() throws Exception {
        hsm.createKek("kek", alias);
        KekRef kek = service.resolve(alias);
        assertThat(kek.kekId()).isEqualTo(alias.getBytes(StandardCharsets.UTF_8));
        assertThat(service.type()).isEqualTo("pkcs11");
        for (int length : new int[] {16, 32, 64}) {
            byte[] dek = randomBytes(length);
            byte[] wrapped = service.wrap(kek, dek, CONTEXT);
            assertThat(wrapped).hasSize(1 + 12 + length + 16);
            assertThat(wrapped[0]).isEqualTo((byte) 0x01);
            assertThat(indexOf(wrapped, dek)).as("DEK in clear in the wrapped bytes").isEqualTo(-1);
            assertThat(service.unwrap(kek.kekId(), wrapped, CONTEXT)).isEqualTo(dek);
            assertThat(service.wrap(kek, dek, CONTEXT)).as("fresh IV per wrap").isNotEqualTo(wrapped);
        }
    }

    @Test
    void refusesWrongContext() throws Exception {
        hsm.createKek("kek", alias);
        KekRef kek = service.resolve(alias);
        byte[] wrapped = service.wrap(kek, randomBytes(32), CONTEXT);
        byte[] otherContext = CONTEXT.clone();
        otherContext[0] ^= 1;
        assertReason(() -> service.unwrap(kek.kekId(), wrapped, otherContext), Reason.UNWRAP_FAILED);
        assertReason(() -> service.unwrap(kek.kekId(), wrapped, new byte[0]), Reason.UNWRAP_FAILED);
    }

    @Test
    void refusesAlteredWrappedKey() throws Exception {
        hsm.createKek("kek", alias);
        KekRef kek = service.resolve(alias);
        byte[] wrapped = service.wrap(kek, randomBytes(32), CONTEXT);
        for (int i = 0; i < wrapped.length; i++) {
            byte[] altered = wrapped.clone();
            altered[i] ^= 0x40;
            assertReason(() -> service.unwrap(kek.kekId(), altered, CONTEXT), Reason.UNWRAP_FAILED);
        }
        assertReason(() -> service.unwrap(kek.kekId(), Arrays.copyOf(wrapped, 29), CONTEXT), Reason.UNWRAP_FAILED);
    }

    @Test
    void rotationGivesANewKekIdAndOldWrappedKeysStillUnwrap() throws Exception {
        hsm.createKek("kek", alias);
        KekRef first = service.resolve(alias);
        byte[] oldDek = randomBytes(32);
        byte[] oldWrapped = service.wrap(first, oldDek, CONTEXT);

        hsm.createKek("kek", alias + "#v2");
        KekRef second = service.resolve(alias);
        assertThat(new String(second.kekId(), StandardCharsets.UTF_8)).isEqualTo(alias + "#v2");
        byte[] newDek = randomBytes(32);
        byte[] newWrapped = service.wrap(second, newDek, CONTEXT);

        assertThat(service.unwrap(first.kekId(), oldWrapped, CONTEXT)).isEqualTo(oldDek);
        assertThat(service.unwrap(second.kekId(), newWrapped, CONTEXT)).isEqualTo(newDek);
        assertReason(() -> service.unwrap(second.kekId(), oldWrapped, CONTEXT), Reason.UNWRAP_FAILED);

        hsm.createKek("kek", alias + "#v10");
        assertThat(new String(service.resolve(alias).kekId(), StandardCharsets.UTF_8)).isEqualTo(alias + "#v10");
    }

    @Test
    void anotherTokenWithoutTheKeyCannotUnwrap() throws Exception {
        hsm.createKek("kek", alias);
        KekRef kek = service.resolve(alias);
        byte[] wrapped = service.wrap(kek, randomBytes(32), CONTEXT);
        try (Pkcs11KeyService other = new Pkcs11KeyService(hsm.config("other"), PinSource.fromFile(hsm.pinFile()))) {
            assertReason(() -> other.unwrap(kek.kekId(), wrapped, CONTEXT), Reason.KEY_NOT_FOUND);
            assertReason(() -> other.resolve(alias), Reason.KEY_NOT_FOUND);
        }
    }

    @Test
    void unknownAliasIsKeyNotFound() {
        assertReason(() -> service.resolve(alias), Reason.KEY_NOT_FOUND);
        byte[] wrapped = new byte[1 + 12 + 32 + 16];
        wrapped[0] = 1;
        assertReason(() -> service.unwrap(alias.getBytes(StandardCharsets.UTF_8), wrapped, CONTEXT), Reason.KEY_NOT_FOUND);
        assertReason(() -> service.unwrap(new byte[] {(byte) 0xff}, wrapped, CONTEXT), Reason.KEY_NOT_FOUND);
    }

    @Test
    void wrongPinIsUnavailableAndTheMessageHoldsNoPin() throws Exception {
        String wrong = "135799";
        Throwable thrown = catchReason(() -> new Pkcs11KeyService(hsm.config("pin"),
                PinSource.fromFile(hsm.pinFile("wrong-pin", wrong))), Reason.UNAVAILABLE);
        assertThat(((KeyServiceException) thrown).retriable()).isTrue();
        assertThat(thrown.getMessage()).contains("PIN incorrect").contains("wrong-pin")
                .doesNotContain(wrong).doesNotContain(SoftHsm.PIN);
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            assertThat(String.valueOf(t.getMessage())).doesNotContain(wrong);
        }
        try (Pkcs11KeyService right = new Pkcs11KeyService(hsm.config("pin"), PinSource.fromFile(hsm.pinFile()))) {
            assertReason(() -> right.resolve(alias), Reason.KEY_NOT_FOUND);
        }
    }

    @Test
    void opensByNameThroughKeyServices() throws Exception {
        hsm.createKek("kek", alias);
        Map<String, Object> properties = Map.of(
                "gmflux.key.service.pkcs11.config", hsm.config("kek").toString(),
                "gmflux.key.service.pkcs11.pin.file", hsm.pinFile().toString(),
                "gmflux.key.service.alias", alias,
                "bootstrap.servers", "ignored:9092");
        try (KeyService byName = KeyServices.open("pkcs11", properties)) {
            assertThat(byName).isInstanceOf(Pkcs11KeyService.class);
            KekRef kek = byName.resolve(alias);
            byte[] dek = randomBytes(32);
            assertThat(service.unwrap(kek.kekId(), byName.wrap(kek, dek, CONTEXT), CONTEXT)).isEqualTo(dek);
        }
    }

    @Test
    void aRefusedPinIsNotSentAgainUntilThePinFileChanges() throws Exception {
        hsm.createKek("kek", alias);
        java.nio.file.Path pinFile = hsm.pinFile(alias + ".pin", SoftHsm.PIN);
        try (Pkcs11KeyService fromFile = new Pkcs11KeyService(hsm.config("kek"), PinSource.fromFile(pinFile))) {
            KekRef kek = fromFile.resolve(alias);
            hsm.pinFile(alias + ".pin", "1357");
            // Another provider name on the token logs the process out: the next call must log in again.
            new Pkcs11KeyService(hsm.config("kek", "gmflux-kek-logout"), PinSource.fromFile(hsm.pinFile())).close();
            assertThat(catchReason(() -> fromFile.resolve(alias), Reason.UNAVAILABLE).getMessage())
                    .contains("PIN incorrect").doesNotContain("1357");
            assertThat(catchReason(() -> fromFile.resolve(alias), Reason.UNAVAILABLE).getMessage())
                    .contains("not tried again").contains(alias + ".pin").doesNotContain("1357");
            hsm.pinFile(alias + ".pin", SoftHsm.PIN + "\n");
            assertThat(fromFile.resolve(alias)).isEqualTo(kek);
        }
        // The fixture's own services on this token log in again too.
        assertThat(service.resolve(alias).alias()).isEqualTo(alias);
    }

    @Test
    void opensWithPinFromEnvironment() throws Exception {
        assumeTrue(SoftHsm.PIN.equals(System.getenv("GMFLUX_TEST_PKCS11_PIN")),
                "GMFLUX_TEST_PKCS11_PIN is not set in this JVM's environment (surefire sets it)");
        hsm.createKek("kek", alias);
        try (Pkcs11KeyService fromEnv = new Pkcs11KeyService(Map.of(
                Pkcs11KeyService.CONFIG, hsm.config("kek").toString(),
                Pkcs11KeyService.PIN_ENV, "GMFLUX_TEST_PKCS11_PIN"))) {
            KekRef kek = fromEnv.resolve(alias);
            byte[] dek = randomBytes(32);
            assertThat(service.unwrap(kek.kekId(), fromEnv.wrap(kek, dek, CONTEXT), CONTEXT)).isEqualTo(dek);
        }
    }

    @Test
    void kekIsNotExtractable() throws Exception {
        hsm.createKek("kek", alias);
        service.resolve(alias);
        Key key = hsm.key("kek", alias);
        assertThat(key.getEncoded()).isNull();
        assertThat(key.toString()).contains("token object").contains(" sensitive").endsWith(", unextractable)");
    }

    @Test
    void refusesAnExtractableKey() throws Exception {
        hsm.createKey("kek", alias, "CKA_SENSITIVE = true", "CKA_EXTRACTABLE = true");
        assertThat(catchReason(() -> service.resolve(alias), Reason.KEY_DISABLED).getMessage()).contains("CKA_EXTRACTABLE");
    }

    @Test
    void refusesAKeyWhoseValueCanBeRead() throws Exception {
        hsm.createKey("kek", alias, "CKA_SENSITIVE = false", "CKA_EXTRACTABLE = true");
        assertThat(catchReason(() -> service.resolve(alias), Reason.KEY_DISABLED).getMessage()).contains("CKA_SENSITIVE");
    }

    @Test
    void refusesAReadableKeyEvenWhenNotExtractable() throws Exception {
        // CKA_VALUE of a non-sensitive key can be read with C_GetAttributeValue, whatever CKA_EXTRACTABLE says.
        hsm.createKey("kek", alias, "CKA_SENSITIVE = false", "CKA_EXTRACTABLE = false");
        assertThat(catchReason(() -> service.resolve(alias), Reason.KEY_DISABLED).getMessage()).contains("CKA_SENSITIVE");
    }

    @Test
    void keyWithoutEncryptAndDecryptIsDisabled() throws Exception {
        hsm.createKey("kek", alias, "CKA_SENSITIVE = true", "CKA_EXTRACTABLE = false",
                "CKA_ENCRYPT = false", "CKA_DECRYPT = false");
        KekRef kek = service.resolve(alias);
        assertReason(() -> service.wrap(kek, randomBytes(32), CONTEXT), Reason.KEY_DISABLED);
        byte[] forged = new byte[1 + 12 + 32 + 16];
        forged[0] = 1;
        assertReason(() -> service.unwrap(kek.kekId(), forged, CONTEXT), Reason.KEY_DISABLED);
    }

    @Test
    void missingModuleOrTokenIsUnavailable() throws Exception {
        assertReason(() -> new Pkcs11KeyService(hsm.configWithLibrary("/nonexistent/libpkcs11.so"),
                PinSource.fromFile(hsm.pinFile())), Reason.UNAVAILABLE);
        assertReason(() -> new Pkcs11KeyService(hsm.configWithoutToken(), PinSource.fromFile(hsm.pinFile())),
                Reason.UNAVAILABLE);
        assertReason(() -> new Pkcs11KeyService(hsm.config("kek"), PinSource.fromEnv("GMFLUX_TEST_NO_SUCH_PIN_VARIABLE")),
                Reason.UNAVAILABLE);
    }

    @Test
    void refusesPinInClearAndIncompleteConfiguration() throws Exception {
        String config = hsm.config("kek").toString();
        String pinFile = hsm.pinFile().toString();
        assertThatThrownBy(() -> new Pkcs11KeyService(Map.of(Pkcs11KeyService.CONFIG, config,
                "gmflux.key.service.pkcs11.pin", SoftHsm.PIN)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("never in clear")
                .hasMessageNotContaining(SoftHsm.PIN);
        assertThatThrownBy(() -> new Pkcs11KeyService(Map.of(Pkcs11KeyService.CONFIG, config)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exactly one");
        assertThatThrownBy(() -> new Pkcs11KeyService(Map.of(Pkcs11KeyService.CONFIG, config,
                Pkcs11KeyService.PIN_FILE, pinFile, Pkcs11KeyService.PIN_ENV, "X")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exactly one");
        assertThatThrownBy(() -> new Pkcs11KeyService(Map.of(Pkcs11KeyService.PIN_FILE, pinFile)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(Pkcs11KeyService.CONFIG);
        assertThatThrownBy(() -> new Pkcs11KeyService(Map.of(Pkcs11KeyService.CONFIG, config + ".absent",
                Pkcs11KeyService.PIN_FILE, pinFile)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not readable");
    }

    @Test
    void closingOneServiceLeavesAnotherOnTheSameTokenLoggedIn() throws Exception {
        hsm.createKek("kek", alias);
        Pkcs11KeyService second = new Pkcs11KeyService(hsm.config("kek"), PinSource.fromFile(hsm.pinFile()));
        second.close();
        KekRef kek = service.resolve(alias);
        byte[] dek = randomBytes(32);
        assertThat(service.unwrap(kek.kekId(), service.wrap(kek, dek, CONTEXT), CONTEXT)).isEqualTo(dek);
        assertThatThrownBy(() -> second.resolve(alias)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void logsInAgainAfterAnotherProviderLoggedTheTokenOut() throws Exception {
        hsm.createKek("kek", alias);
        KekRef kek = service.resolve(alias);
        byte[] dek = randomBytes(32);
        byte[] wrapped = service.wrap(kek, dek, CONTEXT);
        // Another provider name on the same token: its close logs the whole process out of the token.
        new Pkcs11KeyService(hsm.config("kek", "gmflux-kek-elsewhere"), PinSource.fromFile(hsm.pinFile())).close();
        assertThat(service.resolve(alias)).isEqualTo(kek);
        assertThat(service.unwrap(kek.kekId(), wrapped, CONTEXT)).isEqualTo(dek);
        assertThat(service.unwrap(kek.kekId(), service.wrap(kek, dek, CONTEXT), CONTEXT)).isEqualTo(dek);
    }

    @Test
    void wrapsAndUnwrapsFromManyThreads() throws Exception {
        hsm.createKek("kek", alias);
        KekRef kek = service.resolve(alias);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long seed = t;
                results.add(pool.submit(() -> {
                    Random r = new Random(seed);
                    for (int i = 0; i < 50; i++) {
                        byte[] dek = new byte[32];
                        r.nextBytes(dek);
                        if (!Arrays.equals(dek, service.unwrap(kek.kekId(), service.wrap(kek, dek, CONTEXT), CONTEXT))) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> result : results) {
                assertThat(result.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }

    private static void assertReason(ThrowingCallable call, Reason reason) {
        catchReason(call, reason);
    }

    private static Throwable catchReason(ThrowingCallable call, Reason reason) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(call);
        assertThat(thrown).isInstanceOf(KeyServiceException.class);
        assertThat(((KeyServiceException) thrown).reason()).as(thrown.getMessage()).isEqualTo(reason);
        return thrown;
    }
}
