/**
 * JMH benchmarks of SM4 and its modes: gmflux against BouncyCastle (lightweight API) and Tencent
 * Kona (JCA), on the same preallocated buffers in the same run.
 */
package io.gmflux.bench.sm4;
