package io.gmflux.codecs.keyservice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class KeyServiceClientTest {

    private final InMemoryKeyService service = new InMemoryKeyService("memory", "orders");
    private final AtomicLong clock = new AtomicLong();
    private final List<Long> sleeps = new ArrayList<>();

    private KeyServiceClient client(int retries) {
        return new KeyServiceClient(service, Duration.ofSeconds(60), retries, Duration.ofMillis(100), clock::get,
                sleeps::add);
    }

    @Test
    void aRetriableFailureIsRetriedWithDoublingBackoff() throws Exception {
        KeyServiceClient c = client(3);
        service.downFor(3);
        assertThat(c.resolve("orders").alias()).isEqualTo("orders");
        assertThat(sleeps).containsExactly(100L, 200L, 400L);
        assertThat(service.resolves.get()).isEqualTo(4);
    }

    @Test
    void retriesRunOutWithTheServicesReason() {
        KeyServiceClient c = client(2);
        service.down(true);
        assertThatThrownBy(() -> c.resolve("orders")).isInstanceOfSatisfying(KeyServiceException.class,
                e -> assertThat(e.reason()).isEqualTo(KeyServiceException.Reason.UNAVAILABLE));
        assertThat(service.resolves.get()).isEqualTo(3);
        assertThat(sleeps).containsExactly(100L, 200L);
    }

    @Test
    void backoffIsCappedAt32TimesItsFirstValue() {
        KeyServiceClient c = client(8);
        service.down(true);
        assertThatThrownBy(() -> c.resolve("orders")).isInstanceOf(KeyServiceException.class);
        assertThat(sleeps).containsExactly(100L, 200L, 400L, 800L, 1600L, 3200L, 3200L, 3200L);
    }

    @Test
    void aFinalFailureIsNotRetried() throws Exception {
        KeyServiceClient c = client(5);
        KekRef ref = c.resolve("orders");
        service.disable("orders/v1");
        assertThatThrownBy(() -> c.wrap(ref, new byte[32], new byte[1])).isInstanceOfSatisfying(
                KeyServiceException.class, e -> assertThat(e.reason()).isEqualTo(KeyServiceException.Reason.KEY_DISABLED));
        assertThat(service.wraps.get()).isEqualTo(1);
        assertThat(sleeps).isEmpty();
    }

    @Test
    void aResolvedAliasIsReusedForItsTtlThenResolvedAgain() throws Exception {
        KeyServiceClient c = client(0);
        byte[] first = c.resolve("orders").kekId();
        service.rotate("orders");
        clock.addAndGet(Duration.ofSeconds(59).toNanos());
        assertThat(c.resolve("orders").kekId()).isEqualTo(first);
        assertThat(service.resolves.get()).isEqualTo(1);
        clock.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThat(new String(c.resolve("orders").kekId(), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo("orders/v2");
        assertThat(service.resolves.get()).isEqualTo(2);
    }

    @Test
    void providersAreFoundByNameAndByClassName() throws Exception {
        InMemoryKeyServiceProvider.INSTANCES.put("client-test", service);
        Map<String, String> props = Map.of(InMemoryKeyServiceProvider.INSTANCE, "client-test", "other.setting", "x");
        assertThat(KeyServices.open("memory", props)).isSameAs(service);
        assertThat(KeyServices.open(InMemoryKeyServiceProvider.class.getName(), props)).isSameAs(service);
        assertThat(KeyServices.serviceProperties(props)).containsOnlyKeys(InMemoryKeyServiceProvider.INSTANCE);
        assertThatThrownBy(() -> KeyServices.open("vault", props)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no key service named vault").hasMessageContaining("memory");
        assertThatThrownBy(() -> KeyServices.open("java.lang.String", props))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a KeyServiceProvider");
    }
}
