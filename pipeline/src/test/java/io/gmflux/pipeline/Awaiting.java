package io.gmflux.pipeline;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for what worker threads finish after the subscriber has its signal (a release after a cancel, say). */
final class Awaiting {

    private Awaiting() {
    }

    /** Returns when {@code condition} holds or after 10 s (the caller then asserts and fails). */
    static void until(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
