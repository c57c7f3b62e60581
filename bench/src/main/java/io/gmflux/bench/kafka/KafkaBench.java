package io.gmflux.bench.kafka;

import io.gmflux.codecs.format.Suite;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Produce+consume throughput of 1 KiB records through a real Kafka broker (embedded, in this JVM):
 * plaintext against gmflux's serializer with SM4-GCM and with ZUC-128. One operation is one record
 * produced, acknowledged and consumed (decrypted); each invocation moves a batch of
 * {@value #BATCH} records, so the score is records per second.
 *
 * <p>With {@code -f 0} the three benchmarks share one broker; with forks each fork starts its own.
 * For ratios measured in alternating rounds on one broker, and for the 1,000,000-record run, use
 * {@link KafkaThroughput} (bench/results/kafka.md has the command).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class KafkaBench {

    static final int BATCH = 2000;

    private KafkaPipe plain;
    private KafkaPipe sm4gcm;
    private KafkaPipe zuc128;
    private KafkaPipe aes256gcm;

    @Setup
    public void start() {
        String bootstrap = KafkaPipe.sharedBroker();
        plain = new KafkaPipe("plain", bootstrap, null);
        sm4gcm = new KafkaPipe("sm4gcm", bootstrap, Suite.SM4_GCM);
        zuc128 = new KafkaPipe("zuc128", bootstrap, Suite.ZUC128_EEA3_EIA3);
        aes256gcm = new KafkaPipe("aes256gcm", bootstrap, Suite.AES_256_GCM);
    }

    @TearDown
    public void stop() {
        plain.close();
        sm4gcm.close();
        zuc128.close();
        aes256gcm.close();
        // JMH ends a fork without running shutdown hooks reliably: delete the broker's data here.
        KafkaPipe.stopSharedBroker();
    }

    private static long batch(KafkaPipe pipe) {
        pipe.produce(BATCH);
        return pipe.consume(BATCH);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long kafka1k_plain() {
        return batch(plain);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long kafka1k_sm4gcm() {
        return batch(sm4gcm);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long kafka1k_zuc128() {
        return batch(zuc128);
    }

    /** Control: gmflux's record layer with the JDK's AES-GCM, separating the layer's cost from SM4's and ZUC's. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long kafka1k_aes256gcm() {
        return batch(aes256gcm);
    }
}
