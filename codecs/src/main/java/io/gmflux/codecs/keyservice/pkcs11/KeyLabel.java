package io.gmflux.codecs.keyservice.pkcs11;

import java.util.Collection;
import java.util.Optional;

/**
 * The rule that maps an alias to its key versions on a token: a KEK's {@code CKA_LABEL} is the alias
 * itself (version 0) or {@code <alias>#v<N>} with N a decimal from 1 to 999999999 without leading
 * zeros. The newest version is the highest N; other labels are not versions of the alias.
 */
final class KeyLabel {

    private static final String SEPARATOR = "#v";
    private static final int MAX_VERSION_DIGITS = 9;

    private KeyLabel() {}

    /** Checks an alias as a user gives it: non-empty, without {@code '#'}. */
    static void checkAlias(String alias) {
        if (alias == null || alias.isEmpty()) {
            throw new IllegalArgumentException("key alias must not be empty");
        }
        if (alias.indexOf('#') >= 0) {
            throw new IllegalArgumentException("key alias must not contain '#' (versions are labelled <alias>#v<N>): " + alias);
        }
    }

    /** The version {@code label} gives {@code alias}, or -1 when it is not one of its versions. */
    static int versionOf(String alias, String label) {
        if (label.equals(alias)) {
            return 0;
        }
        if (!label.startsWith(alias + SEPARATOR)) {
            return -1;
        }
        String digits = label.substring(alias.length() + SEPARATOR.length());
        if (digits.isEmpty() || digits.length() > MAX_VERSION_DIGITS || digits.charAt(0) == '0') {
            return -1;
        }
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return -1;
            }
        }
        return Integer.parseInt(digits);
    }

    /** The label of the newest version of {@code alias} among {@code labels}. */
    static Optional<String> newest(String alias, Collection<String> labels) {
        String best = null;
        int bestVersion = -1;
        for (String label : labels) {
            int version = versionOf(alias, label);
            if (version > bestVersion) {
                best = label;
                bestVersion = version;
            }
        }
        return Optional.ofNullable(best);
    }
}
