package io.gmflux.kafka;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.keyservice.KeyService;
import io.gmflux.codecs.keyservice.KeyServiceClient;
import io.gmflux.codecs.keyservice.KeyServiceException;
import io.gmflux.codecs.keyservice.KeyServices;
import java.time.Duration;
import java.util.HashMap;
import io.gmflux.codecs.sm4.EngineChoice;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The {@code gmflux.*} properties of {@link GmfluxSerializer} and {@link GmfluxDeserializer}. They
 * are ordinary Kafka client properties, so the serializer works from a properties file, Kafka
 * Streams and Kafka's console tools; other properties are ignored here and handed on to the inner
 * serializer.
 *
 * <p>Key properties take a comma-separated list whose items are paths of PEM files or inline PEM
 * text ({@code -----BEGIN ...}); each PEM block is read by {@link io.gmflux.codecs.format.KeyText},
 * so every recipient type gmflux knows (SM2, RSA, and those added there) works without a Kafka
 * change.
 *
 * <p>Immutable and thread-safe.
 */
public final class GmfluxConfig extends AbstractConfig {

    /** Public keys every DEK is wrapped to (serializer; required there). */
    public static final String RECIPIENTS = "gmflux.recipients";
    /** Private keys that may open DEKs (deserializer; several, so a retired key keeps old records readable). */
    public static final String PRIVATE_KEYS = "gmflux.private.keys";
    /** The record AEAD: {@code sm4-gcm} (default), {@code sm4-ccm}, {@code zuc128}, {@code zuc256}, {@code sm4-ctr-hmac-sm3}, {@code aes-256-gcm}. */
    public static final String SUITE = "gmflux.suite";
    /** The SM4 engine of the SM4 suites: {@code auto} (default: constant-time where the Vector API engines run, else table), {@code table} or {@code constant-time}. */
    public static final String ENGINE = "gmflux.engine";
    /** Class of the serializer that turns values into the bytes gmflux encrypts. */
    public static final String INNER_SERIALIZER = "gmflux.inner.serializer";
    /** Class of the deserializer that reads the decrypted bytes. */
    public static final String INNER_DESERIALIZER = "gmflux.inner.deserializer";
    /** Class of the key serializer inside {@link GmfluxKeySerializer}. */
    public static final String INNER_KEY_SERIALIZER = "gmflux.inner.key.serializer";
    /** Class of the key deserializer inside {@link GmfluxKeyDeserializer}. */
    public static final String INNER_KEY_DESERIALIZER = "gmflux.inner.key.deserializer";
    /** A new DEK after this many records (at most 2^32, the record counter's range). */
    public static final String ROTATE_RECORDS = "gmflux.dek.rotate.records";
    /** A new DEK after this many plaintext bytes. */
    public static final String ROTATE_BYTES = "gmflux.dek.rotate.bytes";
    /** A new DEK after this many milliseconds. */
    public static final String ROTATE_MS = "gmflux.dek.rotate.ms";
    /** How many unwrapped DEKs a deserializer keeps. */
    public static final String CACHE_SIZE = "gmflux.dek.cache.size";
    /** How long a deserializer keeps an unwrapped DEK, in milliseconds. */
    public static final String CACHE_TTL_MS = "gmflux.dek.cache.ttl.ms";
    /** What the deserializer does with a record not in gmflux's format: {@code fail} (default) or {@code pass}. */
    public static final String FOREIGN_RECORDS = "gmflux.foreign.records";

    /** An SM2 private key (PEM file or inline PEM) the serializer signs each DEK header with (optional). */
    public static final String PRODUCER_KEY = "gmflux.producer.key";
    /**
     * SM2 public keys of the producers a deserializer accepts records from; when set, a record whose
     * header is not signed by one of them is refused.
     */
    public static final String TRUSTED_PRODUCERS = "gmflux.trusted.producers";
    /** Suites a deserializer accepts (default: every suite whose tag has at least 64 bits). */
    public static final String SUITES = "gmflux.suites";
    /** The most recipient stanzas a deserializer reads in one {@code gmflux.dek} header. */
    public static final String MAX_STANZAS = "gmflux.dek.max.stanzas";
    /** The largest {@code gmflux.dek} header a deserializer reads, in bytes. */
    public static final String MAX_HEADER_BYTES = "gmflux.dek.max.header.bytes";
    /** How many refused {@code gmflux.dek} headers a deserializer remembers, so a repeat costs no public-key work. */
    public static final String FAILED_CACHE_SIZE = "gmflux.dek.failed.cache.size";

