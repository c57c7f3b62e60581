package io.gmflux.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.jca.GmfluxProvider;
import io.gmflux.examples.cli.GmfluxCommand;
import io.gmflux.kafka.GmfluxSerializer;
import io.gmflux.pipeline.Gmflux;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.lang.module.ModuleDescriptor.Opens;
import java.lang.module.ModuleDescriptor.Requires;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The descriptors of io.gmflux.pipeline, io.gmflux.kafka and io.gmflux.examples as built (io.gmflux.codecs has its
 * own ModuleBoundariesTest): what each exports and to whom, and that every qualified export names a gmflux module
 * that exists (javac does not check it: the modules that a qualified export names build later).
 */
class ModuleBoundariesTest {

    /** gmflux-codecs-vector's automatic module (Automatic-Module-Name in its manifest; not on this class path). */
    private static final String VECTOR = "io.gmflux.codecs.vector";

    @Test
    void pipelineExportsBothPackagesAndCarriesItsApiModules() throws Exception {
        ModuleDescriptor d = descriptor(Gmflux.class);

        assertThat(d.name()).isEqualTo("io.gmflux.pipeline");
        assertThat(d.packages()).containsExactlyInAnyOrder("io.gmflux.pipeline", "io.gmflux.pipeline.tunnel");
        assertThat(unqualifiedExports(d)).isEqualTo(d.packages());
        assertThat(transitive(d)).contains("io.gmflux.codecs", "reactor.core", "io.netty.buffer", "io.netty.transport");
    }

    @Test
    void kafkaGivesTheEmbeddedBrokerOnlyToTheCommandLine() throws Exception {
        ModuleDescriptor d = descriptor(GmfluxSerializer.class);

        assertThat(d.name()).isEqualTo("io.gmflux.kafka");
        assertThat(unqualifiedExports(d))
                .containsExactlyInAnyOrder("io.gmflux.kafka", "io.gmflux.kafka.connect", "io.gmflux.kafka.reactive");
        assertThat(qualifiedExports(d)).isEqualTo(Map.of("io.gmflux.kafka.embedded", Set.of("io.gmflux.examples")));
        assertThat(transitive(d)).contains("io.gmflux.codecs", "kafka.clients");
        assertThat(d.requires().stream().filter(r -> r.modifiers().contains(Requires.Modifier.STATIC))
                .map(Requires::name)).containsExactlyInAnyOrder("connect.api", "connect.json",
                        "com.fasterxml.jackson.databind");
    }

    @Test
    void theCommandLineExportsNothingAndOpensItsCommandsToPicocliOnly() throws Exception {
        ModuleDescriptor d = descriptor(GmfluxCommand.class);

        assertThat(d.name()).isEqualTo("io.gmflux.examples");
        assertThat(d.exports()).isEmpty();
        assertThat(d.opens().stream().collect(Collectors.toMap(Opens::source, Opens::targets))).isEqualTo(Map.of(
                "io.gmflux.examples.cli", Set.of("info.picocli"),
                "io.gmflux.examples.kafka", Set.of("info.picocli"),
                "io.gmflux.examples.proxy", Set.of("info.picocli")));
    }

    @Test
    void everyQualifiedExportNamesAGmfluxModule() throws Exception {
        Set<ModuleDescriptor> all = Set.of(descriptor(GmfluxProvider.class), descriptor(Gmflux.class),
                descriptor(GmfluxSerializer.class), descriptor(GmfluxCommand.class));
        Set<String> names = all.stream().map(ModuleDescriptor::name).collect(Collectors.toCollection(HashSet::new));
        names.add(VECTOR);
        Set<String> targets = all.stream().flatMap(d -> d.exports().stream()).flatMap(e -> e.targets().stream())
                .collect(Collectors.toSet());

        assertThat(targets).isNotEmpty();
        assertThat(names).containsAll(targets);
        assertThat(qualifiedExports(descriptor(GmfluxProvider.class)).get("io.gmflux.codecs.bytes"))
                .containsExactlyInAnyOrder(VECTOR, "io.gmflux.pipeline", "io.gmflux.kafka", "io.gmflux.examples");
    }

    private static ModuleDescriptor descriptor(Class<?> member) throws URISyntaxException {
        Path location = Path.of(member.getProtectionDomain().getCodeSource().getLocation().toURI());
        Set<ModuleReference> found = ModuleFinder.of(location).findAll();
        assertThat(found).as("a module at " + location).hasSize(1);
        return found.iterator().next().descriptor();
    }

    private static Set<String> unqualifiedExports(ModuleDescriptor d) {
        return d.exports().stream().filter(e -> !e.isQualified()).map(Exports::source).collect(Collectors.toSet());
    }

    private static Map<String, Set<String>> qualifiedExports(ModuleDescriptor d) {
        return d.exports().stream().filter(Exports::isQualified)
                .collect(Collectors.toMap(Exports::source, Exports::targets));
    }

    private static Set<String> transitive(ModuleDescriptor d) {
        return d.requires().stream().filter(r -> r.modifiers().contains(Requires.Modifier.TRANSITIVE))
                .map(Requires::name).collect(Collectors.toSet());
    }
}
