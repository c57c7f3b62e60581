package io.gmflux.codecs.zuc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ZucCoreTest {

    private static ZucCore keyed(SplittableRandom rnd) {
        byte[] key = new byte[16];
        byte[] iv = new byte[16];
        rnd.nextBytes(key);
        rnd.nextBytes(iv);
        ZucCore core = new ZucCore();
        Zuc128.init(core, key, iv);
        return core;
    }

    @Test
    void wordsEqualsNextWordFromAnyBytePosition() {
        SplittableRandom rnd = new SplittableRandom(61);
        for (int c = 0; c < 200; c++) {
            long seed = rnd.nextLong();
            ZucCore a = keyed(new SplittableRandom(seed));
            ZucCore b = keyed(new SplittableRandom(seed));
            int skip = rnd.nextInt(70);
            byte[] sink = new byte[skip];
            a.keystream(sink, 0, skip);
            b.keystream(sink, 0, skip);
            int n = rnd.nextInt(100);
            int[] bulk = new int[n + 2];
            a.words(bulk, 1, n);
            for (int i = 0; i < n; i++) {
                assertThat(bulk[1 + i]).as("case %d skip %d word %d", c, skip, i).isEqualTo(b.nextWord());
            }
            assertThat(a.nextWord()).as("both continue alike").isEqualTo(b.nextWord());
        }
    }

    @Test
    void copyFromContinuesTheSameStream() {
        SplittableRandom rnd = new SplittableRandom(62);
        ZucCore a = keyed(rnd);
        byte[] sink = new byte[37];
        a.keystream(sink, 0, sink.length);
        ZucCore b = new ZucCore();
        b.copyFrom(a);
        byte[] x = new byte[500];
        byte[] y = new byte[500];
        a.keystream(x, 0, 500);
        b.keystream(y, 0, 500);
        assertThat(y).isEqualTo(x);
    }

    @Test
    void destroyZeroesTheState() {
        ZucCore core = keyed(new SplittableRandom(63));
        core.nextWord();
        core.destroy();
        assertThat(core.cells()).containsOnly(0);
        // The buffered keystream is gone too: a destroyed core generates from the all-zero state.
        ZucCore zero = new ZucCore();
        assertThat(core.nextWord()).isEqualTo(zero.nextWord());
    }

    @Test
    void generateProducesSixteenWordsPerCall() {
        ZucCore a = keyed(new SplittableRandom(64));
        ZucCore b = keyed(new SplittableRandom(64));
        // After init the keystream starts on a batch boundary (the discarded working clock runs on
        // its own), so generate() right away yields the first sixteen words.
        int[] first = new int[16];
        a.generate(first, 0);
        for (int i = 0; i < 16; i++) {
            assertThat(first[i]).as("word %d", i).isEqualTo(b.nextWord());
        }
        int[] batch = new int[40];
        a.generate(batch, 3);
        a.generate(batch, 19);
        int[] words = new int[32];
        for (int i = 0; i < 32; i++) {
            words[i] = b.nextWord();
        }
        assertThat(Arrays.copyOfRange(batch, 3, 35)).isEqualTo(words);
    }
}
