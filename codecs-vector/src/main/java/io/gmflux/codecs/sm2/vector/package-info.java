/**
 * SM2's constant-time table-row scan on the Vector API ({@code jdk.incubator.vector}, JDK 25+): the
 * {@link io.gmflux.codecs.sm2.AffineRowScanner} that gmflux-codecs picks when this jar is on the class path, the
 * JVM runs with {@code --add-modules jdk.incubator.vector} and the CPU has 256-bit long vectors (AVX2 or
 * AVX-512). Depends on {@code io.gmflux.codecs.sm2} only.
 */
package io.gmflux.codecs.sm2.vector;
