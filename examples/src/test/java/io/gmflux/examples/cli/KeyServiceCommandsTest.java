package io.gmflux.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.keyservice.InMemoryKeyService;
import io.gmflux.codecs.keyservice.InMemoryKeyServiceProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** encrypt and decrypt with {@code --key-service}, through the whole command line, on the in-memory test service. */
class KeyServiceCommandsTest {

    private final String instance = "cli-" + UUID.randomUUID();
    private final InMemoryKeyService service = new InMemoryKeyService("memory", "backups");

    KeyServiceCommandsTest() {
        InMemoryKeyServiceProvider.INSTANCES.put(instance, service);
    }

    @AfterEach
    void forget() {
        InMemoryKeyServiceProvider.INSTANCES.remove(instance);
    }

    private Path config(Path dir) throws Exception {
        return Files.writeString(dir.resolve("kms.properties"), InMemoryKeyServiceProvider.INSTANCE + "=" + instance
                + "\ngmflux.key.service.retries=1\ngmflux.key.service.retry.backoff.ms=1\n");
    }

    @Test
    void encryptsToAKeyServiceAliasAndDecryptsThroughTheService(@TempDir Path dir) throws Exception {
        byte[] plain = new byte[100_000];
        new SplittableRandom(0x4b_0101L).nextBytes(plain);
        Path in = Files.write(dir.resolve("in.bin"), plain);
        Path sealed = dir.resolve("in.gmf");
        Path conf = config(dir);
        CliRun enc = CliRun.of("encrypt", "--key-service", "memory", "--key-service-alias", "backups",
                "--key-service-config", conf.toString(), "-i", in.toString(), "-o", sealed.toString());
        assertThat(enc.status).as(enc.toString()).isZero();
        Path out = dir.resolve("out.bin");
        CliRun dec = CliRun.of("decrypt", "--key-service", "memory", "--key-service-config", conf.toString(),
                "-i", sealed.toString(), "-o", out.toString());
        assertThat(dec.status).as(dec.toString()).isZero();
        assertThat(Files.readAllBytes(out)).isEqualTo(plain);
        assertThat(service.unwraps.get()).isOne();
        CliRun inspect = CliRun.of("inspect", sealed.toString());
        assertThat(inspect.out).contains("key-service")
                .contains("memory key " + Hex.encode("backups/v1".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void serviceDownFailsEncryptAndDecryptWithoutOutput(@TempDir Path dir) throws Exception {
        Path in = Files.write(dir.resolve("in.bin"), new byte[1000]);
        Path sealed = dir.resolve("in.gmf");
        Path conf = config(dir);
        assertThat(CliRun.of("encrypt", "--key-service", "memory", "--key-service-alias", "backups",
                "--key-service-config", conf.toString(), "-i", in.toString(), "-o", sealed.toString()).status).isZero();
        service.down(true);
        CliRun enc = CliRun.of("encrypt", "--key-service", "memory", "--key-service-alias", "backups",
                "--key-service-config", conf.toString(), "-i", in.toString(), "-o", dir.resolve("again.gmf").toString());
        assertThat(enc.status).isNotZero();
        assertThat(enc.err).contains("the key service failed: UNAVAILABLE").contains("alias backups");
        CliRun dec = CliRun.of("decrypt", "--key-service", "memory", "--key-service-config", conf.toString(),
                "-i", sealed.toString(), "-o", dir.resolve("out.bin").toString());
        assertThat(dec.status).isNotZero();
        assertThat(dec.err).contains("key service").contains("UNAVAILABLE");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("in.bin", "in.gmf", "kms.properties");
        }
    }

    @Test
    void anAliasWithoutAServiceOrAnUnknownServiceIsRefused(@TempDir Path dir) throws Exception {
        Path in = Files.write(dir.resolve("in.bin"), new byte[10]);
        CliRun noService = CliRun.of("encrypt", "--key-service-alias", "backups", "-i", in.toString(),
                "-o", dir.resolve("x").toString());
        assertThat(noService.status).isNotZero();
        assertThat(noService.err).contains("--key-service");
        CliRun unknown = CliRun.of("encrypt", "--key-service", "vault", "--key-service-alias", "backups",
                "-i", in.toString(), "-o", dir.resolve("x").toString());
        assertThat(unknown.status).isNotZero();
        assertThat(unknown.err).contains("no key service named vault");
        assertThat(dir.resolve("x")).doesNotExist();
    }
}
