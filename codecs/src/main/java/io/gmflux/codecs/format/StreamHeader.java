package io.gmflux.codecs.format;

import io.gmflux.codecs.bytes.Bytes;
import io.gmflux.codecs.sm3.HmacSm3;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The header of a gmflux stream, format v1 (FORMAT.md §1): suite, chunk size, salt, recipient
 * stanzas and the header MAC. Parsing checks the layout and the limits; the MAC can only be
 * checked once a stanza has given up the file key ({@link StreamDecryptor}).
 *
 * <p>Immutable and thread-safe.
 */
public final class StreamHeader {

    /** The magic bytes "GMFX". */
    static final byte[] MAGIC = {0x47, 0x4d, 0x46, 0x58};
    /** The format version this class reads and writes. */
    public static final int VERSION = 1;
    public static final int MIN_CHUNK_SIZE = 4096;
    public static final int MAX_CHUNK_SIZE = 4 << 20;
    public static final int DEFAULT_CHUNK_SIZE = 64 << 10;
    public static final int MAX_STANZAS = 1024;
    public static final int MAX_STANZA_BODY = 16384;
    public static final int SALT_LENGTH = 32;
    public static final int MAC_LENGTH = HmacSm3.MAC_LENGTH;
    /** Bytes before the first stanza. */
    static final int FIXED_LENGTH = 44;
    /** The longest header the format allows: every stanza at its largest, MAC included (16,780,364 bytes). */
    public static final int MAX_HEADER_LENGTH = FIXED_LENGTH + MAX_STANZAS * (3 + MAX_STANZA_BODY) + MAC_LENGTH;

    private final Suite suite;
    private final int chunkSize;
    private final byte[] salt;
    private final List<RecipientStanza> stanzas;
    private final byte[] encoded;

    private StreamHeader(Suite suite, int chunkSize, byte[] salt, List<RecipientStanza> stanzas, byte[] encoded) {
        this.suite = suite;
        this.chunkSize = chunkSize;
        this.salt = salt;
        this.stanzas = Collections.unmodifiableList(stanzas);
        this.encoded = encoded;
    }

