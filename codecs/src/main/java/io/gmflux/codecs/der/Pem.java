package io.gmflux.codecs.der;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;

/**
 * PEM (RFC 7468) text encoding of DER: {@code -----BEGIN label-----}, base64 in 64-character lines,
 * {@code -----END label-----}. Decoding tolerates text around the blocks (as OpenSSL does) and any
 * line breaks inside them, and is strict about the base64 and about matching labels.
 *
 * <p>Stateless and thread-safe.
 */
public final class Pem {

    /** One PEM block: its label and its decoded bytes. */
    public record Block(String label, byte[] der) {
        public Block {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(der, "der");
        }
    }

    private static final String BEGIN = "-----BEGIN ";
    private static final String END = "-----END ";
    private static final String DASHES = "-----";

    private Pem() {
    }

    /** Encodes {@code der} as one PEM block with the given label, ending in a newline. */
    public static String encode(String label, byte[] der) {
        checkLabel(label);
        String b64 = Base64.getEncoder().encodeToString(der);
        StringBuilder sb = new StringBuilder(b64.length() + b64.length() / 64 + 2 * label.length() + 40);
        sb.append(BEGIN).append(label).append(DASHES).append('\n');
        for (int i = 0; i < b64.length(); i += 64) {
            sb.append(b64, i, Math.min(b64.length(), i + 64)).append('\n');
        }
        sb.append(END).append(label).append(DASHES).append('\n');
        return sb.toString();
    }

    /** Every PEM block in {@code text}, in order. */
    public static List<Block> decodeAll(String text) throws DerFormatException {
        Objects.requireNonNull(text, "text");
        List<Block> blocks = new ArrayList<>();
        int from = 0;
        while (true) {
            int b = text.indexOf(BEGIN, from);
            if (b < 0) {
                break;
            }
            int labelEnd = text.indexOf(DASHES, b + BEGIN.length());
            if (labelEnd < 0) {
                throw new DerFormatException("PEM: unterminated BEGIN line");
            }
            String label = text.substring(b + BEGIN.length(), labelEnd);
            String endLine = END + label + DASHES;
            int e = text.indexOf(endLine, labelEnd + DASHES.length());
            if (e < 0) {
                throw new DerFormatException("PEM: no END line for '" + label + "'");
            }
            String body = text.substring(labelEnd + DASHES.length(), e);
            if (body.contains(DASHES)) {
                throw new DerFormatException("PEM: block '" + label + "' contains another armour line");
            }
            byte[] der;
            try {
                der = Base64.getDecoder().decode(stripWhitespace(body).getBytes(StandardCharsets.US_ASCII));
            } catch (IllegalArgumentException ex) {
                throw new DerFormatException("PEM: block '" + label + "' is not valid base64: " + ex.getMessage());
            }
            blocks.add(new Block(label, der));
            from = e + endLine.length();
        }
        return blocks;
    }

    /**
     * The single block labelled {@code label} in {@code text}.
     *
     * @throws DerFormatException if there is no such block, or more than one
     */
    public static byte[] decode(String text, String label) throws DerFormatException {
        byte[] found = null;
        for (Block b : decodeAll(text)) {
            if (b.label().equals(label)) {
                if (found != null) {
                    throw new DerFormatException("PEM: more than one '" + label + "' block");
                }
                found = b.der();
            }
        }
        if (found == null) {
            throw new DerFormatException("PEM: no '" + label + "' block found");
        }
        return found;
    }

    private static String stripWhitespace(String s) throws DerFormatException {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                continue;
            }
            boolean b64 = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '+' || c == '/' || c == '=';
            if (!b64) {
                throw new DerFormatException("PEM: character '" + c + "' is not base64");
            }
            sb.append(c);
        }
        if (sb.length() % 4 != 0) {
            throw new DerFormatException("PEM: base64 length " + sb.length() + " is not a multiple of 4");
        }
        return sb.toString();
    }

    private static void checkLabel(String label) {
        Objects.requireNonNull(label, "label");
        if (label.isEmpty() || label.contains(DASHES) || label.indexOf('\n') >= 0 || label.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("invalid PEM label: '" + label + "'");
        }
    }
}
