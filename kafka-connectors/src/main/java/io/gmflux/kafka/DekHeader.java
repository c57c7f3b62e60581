package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2Signer;
import io.gmflux.codecs.sm3.HmacSm3;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The value of the {@code gmflux.dek} record header, version 2 (FORMAT.md §7.1): the suite, the DEK
 * id, the DEK wrapped to every recipient (one {@link RecipientStanza} each, SM2 points compressed on
 * the wire: {@link CompactStanza}), the DEK commitment and, when the producer signs, its SM2
 * signature (raw {@code r || s}).
 *
 * <pre>
 *   offset size  field
 *   0      1     version     0x02
 *   1      1     suite       FORMAT.md §4
 *   2      16    dek_id
 *   18     1     n           1 &lt;= n &lt;= 64, at most one stanza per (type, key id)
 *   19     ...   stanza*n    type u8 || length u16 || body (FORMAT.md §5, C1 compressed: CompactStanza)
 *   c      32    commitment  HMAC-SM3(commit_key, header[0, c))
 *   c+32   1     signer      0x00 none, 0x01 SM2
 *   c+33   8     key_id      SM2 only: the producer's key id (FORMAT.md §5)
 *   c+41   64    r || s      SM2 only: over "gmflux/kafka/v2 producer" || header[0, c+41) || topic
 * </pre>
 *
 * <p>Immutable and thread-safe; accessors return the parsed bytes without copying them (callers
 * must not modify them).
 */
final class DekHeader {

    /** The header's key on a record. */
    static final String NAME = "gmflux.dek";
    static final int VERSION = 2;
    /** The most stanzas the format allows; a reader's own limit ({@link GmfluxConfig#MAX_STANZAS}) is lower. */
    static final int MAX_STANZAS = 64;
    static final int MAX_STANZA_BODY = 16384;
    static final int DEK_ID_OFFSET = 2;
    static final int STANZAS_OFFSET = DEK_ID_OFFSET + DekKeys.DEK_ID_LENGTH + 1;
    static final int COMMITMENT_LENGTH = HmacSm3.MAC_LENGTH;
    static final int SIGNER_NONE = 0x00;
    static final int SIGNER_SM2 = 0x01;
    static final int SIGNER_KEY_ID_LENGTH = RecipientStanza.KEY_ID_LENGTH;

    private final Suite suite;
    private final byte[] dekId;
    /** Offset of each stanza's type byte. */
    private final int[] stanzaStarts;
    /** {@code type:key_id} of each stanza. */
    private final List<String> addressees;
    private final int commitmentOffset;
    private final byte[] bytes;

    private DekHeader(Suite suite, byte[] dekId, int[] stanzaStarts, List<String> addressees,
            int commitmentOffset, byte[] bytes) {
        this.suite = suite;
        this.dekId = dekId;
        this.stanzaStarts = stanzaStarts;
        this.addressees = Collections.unmodifiableList(addressees);
        this.commitmentOffset = commitmentOffset;
        this.bytes = bytes;
    }