    /** Builds and MACs a header (the writer's side). */
    static StreamHeader create(Suite suite, int chunkSize, byte[] salt, List<RecipientStanza> stanzas,
            byte[] headerKey) {
        checkChunkSize(chunkSize);
        if (stanzas.isEmpty() || stanzas.size() > MAX_STANZAS) {
            throw new IllegalArgumentException("a stream needs 1.." + MAX_STANZAS + " recipients, got " + stanzas.size());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(MAGIC);
        out.write(VERSION);
        out.write(suite.id());
        byte[] u32 = new byte[4];
        Bytes.putIntBEByBytes(u32, 0, chunkSize);
        out.writeBytes(u32);
        out.writeBytes(salt);
        out.write(stanzas.size() >>> 8);
        out.write(stanzas.size());
        for (RecipientStanza s : stanzas) {
            out.write(s.type());
            out.write(s.bodyLength() >>> 8);
            out.write(s.bodyLength());
            out.writeBytes(s.bodyRef());
        }
        byte[] unmaced = out.toByteArray();
        byte[] encoded = Arrays.copyOf(unmaced, unmaced.length + MAC_LENGTH);
        HmacSm3 mac = new HmacSm3(headerKey);
        mac.update(unmaced, 0, unmaced.length);
        mac.doFinal(encoded, unmaced.length);
        mac.destroy();
        return new StreamHeader(suite, chunkSize, salt.clone(), new ArrayList<>(stanzas), encoded);
    }

    /**
     * How long the header at the start of {@code buf[off, off + len)} is, or -1 if those bytes end
     * before the header does. Checks the layout and limits of what is there, so a reader can stop
     * early on garbage without waiting for more bytes.
     */
    public static int headerLength(byte[] buf, int off, int len) throws StreamException {
        return headerLength(buf, off, len, ReadLimits.FORMAT_MAXIMUM);
    }

    /**
     * As {@link #headerLength(byte[], int, int)}, refusing a header longer than
     * {@code limits.maxHeaderLength()} as soon as the lengths declared so far exceed it.
     *
     * @throws StreamException.Malformed if the bytes there break the format
     * @throws StreamException.LimitExceeded if the header declares more bytes than the cap
     */
    public static int headerLength(byte[] buf, int off, int len, ReadLimits limits) throws StreamException {
        Bytes.checkRange(buf, off, len, "buf");
        int cap = limits.maxHeaderLength();
        int have = Math.min(len, 4);
        for (int i = 0; i < have; i++) {
            if (buf[off + i] != MAGIC[i]) {
                throw new StreamException.Malformed("bad magic: not a gmflux stream");
            }
        }
        if (len < 5) {
            return -1;
        }
        int version = buf[off + 4] & 0xff;
        if (version != VERSION) {
            throw new StreamException.Malformed("unsupported version " + version);
        }
        if (len < 6) {
            return -1;
        }
        Suite.byId(buf[off + 5] & 0xff);
        if (len < 10) {
            return -1;
        }
        int chunk = Bytes.getIntBE(buf, off + 6);
        if (chunk < MIN_CHUNK_SIZE || chunk > MAX_CHUNK_SIZE) {
            throw new StreamException.Malformed("chunk size out of range: " + Integer.toUnsignedString(chunk));
        }
        if (len < FIXED_LENGTH) {
            return -1;
        }
        int n = ((buf[off + 42] & 0xff) << 8) | (buf[off + 43] & 0xff);
        if (n < 1 || n > MAX_STANZAS) {
            throw new StreamException.Malformed("malformed header: " + n + " stanzas (1.." + MAX_STANZAS + " allowed)");
        }
        checkCap(FIXED_LENGTH + 3L * n + MAC_LENGTH, cap, n + " stanzas");
        int pos = FIXED_LENGTH;
        for (int i = 0; i < n; i++) {
            if (len - pos < 3) {
                return -1;
            }
            int bodyLen = ((buf[off + pos + 1] & 0xff) << 8) | (buf[off + pos + 2] & 0xff);
            if (bodyLen > MAX_STANZA_BODY) {
                throw new StreamException.Malformed("malformed header: stanza " + i + " of " + bodyLen + " bytes exceeds "
                        + MAX_STANZA_BODY);
            }
            pos += 3 + bodyLen;
            // the stanzas still to come take at least 3 bytes each
            checkCap((long) pos + 3L * (n - 1 - i) + MAC_LENGTH, cap, "stanza " + i + " of " + bodyLen + " bytes");
        }
        pos += MAC_LENGTH;
        return len >= pos ? pos : -1;
    }

    private static void checkCap(long atLeast, int cap, String what) throws StreamException.LimitExceeded {
        if (atLeast > cap) {
            throw new StreamException.LimitExceeded("header too long for this reader: with " + what + " it takes at least "
                    + atLeast + " bytes, the cap is " + cap);
        }
    }

    /**
     * Parses a complete header that occupies exactly {@code buf[off, off + len)}.
     *
     * @throws StreamException.Malformed if it breaks the format
     * @throws StreamException.Truncated if the bytes end inside the header
     */
    public static StreamHeader parse(byte[] buf, int off, int len) throws StreamException {
        return parse(buf, off, len, ReadLimits.FORMAT_MAXIMUM);
    }

    /**
     * As {@link #parse(byte[], int, int)} under a reader's caps.
     *
     * @throws StreamException.LimitExceeded if the header is longer than {@code limits} allow
     */
    public static StreamHeader parse(byte[] buf, int off, int len, ReadLimits limits) throws StreamException {
        int total = headerLength(buf, off, len, limits);
        if (total < 0) {
            throw new StreamException.Truncated("stream truncated: it ends inside the header");
        }
        if (total != len) {
            throw new StreamException.Malformed("malformed header: " + (len - total) + " bytes after the header MAC");
        }
        Suite suite = Suite.byId(buf[off + 5] & 0xff);
        int chunk = Bytes.getIntBE(buf, off + 6);
        byte[] salt = Arrays.copyOfRange(buf, off + 10, off + 10 + SALT_LENGTH);
        int n = ((buf[off + 42] & 0xff) << 8) | (buf[off + 43] & 0xff);
        List<RecipientStanza> stanzas = new ArrayList<>(n);
        int pos = off + FIXED_LENGTH;
        for (int i = 0; i < n; i++) {
            int type = buf[pos] & 0xff;
            int bodyLen = ((buf[pos + 1] & 0xff) << 8) | (buf[pos + 2] & 0xff);
            stanzas.add(new RecipientStanza(type, Arrays.copyOfRange(buf, pos + 3, pos + 3 + bodyLen)));
            pos += 3 + bodyLen;
        }
        return new StreamHeader(suite, chunk, salt, stanzas, Arrays.copyOfRange(buf, off, off + len));
    }

    /**
     * Reads exactly one header from {@code in} (no byte past it), checking layout and limits as the
     * bytes arrive, and parses it.
     *
     * @throws StreamException.Truncated if the input ends inside the header
     * @throws StreamException.Malformed if it breaks the format
     */
    public static StreamHeader readFrom(InputStream in) throws IOException {
        return readFrom(in, ReadLimits.FORMAT_MAXIMUM);
    }

    /**
     * As {@link #readFrom(InputStream)} under a reader's caps: a header that declares more bytes
     * than {@code limits} allow is refused before its stanza bodies are read.
     *
     * @throws StreamException.LimitExceeded if the header is longer than {@code limits} allow
     */
    public static StreamHeader readFrom(InputStream in, ReadLimits limits) throws IOException {
        byte[] buf = new byte[FIXED_LENGTH + 3];
        int have = 0;
        int total;
        while ((total = headerLength(buf, 0, have, limits)) < 0) {
            // Never ask for more than the header can still need: the fixed part, then one stanza
            // header (3 bytes) at a time, then that stanza's body and, after the last, the MAC.
            int want = have < FIXED_LENGTH ? FIXED_LENGTH - have : nextNeed(buf, have);
            if (have + want > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(have + want, 2 * buf.length));
            }
            int r = in.read(buf, have, want);
            if (r < 0) {
                throw new StreamException.Truncated(have == 0 ? "stream truncated: empty input"
                        : "stream truncated: it ends inside the header");
            }
            have += r;
        }
        return parse(buf, 0, total, limits);
    }

