package io.gmflux.codecs.sm4.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.gmflux.codecs.jca.GmfluxProvider;
import io.gmflux.codecs.sm4.EngineChoice;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * In a JVM with the vector module: the vector GHASH is chosen with the vector engine where the CPU has
 * 512-bit vectors, {@code auto} then resolves to constant-time on every path, and constant-time SM4-GCM
 * allocates nothing per message once warm.
 */
class VectorGcmChosenTest {

    @Test
    void autoIsConstantTimeWhereBothVectorFormsRunAndSealingAllocatesNothing() throws Exception {
        Sm4.awaitConstantTimeEngine(Duration.ofMinutes(2));
        Path cpuinfo = Path.of("/proc/cpuinfo");
        String flags = Files.isReadable(cpuinfo) ? Files.readString(cpuinfo) : "";
        boolean vbmi = flags.contains(" avx512vbmi");
        assertThat(Sm4.constantTimeGhashName().startsWith("vector-512 linear map")).as(Sm4.constantTimeGhashName())
                .isEqualTo(flags.contains(" avx512f"));
        assertThat(Sm4.constantTimeIsVectorized()).as(Sm4.constantTimeEngineName()).isEqualTo(vbmi);
        assertThat(EngineChoice.AUTO.resolve()).isEqualTo(vbmi ? EngineChoice.CONSTANT_TIME : EngineChoice.TABLE);
        assertThat(EngineChoice.AUTO.newSm4Engine(new byte[16]).isConstantTime()).isEqualTo(vbmi);
        assertThat(EngineChoice.TABLE.newSm4Engine(new byte[16]).isConstantTime()).as("explicit table wins").isFalse();
        if (!vbmi) {
            return;
        }
        // the JCA provider's default is auto: its SM4/GCM runs the vector engine, with the table's bytes
        byte[] key = new byte[16];
        byte[] iv = new byte[12];
        Cipher jca = Cipher.getInstance("SM4/GCM/NoPadding", new GmfluxProvider());
        jca.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "SM4"), new GCMParameterSpec(128, iv));
        byte[] viaJca = jca.doFinal(new byte[100]);
        assertThat(viaJca).isEqualTo(Sm4Gcm.seal(Sm4.newTableEngine(key), iv, new byte[0], new byte[100]));

        Sm4Engine engine = Sm4.newConstantTimeEngine(key);
        assertThat(engine).isInstanceOf(Sm4VectorEngine.class);
        Sm4Gcm gcm = Sm4Gcm.encryptor(engine, iv, 16);
        byte[] in = new byte[16 * 1024];
        byte[] out = new byte[in.length + 16];
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 5_000; i++) {
            gcm.updateAad(iv, 0, 12);
            gcm.doFinal(in, 0, 1 + i % in.length, out, 0);
        }
        // steady state within 20 windows of 500 16-KiB messages (a recompiling caller may box for a while)
        long[] windows = new long[20];
        for (int w = 0; w < windows.length; w++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 500; i++) {
                gcm.updateAad(iv, 0, 12);
                gcm.doFinal(in, 0, in.length, out, 0);
            }
            windows[w] = threads.getCurrentThreadAllocatedBytes() - before;
            if (windows[w] == 0) {
                return;
            }
        }
        assertThat(windows).as("bytes allocated per window of 500 SM4-GCM 16-KiB seals").contains(0L);
    }
}
