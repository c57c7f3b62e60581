package io.gmflux.examples.cli;

/**
 * One step of {@code gmflux demo}. Steps run in the order {@link DemoCommand#steps()} lists them,
 * sharing a {@link DemoContext}; a new tour stop (a Kafka round trip, say) is one more class and
 * one more line in that list.
 */
interface DemoStep {

    /** A short title printed before the step runs. */
    String title();

    /** Runs the step; prints what it shows through {@code ctx.out}. Any exception ends the demo. */
    void run(DemoContext ctx) throws Exception;
}
