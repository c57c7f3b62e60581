package io.gmflux.examples.selftest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class KnownAnswersTest {

    @Test
    void parsesRecordsWithTheirSourceAndFields() {
        KnownAnswers k = KnownAnswers.parse("""
                # comment
                vector sm3 a
                source somewhere, section 1
                message 616263
                empty -

                vector sm4 b
                source elsewhere
                iterations 3
                """);

        assertThat(k.all()).hasSize(2);
        KnownAnswer a = k.forAlgorithm("sm3").get(0);
        assertThat(a.id()).isEqualTo("a");
        assertThat(a.source()).isEqualTo("somewhere, section 1");
        assertThat(a.hex("message")).containsExactly(0x61, 0x62, 0x63);
        assertThat(a.hex("empty")).isEmpty();
        assertThat(a.has("source")).isFalse();
        assertThat(k.forAlgorithm("sm4").get(0).integer("iterations")).isEqualTo(3);
        assertThat(k.forAlgorithm("zuc")).isEmpty();
    }

    @Test
    void rejectsMalformedInputNamingTheLine() {
        assertThatThrownBy(() -> KnownAnswers.parse("key 00\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 1");
        assertThatThrownBy(() -> KnownAnswers.parse("vector sm3 a\nsource s\nkey 00\nkey 01\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 4").hasMessageContaining("repeated");
        assertThatThrownBy(() -> KnownAnswers.parse("vector sm3 a\nkey 00\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no source");
        assertThatThrownBy(() -> KnownAnswers.parse("vector sm3\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 1");
    }

    @Test
    void everyEmbeddedVectorCitesASourceAndIdsAreUnique() {
        KnownAnswers k = KnownAnswers.embedded();

        assertThat(k.all()).hasSizeGreaterThan(50);
        assertThat(k.all()).allSatisfy(v -> assertThat(v.source()).as(v.id()).hasSizeGreaterThan(10));
        assertThat(k.all().stream().map(KnownAnswer::id).distinct().count()).isEqualTo(k.all().size());
    }
}
