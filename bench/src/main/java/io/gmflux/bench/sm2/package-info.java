/**
 * JMH benchmarks for SM2: gmflux against BouncyCastle's lightweight API (on {@code CustomNamedCurves}'
 * sm2p256v1) and Tencent Kona, and the reference diagnosis of a disagreeing key exchange
 * ({@code ExchangeDiagnosis}, also used by {@code io.gmflux.bench.tools.Sm2ExchangeHunt}).
 */
package io.gmflux.bench.sm2;
