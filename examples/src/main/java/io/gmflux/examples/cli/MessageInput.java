package io.gmflux.examples.cli;

import java.io.IOException;
import java.io.InputStream;

/** A message read in pieces into something that hashes or signs it (sign, verify, digest). Stateless. */
final class MessageInput {

    private MessageInput() {
    }

    /** Takes a message in pieces ({@code Sm2Signer::update}, {@code Sm3::update}). */
    interface Sink {
        void update(byte[] b, int off, int len);
    }

    /** Feeds all of {@code in} to {@code sink} in 64 KiB pieces. */
    static void feed(InputStream in, Sink sink) throws IOException {
        byte[] buf = new byte[1 << 16];
        for (int n; (n = in.read(buf)) >= 0; ) {
            sink.update(buf, 0, n);
        }
    }
}
