package io.gmflux.pipeline.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.Sm2Recipient;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.sm2.Sm2PrivateKey;
import io.gmflux.pipeline.Gmflux;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.security.InvalidKeyException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * {@link Gmflux#decrypt} over fuzzed streams, fed in two pieces cut where the first input byte
 * says: the only error may be a {@link StreamException}, and the plaintext emitted before it must
 * be a prefix of a plaintext the seeds encrypted (the codecs' fuzz key: SM2 key bytes 0x21..0x40,
 * plaintexts 'a'..'z' repeated to 0, 100 or 5000 bytes; the seeds are the codecs'
 * StreamFuzzTest inputs).
 */
class ReactorDecryptFuzzTest {

    private static final List<Identity> IDS = List.of(Sm2Recipient.identity(key()));
    private static final int[] LENGTHS = {0, 1, 31, 100, 5000};

    @FuzzTest(maxDuration = "")
    void decrypt(byte[] input) {
        if (input.length == 0) {
            return;
        }
        int cut = 1 + Byte.toUnsignedInt(input[0]) * (input.length - 1) / 255;
        ByteBuf first = Unpooled.wrappedBuffer(Arrays.copyOfRange(input, 1, cut));
        ByteBuf second = Unpooled.wrappedBuffer(Arrays.copyOfRange(input, cut, input.length));
        ByteArrayOutputStream released = new ByteArrayOutputStream();
        AtomicReference<Throwable> error = new AtomicReference<>();
        Flux.just(first, second)
                .transform(Gmflux.decrypt(IDS, Schedulers.immediate(), 2))
                .doOnNext(b -> {
                    byte[] a = new byte[b.readableBytes()];
                    b.readBytes(a);
                    b.release();
                    released.writeBytes(a);
                    checkPrefix(released.toByteArray());
                })
                .onErrorResume(e -> {
                    error.set(e);
                    return Flux.empty();
                })
                .then().block(Duration.ofSeconds(30));
        Throwable e = error.get();
        if (e instanceof AssertionError a) {
            throw a;
        }
        if (e != null && !(e instanceof StreamException)) {
            throw new AssertionError("undocumented exception", e);
        }
        if (e == null && !isKnown(released.toByteArray())) {
            throw new AssertionError("completed with a plaintext that was never encrypted");
        }
    }

    private static void checkPrefix(byte[] released) {
        for (int n : LENGTHS) {
            if (released.length <= n && Arrays.equals(released, Arrays.copyOf(text(n), released.length))) {
                return;
            }
        }
        throw new AssertionError("released " + released.length + " bytes that no genuine plaintext starts with");
    }

    private static boolean isKnown(byte[] plain) {
        return Arrays.stream(LENGTHS).anyMatch(n -> Arrays.equals(plain, text(n)));
    }

    private static byte[] text(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ('a' + i % 26);
        }
        return b;
    }

    private static Sm2PrivateKey key() {
        byte[] d = new byte[32];
        for (int i = 0; i < 32; i++) {
            d[i] = (byte) (0x21 + i);
        }
        try {
            return Sm2PrivateKey.fromBytes(d);
        } catch (InvalidKeyException e) {
            throw new AssertionError(e);
        }
    }
}
