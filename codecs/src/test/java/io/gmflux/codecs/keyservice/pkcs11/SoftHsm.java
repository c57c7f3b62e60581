package io.gmflux.codecs.keyservice.pkcs11;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.crypto.KeyGenerator;

/**
 * SoftHSM2 tokens for tests, made once per JVM: SoftHSM reads its token directory when the module is
 * first loaded into the process, so every token is initialised (by {@code softhsm2-util}, in child
 * processes) before any test opens one. {@code SOFTHSM2_CONF} must name, in the JVM's environment,
 * where the configuration is written (surefire sets it to {@code target/softhsm2/softhsm2.conf}).
 * Without softhsm2 or that variable, {@link #tokens()} skips the calling test and says why.
 *
 * <p>Tokens: {@code kek} (keys the tests create), {@code other} (never given a key) and {@code pin}
 * (logged into only by the wrong-PIN test, since PKCS#11 login is per process).
 */
public final class SoftHsm {

    /** The user PIN of every token (also in surefire's {@code GMFLUX_TEST_PKCS11_PIN}). */
    public static final String PIN = "246810";
    private static final String SO_PIN = "97531135";
    private static final String[] TOKENS = {"kek", "other", "pin"};
    private static final String[] LIBRARIES = {
        "/usr/lib/softhsm/libsofthsm2.so", "/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so",
        "/usr/lib64/pkcs11/libsofthsm2.so", "/usr/local/lib/softhsm/libsofthsm2.so"};
    private static final Pattern SLOT = Pattern.compile("reassigned to slot (\\d+)");

    private static SoftHsm instance;
    private static String unavailable;

    private final Path dir;
    private final String library;
    private final Map<String, Long> slots = new LinkedHashMap<>();
    private int adminProviders;

    private SoftHsm(Path dir, String library) {
        this.dir = dir;
        this.library = library;
    }

    /** The JVM's tokens; skips the test (JUnit assumption with the reason) when SoftHSM2 is not usable here. */
    public static synchronized SoftHsm tokens() {
        if (instance == null && unavailable == null) {
            try {
                instance = create();
            } catch (IOException | InterruptedException e) {
                unavailable = "SoftHSM2 tokens could not be made: " + e.getMessage();
            }
        }
        assumeTrue(instance != null, unavailable);
        return instance;
    }

    private static SoftHsm create() throws IOException, InterruptedException {
        String library = Stream.of(LIBRARIES).filter(l -> Files.isReadable(Path.of(l))).findFirst().orElse(null);
        if (library == null) {
            unavailable = "SoftHSM2 not installed (no libsofthsm2.so; apt-get install softhsm2): PKCS#11 tests skipped";
            return null;
        }
        String conf = System.getenv("SOFTHSM2_CONF");
        if (conf == null || conf.isEmpty()) {
            unavailable = "SOFTHSM2_CONF is not set in this JVM's environment (surefire sets it): PKCS#11 tests skipped";
            return null;
        }
        Path confFile = Path.of(conf).toAbsolutePath();
        Path dir = confFile.getParent();
        Path tokenDir = dir.resolve("tokens");
        deleteTree(tokenDir);
        Files.createDirectories(tokenDir);
        Files.writeString(confFile, "directories.tokendir = " + tokenDir + "\nobjectstore.backend = file\nlog.level = ERROR\n");
        SoftHsm hsm = new SoftHsm(dir, library);
        for (String token : TOKENS) {
            String out = run("softhsm2-util", "--init-token", "--free", "--label", "gmflux-" + token,
                    "--pin", PIN, "--so-pin", SO_PIN);
            Matcher m = SLOT.matcher(out);
            if (!m.find()) {
                throw new IOException("softhsm2-util gave no slot for token " + token + ": " + out);
            }
            hsm.slots.put(token, Long.parseLong(m.group(1)));
        }
        Files.writeString(dir.resolve("pin"), PIN + "\n");
        return hsm;
    }

    /** A SunPKCS11 configuration file for {@code token}, provider name {@code SunPKCS11-gmflux-<token>}. */
    public Path config(String token) throws IOException {
        return config(token, "gmflux-" + token);
    }

    /** A SunPKCS11 configuration file for {@code token} with provider name {@code SunPKCS11-<name>}. */
    public Path config(String token, String name) throws IOException {
        Path file = dir.resolve(name + ".cfg");
        Files.writeString(file, configText(name, token, ""));
        return file;
    }

    /** A configuration for a module that does not exist. */
    public Path configWithLibrary(String library) throws IOException {
        Path file = dir.resolve("missing-library.cfg");
        Files.writeString(file, "name = gmflux-missing\nlibrary = " + library + "\n");
        return file;
    }

    /** A configuration for a slot no token is in. */
    public Path configWithoutToken() throws IOException {
        Path file = dir.resolve("no-token.cfg");
        Files.writeString(file, "name = gmflux-no-token\nlibrary = " + library + "\nslot = 7\n");
        return file;
    }

    /** A file holding the right PIN, with a trailing line break as editors leave it. */
    public Path pinFile() {
        return dir.resolve("pin");
    }

    /** A file holding {@code pin}. */
    public Path pinFile(String name, String pin) throws IOException {
        return Files.writeString(dir.resolve(name), pin, StandardCharsets.UTF_8);
    }

    /** Creates an AES-256 KEK labelled {@code label} on {@code token}: sensitive, not extractable, for encrypt and decrypt. */
    public void createKek(String token, String label) throws Exception {
        createKey(token, label, "CKA_SENSITIVE = true", "CKA_EXTRACTABLE = false");
    }

    /** Creates an AES-256 key on {@code token} with the given {@code CKA_x = true|false} generation attributes. */
    public synchronized void createKey(String token, String label, String... attributes) throws Exception {
        String generate = "attributes(generate, CKO_SECRET_KEY, CKK_AES) = {\n  " + String.join("\n  ", attributes) + "\n}\n";
        Provider admin = Security.getProvider("SunPKCS11")
                .configure("--" + configText("gmflux-admin-" + (++adminProviders), token, generate));
        KeyStore store = KeyStore.getInstance("PKCS11", admin);
        store.load(null, PIN.toCharArray());
        KeyGenerator generator = KeyGenerator.getInstance("AES", admin);
        generator.init(256);
        store.setEntry(label, new KeyStore.SecretKeyEntry(generator.generateKey()), null);
    }

    /** The key labelled {@code label} on {@code token}, as a fresh key store of the token returns it. */
    public java.security.Key key(String token, String label) throws Exception {
        Provider admin = Security.getProvider("SunPKCS11")
                .configure("--" + configText("gmflux-admin-" + (++adminProviders), token, ""));
        KeyStore store = KeyStore.getInstance("PKCS11", admin);
        store.load(null, PIN.toCharArray());
        return store.getKey(label, null);
    }

    private String configText(String name, String token, String extra) {
        Long slot = slots.get(token);
        if (slot == null) {
            throw new IllegalArgumentException("no SoftHSM token " + token);
        }
        return "name = " + name + "\nlibrary = " + library + "\nslot = " + slot + "\n" + extra;
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IOException(command[0] + " not found (apt-get install softhsm2)", e);
        }
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException(String.join(" ", command[0], command[1]) + " failed: " + out);
        }
        return out;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
