/**
 * JMH benchmarks of gmflux's ZUC (128-EEA3, 128-EIA3) against BouncyCastle.
 */
package io.gmflux.bench.zuc;
