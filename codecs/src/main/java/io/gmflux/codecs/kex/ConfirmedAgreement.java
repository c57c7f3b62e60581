package io.gmflux.codecs.kex;

import io.gmflux.codecs.bytes.Bytes;
import java.security.GeneralSecurityException;
import java.util.Objects;

/**
 * The outcome of one side of a key exchange with confirmation values: the shared key, this
 * party's confirmation value to send and the peer's expected one (S_A, S_B of GB/T 32918.3 and
 * GB/T 38635.2). Subclasses name the exception a mismatch throws.
 *
 * <p>Not thread-safe. The arrays returned are fresh copies the caller owns (and should wipe).
 *
 * @param <E> the exception {@link #verifyPeerConfirmation} throws on a mismatch
 */
public abstract class ConfirmedAgreement<E extends GeneralSecurityException> {

    private final byte[] sharedKey;
    private final byte[] confirmation;
    private final byte[] expectedPeerConfirmation;

    /** Takes ownership of the three arrays. */
    protected ConfirmedAgreement(byte[] sharedKey, byte[] confirmation, byte[] expectedPeerConfirmation) {
        this.sharedKey = sharedKey;
        this.confirmation = confirmation;
        this.expectedPeerConfirmation = expectedPeerConfirmation;
    }

    /** The shared key (a fresh copy the caller should wipe). */
    public byte[] sharedKey() {
        return sharedKey.clone();
    }

    /** This party's confirmation value to send: S_B for the responder, S_A for the initiator. */
    public byte[] confirmation() {
        return confirmation.clone();
    }

    /**
     * Checks the peer's confirmation value (S_B = S_1 at the initiator, S_A = S_2 at the
     * responder) in constant time.
     *
     * @throws E if it does not match
     */
    public void verifyPeerConfirmation(byte[] peerConfirmation) throws E {
        Objects.requireNonNull(peerConfirmation, "peerConfirmation");
        if (peerConfirmation.length != expectedPeerConfirmation.length
                || !Bytes.constantTimeEquals(peerConfirmation, expectedPeerConfirmation)) {
            throw mismatch("the peer's key confirmation value does not match");
        }
    }

    /** Zeroes the shared key. */
    public void destroy() {
        Bytes.wipe(sharedKey);
    }

    /** The exception for a confirmation value that does not match. */
    protected abstract E mismatch(String message);
}
