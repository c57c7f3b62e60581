package io.gmflux.codecs.sm4;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The choice behind {@link Sm4#newConstantTimeEngine}: with stand-in providers whose "warm-up" the test
 * holds open, so that "returns before the warm-up ends" is shown without timing; and the JVM-wide choice
 * on this module's own class path, where the vector jar is absent.
 */
class Sm4ConstantTimeEnginesTest {

    /**
     * A provider whose constructor waits until the test opens {@link #WARM_UP}; its engines, for the
     * one key {@link #KEY} only, are {@link DefaultPathEngine}s (so they can be told apart).
     */
    public static final class HeldProvider implements Sm4EngineProvider {
        static final CountDownLatch WARM_UP = new CountDownLatch(1);
        static final byte[] KEY = new byte[16];
        static volatile Thread constructedOn;

        public HeldProvider() throws InterruptedException {
            constructedOn = Thread.currentThread();
            if (!WARM_UP.await(60, TimeUnit.SECONDS)) {
                throw new UnsupportedOperationException("test never opened the warm-up");
            }
        }

        @Override
        public String name() {
            return "held";
        }

        @Override
        public Sm4Engine newEngine(int[] roundKeys) {
            assertThat(roundKeys).isEqualTo(Sm4EngineProvider.roundKeys(KEY));
            return new DefaultPathEngine(Sm4.newBitslicedEngine(KEY));
        }
    }

    /** A provider that refuses this JVM, as the vector provider does without AVX-512 VBMI. */
    public static final class RefusingProvider implements Sm4EngineProvider {
        static volatile Thread constructedOn;

        public RefusingProvider() {
            constructedOn = Thread.currentThread();
            throw new UnsupportedOperationException("no such CPU here");
        }

        @Override
        public String name() {
            return "never";
        }

        @Override
        public Sm4Engine newEngine(int[] roundKeys) {
            throw new AssertionError("refused provider used");
        }
    }

    /** A GHASH provider that accepts this JVM; its kernels hash with the table form. */
    public static final class AcceptingGhashProvider implements GhashProvider {
        @Override
        public String name() {
            return "ghash-stand-in";
        }

        @Override
        public GhashKernel newKernel(byte[] h) {
            Ghash table = new Ghash(h);
            return new GhashKernel() {
                @Override
                public void updateBlocks(long[] y, byte[] in, int off, int blocks) {
                    // the stand-in hashes from the initial state only, which is all the test asks of it
                    assertThat(y).containsExactly(0L, 0L);
                    table.reset();
                    table.updateBlocks(in, off, blocks);
                    y[0] = table.hashHi();
                    y[1] = table.hashLo();
                }

                @Override
                public void destroy() {
                    table.destroy();
                }
            };
        }
    }

    /** A GHASH provider that refuses this JVM. */
    public static final class RefusingGhashProvider implements GhashProvider {
        public RefusingGhashProvider() {
            throw new UnsupportedOperationException("no 512-bit vectors here");
        }

        @Override
        public String name() {
            return "never";
        }

        @Override
        public GhashKernel newKernel(byte[] h) {
            throw new AssertionError("refused provider used");
        }
    }

    @Test
    void theGhashProviderIsChosenWithTheEngineAndBothMakeTheChoiceVectorized() throws Exception {
        Sm4ConstantTimeEngines both = new Sm4ConstantTimeEngines("eager", HeldProviderOpen.class.getName(),
                AcceptingGhashProvider.class.getName());
        assertThat(both.name()).isEqualTo("open");
        assertThat(both.ghashName()).isEqualTo("ghash-stand-in");
        assertThat(both.vectorized()).isTrue();
        byte[] h = new byte[16];
        new SplittableRandom(0x5eed_0102L).nextBytes(h);
        byte[] data = new byte[5 * 16];
        new SplittableRandom(0x5eed_0103L).nextBytes(data);
        GhashKernel kernel = both.newGhashKernel(h);
        long[] y = new long[2];
        kernel.updateBlocks(y, data, 0, 5);
        Ghash table = new Ghash(h);
        table.updateBlocks(data, 0, 5);
        assertThat(y).containsExactly(table.hashHi(), table.hashLo());

        Sm4ConstantTimeEngines noGhash = new Sm4ConstantTimeEngines("eager", HeldProviderOpen.class.getName(),
                RefusingGhashProvider.class.getName());
        assertThat(noGhash.ghashName())
                .isEqualTo("scalar (masked multiplications) (vector GHASH not used: no 512-bit vectors here)");
        assertThat(noGhash.newGhashKernel(h)).isNull();
        assertThat(noGhash.vectorized()).as("a vector engine without the vector GHASH").isFalse();

        Sm4ConstantTimeEngines noEngine = new Sm4ConstantTimeEngines("eager", RefusingProvider.class.getName(),
                AcceptingGhashProvider.class.getName());
        assertThat(noEngine.ghashName()).isEqualTo("ghash-stand-in");
        assertThat(noEngine.vectorized()).as("the vector GHASH without the vector engine").isFalse();

        Sm4ConstantTimeEngines off = new Sm4ConstantTimeEngines("false", HeldProviderOpen.class.getName(),
                AcceptingGhashProvider.class.getName());
        assertThat(off.ghashName()).isEqualTo("scalar (masked multiplications) (vector GHASH not used: disabled by gmflux.sm4.vector=false)");
        assertThat(off.vectorized()).isFalse();
    }

    /** A provider that accepts at once. */
    public static final class HeldProviderOpen implements Sm4EngineProvider {
        @Override
        public String name() {
            return "open";
        }

        @Override
        public Sm4Engine newEngine(int[] roundKeys) {
            throw new AssertionError("not used");
        }
    }

    @Test
    void returnsBitslicedEnginesWhileTheProviderWarmsUpThenItsEngines() throws Exception {
        byte[] key = HeldProvider.KEY;
        new SplittableRandom(0x5eed_0101L).nextBytes(key);
        Sm4ConstantTimeEngines choice = new Sm4ConstantTimeEngines("true", HeldProvider.class.getName());

        // the warm-up is held open: the constructor and the first engines did not wait for it
        Sm4Engine first = choice.newEngine(key);
        assertThat(first.getClass()).isEqualTo(Sm4ConstantTimeEngine.class);
        assertThat(choice.name()).isEqualTo("bitsliced (vector engine warming up)");
        assertThat(choice.await(Duration.ofMillis(50))).isEqualTo("bitsliced (vector engine warming up)");
        Thread warmUp = awaitConstruction();
        assertThat(warmUp.getName()).isEqualTo("gmflux-sm4-vector-warmup");
        assertThat(warmUp.isDaemon()).isTrue();
        assertThat(warmUp.getPriority()).isEqualTo(Thread.MIN_PRIORITY);

        HeldProvider.WARM_UP.countDown();
        assertThat(choice.await(Duration.ofSeconds(30))).isEqualTo("held");
        Sm4Engine later = choice.newEngine(key);
        assertThat(later).isInstanceOf(DefaultPathEngine.class);
        assertThat(first.getClass()).as("an engine never changes").isEqualTo(Sm4ConstantTimeEngine.class);
        byte[] a = new byte[64];
        byte[] b = new byte[64];
        first.encryptBlocks(a, 0, a, 0, 4);
        later.encryptBlocks(b, 0, b, 0, 4);
        assertThat(b).isEqualTo(a).isEqualTo(encryptWithTable(key, new byte[64]));
    }

    @Test
    void eagerModeConstructsTheProviderInTheFirstCall() throws Exception {
        RefusingProvider.constructedOn = null;
        Sm4ConstantTimeEngines choice = new Sm4ConstantTimeEngines("eager", RefusingProvider.class.getName());
        assertThat(RefusingProvider.constructedOn).isSameAs(Thread.currentThread());
        assertThat(choice.name()).isEqualTo("bitsliced (vector engine not used: no such CPU here)");
        assertThat(choice.await(Duration.ZERO)).isEqualTo(choice.name());
    }

    @Test
    void aRefusalIsReportedWithItsReasonAndKeepsTheBitslicedEngine() throws Exception {
        Sm4ConstantTimeEngines choice = new Sm4ConstantTimeEngines("true", RefusingProvider.class.getName());
        assertThat(choice.await(Duration.ofSeconds(30))).isEqualTo("bitsliced (vector engine not used: no such CPU here)");
        assertThat(choice.newEngine(new byte[16]).getClass()).isEqualTo(Sm4ConstantTimeEngine.class);
    }

    @Test
    void falseDisablesTheProviderWithoutLoadingIt() throws Exception {
        RefusingProvider.constructedOn = null;
        Sm4ConstantTimeEngines choice = new Sm4ConstantTimeEngines("FALSE", RefusingProvider.class.getName());
        assertThat(choice.await(Duration.ZERO)).isEqualTo("bitsliced (vector engine not used: disabled by gmflux.sm4.vector=false)");
        assertThat(choice.newEngine(new byte[16]).getClass()).isEqualTo(Sm4ConstantTimeEngine.class);
        assertThat(RefusingProvider.constructedOn).isNull();
    }

    @Test
    void anUnknownModeIsReportedNotGuessed() throws Exception {
        Sm4ConstantTimeEngines choice = new Sm4ConstantTimeEngines("yes", RefusingProvider.class.getName());
        assertThat(choice.await(Duration.ZERO))
                .isEqualTo("bitsliced (vector engine not used: unknown gmflux.sm4.vector=yes (expected true, eager or false))");
    }

    /** This module's tests run without gmflux-codecs-vector (and on Java 17): the name says so at once. */
    @Test
    void theJvmWideChoiceExplainsWhyTheVectorEngineIsAbsent() throws Exception {
        String name = Sm4.constantTimeEngineName();
        assertThat(name).isIn(
                "bitsliced (vector engine not used: gmflux-codecs-vector not on the class path)",
                "bitsliced (vector engine not used: disabled by gmflux.sm4.vector=false)");
        assertThat(Sm4.awaitConstantTimeEngine(Duration.ZERO)).isEqualTo(name);
        assertThat(Sm4.newConstantTimeEngine(new byte[16]).getClass()).isEqualTo(Sm4ConstantTimeEngine.class);
        assertThat(Sm4.constantTimeGhashName()).startsWith("scalar (masked multiplications) (vector GHASH not used: ");
        assertThat(Sm4.constantTimeIsVectorized()).isFalse();
    }

    private static Thread awaitConstruction() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (HeldProvider.constructedOn == null && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(HeldProvider.constructedOn).as("warm-up thread started").isNotNull();
        return HeldProvider.constructedOn;
    }

    private static byte[] encryptWithTable(byte[] key, byte[] in) {
        byte[] out = new byte[in.length];
        Sm4.newTableEngine(key).encryptBlocks(in, 0, out, 0, in.length / 16);
        return out;
    }
}
