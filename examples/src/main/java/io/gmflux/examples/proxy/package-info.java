/**
 * The secure TCP proxy: {@code gmflux proxy server|client} ({@link io.gmflux.examples.proxy.ProxyCommand})
 * over {@link io.gmflux.examples.proxy.TunnelProxy}, which tests and benchmarks start in-process.
 * The tunnel itself (handshake and records, codecs/PROXY.md) lives in
 * {@code io.gmflux.pipeline.tunnel}; this package only relays bytes between a plain connection and a
 * tunnel with backpressure, half-close, idle timeouts, graceful shutdown and counters.
 */
package io.gmflux.examples.proxy;
