package io.gmflux.pipeline;

import io.netty.buffer.ByteBuf;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One chunk to seal or open, or an output ready to hand out (the header, a failure). A chunk job
 * is cut on the source's thread, claimed (given its index and last flag by the codecs' one chunk
 * logic) in order on the operator's sequential stage, run on any thread, and its output taken in
 * order by the operator's last stage.
 *
 * <p>Ownership: the job owns its input buffer until it runs (the run releases it, or keeps it as
 * its output when it seals in place), and its output until {@link #take()} hands it downstream.
 * A {@link #discard()} (on cancel or error) releases whatever the job owns at that moment. Runs,
 * takes and discards may race; a small state machine makes exactly one party release each buffer.
 * Every job not yet taken or discarded is in its stream's {@code live} set, so the stream's close
 * discards the jobs that Reactor's queues drop without a discard hook (some do, e.g.
 * {@code flatMapSequential}'s inner queues): a discard is idempotent.
 *
 * <p>Thread-safe.
 */
non-sealed class ChunkJob implements Cut {

    private static final int NEW = 0;
    private static final int RUNNING = 1;
    private static final int DONE = 2;
    private static final int TAKEN = 3;
    private static final int DISCARDED = 4;

    private final AtomicInteger state;
    private final Set<ChunkJob> live;
    protected final ByteBuf in;
    protected final boolean last;
    private JobOutput output;

    /** A job of a chunk in {@code in}, to be claimed and run. */
    ChunkJob(ByteBuf in, boolean last, Set<ChunkJob> live) {
        this.state = new AtomicInteger(NEW);
        this.in = in;
        this.last = last;
        this.live = live;
        live.add(this);
    }

    private ChunkJob(JobOutput output, Set<ChunkJob> live) {
        this.state = new AtomicInteger(DONE);
        this.in = null;
        this.last = false;
        this.output = output;
        this.live = live;
        live.add(this);
    }

    /** A job whose output (a buffer or a {@link Failure}) is ready. */
    static ChunkJob ready(JobOutput output, Set<ChunkJob> live) {
        return new ChunkJob(output, live);
    }

    /**
     * Seals or opens {@code in}; returns the output buffer, which may be {@code in} itself (sealed
     * in place). Otherwise {@code in} is released by the caller.
     */
    protected ByteBuf work() throws Exception {
        throw new UnsupportedOperationException("a ready job has no work");
    }

    /** Releases the input of a job that did not produce it as output; sealing jobs zero plaintext first. */
    protected void releaseInput() {
        in.release();
    }

    /** Whether the job's output is ready (it ran, or was made ready). */
    final boolean isDone() {
        return state.get() == DONE;
    }

    /** Runs the job once (a no-op if it was discarded or has run); returns itself. */
    final ChunkJob run() {
        if (!state.compareAndSet(NEW, RUNNING)) {
            return this;
        }
        JobOutput out;
        ByteBuf made = null;
        try {
            made = work();
            out = new JobOutput.Chunk(made);
        } catch (Exception | Error e) {
            out = new Failure(e);
        }
        if (made != in) {
            releaseInput();
        }
        output = out;
        if (!state.compareAndSet(RUNNING, DONE)) {
            // discarded while running: the run releases what it made
            output = null;
            out.release();
        }
        return this;
    }

    /** The output (a buffer the caller now owns, or a {@link Failure}), or null if it was discarded. */
    final JobOutput take() {
        if (!state.compareAndSet(DONE, TAKEN)) {
            return null;
        }
        live.remove(this);
        JobOutput out = output;
        output = null;
        return out;
    }

    /** Releases what the job owns now; a running job releases what it makes when it ends. Idempotent. */
    @Override
    public final void discard() {
        while (true) {
            int s = state.get();
            if (s == NEW) {
                if (state.compareAndSet(NEW, DISCARDED)) {
                    live.remove(this);
                    releaseInput();
                    return;
                }
            } else if (s == RUNNING) {
                if (state.compareAndSet(RUNNING, DISCARDED)) {
                    live.remove(this);
                    return;
                }
            } else if (s == DONE) {
                if (state.compareAndSet(DONE, DISCARDED)) {
                    live.remove(this);
                    JobOutput out = output;
                    output = null;
                    out.release();
                    return;
                }
            } else {
                return;
            }
        }
    }

    /** Discards every job still live in {@code live}. */
    static void discardAll(Set<ChunkJob> live) {
        for (ChunkJob j : live.toArray(new ChunkJob[0])) {
            j.discard();
        }
    }
}
