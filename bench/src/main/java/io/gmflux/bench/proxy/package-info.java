/**
 * End-to-end benchmarks of the secure proxy (codecs/PROXY.md, {@code gmflux proxy}): bulk transfer
 * through a client and a server proxy against direct loopback and raw SM4-GCM record sealing on one
 * core, handshake latency, and 1 KiB request/response latency. Results: bench/results/proxy.md.
 */
package io.gmflux.bench.proxy;
