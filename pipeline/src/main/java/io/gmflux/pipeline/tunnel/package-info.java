/**
 * Netty channel handlers for the gmflux tunnel (codecs/PROXY.md): an SM2-authenticated handshake
 * and a record layer that frames, seals and opens a byte stream with SM4-GCM, ZUC-128 or ZUC-256.
 *
 * <pre>{@code
 * ch.pipeline().addLast(new TunnelHandshakeHandler(TunnelConfig.client(myKey, serverPublicKey)));
 * ch.pipeline().addLast(myApplicationHandler);   // reads and writes plaintext ByteBufs
 * }</pre>
 *
 * <p>The handshake handler installs a {@link io.gmflux.pipeline.tunnel.TunnelRecordDecoder} and a
 * {@link io.gmflux.pipeline.tunnel.TunnelRecordEncoder} right after itself when it is added, keys them
 * when the handshake completes, fires {@link io.gmflux.pipeline.tunnel.TunnelHandshakeCompleted}, and
 * removes itself. Writes made before that are queued and sealed once the keys exist. Writing
 * {@link io.gmflux.pipeline.tunnel.TunnelCloseNotify#INSTANCE} ends the outbound direction (close_notify,
 * then a TCP half-close); the peer's close_notify arrives as
 * {@link io.gmflux.pipeline.tunnel.TunnelCloseNotifyReceived}. Every failure fires a
 * {@link io.gmflux.pipeline.tunnel.TunnelException} subtype and closes the channel; no byte reaches the
 * handlers after the tunnel unless its record authenticated.
 *
 * <p>Inside, the handshake's protocol is a state machine free of Netty ({@code TunnelHandshake}: an
 * enum of states, one method per message, typed failures) over message records that encode and
 * decode themselves at PROXY.md's offsets ({@code ClientHello}, {@code ServerHello},
 * {@code ClientFinished}); the handler only moves frames, runs steps on the handshake executor,
 * keeps the timeout and fires events.
 *
 * <p>ByteBuf ownership: the encoder releases every buffer written to it; the decoder emits one new
 * buffer per record that the next handler owns. Handlers are not sharable: one set per channel.
 * Depends on gmflux-codecs and Netty (transport, codec-base, handler) only.
 */
package io.gmflux.pipeline.tunnel;
