package io.gmflux.pipeline;

import io.gmflux.codecs.format.StreamHeader;

/**
 * What an operator's cut stage hands its sequential stage ({@link Gmflux#drive}): the parsed header
 * (decryption only), a chunk's {@link ChunkJob}, or a {@link Failure} in the stream's order.
 *
 * <p>Ownership: a cut owns what it holds until the sequential stage takes it; {@link #discard()}
 * releases it.
 */
sealed interface Cut permits Cut.Header, ChunkJob, Failure {

    /** Releases whatever this cut owns (a job's buffer); idempotent. */
    void discard();

    /** The stream header, parsed for its layout only; holds no buffer. */
    record Header(StreamHeader header) implements Cut {
        @Override
        public void discard() {
            // nothing to release
        }
    }
}
