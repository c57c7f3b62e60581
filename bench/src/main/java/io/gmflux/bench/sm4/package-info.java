/**
 * JMH benchmarks of SM4 and its modes: gmflux against BouncyCastle (lightweight API; GCM with
 * {@code Tables64kGCMMultiplier}) and Tencent Kona (JCA, native providers), on the same
 * preallocated buffers in the same run.
 */
package io.gmflux.bench.sm4;
