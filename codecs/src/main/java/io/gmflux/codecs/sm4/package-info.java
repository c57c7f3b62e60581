/**
 * SM4 (GB/T 32907) and its modes of operation.
 *
 * <ul>
 *   <li>{@link io.gmflux.codecs.sm4.Sm4Engine}: the block cipher under one key, with a multi-block
 *       entry point and fused mode entry points ({@code encryptCbc}, {@code decryptCbc},
 *       {@code encryptCfb}, {@code decryptCfb}, {@code encryptOfb}, {@code encryptCtr}) that an
 *       engine may run faster than block by block; their default implementations work for any
 *       engine. {@link io.gmflux.codecs.sm4.Sm4#newTableEngine} returns the table-driven engine, which
 *       is fast and <b>not</b> constant-time (cache timing); a constant-time engine is the choice
 *       where an attacker may share the CPU cache.</li>
 *   <li>{@link io.gmflux.codecs.sm4.Sm4#newConstantTimeEngine} returns the bitsliced engine, or the
 *       Vector API engine of {@code gmflux-codecs-vector} (JDK 25+, found by class name through
 *       {@link io.gmflux.codecs.sm4.Sm4EngineProvider}) once a daemon thread, started by the first
 *       call, has shown it runs fast; {@link io.gmflux.codecs.sm4.Sm4#constantTimeEngineName} says which,
 *       {@link io.gmflux.codecs.sm4.Sm4#awaitConstantTimeEngine} waits for the choice.</li>
 *   <li>{@link io.gmflux.codecs.sm4.Sm4Cipher}: one direction of one mode over a message that
 *       arrives in pieces. Block modes {@link io.gmflux.codecs.sm4.Sm4Ecb} and
 *       {@link io.gmflux.codecs.sm4.Sm4Cbc} ({@link io.gmflux.codecs.sm4.Sm4Padding} NONE or
 *       PKCS7) share one buffering loop; stream modes {@link io.gmflux.codecs.sm4.Sm4Cfb}
 *       (CFB-128), {@link io.gmflux.codecs.sm4.Sm4Ofb} and {@link io.gmflux.codecs.sm4.Sm4Ctr}
 *       (128-bit big-endian counter) share another. Modes follow GB/T 17964.</li>
 *   <li>{@link io.gmflux.codecs.sm4.Sm4Xts}: XTS for data units such as disk sectors, GB/T 17964-2021
 *       (the default, as in GmSSL and OpenSSL 3) or IEEE 1619.</li>
 *   <li>AEADs (GCM, CCM) implement {@link io.gmflux.codecs.sm4.Sm4AeadCipher}.</li>
 * </ul>
 *
 * <p>Thread safety: engines are immutable and shareable; factories are thread-safe; cipher and
 * XTS objects are not. No class here depends on anything outside the JDK and
 * {@code io.gmflux.codecs.bytes}.
 */
package io.gmflux.codecs.sm4;
