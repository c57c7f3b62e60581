package io.gmflux.codecs.fuzz;

import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.RecipientStanza;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An {@link Identity} that remembers the outcome of its last few unwraps, keyed by the stanza's type
 * and body and the header's salt, so a fuzz target whose inputs mostly differ after the header pays
 * the public-key unwrap once per distinct stanza instead of once per input. An unwrap is a pure
 * function of those bytes and the private key, so the reader under test gets exactly what the
 * wrapped identity returns or throws; a stanza never seen before still goes through it. Only a
 * returned file key (a copy each time) or a {@link GeneralSecurityException} is remembered; anything
 * else the wrapped identity throws propagates every time. Thread-safe.
 */
final class MemoizedIdentity implements Identity {

    private static final int ENTRIES = 256;

    private final Identity identity;
    private final Map<ByteBuffer, Object> outcomes = new LinkedHashMap<>(ENTRIES * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Object> eldest) {
            return size() > ENTRIES;
        }
    };

    MemoizedIdentity(Identity identity) {
        this.identity = identity;
    }

    @Override
    public synchronized byte[] unwrap(RecipientStanza stanza, byte[] salt) throws GeneralSecurityException {
        byte[] body = stanza.body();
        ByteBuffer key = ByteBuffer.allocate(9 + body.length + salt.length)
                .put((byte) stanza.type()).putInt(body.length).put(body).putInt(salt.length).put(salt).flip();
        Object outcome = outcomes.get(key);
        if (outcome == null && !outcomes.containsKey(key)) {
            try {
                byte[] fileKey = identity.unwrap(stanza, salt);
                outcome = fileKey == null ? null : fileKey.clone();
            } catch (GeneralSecurityException e) {
                outcome = e;
            }
            outcomes.put(key, outcome);
        }
        if (outcome instanceof GeneralSecurityException e) {
            throw e;
        }
        return outcome == null ? null : ((byte[]) outcome).clone();
    }
}
