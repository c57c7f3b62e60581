package io.gmflux.codecs.bytes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BytesTest {

    @Test
    void byteWiseStoresEqualTheWideStoresAtEveryOffset() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < 1000; i++) {
            int v = rnd.nextInt();
            long w = rnd.nextLong();
            int off = rnd.nextInt(0, 9);
            byte[] wide = new byte[16];
            byte[] narrow = new byte[16];
            Bytes.putIntBE(wide, off, v);
            Bytes.putIntBEByBytes(narrow, off, v);
            assertThat(narrow).as("seed 5 case %d int at %d", i, off).isEqualTo(wide);
            Bytes.putLongBE(wide, off, w);
            Bytes.putLongBEByBytes(narrow, off, w);
            assertThat(narrow).as("seed 5 case %d long at %d", i, off).isEqualTo(wide);
            assertThat(Bytes.getLongBE(narrow, off)).isEqualTo(w);
        }
    }

    @Test
    void byteWiseStoresCheckTheirRangeBeforeWriting() {
        byte[] b = new byte[7];
        assertThatThrownBy(() -> Bytes.putIntBEByBytes(b, 4, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> Bytes.putLongBEByBytes(b, 0, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> Bytes.putIntBEByBytes(b, -1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(b).containsOnly(0);
    }
}
