package io.gmflux.codecs.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayOutputStream;
import java.util.Collection;
import java.util.SplittableRandom;

/**
 * Attacks on the first stanza of a stream, shared by the recipient tests: a flipped bit at every
 * byte of the stanza must be refused with the exception its position calls for, releasing nothing.
 */
final class StanzaAttacks {

    /** What a flip inside a stanza body must produce. */
    interface BodyExpectation {
        Class<? extends StreamException> at(int bodyOffset);
    }

    private StanzaAttacks() {
    }

    /**
     * Flips one random bit of every byte of the first stanza (type, length, body) and checks the
     * exception: the type byte makes it another type's stanza (no matching recipient), the length
     * breaks the layout (malformed or truncated), the body as {@code body} says.
     */
    static void everyFlippedStanzaByteIsRejected(byte[] sealed, Collection<? extends Identity> ids,
            BodyExpectation body, SplittableRandom rnd) throws Exception {
        int start = StreamHeader.FIXED_LENGTH;
        int bodyLen = ((sealed[start + 1] & 0xff) << 8) | (sealed[start + 2] & 0xff);
        for (int pos = start; pos < start + 3 + bodyLen; pos++) {
            byte[] bad = sealed.clone();
            int bit = rnd.nextInt(8);
            bad[pos] ^= (byte) (1 << bit);
            ByteArrayOutputStream released = new ByteArrayOutputStream();
            Throwable t = catchThrowable(() -> StreamFixtures.decryptInto(bad, ids, rnd, released));
            String what = "flip of bit " + bit + " at stanza byte " + (pos - start);
            if (pos == start) {
                assertThat(t).as(what).isInstanceOf(StreamException.NoMatchingRecipient.class);
            } else if (pos < start + 3) {
                assertThat(t).as(what).isInstanceOfAny(StreamException.Malformed.class, StreamException.Truncated.class);
            } else {
                assertThat(t).as(what).isInstanceOf(body.at(pos - start - 3));
            }
            assertThat(released.size()).as(what).isZero();
        }
    }
}
