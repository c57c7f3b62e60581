package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.sm4.Sm4Xts.Variant;
import io.gmflux.codecs.testing.PeerVectors;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code sm4-xts} cases of other implementations' test suites ({@code ../shared/peer-vectors/}:
 * gmsm's IEEE and GB tables, GmSSL's GB cases), each run in the variant its {@code variant} field
 * names (a case without one, or with a variant this class does not know, fails the test rather than
 * being passed over). Skipped, visibly, when the peer vectors are not beside the checkout.
 */
class Sm4XtsPeerVectorsTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"gmsm", "gmssl"})
    void everySm4XtsCaseRoundTripsInItsVariant(String suite) {
        List<PeerVectors.Case> cases = PeerVectors.cases(suite, "sm4-xts");
        Map<Variant, Integer> ran = new EnumMap<>(Variant.class);
        for (PeerVectors.Case c : cases) {
            Variant variant = variantOf(c);
            byte[] keys = c.hex("key");
            assertThat(keys).as(c + " key is Key1 || Key2").hasSize(32);
            byte[] tweak = c.hex("tweak");
            byte[] pt = c.hex("pt");
            byte[] ct = c.hex("ct");
            Sm4Xts xts = new Sm4Xts(Sm4.newTableEngine(Arrays.copyOfRange(keys, 0, 16)),
                    Sm4.newTableEngine(Arrays.copyOfRange(keys, 16, 32)), variant);
            byte[] out = new byte[pt.length];
            xts.encrypt(tweak, pt, 0, pt.length, out, 0);
            assertThat(out).as(c + " encrypt, " + variant).isEqualTo(ct);
            xts.decrypt(tweak, ct, 0, ct.length, out, 0);
            assertThat(out).as(c + " decrypt, " + variant).isEqualTo(pt);
            ran.merge(variant, 1, Integer::sum);
        }
        System.out.println("sm4-xts peer vectors, " + suite + ": " + ran);
        assertThat(ran.values().stream().mapToInt(Integer::intValue).sum()).as("cases run").isEqualTo(cases.size());
        assertThat(ran).as(suite + " has GB/T 17964 cases").containsKey(Variant.GB_T_17964);
    }

    /** The case's {@code variant} field: {@code gb} (GB/T 17964-2021) or {@code ieee} (IEEE 1619). */
    private static Variant variantOf(PeerVectors.Case c) {
        String v = c.text("variant");
        switch (v) {
            case "gb":
                return Variant.GB_T_17964;
            case "ieee":
                return Variant.IEEE_1619;
            default:
                throw new AssertionError(c + ": sm4-xts variant " + v + " is neither gb nor ieee");
        }
    }
}
