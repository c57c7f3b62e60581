/**
 * Reactor operators over Netty {@code ByteBuf}s and file streaming for the gmflux stream format;
 * {@link io.gmflux.pipeline.Gmflux} is the facade, the operators' state classes are internal.
 * Netty channel handlers for encrypted framing come with the proxy issue.
 *
 * <p>Depends on gmflux-codecs (whose {@code StreamEncryptor}/{@code StreamDecryptor} hold the only
 * chunk logic), reactor-core and netty-buffer.
 */
package io.gmflux.pipeline;
