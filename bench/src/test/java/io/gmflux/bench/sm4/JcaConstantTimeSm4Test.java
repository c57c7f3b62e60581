package io.gmflux.bench.sm4;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The constant-time JCA rows' calls run again and again (a fresh IV each time), as the report calls them. */
class JcaConstantTimeSm4Test {

    @Test
    void everyRowCanBeCalledRepeatedlyAndReturnsTheWholeOutput() throws Exception {
        JcaConstantTimeSm4 s = new JcaConstantTimeSm4();
        s.prepare();
        assertThat(s.engineName()).isNotBlank();
        for (int i = 0; i < 3; i++) {
            assertThat(s.sm4Ecb1k()).isEqualTo(1024);
            assertThat(s.sm4Ctr1k()).isEqualTo(1024);
            assertThat(s.sm4Ctr64k()).isEqualTo(64 * 1024);
            assertThat(s.sm4Gcm1k()).isEqualTo(1024 + 16);
            assertThat(s.sm4Gcm64k()).isEqualTo(64 * 1024 + 16);
        }
    }
}
