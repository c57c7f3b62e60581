/**
 * Constant-time SM4 on the Vector API ({@code jdk.incubator.vector}, JDK 25+): the
 * {@link io.gmflux.codecs.sm4.Sm4EngineProvider} that {@code Sm4.newConstantTimeEngine} picks when
 * this jar is on the class path, the JVM runs with {@code --add-modules jdk.incubator.vector} and
 * the CPU runs the 512-bit kernel fast (AVX-512 VBMI). Depends on {@code io.gmflux.codecs.sm4}
 * and {@code io.gmflux.codecs.bytes} only.
 */
package io.gmflux.codecs.sm4.vector;
