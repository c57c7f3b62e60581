package io.gmflux.pipeline;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;
import reactor.core.scheduler.Scheduler;

/**
 * Where the chunk jobs of one stream run at parallelism {@code n >= 2}: a queue shared by the
 * thread that hands the jobs in (the operator's sequential stage, itself a scheduler worker) and
 * {@code n - 1} helper workers taken from the scheduler once for the whole stream. A helper, once
 * woken, runs queued jobs back to back until the queue is empty; the handing thread leaves one
 * queued job per busy helper (so a helper that finishes finds its next job without a wake-up) and
 * runs any job beyond those itself, the oldest first. So on a steady stream every thread seals
 * all the time and no thread is woken per chunk: a {@code subscribeOn} per chunk woke an idle
 * worker (or queued behind the handing thread on its own executor) for every chunk, which on a
 * quiet machine cost more than the stream's other work put together.
 *
 * <p>Each job's {@link Mono} completes, with the job, on whichever thread ran it; the caller
 * re-orders ({@code flatMapSequential}). {@link #dispose()} gives the helpers back; jobs that
 * never ran stay in their stream's {@code live} set, which the stream's close discards, and a
 * helper that was running one finishes it (its job state machine releases what it made).
 *
 * <p>{@link #run} is called by one thread at a time (Reactor's serialised {@code onNext});
 * everything else is thread-safe.
 */
final class SharedJobQueue implements Disposable {

    /** A queued job and the {@code Mono} waiting for it. */
    private static final class Pending {
        final ChunkJob job;
        final MonoSink<ChunkJob> sink;

        Pending(ChunkJob job, MonoSink<ChunkJob> sink) {
            this.job = job;
            this.sink = sink;
        }

        void run() {
            sink.success(job.run());
        }
    }

    private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final Scheduler.Worker[] helpers;
    /** 1 while helper i is scheduled or running: it polls the queue before it goes idle. */
    private final AtomicIntegerArray busy;
    private final AtomicInteger busyCount = new AtomicInteger();
    private volatile boolean disposed;

    /** Takes {@code parallelism - 1} workers of {@code scheduler} as helpers. */
    SharedJobQueue(Scheduler scheduler, int parallelism) {
        if (parallelism < 2) {
            throw new IllegalArgumentException("a shared queue needs a parallelism of at least 2, got " + parallelism);
        }
        helpers = new Scheduler.Worker[parallelism - 1];
        for (int i = 0; i < helpers.length; i++) {
            helpers[i] = scheduler.createWorker();
        }
        busy = new AtomicIntegerArray(helpers.length);
    }

    /**
     * The job, run by a helper or by the calling thread: a {@code Mono} that queues it on
     * subscription and completes with it once it ran. A job already done (the header, a failure)
     * completes as it is.
     */
    Mono<ChunkJob> run(Object o) {
        ChunkJob job = (ChunkJob) o;
        if (job.isDone()) {
            return Mono.just(job);
        }
        return Mono.create(sink -> {
            queue.offer(new Pending(job, sink));
            queued.incrementAndGet();
            wakeAnIdleHelper();
            // jobs beyond one per busy helper would wait: run them here, the oldest first
            while (!disposed && queued.get() > busyCount.get()) {
                Pending p = poll();
                if (p == null) {
                    break;
                }
                p.run();
            }
        });
    }

    private Pending poll() {
        Pending p = queue.poll();
        if (p != null) {
            queued.decrementAndGet();
        }
        return p;
    }

    private void wakeAnIdleHelper() {
        for (int i = 0; i < helpers.length; i++) {
            if (busy.get(i) == 0 && busy.compareAndSet(i, 0, 1)) {
                busyCount.incrementAndGet();
                int h = i;
                try {
                    helpers[i].schedule(() -> help(h));
                } catch (RejectedExecutionException e) {
                    // disposed (the stream is ending) or the scheduler shut down: the caller runs the jobs
                    idle(i);
                }
                return;
            }
        }
    }

    /** Helper {@code i}: runs queued jobs until none is left, then goes idle. */
    private void help(int i) {
        while (true) {
            Pending p;
            while (!disposed && (p = poll()) != null) {
                p.run();
            }
            idle(i);
            // a job queued after the last poll but before idle() found this helper busy and woke
            // nobody: take it back up unless someone else claimed this helper meanwhile
            if (disposed || queue.isEmpty() || !busy.compareAndSet(i, 0, 1)) {
                return;
            }
            busyCount.incrementAndGet();
        }
    }

    private void idle(int i) {
        busyCount.decrementAndGet();
        busy.set(i, 0);
    }

    @Override
    public void dispose() {
        disposed = true;
        for (Scheduler.Worker w : helpers) {
            w.dispose();
        }
    }

    @Override
    public boolean isDisposed() {
        return disposed;
    }
}
