package io.gmflux.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import org.junit.jupiter.api.Test;

/** The leak check that guards every test of this module is in place and at PARANOID. */
class NoLeaksExtensionTest {

    @Test
    void everyBufferIsTrackedByTheRecordingDetector() {
        assertThat(ResourceLeakDetector.getLevel()).isEqualTo(ResourceLeakDetector.Level.PARANOID);
        assertThat(ResourceLeakDetectorFactory.instance().newResourceLeakDetector(Object.class).getClass().getName())
                .isEqualTo(NoLeaksExtension.class.getName() + "$Recording");
        ByteBufAllocator.DEFAULT.heapBuffer(1).release();
    }

    @Test
    void reportsABufferDroppedWithoutRelease() throws Exception {
        NoLeaksExtension.takeReports();
        dropOne();
        java.util.List<String> reports = java.util.List.of();
        for (int i = 0; i < 20 && reports.isEmpty(); i++) {
            NoLeaksExtension.collect();
            reports = NoLeaksExtension.takeReports();
        }
        assertThat(reports).as("the deliberately dropped buffer").isNotEmpty();
        assertThat(reports.get(0)).contains("ByteBuf").contains("dropOne");
    }

    private static void dropOne() {
        ByteBufAllocator.DEFAULT.heapBuffer(32).writeInt(1); // never released
    }
}
