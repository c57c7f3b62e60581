package io.gmflux.kafka;

import io.gmflux.codecs.bytes.Hex;
import io.gmflux.codecs.format.RecipientStanza;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.StreamSuite;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.StringJoiner;

/**
 * The value of the {@code gmflux.dek} record header (FORMAT.md §7): the suite and the DEK wrapped
 * to every recipient, one {@link RecipientStanza} each.
 *
 * <pre>
 *   offset size  field
 *   0      1     version   0x01
 *   1      1     suite     FORMAT.md §4
 *   2      2     n         u16, 1 &lt;= n &lt;= 1024
 *   4      ...   stanza*n  type u8 || length u16 || body (length bytes, &lt;= 16384)
 * </pre>
 *
 * <p>Immutable and thread-safe.
 */
final class DekHeader {

    /** The header's key on a record. */
    static final String NAME = "gmflux.dek";
    static final int VERSION = 1;
    static final int MAX_STANZAS = 1024;
    static final int MAX_STANZA_BODY = 16384;

    private final StreamSuite suite;
    private final List<RecipientStanza> stanzas;

    DekHeader(StreamSuite suite, List<RecipientStanza> stanzas) {
        this.suite = suite;
        this.stanzas = Collections.unmodifiableList(new ArrayList<>(stanzas));
    }

    StreamSuite suite() {
        return suite;
    }

    List<RecipientStanza> stanzas() {
        return stanzas;
    }

    byte[] encode() {
        if (stanzas.isEmpty() || stanzas.size() > MAX_STANZAS) {
            throw new IllegalArgumentException("a DEK needs 1.." + MAX_STANZAS + " recipients, got " + stanzas.size());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(4 + 128 * stanzas.size());
        out.write(VERSION);
        out.write(suite.id());
        out.write(stanzas.size() >>> 8);
        out.write(stanzas.size());
        for (RecipientStanza s : stanzas) {
            byte[] body = s.body();
            out.write(s.type());
            out.write(body.length >>> 8);
            out.write(body.length);
            out.writeBytes(body);
        }
        return out.toByteArray();
    }

    /** Parses a header value; the message of a failure says what is wrong with it. */
    static DekHeader parse(byte[] b) throws StreamException.Malformed {
        if (b.length < 4) {
            throw new StreamException.Malformed("gmflux.dek header of " + b.length + " bytes is too short");
        }
        if ((b[0] & 0xff) != VERSION) {
            throw new StreamException.Malformed("gmflux.dek header has unsupported version " + (b[0] & 0xff));
        }
        StreamSuite suite = StreamSuite.byId(b[1] & 0xff);
        int n = ((b[2] & 0xff) << 8) | (b[3] & 0xff);
        if (n < 1 || n > MAX_STANZAS) {
            throw new StreamException.Malformed("gmflux.dek header has " + n + " stanzas (1.." + MAX_STANZAS + ")");
        }
        List<RecipientStanza> stanzas = new ArrayList<>(n);
        int pos = 4;
        for (int i = 0; i < n; i++) {
            if (b.length - pos < 3) {
                throw new StreamException.Malformed("gmflux.dek header ends inside stanza " + i);
            }
            int type = b[pos] & 0xff;
            int len = ((b[pos + 1] & 0xff) << 8) | (b[pos + 2] & 0xff);
            pos += 3;
            if (len > MAX_STANZA_BODY || b.length - pos < len) {
                throw new StreamException.Malformed("gmflux.dek header: stanza " + i + " of " + len
                        + " bytes does not fit");
            }
            stanzas.add(new RecipientStanza(type, java.util.Arrays.copyOfRange(b, pos, pos + len)));
            pos += len;
        }
        if (pos != b.length) {
            throw new StreamException.Malformed("gmflux.dek header has " + (b.length - pos) + " bytes after its stanzas");
        }
        return new DekHeader(suite, stanzas);
    }

    /** The recipients' key ids, e.g. {@code [sm2:0011223344556677]}, for error messages. */
    String describeRecipients() {
        StringJoiner j = new StringJoiner(", ", "[", "]");
        for (RecipientStanza s : stanzas) {
            byte[] id = s.keyId();
            j.add(RecipientStanza.typeName(s.type()) + (s.type() == RecipientStanza.TYPE_PASSPHRASE || id == null
                    ? "" : ":" + Hex.encode(id)));
        }
        return j.toString();
    }
}
