package io.gmflux.codecs.fuzz;

import static io.gmflux.codecs.fuzz.FuzzProperty.onlyThrows;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.gmflux.codecs.format.GmfluxInputStream;
import io.gmflux.codecs.format.Identity;
import io.gmflux.codecs.format.Sm2Recipient;
import io.gmflux.codecs.format.StreamDecryptor;
import io.gmflux.codecs.format.StreamException;
import io.gmflux.codecs.format.StreamHeader;
import java.io.ByteArrayInputStream;
import java.util.Arrays;
import java.util.List;

/**
 * The stream format: the header parser, the blocking reader and the chunk-level decryptor. Only
 * {@link StreamException} may come out, and the plaintext released at any moment, even before a
 * later chunk fails, must be a prefix of a plaintext the seeds encrypted to the fuzz SM2 key.
 */
class StreamFuzzTest {

    /** The fuzz SM2 key; memoized, as most inputs keep a seed's stanza (see {@link MemoizedIdentity}). */
    private static final List<Identity> IDS = List.of(new MemoizedIdentity(Sm2Recipient.identity(FuzzKeys.SM2)));

    @FuzzTest(maxDuration = "")
    void header(byte[] input) {
        onlyThrows(() -> {
            int length = StreamHeader.headerLength(input, 0, input.length);
            StreamHeader.parse(input, 0, length < 0 ? input.length : length);
        }, StreamException.class);
    }

    @FuzzTest(maxDuration = "")
    void inputStream(byte[] input) {
        byte[] released = new byte[input.length];
        int[] n = {0};
        onlyThrows(() -> {
            try (GmfluxInputStream in = new GmfluxInputStream(new ByteArrayInputStream(input), IDS)) {
                int r;
                while ((r = in.read(released, n[0], Math.min(4096, released.length - n[0]))) > 0) {
                    n[0] += r;
                    FuzzProperty.releasedPrefixOfKnown(released, n[0], FuzzKeys.PLAINTEXTS);
                }
                if (r == 0 && n[0] == released.length && in.read() != -1) {
                    throw new AssertionError("more plaintext than sealed bytes");
                }
            }
            FuzzProperty.releasedKnown(Arrays.copyOf(released, n[0]), FuzzKeys.PLAINTEXTS);
        }, StreamException.class);
    }

    /** The header, then the rest cut into sealed chunks of the header's size, the final one flagged last. */
    @FuzzTest(maxDuration = "")
    void decryptor(byte[] input) {
        onlyThrows(() -> {
            int headerLength = StreamHeader.headerLength(input, 0, input.length);
            if (headerLength < 0) {
                return;
            }
            StreamHeader header = StreamHeader.parse(input, 0, headerLength);
            try (StreamDecryptor d = StreamDecryptor.open(header, IDS)) {
                int sealed = d.maxSealedLength();
                byte[] out = new byte[input.length];
                int released = 0;
                int off = headerLength;
                do {
                    int len = Math.min(sealed, input.length - off);
                    boolean last = off + len == input.length;
                    released += d.openChunk(last, input, off, len, out, released);
                    FuzzProperty.releasedPrefixOfKnown(out, released, FuzzKeys.PLAINTEXTS);
                    off += len;
                } while (off < input.length);
                if (d.isFinished()) {
                    FuzzProperty.releasedKnown(Arrays.copyOf(out, released), FuzzKeys.PLAINTEXTS);
                }
            }
        }, StreamException.class);
    }
}