    /**
     * The key service that wraps DEKs (besides or instead of {@link #RECIPIENTS}) and unwraps them
     * (besides or instead of {@link #PRIVATE_KEYS}): a provider's short name (e.g. {@code pkcs11}) or
     * a {@link io.gmflux.codecs.keyservice.KeyServiceProvider} class name. Unset by default. Every
     * property under {@code gmflux.key.service.} is handed to the provider (e.g.
     * {@code gmflux.key.service.pkcs11.config}).
     */
    public static final String KEY_SERVICE = "gmflux.key.service";
    /** The alias whose current key wraps new DEKs (serializer; required there with {@link #KEY_SERVICE}). */
    public static final String KEY_SERVICE_ALIAS = KeyServices.ALIAS;
    /** How long a resolved alias is reused before asking the service again, in milliseconds. */
    public static final String KEY_SERVICE_RESOLVE_TTL_MS = KeyServiceClient.RESOLVE_TTL_MS;
    /** How many times a key-service call that failed for a retriable reason (unavailable) is tried again. */
    public static final String KEY_SERVICE_RETRIES = KeyServiceClient.RETRIES;
    /** The wait before the first retry, in milliseconds; doubled after each, at most 32 times this. */
    public static final String KEY_SERVICE_RETRY_BACKOFF_MS = KeyServiceClient.RETRY_BACKOFF_MS;

    /** The largest {@link #ROTATE_RECORDS}: the record counter is 32 bits (FORMAT.md §7). */
    public static final long MAX_RECORDS_PER_DEK = 1L << 32;

