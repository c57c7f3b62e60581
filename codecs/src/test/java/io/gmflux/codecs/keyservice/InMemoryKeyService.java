package io.gmflux.codecs.keyservice;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A key service for tests: AES-256-GCM keys in a map, one version per rotation of an alias (key id
 * {@code alias/vN}); wrap is {@code nonce(12) || AES-GCM(kek, nonce, aad = context, dek)}. Switches
 * take the service down, disable a key version, or rotate an alias; counters count the calls.
 *
 * <p>Thread-safe.
 */
public final class InMemoryKeyService implements KeyService {

    private final String type;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Integer> versions = new ConcurrentHashMap<>();
    private final Map<String, byte[]> keys = new ConcurrentHashMap<>();
    private final Set<String> disabled = ConcurrentHashMap.newKeySet();
    private volatile int downFor;
    private volatile boolean down;
    private volatile boolean ignoreContext;
    public final AtomicInteger resolves = new AtomicInteger();
    public final AtomicInteger wraps = new AtomicInteger();
    public final AtomicInteger unwraps = new AtomicInteger();

    public InMemoryKeyService(String type, String... aliases) {
        this.type = type;
        for (String a : aliases) {
            rotate(a);
        }
    }

    /** A new key version for {@code alias} (the first if it had none); returns its key id. */
    public synchronized String rotate(String alias) {
        int v = versions.merge(alias, 1, Integer::sum);
        byte[] k = new byte[32];
        random.nextBytes(k);
        String id = alias + "/v" + v;
        keys.put(id, k);
        return id;
    }

    /** Every call fails as {@link KeyServiceException.Reason#UNAVAILABLE} while down. */
    public void down(boolean isDown) {
        this.down = isDown;
    }

    /** The next {@code calls} calls fail as unavailable, then the service answers again. */
    public void downFor(int calls) {
        this.downFor = calls;
    }

    /** Wraps without associated data, as a service without AAD (AES key wrap) would. */
    public void ignoreContext(boolean ignore) {
        this.ignoreContext = ignore;
    }

    public void disable(String kekId) {
        disabled.add(kekId);
    }

    public void enable(String kekId) {
        disabled.remove(kekId);
    }

    @Override
    public String type() {
        return type;
    }

    @Override
    public KekRef resolve(String alias) throws KeyServiceException {
        resolves.incrementAndGet();
        available();
        Integer v = versions.get(alias);
        if (v == null) {
            throw new KeyServiceException(KeyServiceException.Reason.KEY_NOT_FOUND, "no alias " + alias);
        }
        return new KekRef(alias, (alias + "/v" + v).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public byte[] wrap(KekRef kek, byte[] dek, byte[] context) throws KeyServiceException {
        wraps.incrementAndGet();
        byte[] k = usableKey(kek.kekId());
        byte[] nonce = new byte[12];
        random.nextBytes(nonce);
        try {
            byte[] ct = gcm(Cipher.ENCRYPT_MODE, k, nonce, aad(context)).doFinal(dek);
            byte[] out = Arrays.copyOf(nonce, 12 + ct.length);
            System.arraycopy(ct, 0, out, 12, ct.length);
            return out;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public byte[] unwrap(byte[] kekId, byte[] wrapped, byte[] context) throws KeyServiceException {
        unwraps.incrementAndGet();
        byte[] k = usableKey(kekId);
        if (wrapped.length < 12 + 16) {
            throw new KeyServiceException(KeyServiceException.Reason.UNWRAP_FAILED, "too short");
        }
        try {
            return gcm(Cipher.DECRYPT_MODE, k, Arrays.copyOf(wrapped, 12), aad(context))
                    .doFinal(wrapped, 12, wrapped.length - 12);
        } catch (GeneralSecurityException e) {
            throw new KeyServiceException(KeyServiceException.Reason.UNWRAP_FAILED, "tag mismatch", e);
        }
    }

    private byte[] usableKey(byte[] kekId) throws KeyServiceException {
        available();
        String id = new String(kekId, StandardCharsets.UTF_8);
        byte[] k = keys.get(id);
        if (k == null) {
            throw new KeyServiceException(KeyServiceException.Reason.KEY_NOT_FOUND, "no key " + id);
        }
        if (disabled.contains(id)) {
            throw new KeyServiceException(KeyServiceException.Reason.KEY_DISABLED, "key " + id + " is disabled");
        }
        return k;
    }

    private synchronized void available() throws KeyServiceException {
        if (down) {
            throw new KeyServiceException(KeyServiceException.Reason.UNAVAILABLE, type + " is down");
        }
        if (downFor > 0) {
            downFor--;
            throw new KeyServiceException(KeyServiceException.Reason.UNAVAILABLE, type + " is briefly down");
        }
    }

    private static Cipher gcm(int mode, byte[] key, byte[] nonce, byte[] aad) throws GeneralSecurityException {
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        c.init(mode, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, nonce));
        c.updateAAD(aad);
        return c;
    }

    private byte[] aad(byte[] context) {
        return ignoreContext ? new byte[0] : context;
    }
}
