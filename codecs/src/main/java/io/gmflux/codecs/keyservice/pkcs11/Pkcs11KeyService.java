package io.gmflux.codecs.keyservice.pkcs11;

import io.gmflux.codecs.keyservice.KekRef;
import io.gmflux.codecs.keyservice.KeyService;
import io.gmflux.codecs.keyservice.KeyServiceException;
import io.gmflux.codecs.keyservice.KeyServiceException.Reason;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AuthProvider;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyStore;
import java.security.Provider;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.UnrecoverableKeyException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginException;

/**
 * A {@link KeyService} whose KEKs are AES-256 secret-key objects on a PKCS#11 token, reached
 * through the JDK's SunPKCS11 provider: wrap and unwrap run in the token and the KEK never leaves
 * it. Registered as type {@code pkcs11}.
 *
 * <p><b>Configuration.</b> A SunPKCS11 configuration file names the module ({@code library}) and
 * the token ({@code slot} or {@code slotListIndex}); the user PIN comes from a file or an
 * environment variable ({@link PinSource}), never from a property in clear. The PIN is read at
 * each login, passed to the token and wiped. A PIN the token refused is not sent again (callers
 * retry {@code UNAVAILABLE}, and tokens lock after a few wrong PINs) until the PIN file changes.
 *
 * <p><b>Keys and versions.</b> An alias names the secret keys labelled ({@code CKA_LABEL})
 * {@code <alias>} (version 0) or {@code <alias>#v<N>} (N = 1, 2, ...): {@link #resolve} picks the
 * highest N, so rotating means creating {@code <alias>#v<N+1>} on the token; old versions stay for
 * the DEKs they wrapped. The kekId is the chosen label in UTF-8. SunPKCS11's key store finds secret
 * keys by label only (it exposes no {@code CKA_ID} and refuses two secret keys with one label), so
 * the version lives in the label. A key is used only if it is AES, its value cannot be read
 * ({@code CKA_SENSITIVE}) and it cannot be exported ({@code CKA_EXTRACTABLE} false), else
 * {@link Reason#KEY_DISABLED}; a key without {@code CKA_ENCRYPT}/{@code CKA_DECRYPT} is refused by
 * the token, also {@code KEY_DISABLED}.
 *
 * <p><b>Mechanism and layout.</b> {@code CKM_AES_GCM} in the token, the DEK as the data and the
 * caller's context as the additional authenticated data, a fresh 12-byte IV from the JVM's
 * {@link SecureRandom} and a 16-byte tag. The wrapped bytes are
 * <pre>
 *   0x01 | IV (12) | AES-GCM(KEK, IV, AAD = context, DEK) (|DEK|) | tag (16)
 * </pre>
 * (0x01 names this mechanism and layout). AES key wrap ({@code CKM_AES_KEY_WRAP(_PAD)}) has no
 * associated data, so it could not bind the context, and JDK 17's SunPKCS11 does not offer it; GCM
 * is in SunPKCS11 since JDK 11 and in SoftHSM2 and common HSMs. With random IVs, one KEK version
 * should wrap fewer than 2^32 DEKs (NIST SP 800-38D §8.3): rotate before.
 *
 * <p><b>Thread safety.</b> Thread-safe. Each call takes its own {@link Cipher}; SunPKCS11 lends it a
 * session from the provider's pool and returns it when the operation ends. The key objects found
 * are kept by label; the key store is read and the login renewed under this object's lock. PKCS#11
 * login belongs to the process: services opened in one JVM on the same token share it (a token
 * already logged in accepts the service without checking its PIN again), and {@link #close()} logs
 * out only when the last open service with the same provider name closes. A logout by anything
 * else invalidates the kept handles: the next operation logs in again (reading the PIN afresh),
 * finds the key again and retries once.
 */
public final class Pkcs11KeyService implements KeyService {

    /** The type recorded in headers. */
    public static final String TYPE = "pkcs11";
    /** Property: path of the SunPKCS11 configuration file. */
    public static final String CONFIG = "gmflux.key.service.pkcs11.config";
    /** Property: path of a file that holds the user PIN. */
    public static final String PIN_FILE = "gmflux.key.service.pkcs11.pin.file";
    /** Property: name of an environment variable that holds the user PIN. */
    public static final String PIN_ENV = "gmflux.key.service.pkcs11.pin.env";

    private static final String REFUSED_CLEAR_PIN = "gmflux.key.service.pkcs11.pin";
    private static final byte FORMAT_AES_GCM = 0x01;
    private static final int IV_LENGTH = 12;
    private static final int TAG_LENGTH = 16;
    private static final int MAX_DEK_LENGTH = 1024;
    private static final Pattern PKCS11_CODE = Pattern.compile("CKR_[A-Z_0-9]+");
    private static final Set<String> STALE = Set.of("CKR_OBJECT_HANDLE_INVALID", "CKR_KEY_HANDLE_INVALID",
            "CKR_USER_NOT_LOGGED_IN", "CKR_SESSION_HANDLE_INVALID", "CKR_SESSION_CLOSED");
    private static final Map<String, Integer> OPEN_BY_PROVIDER = new ConcurrentHashMap<>();

