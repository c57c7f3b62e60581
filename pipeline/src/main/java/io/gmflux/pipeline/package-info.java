/**
 * Reactor operators over Netty {@code ByteBuf}s, file streaming and Netty channel handlers for
 * encrypted framing. Depends on gmflux-codecs, reactor-core and netty-buffer.
 *
 * <p>Not yet implemented: the stream format and its operators arrive with the stream-pipeline
 * issue; this package holds only its documentation until then.
 */
package io.gmflux.pipeline;
