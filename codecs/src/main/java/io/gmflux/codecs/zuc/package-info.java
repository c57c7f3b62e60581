/**
 * ZUC (GB/T 33133; 3GPP TS 35.221-223): the ZUC-128 and ZUC-256 (2018 draft) keystream generators
 * ({@link io.gmflux.codecs.zuc.Zuc128}, {@link io.gmflux.codecs.zuc.Zuc256}), the 3GPP algorithms
 * 128-EEA3 ({@link io.gmflux.codecs.zuc.Eea3}) and 128-EIA3 ({@link io.gmflux.codecs.zuc.Eia3},
 * {@link io.gmflux.codecs.zuc.Zuc128Mac}), and the ZUC-256 MAC ({@link io.gmflux.codecs.zuc.Zuc256Mac}).
 *
 * <p>One generator ({@code ZucCore}) serves both ciphers, which differ only in how key, IV and
 * constants are loaded; one word-wise MAC loop ({@code ZucMacAccumulator}) serves both MACs.
 * Depends only on {@code io.gmflux.codecs.bytes}.
 */
package io.gmflux.codecs.zuc;