    /**
     * The committed part of a header, {@code header[0, c)}: version, suite, DEK id and stanzas (§5's,
     * written in their wire form). The writer appends the commitment and the signer fields.
     */
    static byte[] committedPart(Suite suite, byte[] dekId, List<RecipientStanza> stanzas) {
        if (stanzas.isEmpty() || stanzas.size() > MAX_STANZAS) {
            throw new IllegalArgumentException("a DEK needs 1.." + MAX_STANZAS + " recipients, got " + stanzas.size());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(STANZAS_OFFSET + 128 * stanzas.size());
        out.write(VERSION);
        out.write(suite.id());
        out.writeBytes(dekId);
        out.write(stanzas.size());
        for (RecipientStanza s : stanzas) {
            byte[] body = CompactStanza.compress(s);
            out.write(s.type());
            out.write(body.length >>> 8);
            out.write(body.length);
            out.writeBytes(body);
        }
        return out.toByteArray();
    }

    /**
     * Parses a header value's layout, enforcing {@code maxStanzas} and one stanza per (type, key id);
     * SM2 points are decompressed later, by {@link #expandStanzas()}. The message of a failure says
     * what is wrong with it.
     */
    static DekHeader parse(byte[] b, int maxStanzas) throws StreamException.Malformed {
        if (b.length < STANZAS_OFFSET) {
            throw new StreamException.Malformed("gmflux.dek header of " + b.length + " bytes is too short");
        }
        if ((b[0] & 0xff) != VERSION) {
            throw new StreamException.Malformed("gmflux.dek header has unsupported version " + (b[0] & 0xff)
                    + " (this reader reads version " + VERSION + ")");
        }
        Suite suite = Suite.byId(b[1] & 0xff);
        byte[] dekId = Arrays.copyOfRange(b, DEK_ID_OFFSET, DEK_ID_OFFSET + DekKeys.DEK_ID_LENGTH);
        int n = b[STANZAS_OFFSET - 1] & 0xff;
        int limit = Math.min(maxStanzas, MAX_STANZAS);
        if (n < 1 || n > limit) {
            throw new StreamException.Malformed("gmflux.dek header has " + n + " stanzas (this reader takes 1.."
                    + limit + ")");
        }
        int[] starts = new int[n];
        List<String> addressees = new ArrayList<>(n);
        Set<String> addressed = new HashSet<>();
        int pos = STANZAS_OFFSET;
        for (int i = 0; i < n; i++) {
            if (b.length - pos < 3) {
                throw new StreamException.Malformed("gmflux.dek header ends inside stanza " + i);
            }
            int type = b[pos] & 0xff;
            int len = stanzaLength(b, pos);
            starts[i] = pos;
            pos += 3;
            if (len > MAX_STANZA_BODY || len > b.length - pos) {
                throw new StreamException.Malformed("gmflux.dek header: stanza " + i + " of " + len
                        + " bytes does not fit");
            }
            // The key id leads the body in both forms (CompactStanza), so duplicates show before expanding.
            String addressee = addressee(type, len >= RecipientStanza.KEY_ID_LENGTH
                    ? Hex.encode(b, pos, RecipientStanza.KEY_ID_LENGTH) : null);
            if (!addressed.add(addressee)) {
                throw new StreamException.Malformed("gmflux.dek header has two stanzas for " + addressee);
            }
            addressees.add(addressee);
            pos += len;
        }
        int commitmentOffset = pos;
        if (b.length - pos < COMMITMENT_LENGTH + 1) {
            throw new StreamException.Malformed("gmflux.dek header ends before its commitment and signer");
        }
        pos += COMMITMENT_LENGTH;
        int signer = b[pos++] & 0xff;
        int rest = switch (signer) {
            case SIGNER_NONE -> 0;
            case SIGNER_SM2 -> SIGNER_KEY_ID_LENGTH + Sm2Signer.SIGNATURE_LENGTH;
            default -> throw new StreamException.Malformed("gmflux.dek header has unknown signer type " + signer);
        };
        if (b.length - pos != rest) {
            throw new StreamException.Malformed("gmflux.dek header has " + (b.length - pos) + " bytes after its signer"
                    + " type, expected " + rest);
        }
        return new DekHeader(suite, dekId, starts, addressees, commitmentOffset, b);
    }

    private static int stanzaLength(byte[] b, int stanza) {
        return ((b[stanza + 1] & 0xff) << 8) | (b[stanza + 2] & 0xff);
    }

    /** {@code type:key_id} of a stanza, the unit a header may address once ({@code keyIdHex} null: none). */
    private static String addressee(int type, String keyIdHex) {
        return RecipientStanza.typeName(type)
                + (type == RecipientStanza.TYPE_PASSPHRASE || keyIdHex == null ? "" : ":" + keyIdHex);
    }

    Suite suite() {
        return suite;
    }

    byte[] dekIdRef() {
        return dekId;
    }

    /**
     * The stanzas in FORMAT.md §5's form (SM2 points decompressed), ready for an {@code Identity}: a
     * fresh list each call, costing one square root mod p per SM2 point, so a reader calls it once,
     * after the checks that need no stanza.
     *
     * @throws StreamException.Malformed if a C1 is not a valid compressed point ({@link CompactStanza#expand})
     */
    List<RecipientStanza> expandStanzas() throws StreamException.Malformed {
        List<RecipientStanza> out = new ArrayList<>(stanzaStarts.length);
        for (int i = 0; i < stanzaStarts.length; i++) {
            int at = stanzaStarts[i];
            out.add(CompactStanza.expand(bytes[at] & 0xff, bytes, at + 3, stanzaLength(bytes, at), i));
        }
        return out;
    }

    int stanzaCount() {
        return stanzaStarts.length;
    }

    /** The header bytes this was parsed from. */
    byte[] bytesRef() {
        return bytes;
    }

    /** Length of the committed part, which the commitment follows. */
    int commitmentOffset() {
        return commitmentOffset;
    }

    boolean signed() {
        return (bytes[commitmentOffset + COMMITMENT_LENGTH] & 0xff) == SIGNER_SM2;
    }

    /** Offset of the signer key id (only when {@link #signed()}). */
    int signerKeyIdOffset() {
        return commitmentOffset + COMMITMENT_LENGTH + 1;
    }

    /** Offset of {@code r || s}: everything before it is signed (only when {@link #signed()}). */
    int signatureOffset() {
        return signerKeyIdOffset() + SIGNER_KEY_ID_LENGTH;
    }

    /** The recipients' key ids, e.g. {@code [sm2:0011223344556677]}, for error messages. */
    String describeRecipients() {
        return "[" + String.join(", ", addressees) + "]";
    }
}
