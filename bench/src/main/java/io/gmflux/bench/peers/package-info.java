/**
 * The peers at their best, for {@link io.gmflux.bench.rounds.PerformanceReport}: Tencent Kona through
 * each of its providers ({@link io.gmflux.bench.peers.KonaOps}) and BouncyCastle's JCA SM2 path
 * ({@link io.gmflux.bench.peers.JcaSm2}, which also runs gmflux's provider the same way). The lightweight BouncyCastle paths live in the JMH
 * benchmark classes beside gmflux's.
 */
package io.gmflux.bench.peers;
