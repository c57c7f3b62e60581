/**
 * Reactor operators over Netty {@code ByteBuf}s and file streaming for the gmflux stream format;
 * {@link io.gmflux.pipeline.Gmflux} is the facade, the operators' state classes are internal.
 * The Netty channel handlers of the gmflux tunnel are in {@link io.gmflux.pipeline.tunnel}.
 *
 * <p>Inside, each operator has three stages: the input is cut into chunks on the source's thread
 * (copied, or sliced when a heap buffer holds whole chunks) and the source's reference released at
 * once; the chunks' places in the stream are claimed in order on the scheduler (where the KEM work
 * also runs); the chunks are sealed or opened as {@code ChunkJob}s, at parallelism 1 right after
 * their claim on the same worker (no thread hop per chunk), else in parallel, and re-assembled in
 * order. What flows between the stages is sealed: a cut emits {@code Cut}s (the parsed header, a
 * {@code ChunkJob}, a {@code Failure}), the claim stage emits {@code ChunkJob}s, and a job hands out
 * a {@code JobOutput} (a chunk's buffer or a {@code Failure}). Every buffer has exactly one owner at
 * a time (a job's state machine decides between a run and a discard), so cancel and error release
 * everything.
 *
 * <p>Depends on gmflux-codecs (whose {@code StreamEncryptor}/{@code StreamDecryptor} hold the only
 * chunk logic: claims, counters, last-chunk rules), reactor-core and netty-buffer.
 */
package io.gmflux.pipeline;
