package io.gmflux.pipeline.tunnel;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.codecs.sm2.Sm2PublicKey;
import io.gmflux.codecs.sm4.EngineChoice;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What one side of a tunnel needs (codecs/PROXY.md): its role, its static SM2 key, the peer keys it
 * trusts, the suites it accepts in order of preference, the key-update interval, the handshake
 * timeout, and the SM4 engine its SM4-GCM records run on (a local choice the peer does not see).
 *
 * <pre>{@code
 * TunnelConfig client = TunnelConfig.client(clientKey, serverPublicKey);
 * TunnelConfig server = TunnelConfig.server(serverKey, List.of(clientPublicKey))
 *         .withSuites(Suite.SM4_GCM, Suite.ZUC256_MAC128);
 * }</pre>
 *
 * <p>Immutable and thread-safe (the {@code with...} methods return copies): one config serves every
 * connection of a proxy. The private key is shared, not copied; destroying it breaks the config.
 */
public final class TunnelConfig {

    /** The largest (and default) key-update exponent: keys change every 2^20 records (PROXY.md §7). */
    public static final int MAX_REKEY_LOG2 = 20;
    /** The smallest key-update exponent a peer may ask for. */
    public static final int MIN_REKEY_LOG2 = 4;

    private static final List<Suite> TUNNEL_SUITES =
            List.of(Suite.SM4_GCM, Suite.ZUC128_EEA3_EIA3, Suite.ZUC256_MAC128);
    /**
     * The suites accepted unless {@link #withSuites} says otherwise: ZUC-128, whose 32-bit EIA3 tag
     * lets a forgery through with probability 2^-32 per attempt (PROXY.md §5), only when named.
     */
    private static final List<Suite> DEFAULT_SUITES = List.of(Suite.SM4_GCM, Suite.ZUC256_MAC128);

    private final boolean client;
    private final Sm2PrivateKey ownKey;
    private final Map<Fingerprint, Sm2PublicKey> trusted;
    private final List<Suite> suites;
    private final int rekeyLog2;
    private final Duration handshakeTimeout;
    private final SecureRandom random;
    private final Executor handshakeExecutor;
    private final EngineChoice engine;

    private TunnelConfig(boolean client, Sm2PrivateKey ownKey, Map<Fingerprint, Sm2PublicKey> trusted,
            List<Suite> suites, int rekeyLog2, Duration handshakeTimeout, SecureRandom random,
            Executor handshakeExecutor, EngineChoice engine) {
        this.handshakeExecutor = handshakeExecutor;
        this.engine = engine;
        this.client = client;
        this.ownKey = ownKey;
        this.trusted = trusted;
        this.suites = suites;
        this.rekeyLog2 = rekeyLog2;
        this.handshakeTimeout = handshakeTimeout;
        this.random = random;
    }

    /** The client side (opens the TCP connection) with its key and the one server key it trusts. */
    public static TunnelConfig client(Sm2PrivateKey ownKey, Sm2PublicKey serverKey) {
        Objects.requireNonNull(serverKey, "serverKey");
        return create(true, ownKey, List.of(serverKey));
    }

    /** The server side with its key and the client keys it accepts (at least one). */
    public static TunnelConfig server(Sm2PrivateKey ownKey, Collection<Sm2PublicKey> trustedClientKeys) {
        Objects.requireNonNull(trustedClientKeys, "trustedClientKeys");
        if (trustedClientKeys.isEmpty()) {
            throw new IllegalArgumentException("trustedClientKeys must name at least one client key");
        }
        return create(false, ownKey, trustedClientKeys);
    }

    private static TunnelConfig create(boolean client, Sm2PrivateKey ownKey, Collection<Sm2PublicKey> keys) {
        Objects.requireNonNull(ownKey, "ownKey");
        Map<Fingerprint, Sm2PublicKey> map = new LinkedHashMap<>();
        for (Sm2PublicKey k : keys) {
            map.put(Fingerprint.of(Objects.requireNonNull(k, "trusted key")), k);
        }
        return new TunnelConfig(client, ownKey, Map.copyOf(map), DEFAULT_SUITES, MAX_REKEY_LOG2,
                Duration.ofSeconds(10), new SecureRandom(), null, EngineChoice.AUTO);
    }

