package io.gmflux.codecs.sm4.vector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gmflux.codecs.sm4.Ghash;
import io.gmflux.codecs.sm4.Sm4;
import io.gmflux.codecs.sm4.Sm4Engine;
import io.gmflux.codecs.sm4.Sm4Gcm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SM4-GCM whose GHASH is the vector kernel (the JVM-wide choice, once accepted) against SM4-GCM on the
 * table engine and table GHASH: the same bytes for every length 0-9,000, associated data of many lengths,
 * odd offsets, pieces of any size; a tampered tag or ciphertext is refused and writes nothing.
 */
class GhashVectorGcmTest {

    private static boolean vectorGhash;

    @BeforeAll
    static void awaitTheChoice() throws Exception {
        Sm4.awaitConstantTimeEngine(Duration.ofMinutes(2));
        Path cpuinfo = Path.of("/proc/cpuinfo");
        boolean avx512 = Files.isReadable(cpuinfo) && Files.readString(cpuinfo).contains(" avx512f");
        vectorGhash = Sm4.constantTimeGhashName().startsWith("vector-512");
        // where the CPU has 512-bit vectors the kernel must have been accepted, or these tests would test the scalar form
        assertThat(vectorGhash).as(Sm4.constantTimeGhashName()).isEqualTo(avx512);
    }

    @Test
    void theGhashApiMatchesTheTableFormAtOddOffsetsAndInPieces() {
        Random random = new Random(0x6A5E_0201L);
        for (int trial = 0; trial < 2_000; trial++) {
            byte[] h = bytes(random, 16);
            int len = trial < 600 ? trial : random.nextInt(9_001);
            int off = random.nextInt(31);
            byte[] data = bytes(random, off + len + random.nextInt(3));
            Ghash vector = new Ghash(h, true);
            Ghash table = new Ghash(h);
            int whole = len / 16;
            int done = 0;
            while (done < whole) {
                int n = 1 + random.nextInt(Math.min(whole - done, 20));
                vector.updateBlocks(data, off + 16 * done, n);
                done += n;
            }
            vector.updatePadded(data, off + 16 * whole, len - 16 * whole);
            vector.updateLengths(trial, len);
            table.updatePadded(data, off, len);
            table.updateLengths(trial, len);
            assertThat(digest(vector)).as("trial %d, %d bytes at %d", trial, len, off).isEqualTo(digest(table));
        }
    }

    @Test
    void sealsAndOpensAsTheTableFormsDoForEveryLengthUpTo9000() throws Exception {
        Random random = new Random(0x6A5E_0202L);
        for (int trial = 0; trial < 1_500; trial++) {
            int len = trial < 300 ? trial : random.nextInt(9_001);
            int aadLen = trial % 7 == 0 ? 0 : random.nextInt(trial % 5 == 0 ? 2_000 : 70);
            check(random, trial, len, aadLen);
        }
        for (int len = 8_990; len <= 9_000; len++) {
            check(random, len, len, 17);
        }
    }

    private static void check(Random random, int trial, int len, int aadLen) throws Exception {
        byte[] key = bytes(random, 16);
        byte[] iv = bytes(random, random.nextInt(4) == 0 ? 1 + random.nextInt(64) : 12);
        byte[] aad = bytes(random, aadLen);
        byte[] plain = bytes(random, len);
        int tagLen = 12 + random.nextInt(5);
        String what = String.format("trial %d: %d bytes, aad %d, iv %d, tag %d", trial, len, aadLen, iv.length, tagLen);
        byte[] expected = sealWhole(Sm4.newTableEngine(key), iv, tagLen, aad, plain);

        // the vector engine and GHASH, and the bitsliced engine with the vector GHASH, input and output at odd offsets
        for (Sm4Engine engine : new Sm4Engine[] {Sm4.newConstantTimeEngine(key), Sm4.newBitslicedEngine(key)}) {
            int inOff = random.nextInt(17);
            int outOff = random.nextInt(17);
            byte[] in = new byte[inOff + len + 5];
            System.arraycopy(plain, 0, in, inOff, len);
            byte[] out = new byte[outOff + len + tagLen + 5];
            Sm4Gcm enc = Sm4Gcm.encryptor(engine, iv, tagLen);
            feed(enc, random, aad);
            int n = 0;
            int done = 0;
            while (done < len && random.nextBoolean()) {
                int piece = random.nextInt(len - done + 1);
                n += enc.update(in, inOff + done, piece, out, outOff + n);
                done += piece;
            }
            n += enc.doFinal(in, inOff + done, len - done, out, outOff + n);
            assertThat(n).isEqualTo(len + tagLen);
            assertThat(Arrays.copyOfRange(out, outOff, outOff + n)).as(what).isEqualTo(expected);

            Sm4Gcm dec = Sm4Gcm.decryptor(engine, iv, tagLen);
            feed(dec, random, aad);
            byte[] back = new byte[len + 3];
            assertThat(dec.doFinal(expected, 0, expected.length, back, 3)).isEqualTo(len);
            assertThat(Arrays.copyOfRange(back, 3, 3 + len)).as(what).isEqualTo(plain);

            byte[] tampered = expected.clone();
            tampered[random.nextInt(tampered.length)] ^= (byte) (1 << random.nextInt(8));
            byte[] untouched = new byte[len + 1];
            Arrays.fill(untouched, (byte) 0x5a);
            byte[] target = untouched.clone();
            Sm4Gcm dec2 = Sm4Gcm.decryptor(engine, iv, tagLen);
            dec2.updateAad(aad, 0, aad.length);
            assertThatThrownBy(() -> dec2.doFinal(tampered, 0, tampered.length, target, 0))
                    .as(what).isInstanceOf(AEADBadTagException.class);
            assertThat(target).as("nothing written").isEqualTo(untouched);
        }
    }

    /** The attack the constant-time GHASH does not change: a forged tag is refused (a flipped bit in each of its bytes). */
    @Test
    void refusesEveryTagWithAFlippedBit() throws Exception {
        byte[] key = bytes(new Random(3), 16);
        byte[] iv = new byte[12];
        byte[] plain = bytes(new Random(4), 1_000);
        Sm4Engine engine = Sm4.newConstantTimeEngine(key);
        byte[] sealed = Sm4Gcm.seal(engine, iv, new byte[5], plain);
        for (int i = sealed.length - 16; i < sealed.length; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] forged = sealed.clone();
                forged[i] ^= (byte) (1 << bit);
                assertThatThrownBy(() -> Sm4Gcm.open(engine, iv, new byte[5], forged)).isInstanceOf(AEADBadTagException.class);
            }
        }
        assertThat(Sm4Gcm.open(engine, iv, new byte[5], sealed)).isEqualTo(plain);
    }

    private static void feed(Sm4Gcm gcm, Random random, byte[] aad) {
        int done = 0;
        while (done < aad.length) {
            int piece = 1 + random.nextInt(aad.length - done);
            gcm.updateAad(aad, done, piece);
            done += piece;
        }
    }

    private static byte[] sealWhole(Sm4Engine engine, byte[] iv, int tagLen, byte[] aad, byte[] plain) throws Exception {
        Sm4Gcm gcm = Sm4Gcm.encryptor(engine, iv, tagLen);
        gcm.updateAad(aad, 0, aad.length);
        byte[] out = new byte[plain.length + tagLen];
        gcm.doFinal(plain, 0, plain.length, out, 0);
        return out;
    }

    private static byte[] digest(Ghash g) {
        byte[] out = new byte[16];
        g.digest(out, 0);
        return out;
    }

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
