/** JMH benchmarks of SM9 (io.gmflux.codecs.sm9) against BouncyCastle 1.87's SM9, and a self-checking stress run. */
package io.gmflux.bench.sm9;
