package io.gmflux.codecs.keyservice.pkcs11;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyLabelTest {

    @Test
    void plainAliasIsVersionZeroAndSuffixesCountUp() {
        assertThat(KeyLabel.versionOf("orders", "orders")).isZero();
        assertThat(KeyLabel.versionOf("orders", "orders#v1")).isEqualTo(1);
        assertThat(KeyLabel.versionOf("orders", "orders#v10")).isEqualTo(10);
        assertThat(KeyLabel.versionOf("orders", "orders#v999999999")).isEqualTo(999999999);
    }

    @Test
    void otherLabelsAreNotVersions() {
        for (String label : new String[] {"order", "orders2", "orders#v", "orders#v0", "orders#v01", "orders#v1x",
                "orders#v-1", "orders#v1000000000", "orders#V2", "orders-v2", "xorders#v2", "orders#v2#v3"}) {
            assertThat(KeyLabel.versionOf("orders", label)).as(label).isEqualTo(-1);
        }
    }

    @Test
    void newestIsTheHighestVersionNotTheLastInOrder() {
        assertThat(KeyLabel.newest("orders", List.of("orders#v10", "orders", "orders#v9", "orders2#v99", "payments#v50")))
                .contains("orders#v10");
        assertThat(KeyLabel.newest("orders", List.of("orders"))).contains("orders");
        assertThat(KeyLabel.newest("orders", List.of("orders#v01", "payments"))).isEmpty();
    }

    @Test
    void aliasMayNotCarryAVersion() {
        assertThatThrownBy(() -> KeyLabel.checkAlias("orders#v2")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> KeyLabel.checkAlias("")).isInstanceOf(IllegalArgumentException.class);
    }
}
