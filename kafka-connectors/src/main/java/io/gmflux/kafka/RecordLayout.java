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
 * The DEK is named by the record's {@code gmflux.dek} header, which every record carries.
 */
final class RecordLayout {

    static final int VERSION = 2;
    static final int COUNTER_OFFSET = 1;
    static final int SEALED_OFFSET = COUNTER_OFFSET + 4;

    private RecordLayout() {
    }
}
