package io.gmflux.codecs.jca;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * The ways a caller can push a message through a {@link Cipher}, written once and run against
 * both providers, so that a test compares the providers through the JCA API only. Each path
 * returns the whole output; {@code null} results of {@code update} (BouncyCastle's CCM) count as
 * empty.
 */
final class CipherPaths {

    static final Provider BC = new BouncyCastleProvider();
    static final Provider GMFLUX = new GmfluxProvider();

    private CipherPaths() {
    }

    /** A way to run one message through an initialised cipher. */
    enum Path {
        ONE_SHOT,
        ARRAY_SPLITS,
        ARRAY_SPLITS_INTO_OUTPUT,
        IN_PLACE_ONE_SHOT,
        IN_PLACE_SPLITS,
        HEAP_BUFFERS,
        DIRECT_BUFFERS,
        DIRECT_TO_HEAP,
        SAME_ARRAY_BUFFERS;

        byte[] run(Cipher c, byte[] in, SplittableRandom rnd) throws GeneralSecurityException {
            switch (this) {
                case ONE_SHOT:
                    return c.doFinal(in);
                case ARRAY_SPLITS:
                    return arraySplits(c, in, rnd);
                case ARRAY_SPLITS_INTO_OUTPUT:
                    return arraySplitsIntoOutput(c, in, rnd);
                case IN_PLACE_ONE_SHOT:
                    return inPlaceOneShot(c, in);
                case IN_PLACE_SPLITS:
                    return inPlaceSplits(c, in, rnd);
                case HEAP_BUFFERS:
                    return buffers(c, in, rnd, false, false);
                case DIRECT_BUFFERS:
                    return buffers(c, in, rnd, true, true);
                case DIRECT_TO_HEAP:
                    return buffers(c, in, rnd, true, false);
                case SAME_ARRAY_BUFFERS:
                    return sameArrayBuffers(c, in, rnd);
                default:
                    throw new AssertionError(this);
            }
        }
    }

    /** A split point sequence: mostly small or block-straddling pieces, sometimes empty ones. */
    static int nextPiece(SplittableRandom rnd, int left) {
        if (left == 0) {
            return 0;
        }
        switch (rnd.nextInt(4)) {
            case 0:
                return rnd.nextInt(0, Math.min(left, 17) + 1);
            case 1:
                return rnd.nextInt(0, Math.min(left, 64) + 1);
            default:
                return rnd.nextInt(0, left + 1);
        }
    }

    static byte[] arraySplits(Cipher c, byte[] in, SplittableRandom rnd) throws GeneralSecurityException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int pos = 0;
        while (pos < in.length && rnd.nextInt(8) != 0) {
            int n = nextPiece(rnd, in.length - pos);
            write(out, c.update(in, pos, n));
            pos += n;
        }
        write(out, c.doFinal(in, pos, in.length - pos));
        return out.toByteArray();
    }

    static byte[] arraySplitsIntoOutput(Cipher c, byte[] in, SplittableRandom rnd) throws GeneralSecurityException {
        byte[] out = new byte[in.length + 64];
        int outPos = 0;
        int pos = 0;
        while (pos < in.length && rnd.nextInt(8) != 0) {
            int n = nextPiece(rnd, in.length - pos);
            int bound = c.getOutputSize(n);
            int written = c.update(in, pos, n, out, outPos);
            checkBound(written, bound, "update");
            outPos += written;
            pos += n;
        }
        int bound = c.getOutputSize(in.length - pos);
        int written = c.doFinal(in, pos, in.length - pos, out, outPos);
        checkBound(written, bound, "doFinal");
        outPos += written;
        return Arrays.copyOf(out, outPos);
    }

    /** getOutputSize must be an upper bound on what the next call writes (the JCA's sizing contract). */
    private static void checkBound(int written, int bound, String call) {
        if (written > bound) {
            throw new AssertionError(call + " wrote " + written + " bytes but getOutputSize promised at most " + bound);
        }
    }

    static byte[] inPlaceOneShot(Cipher c, byte[] in) throws GeneralSecurityException {
        byte[] buf = Arrays.copyOf(in, Math.max(in.length, c.getOutputSize(in.length)));
        int n = c.doFinal(buf, 0, in.length, buf, 0);
        return Arrays.copyOf(buf, n);
    }

    /** In place with splits: the output trails the input (by what the cipher holds back). */
    static byte[] inPlaceSplits(Cipher c, byte[] in, SplittableRandom rnd) throws GeneralSecurityException {
        byte[] buf = Arrays.copyOf(in, in.length + 64);
        int outPos = 0;
        int pos = 0;
        while (pos < in.length && rnd.nextInt(8) != 0) {
            int n = nextPiece(rnd, in.length - pos);
            outPos += c.update(buf, pos, n, buf, outPos);
            pos += n;
        }
        outPos += c.doFinal(buf, pos, in.length - pos, buf, outPos);
        return Arrays.copyOf(buf, outPos);
    }

    static byte[] buffers(Cipher c, byte[] in, SplittableRandom rnd, boolean directIn, boolean directOut)
            throws GeneralSecurityException {
        ByteBuffer src = directIn ? ByteBuffer.allocateDirect(in.length) : ByteBuffer.allocate(in.length + 8);
        if (!directIn) {
            // A heap buffer whose array offset is not zero.
            src.position(3);
            src = src.slice();
        }
        src.put(in).flip();
        ByteBuffer dst = directOut ? ByteBuffer.allocateDirect(in.length + 64) : ByteBuffer.allocate(in.length + 64);
        while (src.hasRemaining() && rnd.nextInt(8) != 0) {
            int n = nextPiece(rnd, src.remaining());
            ByteBuffer piece = src.duplicate();
            piece.limit(piece.position() + n);
            c.update(piece, dst);
            if (piece.hasRemaining()) {
                throw new AssertionError("update(ByteBuffer) left input unread");
            }
            src.position(src.position() + n);
        }
        c.doFinal(src, dst);
        dst.flip();
        byte[] out = new byte[dst.remaining()];
        dst.get(out);
        return out;
    }

    /** Heap buffers over one array, output trailing input: the JCA's in-place ByteBuffer case. */
    static byte[] sameArrayBuffers(Cipher c, byte[] in, SplittableRandom rnd) throws GeneralSecurityException {
        byte[] buf = Arrays.copyOf(in, in.length + 64);
        ByteBuffer src = ByteBuffer.wrap(buf, 0, in.length);
        ByteBuffer dst = ByteBuffer.wrap(buf);
        while (src.hasRemaining() && rnd.nextInt(8) != 0) {
            int n = nextPiece(rnd, src.remaining());
            ByteBuffer piece = src.duplicate();
            piece.limit(piece.position() + n);
            c.update(piece, dst);
            src.position(src.position() + n);
        }
        c.doFinal(src, dst);
        return Arrays.copyOf(buf, dst.position());
    }

    static void write(ByteArrayOutputStream out, byte[] b) {
        if (b != null) {
            out.writeBytes(b);
        }
    }

    static byte[] bytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }

    /** A message length in 0..4096, biased to the small lengths and block edges where bugs live. */
    static int length(SplittableRandom rnd, int multipleOf) {
        int n;
        switch (rnd.nextInt(4)) {
            case 0:
                n = rnd.nextInt(0, 48);
                break;
            case 1:
                n = 16 * rnd.nextInt(0, 257) + rnd.nextInt(-1, 2);
                break;
            default:
                n = rnd.nextInt(0, 4097);
        }
        n = Math.max(0, Math.min(4096, n));
        return n - n % multipleOf;
    }
}
