package io.gmflux.codecs.modules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.gmflux.codecs.jca.GmfluxProvider;
import io.gmflux.codecs.keyservice.KeyServiceProvider;
import io.gmflux.codecs.keyservice.pkcs11.Pkcs11KeyServiceProvider;
import io.gmflux.codecs.sm4.GhashProvider;
import io.gmflux.codecs.sm4.Sm4EngineProvider;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.lang.module.ModuleDescriptor.Requires;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module io.gmflux.codecs as built (target/classes or the jar): which packages it exports to everyone, which
 * only to gmflux's own modules, which not at all; and a consumer module compiled against it, which sees the API and
 * not the internal packages. The tests themselves run on the class path, where none of this is enforced.
 */
class ModuleBoundariesTest {

    static final String CODECS = "io.gmflux.codecs";
    static final Set<String> GMFLUX_MODULES =
            Set.of("io.gmflux.codecs.vector", "io.gmflux.pipeline", "io.gmflux.kafka", "io.gmflux.examples");

    @Test
    void exportsTheApiToEveryoneAndTheInternalsOnlyToGmflux() throws Exception {
        ModuleDescriptor d = descriptor();

        assertThat(d.name()).isEqualTo(CODECS);
        assertThat(unqualifiedExports(d)).containsExactlyInAnyOrder(
                "io.gmflux.codecs.format", "io.gmflux.codecs.jca", "io.gmflux.codecs.kex",
                "io.gmflux.codecs.keyservice", "io.gmflux.codecs.keyservice.pkcs11", "io.gmflux.codecs.pkcs8", "io.gmflux.codecs.sm2",
                "io.gmflux.codecs.sm3", "io.gmflux.codecs.sm4", "io.gmflux.codecs.sm9", "io.gmflux.codecs.zuc");
        assertThat(qualifiedExports(d)).isEqualTo(Map.of("io.gmflux.codecs.bytes", GMFLUX_MODULES));
        Set<String> hidden = d.packages().stream()
                .filter(p -> d.exports().stream().noneMatch(e -> e.source().equals(p)))
                .collect(Collectors.toSet());
        assertThat(hidden).containsExactlyInAnyOrder("io.gmflux.codecs.arith", "io.gmflux.codecs.der");
        assertThat(d.opens()).isEmpty();
    }

    @Test
    void requiresOnlyTheJdkAndOptionallyBouncyCastle() throws Exception {
        ModuleDescriptor d = descriptor();

        assertThat(d.requires().stream().map(Requires::name))
                .containsExactlyInAnyOrder("java.base", "org.bouncycastle.provider");
        assertThat(d.requires().stream().filter(r -> r.name().equals("org.bouncycastle.provider")).findFirst()
                .orElseThrow().modifiers()).containsExactly(Requires.Modifier.STATIC);
    }

    @Test
    void providesTheJcaProviderAndThePkcs11KeyServiceAndUsesKeyServicesAndEngineProviders() throws Exception {
        ModuleDescriptor d = descriptor();

        assertThat(d.provides()).extracting(ModuleDescriptor.Provides::service, ModuleDescriptor.Provides::providers)
                .containsExactlyInAnyOrder(
                        tuple(java.security.Provider.class.getName(), List.of(GmfluxProvider.class.getName())),
                        tuple(KeyServiceProvider.class.getName(), List.of(Pkcs11KeyServiceProvider.class.getName())));
        assertThat(d.uses()).containsExactlyInAnyOrder(KeyServiceProvider.class.getName(),
                GhashProvider.class.getName(), Sm4EngineProvider.class.getName());
    }

    @Test
    void aConsumerModuleCompilesAgainstTheApi(@TempDir Path dir) throws Exception {
        List<Diagnostic<? extends JavaFileObject>> errors = compile(dir, "consumer", "io.gmflux.codecs.sm4.Sm4",
                "io.gmflux.codecs.sm4.Sm4.newConstantTimeEngine(new byte[16]).destroy();");

        assertThat(errors).isEmpty();
    }

    @Test
    void aConsumerModuleCannotReachTheInternalPackages(@TempDir Path dir) throws Exception {
        for (String internal : List.of("io.gmflux.codecs.bytes.Bytes", "io.gmflux.codecs.arith.Mont256",
                "io.gmflux.codecs.der.DerReader")) {
            List<Diagnostic<? extends JavaFileObject>> errors =
                    compile(dir.resolve(internal), "consumer", internal, "");

            assertThat(errors).as(internal).isNotEmpty();
            assertThat(errors.get(0).getMessage(null)).as(internal).contains("is not visible");
        }
    }

    /** The positive control of the test above: the qualified export is there, for the modules it names. */
    @Test
    void aGmfluxModuleReachesTheBytesPackage(@TempDir Path dir) throws Exception {
        List<Diagnostic<? extends JavaFileObject>> errors = compile(dir, "io.gmflux.pipeline",
                "io.gmflux.codecs.bytes.Bytes", "io.gmflux.codecs.bytes.Bytes.wipe(new byte[1]);");

        assertThat(errors).isEmpty();
    }

    static ModuleDescriptor descriptor() throws URISyntaxException {
        Path location = Path.of(GmfluxProvider.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Set<ModuleReference> found = ModuleFinder.of(location).findAll();
        assertThat(found).as("a module at " + location).hasSize(1);
        return found.iterator().next().descriptor();
    }

    static Set<String> unqualifiedExports(ModuleDescriptor d) {
        return d.exports().stream().filter(e -> !e.isQualified()).map(Exports::source).collect(Collectors.toSet());
    }

    static Map<String, Set<String>> qualifiedExports(ModuleDescriptor d) {
        return d.exports().stream().filter(Exports::isQualified).collect(Collectors.toMap(Exports::source,
                Exports::targets));
    }

    /**
     * Compiles module {@code module} (which requires io.gmflux.codecs) with one class that imports {@code imported}
     * and runs {@code statement}, against the module path holding the built io.gmflux.codecs; returns the errors.
     */
    static List<Diagnostic<? extends JavaFileObject>> compile(Path dir, String module, String imported,
            String statement) throws IOException, URISyntaxException {
        Path codecs = Path.of(GmfluxProvider.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path src = dir.resolve("src");
        Path pkg = Files.createDirectories(src.resolve("consumer"));
        Files.writeString(src.resolve("module-info.java"), "module " + module + " { requires io.gmflux.codecs; }\n");
        Files.writeString(pkg.resolve("Use.java"), "package consumer;\n\nimport " + imported + ";\n\n"
                + "public class Use {\n    public static void run() {\n        " + statement + "\n    }\n}\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjects(
                    src.resolve("module-info.java"), pkg.resolve("Use.java"));
            List<String> options = List.of("--module-path", codecs.toString(),
                    "-d", Files.createDirectories(dir.resolve("out")).toString(), "-proc:none");
            javac.getTask(null, files, diagnostics, options, null, units).call();
        }
        return diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .collect(Collectors.toList());
    }
}
