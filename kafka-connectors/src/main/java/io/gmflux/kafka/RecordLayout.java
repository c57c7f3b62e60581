package io.gmflux.kafka;

/**
 * The byte layout of an encrypted record value, version 2 (FORMAT.md §7.3):
 *
 * <pre>
 *   offset size  field
 *   0      1     version   0x02
 *   1      4     counter   u32, the record's number under its DEK (the nonce)
 *   5      ...   sealed    SEAL(suite, record_key, nonce_prefix || counter || 0x01, plaintext): |P| + tag bytes
 * </pre>
 *
 * The DEK is named by the record's {@code gmflux.dek} header, which every record carries. A record
 * that binds its key ({@link RecordKeyBinding}) has version 0x03, seals {@code key_digest || plaintext}
 * and uses nonce flag 0x00 instead of 0x01.
 */
final class RecordLayout {

    static final int VERSION = 2;
    /** The version byte of a record whose plaintext starts with the digest of its record key. */
    static final int VERSION_KEY_BOUND = 3;
    static final int COUNTER_OFFSET = 1;
    static final int SEALED_OFFSET = COUNTER_OFFSET + 4;

    private RecordLayout() {
    }
}
