/**
 * Kafka Connect: {@link io.gmflux.kafka.connect.GmfluxConverter} encrypts whole record values in
 * gmflux's record format (FORMAT.md §7) around any inner converter, by delegating to
 * {@link io.gmflux.kafka.GmfluxSerializer} and {@link io.gmflux.kafka.GmfluxDeserializer}, and
 * {@link io.gmflux.kafka.connect.GmfluxKeyConverter} binds values to their keys as the key serde does;
 * {@link io.gmflux.kafka.connect.EncryptFields} and {@link io.gmflux.kafka.connect.DecryptFields}
 * encrypt chosen fields as field envelopes (FORMAT.md §8, {@link io.gmflux.kafka.connect.FieldCipher}),
 * leaving the rest of the record in clear.
 *
 * <p>Depends on io.gmflux.kafka, connect-api and connect-json (both provided by the Connect worker).
 */
package io.gmflux.kafka.connect;
