package io.gmflux.kafka;

/**
 * The byte layout of an encrypted record value (FORMAT.md §7):
 *
 * <pre>
 *   offset size  field
 *   0      1     version   0x01
 *   1      16    dek_id    random per DEK
 *   17     4     counter   u32, the record's number under this DEK (the nonce)
 *   21     ...   sealed    SEAL(suite, record_key, nonce_prefix || counter || 0x01, plaintext): |P| + tag bytes
 * </pre>
 */
final class RecordLayout {

    static final int VERSION = 1;
    static final int DEK_ID_OFFSET = 1;
    static final int COUNTER_OFFSET = DEK_ID_OFFSET + DekKeys.DEK_ID_LENGTH;
    static final int SEALED_OFFSET = COUNTER_OFFSET + 4;

    private RecordLayout() {
    }
}
