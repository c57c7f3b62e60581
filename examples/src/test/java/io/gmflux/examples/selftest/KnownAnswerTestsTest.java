package io.gmflux.examples.selftest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class KnownAnswerTestsTest {

    /** The field holding each algorithm's expected output in the embedded vectors. */
    private static final Map<String, String> OUTPUT_FIELD = Map.ofEntries(
            Map.entry("sm3", "digest"),
            Map.entry("hmac-sm3", "tag"),
            Map.entry("sm3-kdf", "key"),
            Map.entry("hkdf-sm3", "okm"),
            Map.entry("pbkdf2-hmac-sm3", "key"),
            Map.entry("sm4", "ciphertext"),
            Map.entry("sm4-ecb", "ciphertext"),
            Map.entry("sm4-cbc", "ciphertext"),
            Map.entry("sm4-cfb", "ciphertext"),
            Map.entry("sm4-ofb", "ciphertext"),
            Map.entry("sm4-ctr", "ciphertext"),
            Map.entry("sm4-xts", "ciphertext"),
            Map.entry("sm4-gcm", "tag"),
            Map.entry("sm4-ccm", "tag"),
            Map.entry("zuc128", "keystream"),
            Map.entry("eea3", "ciphertext"),
            Map.entry("eia3", "mac"),
            Map.entry("zuc256", "keystream"),
            Map.entry("zuc256-mac", "tag128"),
            Map.entry("sm2-sign", "s"),
            Map.entry("sm2-encrypt", "c1c3c2"));

    static Stream<AlgorithmCheck> checks() {
        return KnownAnswerTests.available().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void passesEveryEmbeddedVector(AlgorithmCheck check) {
        AlgorithmResult r = KnownAnswerTests.run(KnownAnswers.embedded(), List.of(check)).get(0);

        assertThat(r.failures()).as(check.name()).isEmpty();
        assertThat(r.vectors()).isPositive();
        assertThat(r.ok()).isTrue();
    }

    /** Proves that each check compares what it computes: one changed hex digit must fail it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void failsWhenOneDigitOfTheExpectedOutputChanges(AlgorithmCheck check) {
        String field = OUTPUT_FIELD.get(check.algorithm());
        assertThat(field).as("output field of %s is known to this test", check.algorithm()).isNotNull();
        KnownAnswer first = KnownAnswers.embedded().forAlgorithm(check.algorithm()).get(0);
        String good = first.text(field);
        int i = good.length() / 2;
        char flipped = good.charAt(i) == '0' ? '1' : '0';
        String bad = good.substring(0, i) + flipped + good.substring(i + 1);
        KnownAnswers corrupted = KnownAnswers.embedded().replacing(first.id(), field, bad);
        assertThat(corrupted.forAlgorithm(check.algorithm()).get(0).text(field)).isEqualTo(bad);

        AlgorithmResult r = KnownAnswerTests.run(corrupted, List.of(check)).get(0);

        assertThat(r.ok()).as(check.name()).isFalse();
        assertThat(r.failures()).extracting(AlgorithmResult.Failure::vectorId).containsExactly(first.id());
        assertThat(r.passed()).isEqualTo(r.vectors() - 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void reportsAnExceptionAsAFailureOfThatVector(AlgorithmCheck check) {
        AlgorithmCheck throwing = new AlgorithmCheck(check.name(), check.algorithm(), check.source(), v -> {
            throw new IllegalStateException("boom in " + v.id());
        }, check.applies());

        AlgorithmResult r = KnownAnswerTests.run(KnownAnswers.embedded(), List.of(throwing)).get(0);

        assertThat(r.passed()).isZero();
        assertThat(r.failures()).hasSize(r.vectors())
                .allSatisfy(f -> assertThat(f.reason()).startsWith("threw IllegalStateException: boom in "));
    }

    /**
     * The SM4-XTS records name their variant (GB/T 17964 or IEEE 1619): each is run in that one, so
     * naming the other fails it, and a record of an unknown variant fails rather than being passed over.
     */
    @Test
    void runsEachXtsRecordInTheVariantItNames() {
        AlgorithmCheck xts = KnownAnswerTests.available().stream().filter(c -> c.algorithm().equals("sm4-xts"))
                .findFirst().orElseThrow();
        KnownAnswers embedded = KnownAnswers.embedded();
        List<KnownAnswer> records = embedded.forAlgorithm("sm4-xts");
        assertThat(records).extracting(v -> v.text("variant")).contains("gbt17964", "ieee1619");
        for (KnownAnswer v : records) {
            String other = v.text("variant").equals("gbt17964") ? "ieee1619" : "gbt17964";
            AlgorithmResult swapped = KnownAnswerTests.run(embedded.replacing(v.id(), "variant", other), List.of(xts)).get(0);
            assertThat(swapped.failures()).as("%s run as %s", v.id(), other)
                    .extracting(AlgorithmResult.Failure::vectorId).containsExactly(v.id());

            AlgorithmResult unknown = KnownAnswerTests.run(embedded.replacing(v.id(), "variant", "xex"), List.of(xts)).get(0);
            assertThat(unknown.failures()).as("%s with an unknown variant", v.id()).singleElement()
                    .satisfies(f -> assertThat(f.reason()).contains("unknown SM4-XTS variant 'xex'"));
        }
    }
}
