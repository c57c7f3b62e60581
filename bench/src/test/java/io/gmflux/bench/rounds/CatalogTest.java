package io.gmflux.bench.rounds;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.bench.rounds.Catalog.Candidate;
import io.gmflux.bench.rounds.Catalog.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogTest {

    private final Catalog catalog = new Catalog();

    @Test
    void everyRowStartsWithGmfluxAndHasAPeer() {
        for (Row r : catalog.rows()) {
            assertThat(r.candidates().get(0).peer()).as(r.id()).isEqualTo(Catalog.GMFLUX);
            assertThat(r.candidates().stream().filter(c -> !c.peer().equals(Catalog.GMFLUX))).as(r.id()).isNotEmpty();
        }
    }

    @Test
    void candidateKeysAreUniqueSoAChildJvmFindsTheOneItMeasures() {
        // the sm2.sign gmflux candidate is shared by the generic-curve row: same object, one key
        List<Candidate> distinct = catalog.rows().stream().flatMap(r -> r.candidates().stream()).distinct().toList();
        assertThat(distinct.stream().map(Candidate::key).distinct().count()).isEqualTo(distinct.size());
        for (Candidate c : distinct) {
            assertThat(catalog.candidate(c.key())).containsSame(c);
        }
    }

    @Test
    void bouncyCastleSm2IsMeasuredOnItsFastCurveAndThroughItsJcaProvider() {
        Row sign = catalog.rows().stream().filter(r -> r.id().equals("sm2.sign")).findFirst().orElseThrow();
        assertThat(sign.candidates().stream().filter(c -> c.peer().equals(Catalog.BC)).map(Candidate::variant))
                .containsExactly("lightweight", "JCA");
        assertThat(catalog.rows().stream().map(Row::id)).contains("sm2.sign.gmcurve");
    }

    @Test
    void konaTriesItsNativeProvidersFirstAndFallsBackToJava() {
        Row sm3 = catalog.rows().stream().filter(r -> r.id().equals("sm3.1k")).findFirst().orElseThrow();
        List<Candidate> kona = sm3.candidates().stream().filter(c -> c.peer().equals(Catalog.KONA)).toList();
        assertThat(kona).extracting(Candidate::variant).containsExactly("native one-shot", "native", "Java");
        assertThat(kona).extracting(Candidate::fallback).containsExactly(false, false, true);
    }

    @Test
    void theRowsTheReadmeQuotesArePresent() {
        assertThat(catalog.rows().stream().map(Row::id)).contains(
                "sm2.sign", "sm2.verify", "sm2.encrypt", "sm2.decrypt", "sm2.keygen", "sm2.exchange",
                "sm9.sign", "sm9.verify", "sm9.encrypt", "sm9.decrypt", "sm9.pairing",
                "sm3.1k", "sm3.64k", "hmac.sm3.1k", "hmac.sm3.64k",
                "sm4.ecb.1k", "sm4.ecb.64k", "sm4.cbc.1k", "sm4.cbc.64k", "sm4.ctr.1k", "sm4.ctr.64k",
                "sm4.gcm.1k", "sm4.gcm.64k", "zuc.eea3.1k", "zuc.eea3.64k", "zuc.eia3.1k", "zuc.eia3.64k");
    }

    @Test
    void jdk17KeepsItsRowsAndJdk25MeasuresSm4Sm2AndTheConstantTimeRowsBesideTheSamePeers() {
        List<String> on17 = catalog.rows().stream().filter(Catalog::onJdk17).map(Row::id).toList();
        assertThat(on17).hasSize(28).noneMatch(id -> id.startsWith("ct."));
        List<String> on25 = catalog.rows().stream().filter(Catalog::onJdk25).map(Row::id).toList();
        assertThat(on25).containsExactly("sm2.sign", "sm2.verify", "sm2.encrypt", "sm2.decrypt",
                "sm4.ecb.1k", "sm4.ecb.64k", "sm4.cbc.1k", "sm4.cbc.64k", "sm4.ctr.1k", "sm4.ctr.64k", "sm4.gcm.1k", "sm4.gcm.64k",
                "ct.sm4.ecb.1k", "ct.sm4.ctr.1k", "ct.sm4.ctr.64k", "ct.sm4.gcm.1k", "ct.sm4.gcm.64k");
        Row base = catalog.rows().stream().filter(r -> r.id().equals("sm4.gcm.64k")).findFirst().orElseThrow();
        Row ct = catalog.rows().stream().filter(r -> r.id().equals("ct.sm4.gcm.64k")).findFirst().orElseThrow();
        assertThat(ct.candidates().get(0).variant()).isEqualTo("JCA, constant-time");
        assertThat(ct.candidates().subList(1, ct.candidates().size())).containsExactlyElementsOf(base.candidates().subList(1, base.candidates().size()));
    }
}
