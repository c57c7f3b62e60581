package io.gmflux.codecs.keyservice;

import java.security.GeneralSecurityException;

/** A key service refused or could not answer; {@link #reason()} says which, {@link #retriable()} whether trying again may help. */
public final class KeyServiceException extends GeneralSecurityException {

    private static final long serialVersionUID = 1L;

    /** Why a call failed. */
    public enum Reason {
        /** The service or token cannot be reached or logged into (retriable). */
        UNAVAILABLE(true),
        /** No key has this alias or id. */
        KEY_NOT_FOUND(false),
        /** The key exists but may not be used (disabled, wrong usage). */
        KEY_DISABLED(false),
        /** The wrapped bytes, their context or the key do not match. */
        UNWRAP_FAILED(false);

        private final boolean retriable;

        Reason(boolean retriable) {
            this.retriable = retriable;
        }
    }

    private final Reason reason;
    private final String detail;

    public KeyServiceException(Reason reason, String message) {
        this(reason, message, null);
    }

    public KeyServiceException(Reason reason, String message, Throwable cause) {
        super(reason + ": " + message, cause);
        this.reason = reason;
        this.detail = message;
    }

    public Reason reason() {
        return reason;
    }

    /** The message without the reason in front of it. */
    public String detail() {
        return detail;
    }

    public boolean retriable() {
        return reason.retriable;
    }
}