    private final Provider provider;
    private final PinSource pin;
    private final KeyStore keyStore;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, SecretKey> keysByLabel = new ConcurrentHashMap<>();
    private boolean closed;
    /** The {@link PinSource#version()} the token refused: not sent again until it changes. */
    private Object refusedPin;

    /**
     * Opens the token that {@link #CONFIG} describes and logs in with the PIN from {@link #PIN_FILE}
     * or {@link #PIN_ENV} (exactly one). Other entries of the map are ignored.
     *
     * @throws IllegalArgumentException when the properties are missing, conflict or give a PIN in clear
     * @throws KeyServiceException {@link Reason#UNAVAILABLE} when the module, token or login fails
     */
    public Pkcs11KeyService(Map<String, ?> properties) throws KeyServiceException {
        this(configPath(properties), pinSource(properties));
    }

    /**
     * Opens the token that the SunPKCS11 configuration file {@code config} describes and logs in
     * with the PIN {@code pin} gives.
     *
     * @throws IllegalArgumentException when {@code config} is not a readable SunPKCS11 configuration
     * @throws KeyServiceException {@link Reason#UNAVAILABLE} when the module, token or login fails
     */
    public Pkcs11KeyService(Path config, PinSource pin) throws KeyServiceException {
        if (!Files.isReadable(config)) {
            throw new IllegalArgumentException("PKCS#11 configuration file " + config + " is not readable");
        }
        this.pin = pin;
        this.provider = configure(config);
        try {
            this.keyStore = KeyStore.getInstance("PKCS11", provider);
        } catch (GeneralSecurityException e) {
            throw new KeyServiceException(Reason.UNAVAILABLE, provider.getName() + " offers no PKCS11 key store", e);
        }
        loginAndReadLabels();
        OPEN_BY_PROVIDER.merge(provider.getName(), 1, Integer::sum);
    }

    @Override
    public String type() {
        return TYPE;
    }

    /** Reads the token's labels afresh (callers cache the answer) and returns the newest version of {@code alias}. */
    @Override
    public KekRef resolve(String alias) throws KeyServiceException {
        KeyLabel.checkAlias(alias);
        List<String> labels;
        synchronized (this) {
            loginAndReadLabels();
            try {
                labels = Collections.list(keyStore.aliases());
            } catch (GeneralSecurityException | ProviderException e) {
                throw unavailable("listing keys", e);
            }
        }
        String label = KeyLabel.newest(alias, labels).orElseThrow(() -> new KeyServiceException(Reason.KEY_NOT_FOUND,
                "no key labelled '" + alias + "' or '" + alias + "#v<N>' on " + provider.getName()));
        keyFor(label);
        byte[] kekId = label.getBytes(StandardCharsets.UTF_8);
        if (kekId.length > 255) {
            throw new KeyServiceException(Reason.KEY_DISABLED, "label '" + label + "' is longer than 255 bytes");
        }
        return new KekRef(alias, kekId);
    }

