/**
 * JMH benchmarks of SM3 and HMAC-SM3 ({@code io.gmflux.codecs.sm3}) against BouncyCastle and
 * Tencent Kona, named {@code <operation>_<implementation>}.
 */
package io.gmflux.bench.sm3;