    private static final ConfigDef DEF = new ConfigDef()
            .define(RECIPIENTS, Type.LIST, List.of(), Importance.HIGH,
                    "Public keys (PEM file paths or inline PEM) every DEK is wrapped to. Required by the serializer.")
            .define(PRIVATE_KEYS, Type.LIST, List.of(), Importance.HIGH,
                    "Private keys (PEM file paths or inline PEM) the deserializer may unwrap DEKs with. Required by the"
                            + " deserializer unless " + FOREIGN_RECORDS + "=pass and no record is encrypted.")
            .define(SUITE, Type.STRING, Suite.SM4_GCM.label(), ConfigDef.LambdaValidator.with(
                    GmfluxConfig::checkSuite, () -> "a gmflux suite label"),
                    Importance.MEDIUM, "Record AEAD suite.")
            .define(ENGINE, Type.STRING, EngineChoice.AUTO.label(), ConfigDef.LambdaValidator.with(
                    GmfluxConfig::checkEngine, () -> "auto, table or constant-time"), Importance.MEDIUM,
                    "SM4 engine (and GHASH) of the SM4 suites, for sealing and opening: auto (constant-time where the "
                    + "Vector API engines run, JDK 25+ with gmflux-codecs-vector, faster there; else table), table "
                    + "(leaks through cache timing to code sharing the CPU) or constant-time. Both give the same bytes; "
                    + "the ZUC suites' S-boxes are table lookups either way.")
            .define(INNER_SERIALIZER, Type.CLASS, ByteArraySerializer.class, Importance.HIGH,
                    "Serializer producing the plaintext bytes.")
            .define(INNER_DESERIALIZER, Type.CLASS, ByteArrayDeserializer.class, Importance.HIGH,
                    "Deserializer reading the decrypted bytes.")
            .define(INNER_KEY_SERIALIZER, Type.CLASS, ByteArraySerializer.class, Importance.LOW,
                    "Key serializer inside GmfluxKeySerializer (which binds values to keys).")
            .define(INNER_KEY_DESERIALIZER, Type.CLASS, ByteArrayDeserializer.class, Importance.LOW,
                    "Key deserializer inside GmfluxKeyDeserializer.")
            .define(ROTATE_RECORDS, Type.LONG, 1_000_000L, ConfigDef.Range.between(1L, MAX_RECORDS_PER_DEK),
                    Importance.MEDIUM, "Records per DEK.")
            .define(ROTATE_BYTES, Type.LONG, 1L << 30, ConfigDef.Range.atLeast(1L), Importance.MEDIUM,
                    "Plaintext bytes per DEK.")
            .define(ROTATE_MS, Type.LONG, 3_600_000L, ConfigDef.Range.atLeast(1L), Importance.MEDIUM,
                    "Lifetime of a DEK in milliseconds.")
            .define(CACHE_SIZE, Type.INT, 1000, ConfigDef.Range.atLeast(1), Importance.LOW,
                    "Unwrapped DEKs kept by a deserializer.")
            .define(CACHE_TTL_MS, Type.LONG, 86_400_000L, ConfigDef.Range.atLeast(1L), Importance.LOW,
                    "Milliseconds an unwrapped DEK is kept.")
            .define(FOREIGN_RECORDS, Type.STRING, "fail", ConfigDef.ValidString.in("fail", "pass"), Importance.MEDIUM,
                    "fail: a record without gmflux's format is a SerializationException; pass: its bytes go to the"
                            + " inner deserializer as they are.")
            .define(PRODUCER_KEY, Type.PASSWORD, null, Importance.MEDIUM,
                    "SM2 private key (PEM file path or inline PEM) the serializer signs each DEK header with, once per"
                            + " DEK and topic. Optional.")
            .define(TRUSTED_PRODUCERS, Type.LIST, List.of(), Importance.HIGH,
                    "SM2 public keys (PEM file paths or inline PEM) of trusted producers: when set, the deserializer"
                            + " refuses every record whose gmflux.dek header is not signed by one of them.")
            .define(SUITES, Type.LIST, defaultSuites(), ConfigDef.LambdaValidator.with(GmfluxConfig::checkSuites,
                    () -> "gmflux suite labels"), Importance.MEDIUM, "Suites the deserializer accepts.")
            .define(MAX_STANZAS, Type.INT, 8, ConfigDef.Range.between(1, DekHeader.MAX_STANZAS), Importance.LOW,
                    "Recipient stanzas a deserializer reads in one gmflux.dek header at most.")
            .define(MAX_HEADER_BYTES, Type.INT, 8192, ConfigDef.Range.between(64, 1 << 20), Importance.LOW,
                    "Largest gmflux.dek header a deserializer reads, in bytes.")
            .define(FAILED_CACHE_SIZE, Type.INT, 1000, ConfigDef.Range.atLeast(1), Importance.LOW,
                    "Refused gmflux.dek headers a deserializer remembers.")
            .define(KEY_SERVICE, Type.STRING, "", Importance.HIGH,
                    "Key service (KMS or HSM) that wraps and unwraps DEKs: a provider name such as pkcs11, or a"
                            + " KeyServiceProvider class name. Empty: none (the public-key recipients only). Its own"
                            + " settings are gmflux.key.service.<name>.* properties.")
            .define(KEY_SERVICE_ALIAS, Type.STRING, "", Importance.HIGH,
                    "Alias of the key-service key whose current version wraps new DEKs. Required by the serializer"
                            + " when " + KEY_SERVICE + " is set.")
            .define(KEY_SERVICE_RESOLVE_TTL_MS, Type.LONG, KeyServiceClient.DEFAULT_RESOLVE_TTL_MS,
                    ConfigDef.Range.atLeast(0L), Importance.LOW,
                    "Milliseconds a resolved alias is reused: a rotation at the service reaches new DEKs within it.")
            .define(KEY_SERVICE_RETRIES, Type.INT, KeyServiceClient.DEFAULT_RETRIES, ConfigDef.Range.between(0, 100),
                    Importance.LOW,
                    "Retries of a key-service call that failed because the service was unavailable (other"
                            + " failures are not retried).")
            .define(KEY_SERVICE_RETRY_BACKOFF_MS, Type.LONG, KeyServiceClient.DEFAULT_RETRY_BACKOFF_MS,
                    ConfigDef.Range.between(0L, 60_000L), Importance.LOW,
                    "Milliseconds before the first retry; doubled after each, at most 32 times this value.");

