package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.Pbkdf2HmacSm3;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;

/**
 * A passphrase as a stream's recipient and identity (stanza type 0x06): the wrapping secret is
 * PBKDF2-HMAC-SM3(passphrase, 16-byte salt, iterations, 32). A passphrase stanza must be the only
 * stanza of its stream (FORMAT.md §5).
 *
 * <p>Holds a copy of the passphrase until {@link #destroy()}; thread-safe until then.
 */
public final class PassphraseRecipient implements Recipient, Identity {

    /** The iteration count writers use unless told otherwise. */
    public static final int DEFAULT_ITERATIONS = 300_000;
    /**
     * The largest iteration count a reader accepts (a hostile header cannot demand more work; a
     * reader may cap it lower with {@link ReadLimits}).
     */
    public static final int MAX_ITERATIONS = 10_000_000;
    /** The smallest iteration count a writer writes and a reader accepts. */
    public static final int MIN_ITERATIONS = 1_000;

    private static final int BODY_LENGTH = 16 + 4 + KeyWrap.WRAPPED_LENGTH;
    private static final byte[] NO_KEY_ID = new byte[RecipientStanza.KEY_ID_LENGTH];

    private final char[] passphrase;
    private final int iterations;

    /** A recipient/identity with {@link #DEFAULT_ITERATIONS}. */
    public PassphraseRecipient(char[] passphrase) {
        this(passphrase, DEFAULT_ITERATIONS);
    }

    /**
     * @param iterations the PBKDF2 iteration count written into new stanzas
     *     ({@value #MIN_ITERATIONS}..{@value #MAX_ITERATIONS})
     */
    public PassphraseRecipient(char[] passphrase, int iterations) {
        if (passphrase == null || passphrase.length == 0) {
            throw new IllegalArgumentException("passphrase must not be empty");
        }
        if (iterations < MIN_ITERATIONS || iterations > MAX_ITERATIONS) {
            throw new IllegalArgumentException("iterations must be in [" + MIN_ITERATIONS + ", " + MAX_ITERATIONS
                    + "], got " + iterations);
        }
        this.passphrase = passphrase.clone();
        this.iterations = iterations;
    }

    @Override
    public int stanzaType() {
        return RecipientStanza.TYPE_PASSPHRASE;
    }

    @Override
    public RecipientStanza wrap(byte[] fileKey, byte[] salt, SecureRandom random) {
        byte[] pbkdfSalt = new byte[16];
        random.nextBytes(pbkdfSalt);
        byte[] enc = new byte[20];
        System.arraycopy(pbkdfSalt, 0, enc, 0, 16);
        Bytes.putIntBEByBytes(enc, 16, iterations);
        byte[] ss = Pbkdf2HmacSm3.derive(passphrase, pbkdfSalt, iterations, 32);
        try {
            byte[] wrapped = KeyWrap.wrap(fileKey, salt, ss, RecipientStanza.TYPE_PASSPHRASE, NO_KEY_ID, enc);
            return new RecipientStanza(RecipientStanza.TYPE_PASSPHRASE, StreamKeys.concat(enc, wrapped));
        } finally {
            Bytes.wipe(ss);
        }
    }

    @Override
    public byte[] unwrap(RecipientStanza stanza, byte[] salt) throws GeneralSecurityException {
        if (stanza.type() != RecipientStanza.TYPE_PASSPHRASE) {
            return null;
        }
        byte[] body = stanza.bodyRef();
        if (body.length != BODY_LENGTH) {
            throw new GeneralSecurityException("malformed passphrase stanza of " + body.length + " bytes");
        }
        int n = Bytes.getIntBE(body, 16);
        if (n < MIN_ITERATIONS || n > MAX_ITERATIONS) {
            throw new GeneralSecurityException("passphrase stanza asks for " + Integer.toUnsignedString(n)
                    + " PBKDF2 iterations (" + MIN_ITERATIONS + ".." + MAX_ITERATIONS + " accepted)");
        }
        byte[] enc = Arrays.copyOf(body, 20);
        byte[] ss = Pbkdf2HmacSm3.derive(passphrase, Arrays.copyOf(body, 16), n, 32);
        try {
            return KeyWrap.unwrap(Arrays.copyOfRange(body, 20, BODY_LENGTH), salt, ss,
                    RecipientStanza.TYPE_PASSPHRASE, NO_KEY_ID, enc);
        } finally {
            Bytes.wipe(ss);
        }
    }

    /**
     * The iteration count a passphrase stanza asks for (unsigned, as a long), or -1 if its body has
     * the wrong length; reads the stanza only, so a reader can refuse it before any PBKDF2 work.
     */
    static long iterationsOf(RecipientStanza stanza) {
        byte[] body = stanza.bodyRef();
        return body.length == BODY_LENGTH ? Integer.toUnsignedLong(Bytes.getIntBE(body, 16)) : -1;
    }

    /** Zeroes the passphrase copy. */
    public void destroy() {
        Arrays.fill(passphrase, '\0');
    }
}
