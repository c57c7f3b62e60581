/**
 * What SM2's and SM9's key exchanges (GB/T 32918.3, GB/T 38635.2) have in common: the outcome of
 * one party's side, {@link io.gmflux.codecs.kex.ConfirmedAgreement}. The exchanges themselves are
 * {@code io.gmflux.codecs.sm2.Sm2KeyExchange} and {@code io.gmflux.codecs.sm9.Sm9KeyExchange}.
 */
package io.gmflux.codecs.kex;
