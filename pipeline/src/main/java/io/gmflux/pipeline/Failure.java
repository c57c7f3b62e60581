package io.gmflux.pipeline;

/**
 * A failure kept in the stream's order: emitted by a cut or a job, and signalled by
 * {@link Gmflux#drive} once the chunks before it have been emitted. Holds no buffer.
 */
record Failure(Throwable cause) implements Cut, JobOutput {

    @Override
    public void discard() {
        // nothing to release
    }

    @Override
    public void release() {
        // nothing to release
    }
}
