/** JMH benchmarks for SM2: gmflux against BouncyCastle's lightweight API and Tencent Kona through JCA. */
package io.gmflux.bench.sm2;
