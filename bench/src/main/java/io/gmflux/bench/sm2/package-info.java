/**
 * JMH benchmarks for SM2: gmflux against BouncyCastle's lightweight API (on {@code CustomNamedCurves}'
 * sm2p256v1) and Tencent Kona, plus the key-exchange hunt and stress tools of issue 3.
 */
package io.gmflux.bench.sm2;
