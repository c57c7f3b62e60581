package io.gmflux.codecs.format;

import static io.gmflux.testing.RandomInputs.random;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Collection;
import java.util.SplittableRandom;

/** Shared fixtures of the stream-format tests: keys, and encrypt/decrypt with random write and read sizes. */
final class StreamFixtures {

    static final char[] PASSPHRASE = "correct horse battery staple".toCharArray();
    static final int FAST_ITERATIONS = PassphraseRecipient.MIN_ITERATIONS;

    private static KeyPair rsa1;
    private static KeyPair rsa2;

    private StreamFixtures() {
    }

    static synchronized KeyPair rsa1() {
        if (rsa1 == null) {
            rsa1 = rsa();
        }
        return rsa1;
    }

    static synchronized KeyPair rsa2() {
        if (rsa2 == null) {
            rsa2 = rsa();
        }
        return rsa2;
    }

    private static KeyPair rsa() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048, new SecureRandom());
            return g.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    static PassphraseRecipient passphrase() {
        return new PassphraseRecipient(PASSPHRASE, FAST_ITERATIONS);
    }

    /** Encrypts {@code plain} writing it in random pieces. */
    static byte[] encrypt(StreamSpec spec, byte[] plain, SplittableRandom rnd) throws IOException {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (GmfluxOutputStream out = new GmfluxOutputStream(sink, spec)) {
            int off = 0;
            while (off < plain.length) {
                int n = Math.min(plain.length - off, 1 + rnd.nextInt(rnd.nextBoolean() ? 16 : 70000));
                if (n == 1 && rnd.nextBoolean()) {
                    out.write(plain[off]);
                } else {
                    out.write(plain, off, n);
                }
                off += n;
            }
        }
        return sink.toByteArray();
    }

    /** Decrypts {@code sealed} reading it in random pieces from an input that also returns short reads. */
    static byte[] decrypt(byte[] sealed, Collection<? extends Identity> ids, SplittableRandom rnd) throws IOException {
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        decryptInto(sealed, ids, rnd, plain);
        return plain.toByteArray();
    }

    /** Decrypts into {@code plain}, so a test can see what was released before a failure. */
    static void decryptInto(byte[] sealed, Collection<? extends Identity> ids, SplittableRandom rnd,
            ByteArrayOutputStream plain) throws IOException {
        try (GmfluxInputStream in = new GmfluxInputStream(new ShortReads(sealed, rnd.split()), ids)) {
            byte[] buf = new byte[70000];
            while (true) {
                int n = in.read(buf, 0, 1 + rnd.nextInt(buf.length));
                if (n < 0) {
                    break;
                }
                plain.write(buf, 0, n);
            }
        }
    }

    /** An input stream that returns fewer bytes than asked for, as sockets and pipes do. */
    static final class ShortReads extends InputStream {
        private final ByteArrayInputStream in;
        private final SplittableRandom rnd;

        ShortReads(byte[] data, SplittableRandom rnd) {
            this.in = new ByteArrayInputStream(data);
            this.rnd = rnd;
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return in.read(b, off, len == 0 ? 0 : 1 + rnd.nextInt(len));
        }
    }
}
