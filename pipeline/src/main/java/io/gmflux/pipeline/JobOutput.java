package io.gmflux.pipeline;

import io.netty.buffer.ByteBuf;
import io.netty.util.ReferenceCountUtil;

/**
 * What a {@link ChunkJob} hands out when taken ({@link ChunkJob#take()}): a buffer of output (a
 * sealed or opened chunk, or the stream header's bytes), or a {@link Failure}.
 *
 * <p>Ownership: whoever takes a {@link Chunk} owns its buffer; {@link #release()} releases it.
 */
sealed interface JobOutput permits JobOutput.Chunk, Failure {

    /** Releases whatever this output owns; for a failure, nothing. */
    void release();

    /** A buffer of output, owned by whoever holds this record. */
    record Chunk(ByteBuf buf) implements JobOutput {
        @Override
        public void release() {
            ReferenceCountUtil.safeRelease(buf);
        }
    }
}
