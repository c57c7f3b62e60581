package io.gmflux.examples.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Turns a ByteBuf leak reported by Netty's detector (PARANOID in the surefire configuration) into
 * a test failure: listens for reports while the class runs, then forces collection and fails on any.
 */
final class LeakCapture implements BeforeAllCallback, AfterAllCallback {

    private final List<String> leaks = new CopyOnWriteArrayList<>();

    @Override
    public void beforeAll(ExtensionContext context) {
        ByteBufUtil.setLeakListener((type, records) -> leaks.add(type + ": " + records));
    }

    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        // Leaks are reported when a later allocation polls the reference queue after a GC.
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
            for (int j = 0; j < 100; j++) {
                ByteBuf b = ByteBufAllocator.DEFAULT.directBuffer(16);
                b.release();
                b = ByteBufAllocator.DEFAULT.heapBuffer(16);
                b.release();
            }
        }
        ByteBufUtil.setLeakListener(null);
        assertThat(leaks).as("ByteBuf leaks reported by the PARANOID leak detector").isEmpty();
    }
}
