/**
 * Benchmarks of the stream pipeline: SM4-GCM sealing of a 256 MiB {@code Flux<ByteBuf>} through
 * {@code Gmflux.encrypt} at parallelism 1 and 2 against raw SM4-GCM over the same bytes and chunk
 * size ({@link io.gmflux.bench.pipeline.GcmStreamBench}); results in bench/results/stream.md.
 */
package io.gmflux.bench.pipeline;