    /**
     * The suites this side accepts, most preferred first: the client offers them in this order,
     * the server picks the first of the client's list it also accepts. Only SM4-GCM, ZUC-128 and
     * ZUC-256 are tunnel suites (PROXY.md §5); the default is SM4-GCM then ZUC-256, and ZUC-128 (a
     * 32-bit tag) is used only when both sides name it here.
     */
    public TunnelConfig withSuites(Suite... preferred) {
        Objects.requireNonNull(preferred, "preferred");
        if (preferred.length == 0 || preferred.length > 8) {
            throw new IllegalArgumentException("suites: between 1 and 8, got " + preferred.length);
        }
        List<Suite> list = new ArrayList<>();
        for (Suite s : preferred) {
            Objects.requireNonNull(s, "suite");
            if (!TUNNEL_SUITES.contains(s)) {
                throw new IllegalArgumentException("suite " + s.label() + " is not a tunnel suite; use sm4-gcm, zuc128 or zuc256");
            }
            if (!list.contains(s)) {
                list.add(s);
            }
        }
        return new TunnelConfig(client, ownKey, trusted, List.copyOf(list), rekeyLog2, handshakeTimeout, random, handshakeExecutor, engine);
    }

    /** Keys change after every 2^{@code log2} records per direction (PROXY.md §7); 4 to 20, default 20. */
    public TunnelConfig withRekeyLog2(int log2) {
        if (log2 < MIN_REKEY_LOG2 || log2 > MAX_REKEY_LOG2) {
            throw new IllegalArgumentException("rekeyLog2 must be in [" + MIN_REKEY_LOG2 + ", " + MAX_REKEY_LOG2
                    + "], got " + log2);
        }
        return new TunnelConfig(client, ownKey, trusted, suites, log2, handshakeTimeout, random, handshakeExecutor, engine);
    }

    /** A handshake not complete after {@code timeout} fails and closes the channel; default 10 s. */
    public TunnelConfig withHandshakeTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("handshake timeout must be positive, got " + timeout);
        }
        return new TunnelConfig(client, ownKey, trusted, suites, rekeyLog2, timeout, random, handshakeExecutor, engine);
    }

    /** The source of ephemeral keys; default a new {@link SecureRandom}. */
    public TunnelConfig withRandom(SecureRandom random) {
        Objects.requireNonNull(random, "random");
        return new TunnelConfig(client, ownKey, trusted, suites, rekeyLog2, handshakeTimeout, random, handshakeExecutor, engine);
    }

    /**
     * Runs the handshake's SM2 and key-schedule work on {@code executor} instead of the channel's
     * event loop (the event loop only sends and receives the messages); null (the default) runs it
     * on the event loop. The executor must not be an event loop that waits on this channel.
     */
    public TunnelConfig withHandshakeExecutor(Executor executor) {
        return new TunnelConfig(client, ownKey, trusted, suites, rekeyLog2, handshakeTimeout, random, executor, engine);
    }

    /**
     * Runs SM4-GCM records (SM4 and GHASH) on {@code engine}: {@link EngineChoice#CONSTANT_TIME}
     * for a proxy that shares its CPU with untrusted code, {@link EngineChoice#TABLE} to force the
     * table engine; default {@link EngineChoice#AUTO} (constant-time where the Vector API engines
     * run, faster there; the table engine elsewhere; codecs/FORMAT.md §4 has the figures). The ZUC suites' S-boxes are table lookups
     * under either choice. Both choices put the same bytes on the wire.
     */
    public TunnelConfig withEngine(EngineChoice engine) {
        Objects.requireNonNull(engine, "engine");
        return new TunnelConfig(client, ownKey, trusted, suites, rekeyLog2, handshakeTimeout, random, handshakeExecutor,
                engine);
    }

    /** The SM4 engine the records run on. */
    public EngineChoice engine() {
        return engine;
    }

    /** The executor of the handshake's computations, or null for the event loop. */
    public Executor handshakeExecutor() {
        return handshakeExecutor;
    }

    /** True for the client (initiator) side. */
    public boolean isClient() {
        return client;
    }

    /** The suites accepted, most preferred first. */
    public List<Suite> suites() {
        return suites;
    }

    /** The key-update exponent this side asks for. */
    public int rekeyLog2() {
        return rekeyLog2;
    }

    /** The handshake timeout. */
    public Duration handshakeTimeout() {
        return handshakeTimeout;
    }

    Sm2PrivateKey ownKey() {
        return ownKey;
    }

    SecureRandom random() {
        return random;
    }

    /** The trusted peer key with fingerprint {@code fp}, or null. */
    Sm2PublicKey trustedKey(Fingerprint fp) {
        return trusted.get(fp);
    }

    /** The client's one trusted server key. */
    Sm2PublicKey serverKey() {
        return trusted.values().iterator().next();
    }
}