    /** With the fixed part read, how many bytes the header needs next (at least 1). */
    private static int nextNeed(byte[] buf, int have) {
        int n = u16(buf, 42);
        int pos = FIXED_LENGTH;
        for (int i = 0; i < n; i++) {
            if (have < pos + 3) {
                return pos + 3 - have;
            }
            pos += 3 + u16(buf, pos + 1);
            if (have < pos) {
                return pos - have;
            }
        }
        return pos + MAC_LENGTH - have;
    }

    private static int u16(byte[] b, int off) {
        return ((b[off] & 0xff) << 8) | (b[off + 1] & 0xff);
    }

    /** Whether the MAC verifies under {@code headerKey}; constant-time comparison. */
    boolean macVerifies(byte[] headerKey) {
        int macOff = encoded.length - MAC_LENGTH;
        HmacSm3 mac = new HmacSm3(headerKey);
        mac.update(encoded, 0, macOff);
        byte[] expected = mac.doFinal();
        mac.destroy();
        return Bytes.constantTimeEquals(expected, 0, encoded, macOff, MAC_LENGTH);
    }

    static void checkChunkSize(int chunkSize) {
        if (chunkSize < MIN_CHUNK_SIZE || chunkSize > MAX_CHUNK_SIZE) {
            throw new IllegalArgumentException("chunk size must be in [" + MIN_CHUNK_SIZE + ", " + MAX_CHUNK_SIZE
                    + "], got " + chunkSize);
        }
    }

    public Suite suite() {
        return suite;
    }

    /** Plaintext bytes per chunk. */
    public int chunkSize() {
        return chunkSize;
    }

    /** A copy of the per-stream salt. */
    public byte[] salt() {
        return salt.clone();
    }

    byte[] saltRef() {
        return salt;
    }

    /** The recipient stanzas, in order (unmodifiable). */
    public List<RecipientStanza> stanzas() {
        return stanzas;
    }

    /** The header's exact encoding, MAC included (a copy). */
    public byte[] encoded() {
        return encoded.clone();
    }

    /** The length of the encoding in bytes. */
    public int length() {
        return encoded.length;
    }

    byte[] encodedRef() {
        return encoded;
    }
}
