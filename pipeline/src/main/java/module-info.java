/**
 * gmflux's Reactor operators over Netty {@code ByteBuf}, file streaming, and the encrypted tunnel's Netty handlers
 * (codecs/PROXY.md). Its types take {@code Flux}, {@code ByteBuf} and Netty channel types, so those modules come
 * with it ({@code requires transitive}).
 */
module io.gmflux.pipeline {
    requires transitive io.gmflux.codecs;
    requires transitive reactor.core;
    requires transitive org.reactivestreams;
    requires transitive io.netty.buffer;
    requires transitive io.netty.common;
    requires transitive io.netty.transport;
    requires transitive io.netty.codec;
    requires io.netty.handler;

    exports io.gmflux.pipeline;
    exports io.gmflux.pipeline.tunnel;
}
