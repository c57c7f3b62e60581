package io.gmflux.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Makes Netty's leak detector (PARANOID in every test JVM, see the parent pom) fail the build
 * instead of logging: it installs, before any buffer class is initialised, a detector factory
 * that records every leak report, and after each test class it collects garbage, allocates so the
 * detector polls, and asserts that nothing was reported. A module registers it for all its tests
 * through its own {@code META-INF/services/org.junit.jupiter.api.extension.Extension} and
 * {@code junit.jupiter.extensions.autodetection.enabled=true}: autodetection loads it before any
 * test touches a buffer, which the factory must precede (a detector made earlier is not replaced).
 */
public final class NoLeaksExtension implements AfterAllCallback {

    private static final List<String> LEAKS = new ArrayList<>();

    static {
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new ResourceLeakDetectorFactory() {
            @Override
            public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval,
                    long maxActive) {
                return new Recording<>(resource, samplingInterval);
            }
        });
    }

    private static final class Recording<T> extends ResourceLeakDetector<T> {
        Recording(Class<?> resource, int samplingInterval) {
            super(resource, samplingInterval);
        }

        @Override
        protected boolean needReport() {
            return true;
        }

        @Override
        protected void reportTracedLeak(String resourceType, String records) {
            record(resourceType + " leaked:" + records);
        }

        @Override
        protected void reportUntracedLeak(String resourceType) {
            record(resourceType + " leaked (untraced)");
        }
    }

    private static void record(String leak) {
        synchronized (LEAKS) {
            LEAKS.add(leak);
        }
    }

    /** Collects garbage and allocates, so that the detector reports what was dropped unreleased. */
    static void collect() throws InterruptedException {
        for (int round = 0; round < 3; round++) {
            System.gc();
            Thread.sleep(50);
            for (int i = 0; i < 64; i++) {
                ByteBuf b = ByteBufAllocator.DEFAULT.heapBuffer(16);
                b.release();
            }
        }
    }

    /** The reports so far, forgotten (for the test of this extension). */
    static List<String> takeReports() {
        synchronized (LEAKS) {
            List<String> r = new ArrayList<>(LEAKS);
            LEAKS.clear();
            return r;
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        collect();
        // Taken, not just read: a leak fails the class after which it was reported, not every later one.
        assertThat(takeReports()).as("Netty leak reports after %s", context.getDisplayName()).isEmpty();
    }
}