    GmfluxConfig(Map<String, ?> props) {
        super(DEF, props, false);
    }

    /** The definitions, for documentation and tools. */
    public static ConfigDef configDef() {
        return new ConfigDef(DEF);
    }

    Suite suite() {
        return Suite.byLabel(getString(SUITE));
    }

    EngineChoice engine() {
        return EngineChoice.byLabel(getString(ENGINE));
    }

    boolean passForeignRecords() {
        return getString(FOREIGN_RECORDS).toLowerCase(Locale.ROOT).equals("pass");
    }

    /** The producer's signer, or null when {@link #PRODUCER_KEY} is not set. */
    ProducerSignature.Signer producerSigner() {
        Password p = getPassword(PRODUCER_KEY);
        if (p == null || p.value().isBlank()) {
            return null;
        }
        return new ProducerSignature.Signer(KeySources.sm2PrivateKey(PRODUCER_KEY, p.value()));
    }

    ProducerSignature.Trusted trustedProducers() {
        return new ProducerSignature.Trusted(KeySources.sm2PublicKeys(TRUSTED_PRODUCERS, getList(TRUSTED_PRODUCERS)));
    }

    Set<Suite> allowedSuites() {
        Set<Suite> out = EnumSet.noneOf(Suite.class);
        for (String label : getList(SUITES)) {
            out.add(Suite.byLabel(label.strip()));
        }
        return out;
    }

    private static List<String> defaultSuites() {
        List<String> out = new ArrayList<>();
        for (Suite s : Suite.values()) {
            if (s.tagLength() >= 8) {
                out.add(s.label());
            }
        }
        return out;
    }

    private static void checkSuites(String name, Object value) {
        if (!(value instanceof List<?> list) || list.isEmpty()) {
            throw new ConfigException(name, value, "a non-empty list of gmflux suite labels");
        }
        for (Object o : list) {
            checkSuite(name, String.valueOf(o).strip());
        }
    }

    private static void checkSuite(String name, Object value) {
        try {
            Suite.byLabel(String.valueOf(value));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(name, value, e.getMessage());
        }
    }

    private static void checkEngine(String name, Object value) {
        try {
            EngineChoice.byLabel(String.valueOf(value));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(name, value, e.getMessage());
        }
    }

    /**
     * The configured key service behind its resolve cache and retries, or null when
     * {@link #KEY_SERVICE} is not set. The caller owns (and closes) it.
     */
    KeyServiceClient keyService() {
        String name = getString(KEY_SERVICE).strip();
        if (name.isEmpty()) {
            return null;
        }
        Map<String, Object> props = new HashMap<>();
        originals().forEach((k, v) -> props.put(k, v instanceof Password p ? p.value() : v));
        KeyService service;
        try {
            service = KeyServices.open(name, props);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(KEY_SERVICE + "=" + name + ": " + e.getMessage());
        } catch (KeyServiceException e) {
            throw new ConfigException(KEY_SERVICE + "=" + name + " cannot be opened: " + e.getMessage());
        }
        return new KeyServiceClient(service, Duration.ofMillis(getLong(KEY_SERVICE_RESOLVE_TTL_MS)),
                getInt(KEY_SERVICE_RETRIES), Duration.ofMillis(getLong(KEY_SERVICE_RETRY_BACKOFF_MS)));
    }

    /** The alias new DEKs are wrapped under, or null when {@link #KEY_SERVICE_ALIAS} is blank. */
    String keyServiceAlias() {
        String a = getString(KEY_SERVICE_ALIAS).strip();
        return a.isEmpty() ? null : a;
    }

    static ConfigException missing(String name, String why) {
        return new ConfigException(name + " is required: " + why);
    }
}
