/**
 * What SM2's and SM9's key agreements (GB/T 32918.3/.4, GB/T 38635.2) have in common: the outcome
 * of one party's side of a key exchange, {@link io.gmflux.codecs.kex.ConfirmedAgreement}, and of a
 * key encapsulation, {@link io.gmflux.codecs.kex.KemEncapsulation}. The algorithms themselves are
 * in {@code io.gmflux.codecs.sm2} and {@code io.gmflux.codecs.sm9}.
 */
package io.gmflux.codecs.kex;
