package io.gmflux.examples.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class ProxySettingsTest {

    @Test
    void parsesHostPortForms() {
        assertThat(ProxySettings.parseAddress("127.0.0.1:8443")).isEqualTo(InetSocketAddress.createUnresolved("127.0.0.1", 8443));
        assertThat(ProxySettings.parseAddress("[::1]:80")).isEqualTo(InetSocketAddress.createUnresolved("::1", 80));
        assertThat(ProxySettings.parseAddress(":9000")).isEqualTo(new InetSocketAddress(9000));
    }

    @Test
    void rejectsMalformedAddressesWithTheirText() {
        assertThatThrownBy(() -> ProxySettings.parseAddress("localhost")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'localhost'");
        assertThatThrownBy(() -> ProxySettings.parseAddress("h:http")).hasMessageContaining("bad port");
        assertThatThrownBy(() -> ProxySettings.parseAddress("h:70000")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> ProxySettings.parseAddress(null)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("address");
    }
}
