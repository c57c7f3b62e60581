/**
 * JMH benchmarks of gmflux against BouncyCastle, Tencent Kona and the JDK. Benchmarks are named
 * {@code <operation>_<implementation>} so that any two rows pair up.
 */
package io.gmflux.bench;
