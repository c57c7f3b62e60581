package io.gmflux.bench.rounds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.bench.rounds.Catalog.Candidate;
import io.gmflux.bench.rounds.Catalog.Row;
import io.gmflux.bench.rounds.PerformanceReport.RowResult;
import io.gmflux.bench.rounds.PerformanceReport.Warmup;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultFileTest {

    private final Catalog catalog = new Catalog();

    /** A row's result as the report builds it: gmflux at {@code gmfluxNanos} per call, BouncyCastle at {@code bcNanos}. */
    private RowResult result(String id, double gmfluxNanos, double bcNanos) {
        Row row = catalog.rows().stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
        RowResult r = new RowResult(row);
        Candidate g = row.candidates().get(0);
        Candidate bc = row.candidates().stream().filter(c -> c.peer().equals(Catalog.BC)).findFirst().orElseThrow();
        Warmup wg = new Warmup(g, new double[] {2 * gmfluxNanos, gmfluxNanos}, new long[] {12, 0}, 2, 5_000_000_000L,
                SteadyState.Verdict.STEADY, gmfluxNanos, null);
        Warmup wbc = new Warmup(bc, new double[] {bcNanos}, new long[] {3}, 1, 30_000_000_000L,
                SteadyState.Verdict.CAPPED, bcNanos, null);
        r.warmups.addAll(List.of(wg, wbc));
        Candidate broken = row.candidates().get(row.candidates().size() - 1);
        r.warmups.add(new Warmup(broken, new double[0], new long[0], 0, 0, null, Double.NaN, "java.lang.Error: no\tnative\nlibrary"));
        r.chosen.put(Catalog.GMFLUX, wg);
        r.chosen.put(Catalog.BC, wbc);
        r.rounds.put(Catalog.GMFLUX, new double[] {gmfluxNanos, gmfluxNanos * 1.1, Double.NaN});
        r.rounds.put(Catalog.BC, new double[] {bcNanos, bcNanos, bcNanos});
        r.cold.put(Catalog.GMFLUX, 1234.5);
        r.cold.put(Catalog.BC, Double.NaN);
        return r;
    }

    private static ResultFile.Part part(List<RowResult> rows) {
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("jvm", "OpenJDK 64-Bit Server VM 25.0.1 (Eclipse Adoptium)");
        meta.put("vectorModule", "true");
        meta.put("constantTimeEngine", "vector-512 (jdk.incubator.vector)");
        meta.put("constantTimeGhash", "vector-512 linear map (jdk.incubator.vector)");
        meta.put("minutes", "9.5");
        return new ResultFile.Part(meta, rows);
    }

    @Test
    void whatTheJdk25ChildWritesTheParentReadsBackExactly() {
        ResultFile.Part written = part(List.of(result("ct.sm4.ctr.64k", 20_000, 1_000_000.0 / 3), result("sm2.sign", 30_000.5, 114_000)));
        ResultFile.Part read = ResultFile.read(ResultFile.write(written), catalog);

        assertThat(read.meta()).isEqualTo(written.meta());
        assertThat(read.results()).hasSize(2);
        for (int i = 0; i < 2; i++) {
            RowResult a = written.results().get(i);
            RowResult b = read.results().get(i);
            assertThat(b.row).isSameAs(a.row);
            assertThat(b.warmups).hasSameSizeAs(a.warmups);
            for (int w = 0; w < a.warmups.size(); w++) {
                Warmup x = a.warmups.get(w);
                Warmup y = b.warmups.get(w);
                assertThat(y.candidate()).isSameAs(x.candidate());
                assertThat(y.nanosPerCall()).containsExactly(x.nanosPerCall());
                assertThat(y.compileMillis()).containsExactly(x.compileMillis());
                assertThat(y.batches()).isEqualTo(x.batches());
                assertThat(y.cpuNanos()).isEqualTo(x.cpuNanos());
                assertThat(y.verdict()).isEqualTo(x.verdict());
                assertThat(Double.compare(y.steadyNanos(), x.steadyNanos())).isZero();
                assertThat(y.ok()).isEqualTo(x.ok());
            }
            assertThat(b.warmups.get(2).failure()).isEqualTo("java.lang.Error: no native library");
            assertThat(b.chosen.keySet()).containsExactlyElementsOf(a.chosen.keySet());
            assertThat(b.chosen.get(Catalog.BC)).isSameAs(b.warmups.get(1));
            assertThat(b.rounds.keySet()).containsExactlyElementsOf(a.rounds.keySet());
            a.rounds.forEach((peer, t) -> assertThat(b.rounds.get(peer)).containsExactly(t));
            assertThat(b.cold).isEqualTo(a.cold);
        }
    }

    @Test
    void anUnknownRowOrLineIsRefusedRatherThanDropped() {
        assertThatThrownBy(() -> ResultFile.read("ROW\tno.such.row\n", catalog)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ResultFile.read("WHAT\tx\n", catalog)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ResultFile.read("COLD\tgmflux\t1.0\n", catalog)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theTableGainsJdk25ColumnsAndTheBarsWithVerdicts() {
        // rounds: gmflux 20 and 22 us (and one failed) vs BouncyCastle 333 us: 16.67x and 15.15x, median 15.91x, short of
        // the CTR bar (25x); SM2 sign 30 and 33 us vs 114 us: 3.80x and 3.45x, median 3.63x, meets 3x
        ResultFile.Part p25 = part(List.of(result("ct.sm4.ctr.64k", 20_000, 1_000_000.0 / 3), result("sm2.sign", 30_000, 114_000)));
        List<RowResult> jdk17 = List.of(result("sm2.sign", 60_000, 114_000));
        MachineStamp stamp = new MachineStamp(ZonedDateTime.now(ZoneOffset.UTC), "1 1 1", "1 1 1", 20);
        String table = new ReportMarkdown(PerformanceReport.Settings.quickRun(), stamp, jdk17, p25, null, List.of()).table();

        assertThat(table).contains("| JDK 25: gmflux | JDK 25: gmflux vs BouncyCastle |");
        assertThat(table).contains("constant-time SM4 engine: vector-512 (jdk.incubator.vector), constant-time GHASH: vector-512 linear map");
        String sign17 = table.lines().filter(l -> l.startsWith("| SM2 sign |")).findFirst().orElseThrow();
        assertThat(sign17).endsWith("| 31.5 us | 3.63x (3.45-3.80) |");
        assertThat(table).contains("| SM4-CTR 64 KiB, constant-time (JCA) | 3,120.8 MB/s |");
        assertThat(table).contains("| SM4-CTR 64 KiB, constant-time >= 25x | 15.91x (15.15-16.67) | misses (64% of the bar) |");
        assertThat(table).contains("| SM2 sign >= 3x | 3.63x (3.45-3.80) | meets |");
        assertThat(table).contains("| SM2 verify >= 2x |  | not measured |");
        String details = new ReportMarkdown(PerformanceReport.Settings.quickRun(), stamp, jdk17, p25, null, List.of()).details();
        assertThat(details).contains("# JDK 25 with the Vector API").contains("## SM2 sign, JDK 25 (`sm2.sign`)");
    }

    @Test
    void withoutJdk25TheTableSaysWhyAndKeepsTheJdk17Columns() {
        MachineStamp stamp = new MachineStamp(ZonedDateTime.now(ZoneOffset.UTC), "1 1 1", "1 1 1", 13);
        String table = new ReportMarkdown(PerformanceReport.Settings.quickRun(), stamp,
                List.of(result("sm2.sign", 60_000, 114_000)), null, "no JDK at /nowhere", List.of()).table();
        assertThat(table).contains("JDK 25 columns: not measured, no JDK at /nowhere; JDK 17 columns only.");
        assertThat(table).doesNotContain("JDK 25: gmflux").doesNotContain(">= 25x");
    }

    @Test
    void theKafkaSectionPutsEachJdksSummaryInTheTableAndItsRoundsInTheDetails() {
        MachineStamp stamp = new MachineStamp(ZonedDateTime.now(ZoneOffset.UTC), "1 1 1", "1 1 1", 4);
        List<KafkaSection.Part> kafka = List.of(
                new KafkaSection.Part("JDK 17", "| kafka1k_plain | none |\n\n**Bar (SM4-GCM >= 0.7x plaintext, CPU ratio): misses it**\n", "| 1 | 14.00 |\n"),
                new KafkaSection.Part("JDK 25", "Not measured: the run exited with 1 (see the log).\n", ""));
        ReportMarkdown both = new ReportMarkdown(PerformanceReport.Settings.quickRun(), stamp,
                List.of(result("sm2.sign", 60_000, 114_000)), null, "no JDK at /nowhere", kafka);
        assertThat(both.table()).contains("| SM2 sign |").contains("**Kafka: produce+consume of 1 KiB records")
                .contains("JDK 17: | kafka1k_plain | none |").contains("JDK 25: Not measured: the run exited with 1")
                .doesNotContain("| 1 | 14.00 |");
        assertThat(both.details()).contains("# Kafka, JDK 17").contains("| 1 | 14.00 |");
        assertThat(kafka.get(0).verdict()).isEqualTo("**Bar (SM4-GCM >= 0.7x plaintext, CPU ratio): misses it**");
        assertThat(kafka.get(1).verdict()).isNull();

        String kafkaOnly = new ReportMarkdown(PerformanceReport.Settings.quickRun(), stamp, null, null, "no rows", kafka).table();
        assertThat(kafkaOnly).contains("JDK 17: | kafka1k_plain | none |").doesNotContain("| operation |");
    }
}