    @Override
    public byte[] wrap(KekRef kek, byte[] dek, byte[] context) throws KeyServiceException {
        if (dek == null || dek.length == 0 || dek.length > MAX_DEK_LENGTH) {
            throw new IllegalArgumentException("DEK must be 1-" + MAX_DEK_LENGTH + " bytes");
        }
        String label = labelOf(kek.kekId());
        return inToken(label, "wrapping", key -> {
            byte[] iv = new byte[IV_LENGTH];
            random.nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding", provider);
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_LENGTH * 8, iv));
            cipher.updateAAD(context);
            byte[] wrapped = new byte[1 + IV_LENGTH + cipher.getOutputSize(dek.length)];
            wrapped[0] = FORMAT_AES_GCM;
            System.arraycopy(iv, 0, wrapped, 1, IV_LENGTH);
            int written = cipher.doFinal(dek, 0, dek.length, wrapped, 1 + IV_LENGTH);
            return written == wrapped.length - 1 - IV_LENGTH ? wrapped : Arrays.copyOf(wrapped, 1 + IV_LENGTH + written);
        });
    }

    @Override
    public byte[] unwrap(byte[] kekId, byte[] wrapped, byte[] context) throws KeyServiceException {
        if (wrapped.length < 1 + IV_LENGTH + TAG_LENGTH + 1 || wrapped[0] != FORMAT_AES_GCM) {
            throw new KeyServiceException(Reason.UNWRAP_FAILED, "wrapped key is not in the 0x01 AES-GCM layout");
        }
        String label = labelOf(kekId);
        return inToken(label, "unwrapping", key -> {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding", provider);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_LENGTH * 8, wrapped, 1, IV_LENGTH));
            cipher.updateAAD(context);
            return cipher.doFinal(wrapped, 1 + IV_LENGTH, wrapped.length - 1 - IV_LENGTH);
        });
    }

    /** One cipher operation with the key {@code label} names, run in the token. */
    private interface TokenOperation {
        byte[] run(SecretKey key) throws GeneralSecurityException;
    }

    /**
     * Runs {@code operation} with the key labelled {@code label}. Handles go stale when the process
     * is logged out of the token (by another provider on it, or a token reset): then this logs in
     * again, finds the key again and runs once more.
     */
    private byte[] inToken(String label, String doing, TokenOperation operation) throws KeyServiceException {
        for (int attempt = 0; ; attempt++) {
            SecretKey key = keyFor(label);
            try {
                return operation.run(key);
            } catch (AEADBadTagException e) {
                throw new KeyServiceException(Reason.UNWRAP_FAILED,
                        "authentication failed under '" + label + "': wrong key, wrong context or altered bytes");
            } catch (GeneralSecurityException | ProviderException e) {
                keysByLabel.remove(label);
                if (attempt == 0 && STALE.contains(String.valueOf(pkcs11Code(e)))) {
                    loginAndReadLabels();
                    continue;
                }
                throw failure(doing + " under '" + label + "'", e);
            }
        }
    }

    /** Logs out when this is the last open service of this provider name in the JVM; further calls fail. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        keysByLabel.clear();
        Integer left = OPEN_BY_PROVIDER.computeIfPresent(provider.getName(), (name, n) -> n == 1 ? null : n - 1);
        if (left == null && provider instanceof AuthProvider auth) {
            try {
                auth.logout();
            } catch (LoginException | ProviderException e) {
                // The token may be gone already; there is nothing left to release.
            }
        }
    }

    @Override
    public String toString() {
        return "Pkcs11KeyService[" + provider.getName() + ", " + pin + "]";
    }

    private SecretKey keyFor(String label) throws KeyServiceException {
        SecretKey cached = keysByLabel.get(label);
        if (cached != null) {
            return cached;
        }
        Key key;
        synchronized (this) {
            try {
                if (!keyStore.containsAlias(label)) {
                    loginAndReadLabels();
                }
                key = keyStore.getKey(label, null);
            } catch (UnrecoverableKeyException | ProviderException e) {
                throw unavailable("reading key '" + label + "'", e);
            } catch (GeneralSecurityException e) {
                throw new KeyServiceException(Reason.KEY_DISABLED, "key '" + label + "' cannot be used on "
                        + provider.getName() + ": " + e.getMessage(), e);
            }
        }
        if (key == null) {
            throw new KeyServiceException(Reason.KEY_NOT_FOUND, "no key labelled '" + label + "' on " + provider.getName());
        }
        SecretKey secret = checkHeldByToken(label, key);
        keysByLabel.put(label, secret);
        return secret;
    }

    /** A KEK must be an AES secret key whose value the token keeps: sensitive and not extractable. */
    private SecretKey checkHeldByToken(String label, Key key) throws KeyServiceException {
        if (!(key instanceof SecretKey secret) || !"AES".equals(key.getAlgorithm())) {
            throw new KeyServiceException(Reason.KEY_DISABLED, "key '" + label + "' is not an AES secret key");
        }
        // SunPKCS11 states CKA_SENSITIVE and CKA_EXTRACTABLE only in the key's description
        // ("..., sensitive, unextractable)"); getEncoded() is null for an unextractable key even when
        // its CKA_VALUE can be read, so it is not enough.
        String description = key.toString();
        if (key.getEncoded() != null || !description.endsWith(", sensitive, unextractable)")) {
            String attribute = description.contains("not sensitive") || key.getEncoded() != null
                    ? "its value can be read (CKA_SENSITIVE not true)"
                    : "it may be exported from the token (CKA_EXTRACTABLE not false)";
            throw new KeyServiceException(Reason.KEY_DISABLED, "key '" + label + "' refused: " + attribute);
        }
        return secret;
    }

    /** Logs in if the token is not logged in (reading the PIN afresh) and re-reads its labels. */
    private synchronized void loginAndReadLabels() throws KeyServiceException {
        if (closed) {
            throw new IllegalStateException("key service closed");
        }
        if (refusedPin != null && refusedPin.equals(pin.version())) {
            throw new KeyServiceException(Reason.UNAVAILABLE, "login to " + provider.getName() + " is not tried again:"
                    + " the token refused this PIN (" + pin + "); tokens lock after a few wrong PINs, so the next"
                    + " login waits until the PIN is replaced");
        }
        char[] secret;
        try {
            secret = pin.read();
        } catch (IOException e) {
            throw new KeyServiceException(Reason.UNAVAILABLE, "cannot read the PIN for " + provider.getName()
                    + ": " + e.getMessage());
        }
        try {
            keyStore.load(null, secret);
        } catch (IOException | GeneralSecurityException | ProviderException e) {
            keysByLabel.clear();
            String code = pkcs11Code(e);
            boolean wrongPin = "CKR_PIN_INCORRECT".equals(code) || hasCause(e, FailedLoginException.class);
            if (wrongPin) {
                refusedPin = pin.version();
            }
            throw new KeyServiceException(Reason.UNAVAILABLE, "login to " + provider.getName() + " failed: "
                    + (wrongPin ? "PIN incorrect (" + pin + ")" : describe(e)), wrongPin ? null : e);
        } finally {
            Arrays.fill(secret, '\0');
        }
    }

    private KeyServiceException failure(String doing, Exception e) {
        String code = pkcs11Code(e);
        if ("CKR_KEY_FUNCTION_NOT_PERMITTED".equals(code) || "CKR_KEY_TYPE_INCONSISTENT".equals(code)) {
            return new KeyServiceException(Reason.KEY_DISABLED, doing + ": the token does not allow this key for "
                    + "AES-GCM encryption and decryption (" + code + ")", e);
        }
        if (e instanceof InvalidKeyException && code == null) {
            return new KeyServiceException(Reason.KEY_DISABLED, doing + ": " + e.getMessage(), e);
        }
        return unavailable(doing, e);
    }

    private KeyServiceException unavailable(String doing, Exception e) {
        return new KeyServiceException(Reason.UNAVAILABLE, doing + " on " + provider.getName() + " failed: " + describe(e), e);
    }

    private static Provider configure(Path config) throws KeyServiceException {
        Provider base = java.security.Security.getProvider("SunPKCS11");
        if (base == null) {
            throw new KeyServiceException(Reason.UNAVAILABLE, "this JDK has no SunPKCS11 provider (module jdk.crypto.cryptoki)");
        }
        try {
            return base.configure(config.toString());
        } catch (java.security.InvalidParameterException e) {
            throw new IllegalArgumentException("PKCS#11 configuration file " + config + " is not valid: " + describe(e), e);
        } catch (ProviderException e) {
            throw new KeyServiceException(Reason.UNAVAILABLE, "PKCS#11 module or token of " + config
                    + " cannot be opened: " + describe(e), e);
        }
    }

    private static Path configPath(Map<String, ?> properties) {
        Object config = properties.get(CONFIG);
        if (config == null || config.toString().isBlank()) {
            throw new IllegalArgumentException(CONFIG + " (the SunPKCS11 configuration file) must be set");
        }
        return Path.of(config.toString());
    }

    private static PinSource pinSource(Map<String, ?> properties) {
        if (properties.containsKey(REFUSED_CLEAR_PIN)) {
            throw new IllegalArgumentException(REFUSED_CLEAR_PIN + " is refused: give the PIN through "
                    + PIN_FILE + " or " + PIN_ENV + ", never in clear");
        }
        Object file = properties.get(PIN_FILE);
        Object env = properties.get(PIN_ENV);
        if ((file == null) == (env == null)) {
            throw new IllegalArgumentException("exactly one of " + PIN_FILE + " and " + PIN_ENV + " must be set");
        }
        return file != null ? PinSource.fromFile(Path.of(file.toString())) : PinSource.fromEnv(env.toString());
    }

    private static String labelOf(byte[] kekId) throws KeyServiceException {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(kekId)).toString();
        } catch (CharacterCodingException e) {
            throw new KeyServiceException(Reason.KEY_NOT_FOUND, "kekId is not a UTF-8 key label");
        }
    }

    /** The PKCS#11 return code (CKR_...) in {@code e}'s causes, or null. */
    private static String pkcs11Code(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getClass().getSimpleName().equals("PKCS11Exception") && t.getMessage() != null) {
                Matcher m = PKCS11_CODE.matcher(t.getMessage());
                if (m.find()) {
                    return m.group();
                }
            }
        }
        return null;
    }

    private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** The messages along {@code e}'s causes, e.g. "Initialization failed: CKR_SLOT_ID_INVALID". */
    private static String describe(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = t.getMessage();
            if (message != null && (text.length() == 0 || text.indexOf(message) < 0)) {
                text.append(text.length() == 0 ? "" : ": ").append(message);
            }
        }
        return text.length() == 0 ? e.getClass().getSimpleName() : text.toString();
    }
}
